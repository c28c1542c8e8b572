"""Luck and skill of a played game, in words anyone can read: what a game's ``report`` module returns.

A dice game that can value every position exactly (an exact turn policy) splits each player's
result in two against a benchmark of perfect play: points the dice gave above or below average, and
points lost to choices worse than the best one. Then, for every player,

    scored = expected + dice - decisions

where ``expected`` is what perfect play averages over the same turns. The results screen shows the
figures with the sentences below (so "the bots cheat" can be answered with numbers). A game whose
benchmark values positions by an estimate (the worth a bot puts on banked progress, say) measures
dice and decisions in that unit, and its report says the figures do not add up (``adds_up``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.words import counted, plural, whom, whose


@dataclass(frozen=True)
class Luck:
    """One player's game measured against perfect play (all in the report's unit)."""

    turns: int
    scored: float
    expected: float  # what perfect play scores on average in as many turns
    dice: float  # above (+) or below (-) what the dice give on average
    decisions: float  # lost to choices worse than the best one (0 or more)


@dataclass(frozen=True)
class LuckReport:
    players: tuple[Luck, ...]  # by seat
    unit: str = "point"
    benchmark: str = "the choices that score the most points on average"
    adds_up: bool = True  # scored = expected + dice - decisions; False when the unit is an estimate, not the score
    reference: str = "perfect play"  # what the decisions are measured against, in words (honest: a bot is not perfect)


def amount(value: float, unit: str) -> str:
    """'1.0 point', '4.2 points' (the size of a figure, without its sign)."""
    size = f"{abs(value):.1f}"
    return f"{size} {unit if size == '1.0' else plural(unit)}"


def signed(value: float) -> str:
    """'+3.6', '−4.2', '0.0' (a true minus sign; a figure that rounds to nothing has none)."""
    text = f"{abs(value):.1f}"
    if text == "0.0":
        return text
    return ("+" if value > 0 else "\u2212") + text


def dice_line(name: str, luck: Luck, unit: str = "point") -> str:
    """What the dice figure means, for this player."""
    figure = f"Dice {signed(luck.dice)}: "
    if signed(luck.dice) == "0.0":
        return figure + f"the dice gave {whom(name)} just what they give on average."
    more = "more" if luck.dice > 0 else "fewer"
    return figure + f"the dice gave {whom(name)} {amount(luck.dice, unit)} {more} than average."


def decisions_line(name: str, luck: Luck, unit: str = "point", reference: str = "perfect play") -> str:
    """What the decisions figure means, for this player."""
    figure = f"Decisions {signed(-luck.decisions)}: "
    if signed(luck.decisions) == "0.0":
        return figure + f"every choice {whom(name)} made was as good as {reference}."
    return figure + f"{whose(name, start=False)} choices cost {amount(luck.decisions, unit)} against {reference}."


def expected_line(name: str, luck: Luck, unit: str = "point") -> str:
    """What the benchmark figure means, for this player."""
    turns = counted(luck.turns, "turn")
    return f"Perfect play {luck.expected:.1f}: what perfect choices average in {whose(name, start=False)} {turns}."


def apart_line(unit: str) -> str:
    """Why a report's dice and decisions do not sum to the score (its unit is an estimate of worth)."""
    return f"Dice and decisions are in {plural(unit)}, so they do not add up to the score."
