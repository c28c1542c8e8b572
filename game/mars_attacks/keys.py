"""Mars Attacks: The Dice Game's actions, for the Controls screen: what each does, its default key and pad
button."""

import pygame

from game.ui.bindings import group

GROUPS = (group("mars-attacks", "Mars Attacks", (
    ("roll", "Roll", pygame.K_SPACE, pygame.CONTROLLER_BUTTON_X),
    ("stop", "Stop and bank", pygame.K_s, pygame.CONTROLLER_BUTTON_Y),
    ("pick1", "Target stack 1", pygame.K_1, None),
    ("pick2", "Target stack 2", pygame.K_2, None),
    ("pick3", "Target stack 3", pygame.K_3, None),
    ("pick4", "Target stack 4", pygame.K_4, None),
    ("ray", "Set a die: Ray Gun", pygame.K_r, None),
    ("martian", "Set a die: Martian", pygame.K_m, None),
    ("nuke", "Set a die: Nuke", pygame.K_n, None),
    ("coach", "Coach on or off", pygame.K_g, pygame.CONTROLLER_BUTTON_BACK),
    ("log", "The last turns", pygame.K_l, pygame.CONTROLLER_BUTTON_LEFTSHOULDER),
    ("menu", "Pause menu", pygame.K_ESCAPE, pygame.CONTROLLER_BUTTON_START),
), "On a pad, move to a card and press A to target it.", formerly="dice"),)
