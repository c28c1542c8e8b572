"""Player preferences, saved per user (platformdirs) as JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from game.core.fields import Fields
from game.paths import user_data_dir
from game.storage import CorruptFile, read_json, write_json

# Animation speed choices: label and multiplier of animation time.
ANIMATION_SPEEDS = {"relaxed": 0.7, "normal": 1.0, "fast": 1.8, "turbo": 4.0}
DISPLAYS = ("auto", "framebuffer", "gpu")  # how frames reach the screen (game.app.choose_presentation)
FLICK_STYLES = ("slingshot", "swipe")  # Takedown by mouse: pull back and let go, or push towards the target
# Mars Needs Heroes: how long the Freeze Ray may be fired after the bids flip, in seconds.
FREEZE_WINDOWS = {"short": 1.5, "normal": 2.5, "long": 4.0}
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

    @property
    def speed(self) -> float:
        return ANIMATION_SPEEDS[self.animation_speed]

    @property
    def freeze_seconds(self) -> float:
        return FREEZE_WINDOWS[self.freeze_window]

    @classmethod
    def from_json(cls, data) -> "Settings":
        """Settings from the file; a setting it does not mention (newer than the file) keeps its default."""
        f = Fields(data)
        defaults = cls()
        present = lambda name: name in f.data
        return cls(
            volume=f.number("volume", 0, 1) if present("volume") else defaults.volume,
            fullscreen=f.bool("fullscreen") if present("fullscreen") else defaults.fullscreen,
            animation_speed=f.choice("animation_speed", tuple(ANIMATION_SPEEDS)) if present("animation_speed")
            else defaults.animation_speed,
            coach=f.bool("coach") if present("coach") else defaults.coach,
            display=f.choice("display", DISPLAYS) if present("display") else defaults.display,
            flick_style=f.choice("flick_style", FLICK_STYLES) if present("flick_style") else defaults.flick_style,
            freeze_window=f.choice("freeze_window", tuple(FREEZE_WINDOWS)) if present("freeze_window")
            else defaults.freeze_window,
        )


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
