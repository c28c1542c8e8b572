"""Mars Needs Heroes' actions, for the Controls screen. Each seat's own keys (a keyboard zone of
``game.controls``) and a pad seat's buttons stay fixed, so four people can share one keyboard."""

import pygame

from game.controls import CHOICE_KEYS, KEY_ZONES, key_name
from game.ui.bindings import group


def zones() -> str:
    """The keyboard zones in words: "1-5 and Q, 6-0 and P, ..."."""
    return ", ".join(f"{keys[0].upper()}-{keys[CHOICE_KEYS - 1].upper()} and {key_name(keys[CHOICE_KEYS])}"
                     for keys in KEY_ZONES.values())


GROUPS = (group("heroes", "Heroes", (
    ("freeze1", "Freeze Ray: seat 1 passing the screen", pygame.K_F1, None),
    ("freeze2", "Freeze Ray: seat 2 passing the screen", pygame.K_F2, None),
    ("freeze3", "Freeze Ray: seat 3 passing the screen", pygame.K_F3, None),
    ("freeze4", "Freeze Ray: seat 4 passing the screen", pygame.K_F4, None),
    ("menu", "Pause menu", pygame.K_ESCAPE, pygame.CONTROLLER_BUTTON_START),
    ("log", "The last pots", pygame.K_l, pygame.CONTROLLER_BUTTON_BACK),
), f"Each player's own keys ({zones()}) and a pad seat's A B X Y RB and LB stay fixed, so four people can "
   "share one keyboard.", zones=True),)
