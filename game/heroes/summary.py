"""What the results and the statistics say of a Mars Needs Heroes game (see ``game.registry``)."""

from __future__ import annotations

from game.heroes.rules import Heroes


def details(state: Heroes) -> list[tuple[str, ...]]:
    """Each player's Invaders by colour, most first, and whether their Freeze Ray was used; shorter forms keep
    the colours that decide first."""
    lines = []
    for p in range(state.players):
        ordered = sorted(zip(state.captured[p], state.colours), key=lambda x: -x[0])
        lines.append(_forms([f"{n} {c.name.lower()}" for n, c in ordered if n], not state.rays[p]))
    return lines


def _forms(counts: list[str], ray_used: bool) -> tuple[str, ...]:
    """"5 blue, 2 red, 1 green", then "5 blue, 2 red and 1 more" and so on, each strictly shorter; at the very
    least the colour that decides first ("5 blue +2, ray used")."""
    listed = [", ".join(counts[:k]) + (f" and {len(counts) - k} more" if k < len(counts) else "")
              for k in range(len(counts), 0, -1)] or ["no Invaders"]
    forms = [form + " (Freeze Ray used)" for form in listed] + [listed[-1] + ", ray used"] if ray_used else listed
    if len(counts) > 1:
        forms.append(f"{counts[0]} +{len(counts) - 1}" + (", ray used" if ray_used else ""))
    return tuple(form for i, form in enumerate(forms) if all(len(form) < len(f) for f in forms[:i]))


def best_turns(state: Heroes) -> list[int]:
    """The biggest pot each player took (frozen or bid for)."""
    best = [0] * state.players
    for pot in state.history:
        best[pot.player] = max(best[pot.player], len(pot.cards))
    return best


def progress(state: Heroes) -> list[list[float]]:
    """Each player's most Invaders of one colour after each pot (what decides the game first)."""
    captured = [[0] * len(state.colours) for _ in range(state.players)]
    lines: list[list[float]] = [[] for _ in range(state.players)]
    for pot in state.history:
        for colour in pot.cards:
            captured[pot.player][colour] += 1
        for p in range(state.players):
            lines[p].append(max(captured[p]))
    return lines
