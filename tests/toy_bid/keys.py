"""The toy game's own key: the pause menu (each seat bids with its keyboard zone or pad, which stay fixed)."""

import pygame

from game.ui.bindings import group

GROUPS = (group("toy-bid", "Toy bids", (
    ("menu", "Pause menu", pygame.K_ESCAPE, pygame.CONTROLLER_BUTTON_START),
), "Each seat bids with its own five keys or its pad.", zones=True),)
