"""Heroes' own setting: how long the Freeze Ray may be fired after the bids flip."""

from game.registry import Setting

FREEZE_SECONDS = {"short": 1.5, "normal": 2.5, "long": 4.0, "relaxed": 6.0}
FREEZE_TIME = Setting("freeze_window", "Freeze window",
                        tuple((name, f"{name.capitalize()} ({seconds:g} s)") for name, seconds in FREEZE_SECONDS.items()),
                        "normal", "z")
SETTINGS = (FREEZE_TIME,)
