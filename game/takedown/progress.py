"""Challenge progress per user: best stars and fewest flicks per level, and what is unlocked."""

from __future__ import annotations

from game.paths import user_data_dir
from game.storage import CorruptFile, read_json, write_json

FILE_NAME = "takedown-challenges.json"


def _validate(data) -> dict:
    if not isinstance(data, dict) or not isinstance(data.get("levels"), dict):
        raise ValueError("field 'levels' is missing")
    for level_id, best in data["levels"].items():
        if not (isinstance(best, dict) and isinstance(best.get("stars"), int) and 0 <= best["stars"] <= 3
                and isinstance(best.get("flicks"), int) and best["flicks"] >= 0):
            raise ValueError(f"field 'levels.{level_id}' should have stars 0..3 and flicks")
    return data["levels"]


def load() -> tuple[dict, str | None]:
    """Best results by level id, and a problem report if the file was unreadable."""
    try:
        return read_json(user_data_dir() / FILE_NAME, _validate) or {}, None
    except CorruptFile as error:
        return {}, f"Your challenge progress could not be read: {error}"


def record(level_id: str, stars: int, flicks: int) -> dict:
    """Keep the better of the stored and the new result; returns all results."""
    best, _ = load()
    old = best.get(level_id)
    if stars > 0 and (old is None or (stars, -flicks) > (old["stars"], -old["flicks"])):
        best[level_id] = {"stars": stars, "flicks": flicks}
        write_json(user_data_dir() / FILE_NAME, {"levels": best})
    return best


def unlocked(levels, best: dict) -> list[bool]:
    """A level opens once the one before it has been cleared."""
    return [i == 0 or best.get(levels[i - 1].id, {}).get("stars", 0) > 0 for i in range(len(levels))]
