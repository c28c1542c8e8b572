"""Ten-Minute Takedown's actions, for the Controls screen: what each does, its default key and pad button."""

import pygame

from game.ui.bindings import group

GROUPS = (group("takedown", "Takedown", (
    ("aim_left", "Aim left", pygame.K_LEFT, pygame.CONTROLLER_BUTTON_DPAD_LEFT),
    ("aim_right", "Aim right", pygame.K_RIGHT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT),
    ("power_up", "More power", pygame.K_UP, pygame.CONTROLLER_BUTTON_DPAD_UP),
    ("power_down", "Less power", pygame.K_DOWN, pygame.CONTROLLER_BUTTON_DPAD_DOWN),
    ("flick", "Flick", pygame.K_SPACE, pygame.CONTROLLER_BUTTON_A),
    ("replay", "Replay the last flick", pygame.K_r, pygame.CONTROLLER_BUTTON_Y),
    ("menu", "Pause menu", pygame.K_ESCAPE, pygame.CONTROLLER_BUTTON_START),
), "On a pad the left stick also aims and the right trigger sets the power: let go to flick."),)
