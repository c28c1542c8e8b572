"""Player preferences, saved per user (platformdirs) as JSON.

The shared ones are fields of ``Settings``; each game's own (``game.registry.Setting``, declared by its
entry) sit beside them in the same file under their own names, in ``Settings.games``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from functools import cache
from urllib.parse import urlsplit

from game.core.fields import Fields
from game.paths import user_data_dir
from game.registry import GAMES, Setting
from game.storage import WRITER, CorruptFile, read_json

# Animation speed choices: label and multiplier of animation time.
ANIMATION_SPEEDS = {"relaxed": 0.7, "normal": 1.0, "fast": 1.8, "turbo": 4.0}
DISPLAYS = ("auto", "framebuffer", "gpu")  # how frames reach the screen (game.ui.window.choose_presentation)
TEXT_SIZES = (100, 125, 150)  # percent of the normal text size
# How long bots think before each move, as a multiple of their normal pace.
BOT_PACES = {"quick": 0.5, "normal": 1.0, "calm": 1.6, "slow": 2.5}
FILE_NAME = "settings.json"
ADDRESS_LIMIT = 200  # characters of a public address


@dataclass
class Settings:
    volume: float = 0.8
    fullscreen: bool = False
    animation_speed: str = "normal"
    coach: bool = False
    display: str = "auto"
    text_size: int = 100
    reduced_motion: bool = False  # no shaking or flashing, shorter flights
    bot_pace: str = "normal"
    public_address: str = ""  # where friends far away reach the phone server (a tunnel's https address); "": off
    games: dict[str, str] = field(default_factory=dict)  # each game's own settings by id (the default when absent)

    @property
    def speed(self) -> float:
        return ANIMATION_SPEEDS[self.animation_speed]

    def choice(self, setting_id: str) -> str:
        """A game's own setting: the player's choice, else its default."""
        return self.games.get(setting_id) or _declared()[setting_id].default

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
            "text_size": lambda name: _text_size(f, name),
            "reduced_motion": f.bool,
            "bot_pace": lambda name: f.choice(name, tuple(BOT_PACES)),
            "public_address": lambda name: _public_address(f, name),
        }
        assert set(read) | {"games"} == {field.name for field in fields(cls)}
        games = {setting.id: f.choice(setting.id, tuple(v for v, _ in setting.choices))
                 for setting in _declared().values() if setting.id in f.data}
        return cls(**{name: read[name](name) for name in read if name in f.data}, games=games)

    def to_json(self) -> dict:
        """The shared settings and the games' own side by side (the games' under their own names)."""
        data = asdict(self)
        return {**data.pop("games"), **data}


@cache
def _declared() -> dict[str, Setting]:
    """Every game's own settings by id (found once: a table's prompt asks for a setting every frame)."""
    return {setting.id: setting for info in GAMES.values() for setting in info.settings}


def _text_size(f: Fields, name: str) -> int:
    size = f.int(name, min(TEXT_SIZES), max(TEXT_SIZES))
    if size not in TEXT_SIZES:
        f.fail(name, f"is {size}, expected one of {', '.join(map(str, TEXT_SIZES))}")
    return size


def public_address(text: str) -> str:
    """A public address as the game keeps it ("https://game.example.net", no path, no slash at the end; "" for
    none); ValueError says what is wrong with it in plain words."""
    text = text.strip().rstrip("/")
    if not text:
        return ""
    if "://" not in text:
        text = "https://" + text  # typed without the scheme: tunnels give https addresses
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https"):
        raise ValueError("it must be a web address that starts with https://")
    if not parts.hostname or parts.path or parts.query or parts.fragment or parts.username or parts.password:
        raise ValueError("it must be a bare address such as https://game.example.net (nothing after the name)")
    try:
        parts.port
    except ValueError:
        raise ValueError("its port is not a number from 1 to 65535") from None
    if len(text) > ADDRESS_LIMIT:
        raise ValueError(f"it is longer than {ADDRESS_LIMIT} characters")
    return f"{parts.scheme}://{parts.netloc.lower()}"


def _public_address(f: Fields, name: str) -> str:
    try:
        return public_address(f.text(name, ADDRESS_LIMIT))
    except ValueError as problem:
        f.fail(name, str(problem))


def load() -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a problem report, if any."""
    try:
        settings = read_json(user_data_dir() / FILE_NAME, Settings.from_json)
    except CorruptFile as error:
        return Settings(), f"Your settings were reset: {error}"
    return settings or Settings(), None


WRITE_FAILED = "Your settings could not be saved ({reason}). They apply until you quit."


def save(settings: Settings) -> None:
    """Written on the writer's thread (a frame never waits for the disk); a failure is told with the others."""
    WRITER.put(user_data_dir() / FILE_NAME, settings.to_json(), WRITE_FAILED)
