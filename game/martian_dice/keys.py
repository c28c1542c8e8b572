"""Martian Dice's actions, for the Controls screen: what each does, its default key and pad button."""

import pygame

from game.ui.bindings import group

GROUPS = (group("martian-dice", "Martian Dice", (
    ("roll", "Roll", pygame.K_SPACE, pygame.CONTROLLER_BUTTON_X),
    ("stop", "Stop and bank", pygame.K_s, pygame.CONTROLLER_BUTTON_Y),
    ("pick1", "Take the death rays", pygame.K_1, None),
    ("pick2", "Take the humans", pygame.K_2, None),
    ("pick3", "Take the cows", pygame.K_3, None),
    ("pick4", "Take the chickens", pygame.K_4, None),
    ("coach", "Coach on or off", pygame.K_g, pygame.CONTROLLER_BUTTON_BACK),
    ("log", "The last turns", pygame.K_l, pygame.CONTROLLER_BUTTON_LEFTSHOULDER),
    ("menu", "Pause menu", pygame.K_ESCAPE, pygame.CONTROLLER_BUTTON_START),
), "On a pad, move to a die on the tray and press A to take that kind.", formerly="dice"),)
