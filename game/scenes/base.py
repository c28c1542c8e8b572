"""What every screen is: it handles input, updates its animations and draws, at the frame rate it asks for."""

from __future__ import annotations

from game.ui.canvas import Canvas

FPS = 60
AMBIENT_FPS = 15  # decoration that moves while nothing else does (a bobbing saucer, a pulsing seat)


class Scene:
    """One screen. Overlays (``opaque = False``) are drawn over the scene below.

    A scene made of buttons only needs to fill ``self.buttons`` (a ButtonGroup).
    """

    opaque = True
    buttons = None
    keymap = "menus"  # which group of bindings answers presses here (game.ui.bindings)
    raw_stick = False  # True: the left stick reaches the scene as axis motion instead of moving the focus
    first_pictures: tuple = ()  # (asset, logical rectangle): rendered while the window opens, if the game starts here

    def __init__(self, app):
        self.app = app  # the game.app.App that holds this scene

    def handle(self, event) -> None:
        if self.buttons is not None:
            self.buttons.handle(event)

    def update(self, dt: float) -> None:
        pass

    def draw(self, canvas: Canvas) -> None:
        pass

    def work_between_frames(self, room: float) -> bool:
        """Work the screen does ahead while the loop would sleep, `room` seconds before its next frame (a setup
        screen's table art); True if it did any."""
        return False

    def frame_rate(self) -> float:
        """Frames per second this scene needs now: FPS while things move, AMBIENT_FPS for decoration,
        0 when the screen is still (it is then drawn again only on input)."""
        return 0

    def ambient_area(self) -> list | None:
        """The logical rectangles that decoration changes between frames when nothing else happens (only
        they are redrawn and shown then); None redraws everything."""
        return None

    def moving_area(self, canvas) -> list:
        """The window rectangles of what is drawn in motion now (dice tumbling), for a frame in which nothing
        else may have changed: the app then redraws and shows only there, if the frame's other drawing is the
        same as the last one's (``canvas.FrameRecord``). No rectangles here: every frame is drawn whole, and its
        drawing calls are not noted."""
        return []

    def ambient_look(self, canvas) -> object:
        """How the decoration in ``ambient_area`` looks now, to the pixel: a frame whose look equals the last
        one's is not drawn again (a pulse only a pixel wide changes a few times a second). None: always draw."""
        return None

    def resume(self) -> None:
        """Called when the scene above this one was popped."""

    def typing(self) -> bool:
        """True while the player types text here: keys then arrive as pressed, never remapped."""
        return False

    def key_name(self, key: int) -> str:
        """What to call the key or pad button that does what `key` does here, in a line of text ("G", "Back")."""
        return self.app.hints(self).name(key)

    def phone_lineup(self):
        """(title, seats) when this scene plays with phone seats: the app runs the phone server while
        any scene on the stack says so."""
        return None

    def phone_panel(self, seat: int) -> dict | None:
        """What a phone seat sees while this scene is on top (None: a word to look at the TV)."""
        return None

    def phone_table(self, seat: int) -> dict | None:
        """The table a phone or browser seat draws while this scene plays (None: this scene has none)."""
        return None

    def phone_intent(self, intent) -> str | None:
        """A phone's choice while this scene is on top: None when done, else why not."""
        return "Look at the TV: the game is not taking moves just now."
