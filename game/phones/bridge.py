"""The game's side of the phones: the server for the seats that are phones, each frame's intents
handed to the scene in the order they came, and each seat's panel published when it changes.

Every scene answers ``phone_panel(seat)`` (a dict: status, lines, choices, turn, optional note
and timer) and ``phone_intent(intent)`` (None when done, else why not); the base ``Scene`` leaves
the phones waiting with a word about the TV.
"""

from __future__ import annotations

import os
import queue

from game.controls import phone_seats
from game.paths import asset_path
from game.phones.server import Intent, PhoneServer, PhoneServerError, lan_address
from game.ui.theme import colour_hex

NO_NETWORK = ("This computer is not connected to a network, so phones cannot reach it. "
              "Join your Wi-Fi and try again, or give the seat keys or a pad.")
TROUBLE = [
    "The phone must be on the same Wi-Fi as this computer (not a guest network: those keep devices apart).",
    "On Windows, allow Martian Game Night through the firewall for private networks.",
    "Mobile data must be off, or the phone looks for the game on the internet.",
    "No luck? Switch the seat to keys or a pad: the game goes on.",
]
WAITING = {"status": "Look at the TV.", "lines": [], "choices": [], "turn": 0}


class Phones:
    """The running server and the seats it serves; ``host`` (or MGN_PHONE_HOST) overrides the
    network address, as tests and the smoke run use loopback (MGN_PHONE_PORT its port); ``public`` is the
    Settings' public address."""

    def __init__(self, title: str, host: str | None = None, public: str = ""):
        host = host or os.environ.get("MGN_PHONE_HOST") or lan_address()
        if host is None:
            raise PhoneServerError(NO_NETWORK)
        self.title = title
        port = os.environ.get("MGN_PHONE_PORT")  # tests and the bench: "0" for any free port
        self.server = PhoneServer(asset_path("phone", "index.html").read_bytes(), host,
                                  int(port) if port and port.isdigit() else None, asset_path(), public)
        self.server.start()
        self.seats: list = []
        self._status: dict[int, str] = {}
        self._by_code: dict[int, bool] = {}

    def close(self) -> None:
        self.server.stop()

    def sync(self, title: str, seats) -> None:
        """The line-up changed (a seat became a phone, a name was typed)."""
        self.title, self.seats = title, seats
        self.server.set_seats(phone_seats(seats))

    def changes(self, shown: bool = False) -> list[str]:
        """What the TV should say about phones since the last frame: a phone that lost its connection, and
        (unless the join screen, `shown`, lists it already) a seat taken with the room code alone."""
        said = []
        for seat, name in self.server.seats().items():
            status = self.server.status(seat)
            if status == "lost" and self._status.get(seat) == "connected":
                said.append(f"{name}'s phone lost its connection. The seat waits for it; "
                            "Menu, Phones switches it to keys or a pad.")
            by_code = self.server.joined_by_code(seat)
            if by_code and not self._by_code.get(seat) and not shown:
                said.append(f"A phone took {name}'s seat with the room code. Not {name}'s? Menu, Phones removes it.")
            self._status[seat], self._by_code[seat] = status, by_code
        return said

    def pump(self, scene) -> None:
        """Hand every waiting intent to the scene, oldest first; a refusal goes back to its phone."""
        while True:
            try:
                intent: Intent = self.server.inbox.get_nowait()
            except queue.Empty:
                return
            why = scene.phone_intent(intent)
            if why:
                self.server.tell(intent.seat, why)

    def publish(self, scene, table_scene) -> None:
        """Each seat's panel from the scene on top (a menu over the table offers nothing), and its table from
        the scene that plays the game (it stays in view under a menu)."""
        for seat, name in self.server.seats().items():
            panel = scene.phone_panel(seat) or WAITING
            self.server.publish(seat, {"game": self.title, "seat": name, "colour": _colour(self.seats, seat), **panel})
            table = table_scene.phone_table(seat) if table_scene is not None else None
            if table is not None:
                self.server.publish_table(seat, table)


def _colour(seats, seat: int) -> str:
    """The seat's colour on the TV, for the phone's header and table."""
    return colour_hex(seats[seat].color) if seat < len(seats) else "#5a4a7e"
