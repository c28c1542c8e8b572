"""Player preferences, saved per user (platformdirs) as JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from game.core.fields import Fields
from game.paths import user_data_dir
from game.storage import CorruptFile, read_json, write_json

# Animation speed choices: label and multiplier of animation time.
ANIMATION_SPEEDS = {"relaxed": 0.7, "normal": 1.0, "fast": 1.8, "turbo": 4.0}
FILE_NAME = "settings.json"


@dataclass
class Settings:
    volume: float = 0.8
    fullscreen: bool = False
    animation_speed: str = "normal"
    coach: bool = False

    @property
    def speed(self) -> float:
        return ANIMATION_SPEEDS[self.animation_speed]

    @classmethod
    def from_json(cls, data) -> "Settings":
        f = Fields(data)
        volume = f.get("volume", (int, float))
        if not 0 <= volume <= 1:
            raise ValueError(f"field 'volume' is {volume}, expected 0..1")
        return cls(
            volume=float(volume),
            fullscreen=f.bool("fullscreen"),
            animation_speed=f.choice("animation_speed", tuple(ANIMATION_SPEEDS)),
            coach=f.bool("coach"),
        )


def load() -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a problem report, if any."""
    try:
        settings = read_json(user_data_dir() / FILE_NAME, Settings.from_json)
    except CorruptFile as error:
        return Settings(), f"Your settings were reset: {error}"
    return settings or Settings(), None


def save(settings: Settings) -> None:
    write_json(user_data_dir() / FILE_NAME, asdict(settings))
