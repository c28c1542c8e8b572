"""Pieces every game's headless tournament (``python -m game sim``) shares."""


def check_bots(names: list[str], bots: dict) -> None:
    """Reject unknown bot strengths with a message that lists the known ones."""
    unknown = [name for name in names if name not in bots]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r}; choose from {', '.join(bots)}")
