"""Shared drawing, widgets, dice rendering and sound used by every game scene."""
