"""Martian Game Night: Mars-themed tabletop games for one screen."""

__version__ = "0.1.0"
