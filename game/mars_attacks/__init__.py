"""Mars Attacks: The Dice Game."""
