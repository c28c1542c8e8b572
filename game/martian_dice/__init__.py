"""Martian Dice: 13 dice, push your luck (rules, bots, turn policy, scene)."""
