"""Mars Attacks: Ten-Minute Takedown: flick a die at targets (levels, physics, rules, bots, scene)."""

GAME_ID = "takedown"
TITLE = "Ten-Minute Takedown"
