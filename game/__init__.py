"""Martian Game Night: Mars-themed tabletop games for one screen."""

import os

__version__ = "0.1.0"

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
