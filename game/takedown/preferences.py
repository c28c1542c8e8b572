"""Takedown's own setting: how a person flicks with the mouse or keys."""

from game.registry import Setting

SLINGSHOT, SWIPE, ONE_BUTTON = "slingshot", "swipe", "one-button"
FLICK_STYLE = Setting("flick_style", "Takedown flick", (
    (SLINGSHOT, "Slingshot"),  # pull back from the saucer and let go
    (SWIPE, "Swipe"),  # push towards the target
    (ONE_BUTTON, "One button"),  # hold to swing the power, let go to flick
), SLINGSHOT, "w")
SETTINGS = (FLICK_STYLE,)
