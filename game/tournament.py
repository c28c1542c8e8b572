"""Headless games between bots: one runner for every registered game.

``play_game`` plays one game to the end (simultaneous steps included: each
bot sees only its own view). ``tournament`` plays many and returns the JSON
summary of ``python -m game sim``; a game may add its own figures through
an optional ``Stats`` class in its ``sim`` module. With ``logs`` every game
is also written as a save file that ``python -m game replay`` reads.
"""

from __future__ import annotations

from pathlib import Path

from game.core.protocol import GameState
from game.core.steps import InBackground
from game.core.rng import Rng
from game.registry import GameInfo
from game.saves import SavedGame, Seat
from game.storage import write_json

MAX_STEPS = 1_000_000  # a safety net: real games end long before


def check_bots(info: GameInfo, names: list[str]) -> None:
    """Reject unknown bot strengths or a wrong number of seats with a message that says what fits."""
    unknown = [name for name in names if name not in info.bots]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r} for {info.id}; choose from {', '.join(info.bots)}")
    if not info.min_players <= len(names) <= info.max_players:
        raise ValueError(f"{info.title} needs {info.min_players} to {info.max_players} bots, not {len(names)}")


def bot_action(info: GameInfo, state: GameState, player: int, bot: str):
    """What the bot in `player`'s seat does now: it sees only that seat's view."""
    return info.bots[bot].choose(state.view(player), player, state.rng_for(f"bot/{player}"))


def bot_steps(info: GameInfo, state: GameState, player: int, bot: str, rng: Rng | None = None):
    """The same decision as a stepwise computation (``game.core.steps``), for the game loop (`rng`: the seat's
    stream, when the caller draws from it afterwards too, as a bot's reflex time is). The view is made now, so
    the computation works on values of its own (a bot with ``background`` thinks in a thread:
    ``InBackground``)."""
    chosen = info.bots[bot]
    view, rng = state.view(player), rng or state.rng_for(f"bot/{player}")
    steps = _decide(chosen, view, player, rng)
    return InBackground(steps) if chosen.background else steps


def _decide(chosen, view, player: int, rng: Rng):
    if chosen.think is not None:
        return (yield from chosen.think(view, player, rng))
    return chosen.choose(view, player, rng)


def decision_points(state: GameState):
    """Every decision a game asks of its players, in play order: yields the player to decide (the caller applies
    their action); chance is played in between."""
    while not state.is_over:
        if state.is_chance():
            state.apply_chance()
            continue
        for player in state.to_act():
            if player in state.to_act():  # a race (a Freeze Ray) won by someone before closes the step
                yield player


def play_game(info: GameInfo, bot_names: list[str], seed: int, options: dict | None = None,
              first: int = 0) -> GameState:
    state = info.new_state(len(bot_names), seed, options, first)
    bots = [info.bots[name] for name in bot_names]
    labels = [f"bot/{p}" for p in range(len(bot_names))]
    for _ in range(MAX_STEPS):
        movers = state.to_act()
        if not movers:
            if state.is_chance():
                state.apply_chance()
                continue
            if state.is_over:
                return state
            raise RuntimeError(f"{info.id} game with seed {seed}: nobody is to act, yet the game is not over")
        if len(movers) == 1:  # one player to move (most steps of most games): no race to time
            player = movers[0]
            state.apply(player, bots[player].choose(state.view(player), player, state.rng_for(labels[player])))
            continue
        moves = []
        for player in movers:  # everyone chooses from the same position, then the quickest acts first
            view, rng = state.view(player), state.rng_for(labels[player])
            action = bots[player].choose(view, player, rng)
            delay = bots[player].delay
            moves.append((delay(view, player, action, rng) if delay else 0.0, player, action))
        for _, player, action in sorted(moves, key=lambda move: move[0]):
            if player in state.to_act():  # a race won by someone quicker closes the step
                state.apply(player, action)
    raise RuntimeError(f"{info.id} game with seed {seed} did not end in {MAX_STEPS} steps")


def bot_seats(bot_names: list[str]) -> list[Seat]:
    return [Seat(f"{name.capitalize()} {p + 1}", p % 8, name) for p, name in enumerate(bot_names)]


def tournament(info: GameInfo, bot_names: list[str], games: int, seed: int, logs: str | None = None,
               options: dict | None = None) -> dict:
    """Play `games` games with the bots in the seats given; the first move passes round from game to game
    (as a rematch passes it on), so a seat's figures measure the seat, not the turn order. `options`: the game's
    setup options, as setup would give them. JSON summary (a shared first place splits the win)."""
    check_bots(info, bot_names)
    seats = len(bot_names)
    wins = [0.0] * seats
    scores = [0.0] * seats
    shared = 0
    stats = _stats(info)
    folder = Path(logs) if logs else None
    master = Rng(seed)
    for n in range(games):
        state = play_game(info, bot_names, master.next_u64(), options, first=n % seats)  # as rematches do
        outcome = state.outcome()
        assert outcome is not None
        shared += outcome.shared
        for p in outcome.winners:
            wins[p] += 1 / len(outcome.winners)
        for p in range(seats):
            scores[p] += outcome.scores[p]
        if stats is not None:
            stats.add(state)
        if folder is not None:
            write_json(folder / f"{info.id}-{n + 1:05d}.json",
                       SavedGame(info.id, info.id, bot_seats(bot_names), state).to_json())
    summary: dict = {
        "game": info.id,
        "games": games,
        "seed": seed,
        **({"options": dict(options)} if options else {}),
        "seats": [
            {"bot": bot_names[p], "wins": _number(wins[p]), "win_rate": round(wins[p] / games, 4),
             "mean_score": round(scores[p] / games, 3), **(stats.seat(p) if stats else {})}
            for p in range(seats)
        ],
        "shared_results": shared,
    }
    if stats is not None:
        summary.update(stats.extra())
    return summary


def _number(value: float) -> float | int:
    return int(value) if value == int(value) else round(value, 3)


def _stats(info: GameInfo):
    module = info.optional_module("sim")
    return module.Stats() if module else None
