"""The toy game's own setting: how long the bids stay face up."""

from game.registry import Setting

REVEAL_SECONDS = {"short": 0.8, "long": 1.5}
REVEAL = Setting("toy_reveal", "Toy bids shown", (("short", "Briefly"), ("long", "A while")), "long", "y")
SETTINGS = (REVEAL,)
