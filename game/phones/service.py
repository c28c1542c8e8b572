"""The phone server, kept running exactly while a scene on the stack plays with phone seats.

Each frame the service starts or stops the server as the scenes ask, passes the phones' choices to
the top scene, tells the TV about a phone that lost its connection, and publishes every seat's panel.
"""

from __future__ import annotations

from typing import Callable


class PhoneService:
    """`notify` shows a notice on the TV; `wake` wakes the game loop when a phone speaks; `public` gives the
    public address from the settings ("" while remote play is off), read whenever the server starts."""

    def __init__(self, notify: Callable[[str], None], wake: Callable[[], None], public: Callable[[], str] = str):
        self.notify, self.wake, self.public = notify, wake, public
        self.bridge = None  # game.phones.bridge.Phones while the server runs
        self.problem: str | None = None  # why the server could not start (said once)
        self.table_scene = None  # the scene that plays with the phones (its table is theirs to see)

    @property
    def server(self):
        """The running server (its room, links and each seat's status), None while there is none."""
        return self.bridge.server if self.bridge is not None else None

    def start(self, title: str, seats) -> str | None:
        """Start (or keep) the server for these seats; why not, in plain words, when it cannot."""
        if self.bridge is None:
            # The web server (aiohttp) is loaded only once a game has phone seats: start-up stays quick.
            from game.phones.bridge import Phones, PhoneServerError

            try:
                self.bridge = Phones(title, public=self.public())
            except PhoneServerError as error:
                return str(error)
            self.bridge.server.wake = self.wake
        self.bridge.sync(title, seats)
        return None

    def stop(self) -> None:
        if self.bridge is not None:
            self.bridge.close()
            self.bridge = None

    def serve(self, scenes) -> None:
        """Keep the server exactly while a scene plays with phones; pass on what the phones asked."""
        playing = next((scene for scene in reversed(scenes) if scene.phone_lineup()), None)
        self.table_scene = playing
        lineup = playing.phone_lineup() if playing is not None else None
        if lineup is None:
            self.stop()
            self.problem = None
            return
        if self.bridge is None and self.problem is None:
            self.problem = self.start(*lineup)
            if self.problem:
                self.notify(self.problem)
        if self.bridge is not None:
            self.bridge.sync(*lineup)
            for text in self.bridge.changes(getattr(scenes.top, "shows_phone_seats", False)):
                self.notify(text)
            self.bridge.pump(scenes.top)

    def publish(self, scene) -> None:
        """Every phone seat's panel from the scene on top, and its table."""
        if self.bridge is not None:
            self.bridge.publish(scene, self.table_scene)
