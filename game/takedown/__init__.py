"""Mars Attacks: Ten-Minute Takedown: flick a die at targets (levels, physics, rules, bots, scene)."""
