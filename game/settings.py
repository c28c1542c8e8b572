"""Player preferences, saved per user (platformdirs) as JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from game.core.fields import Fields
from game.paths import user_data_dir
from game.storage import CorruptFile, read_json, write_json

# Animation speed choices: label and multiplier of animation time.
ANIMATION_SPEEDS = {"relaxed": 0.7, "normal": 1.0, "fast": 1.8, "turbo": 4.0}
DISPLAYS = ("auto", "framebuffer", "gpu")  # how frames reach the screen (game.ui.window.choose_presentation)
# Takedown: pull back and let go, push towards the target, or one button (hold to swing the power, let go to flick)
FLICK_STYLES = ("slingshot", "swipe", "one-button")
# Mars Needs Heroes: how long the Freeze Ray may be fired after the bids flip, in seconds.
FREEZE_WINDOWS = {"short": 1.5, "normal": 2.5, "long": 4.0, "relaxed": 6.0}
TEXT_SIZES = (100, 125, 150)  # percent of the normal text size
# How long bots think before each move, as a multiple of their normal pace.
BOT_PACES = {"quick": 0.5, "normal": 1.0, "calm": 1.6, "slow": 2.5}
FILE_NAME = "settings.json"


@dataclass
class Settings:
    volume: float = 0.8
    fullscreen: bool = False
    animation_speed: str = "normal"
    coach: bool = False
    display: str = "auto"
    flick_style: str = "slingshot"
    freeze_window: str = "normal"
    text_size: int = 100
    reduced_motion: bool = False  # no shaking or flashing, shorter flights
    bot_pace: str = "normal"

    @property
    def speed(self) -> float:
        return ANIMATION_SPEEDS[self.animation_speed]

    @property
    def freeze_seconds(self) -> float:
        return FREEZE_WINDOWS[self.freeze_window]

    @property
    def bot_delay(self) -> float:
        """How much longer (or shorter) than normal a bot thinks before moving."""
        return BOT_PACES[self.bot_pace]

    @property
    def text_scale(self) -> float:
        return self.text_size / 100

    @classmethod
    def from_json(cls, data) -> "Settings":
        """Settings from the file; a setting it does not mention (newer than the file) keeps its default."""
        f = Fields(data)
        read = {
            "volume": lambda name: f.number(name, 0, 1),
            "fullscreen": f.bool,
            "animation_speed": lambda name: f.choice(name, tuple(ANIMATION_SPEEDS)),
            "coach": f.bool,
            "display": lambda name: f.choice(name, DISPLAYS),
            "flick_style": lambda name: f.choice(name, FLICK_STYLES),
            "freeze_window": lambda name: f.choice(name, tuple(FREEZE_WINDOWS)),
            "text_size": lambda name: _text_size(f, name),
            "reduced_motion": f.bool,
            "bot_pace": lambda name: f.choice(name, tuple(BOT_PACES)),
        }
        assert set(read) == {field.name for field in fields(cls)}
        return cls(**{name: read[name](name) for name in read if name in f.data})


def _text_size(f: Fields, name: str) -> int:
    size = f.int(name, min(TEXT_SIZES), max(TEXT_SIZES))
    if size not in TEXT_SIZES:
        f.fail(name, f"is {size}, expected one of {', '.join(map(str, TEXT_SIZES))}")
    return size


def load() -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a problem report, if any."""
    try:
        settings = read_json(user_data_dir() / FILE_NAME, Settings.from_json)
    except CorruptFile as error:
        return Settings(), f"Your settings were reset: {error}"
    return settings or Settings(), None


def save(settings: Settings) -> None:
    """Raises WriteFailed; the settings stay in force for this session."""
    write_json(user_data_dir() / FILE_NAME, asdict(settings))
