"""Mars Attacks end games: the Smart bot's choices against an exact solution of the turn for the win.

The positions are final-round turns from seeded games, with at most one other player still to play after
the one deciding: there every result can be worked out. The solution here shares nothing with the bot's
own arithmetic: the table moves by the rules engine itself (a scripted claim or miss, the next card turned
up), and the chance to claim is found die by die, by value iteration, from the rules' facts alone.
"""

import copy
from functools import lru_cache

import pytest

from game.core.protocol import CHANCE
from game.core.rng import Rng
from game.mars_attacks.bots import BOTS
from game.mars_attacks.position import can_bank, from_view, setup_of
from game.mars_attacks.rules import CHOOSE_TARGET, CONTINUE, FIX, READY, REVEAL, ROLL, STOP, TARGET, MarsAttacks
from game.registry import GAMES
from game.tournament import decision_points

INFO = GAMES["mars-attacks"]
SMART = BOTS["smart"]
TOLERANCE = 1e-3  # the bot also weighs a sliver of VP, which may decide between choices this close for the win
POSITIONS = 60
MATTERS = 0.01  # a position counts when its targets' chances to win differ by more than this


def clone(game: MarsAttacks) -> MarsAttacks:
    """A copy that plays on apart from the original (the deck is shared: it never changes)."""
    twin = copy.copy(game)
    twin.face_up, twin.hidden, twin.seen = list(game.face_up), list(game.hidden), set(game.seen)
    twin.to_reveal, twin.claimed = list(game.to_reveal), [list(c) for c in game.claimed]
    twin.progress = {card: dict(marks) for card, marks in game.progress.items()}
    twin.kept, twin.turns_taken = list(game.kept), list(game.turns_taken)
    twin.history, twin.log = list(game.history), list(game.log)
    return twin


# ----- the chance to claim, die by die --------------------------------------------------------------------
@lru_cache(maxsize=None)
def throw(dice: int) -> dict[tuple[int, int, int], float]:
    """(Martians, Ray Guns, Nukes) of `dice` fair dice, adding one die at a time."""
    spread = {(0, 0, 0): 1.0}
    for _ in range(dice):
        grown: dict[tuple[int, int, int], float] = {}
        for (m, r, n), p in spread.items():
            for face in ((m + 1, r, n), (m, r + 1, n), (m, r, n + 1)):
                grown[face] = grown.get(face, 0.0) + p / 3
        spread = grown
    return spread


@lru_cache(maxsize=None)
def best_claim(need: str, left: int, symbols: int, rays: int, nukes: int, martians: int, first: bool) -> float:
    """The largest chance to claim from a roll that left these dice (`first`: the turn's first roll)."""
    if nukes >= symbols:
        return float(need == "nuked" and left <= 1)
    count = {"ray": rays, "nuke": nukes, "martian": martians}.get(need, 0)
    if need != "nuked" and count >= left:
        return 1.0
    if need == "martian" or not martians:
        return 0.0
    others = {o: p for o, p in throw(martians).items() if o[0] != martians}
    again = 1 - sum(others.values())  # every Martian comes up again: the same choice returns
    rolled = sum(p * best_claim(need, left, symbols, rays + r, nukes + n, m, False) for (m, r, n), p in others.items())
    value = 0.0
    for _ in range(200):  # value iteration: roll on while it beats stopping (which claims nothing)
        value = max(0.0, rolled + again * value)
    return value


def claim_chance(game: MarsAttacks, player: int, card, fix: int | None) -> float:
    left = card.spaces - game.banked(player, card.id)
    symbols = game.symbols(player)
    if fix is None:
        return sum(p * best_claim(card.need, left, symbols, r, n, m, True) for (m, r, n), p in throw(10).items())
    total = 0.0
    for (m, r, n), p in throw(9).items():
        counts = [m, r, n]
        counts[fix] += 1
        total += p * best_claim(card.need, left, symbols, counts[1], counts[2], counts[0], True)
    return total


def best_fix(game: MarsAttacks, player: int, card) -> tuple[int | None, float]:
    faces = [None, 0, 1, 2] if game.owns(player, "fixed-die") else [None]
    return max(((f, claim_chance(game, player, card, f)) for f in faces), key=lambda fp: fp[1])


# ----- the table moved by the rules ----------------------------------------------------------------------
def claiming(game: MarsAttacks, card) -> MarsAttacks:
    """The game once the current player has claimed `card` (a roll that claims it, scripted)."""
    g = clone(game)
    left = card.spaces - g.banked(g.current, card.id)
    g.apply(g.current, TARGET + card.id)
    g.apply(g.current, ROLL)
    roll = {"ray": (10 - left, left, 0), "martian": (left, 10 - left, 0), "nuke": (10 - left, 0, left),
            "nuked": (0, 0, 10)}[card.need]
    g.apply(CHANCE, roll)
    assert card.id in g.claimed[game.current]
    return g


def missing(game: MarsAttacks) -> MarsAttacks:
    """The game once the current player's turn has ended without a claim (a last turn banks for nothing)."""
    g = clone(game)
    card = g.targets(g.current)[0]
    g.apply(g.current, TARGET + card.id)
    g.apply(g.current, ROLL)
    g.apply(CHANCE, (0, 10, 0) if card.monument else (10, 0, 0))
    if g.phase == CONTINUE:
        g.apply(g.current, STOP)
    return g


def chances(game: MarsAttacks) -> tuple[float, ...]:
    """Each player's chance to win, every player still to play claiming for their own best chance to win."""
    if game.is_over:
        winner = game.outcome().winners[0]
        return tuple(float(p == winner) for p in range(game.players))
    if game.phase == REVEAL:
        shown = []
        for card in game.unseen():
            g = clone(game)
            g.apply(CHANCE, card)
            shown.append(chances(g))
        return tuple(sum(column) / len(shown) for column in zip(*shown))
    return max(options(game).values(), key=lambda c: c[game.current])


def options(game: MarsAttacks) -> dict[str, tuple[float, ...]]:
    """What each target is worth to everyone (the turn played for the largest chance to claim it)."""
    player, missed = game.current, chances(missing(game))
    found = {}
    for card in game.targets(player):
        _, p = best_fix(game, player, card)
        won = chances(claiming(game, card)) if p > 0 else missed
        found[card.id] = tuple(p * a + (1 - p) * b for a, b in zip(won, missed))
    return found


# ----- the positions -----------------------------------------------------------------------------------
def still_after(game: MarsAttacks) -> int:
    return (game.first - game.current - 1) % game.players


def end_games() -> list[tuple[MarsAttacks, dict[str, tuple[float, ...]]]]:
    """Final-round turns about to choose a target, with at most one other player to play after and a choice
    that matters (targets whose chances to win differ), from seeded games of two to four players, on both
    sides of the difficulty card, with bots of every strength; each with what every target is worth. The Smart
    bot plays a seat in the four-player games only: in two-player ones it weighs its rival's exact reply, and
    playing whole games of them made this 123 s instead of 11."""
    lineups = (["greedy", "random"], ["greedy", "greedy", "random"], ["greedy", "smart", "greedy", "random"],
               ["random", "greedy"], ["random", "random", "greedy"])
    found, seed = [], 0
    while len(found) < POSITIONS:
        bots = lineups[seed % len(lineups)]
        game = MarsAttacks(len(bots), seed, {"difficulty": ("easy", "hard")[seed % 2]}, first=seed % len(bots))
        while not game.is_over:
            if game.is_chance():
                game.apply_chance()
                continue
            p = game.current
            if game.final_round and game.phase == CHOOSE_TARGET and still_after(game) <= 1:
                worth = options(game)
                if max(c[p] for c in worth.values()) - min(c[p] for c in worth.values()) > MATTERS:
                    found.append((clone(game), worth))
            game.apply(p, INFO.bots[bots[p]].choose(game.view(p), p, game.rng_for(f"bot/{p}")))
        seed += 1
    return found[:POSITIONS]


@pytest.fixture(scope="module")
def positions():
    return end_games()


def test_the_positions_are_varied_end_games(positions):
    assert len(positions) >= 50
    assert {g.players for g, _ in positions} == {2, 3, 4}
    assert {g.difficulty for g, _ in positions} == {1, 2}
    assert sum(still_after(g) == 1 for g, _ in positions) >= 10, "some with a rival still to play after"


def test_the_smart_bot_targets_the_card_that_gives_the_best_chance_to_win(positions):
    for n, (game, options) in enumerate(positions):
        player = game.current
        worth = {card: c[player] for card, c in options.items()}
        chosen = SMART.choose(game.view(player), player, Rng(n))
        assert worth[chosen[len(TARGET):]] >= max(worth.values()) - TOLERANCE, (n, chosen, worth)


def test_the_smart_bot_sets_seattles_die_for_the_best_chance_and_rolls_on_while_a_claim_helps(positions):
    checked = 0
    for n, (game, _) in enumerate(positions):
        player = game.current
        target = SMART.choose(game.view(player), player, Rng(n))
        card = game.cards[target[len(TARGET):]]
        won = chances(claiming(game, card))[player]
        missed = chances(missing(game))[player]
        g = clone(game)
        g.apply(player, target)
        if FIX[0] in g.legal_actions(player):
            face = SMART.choose(g.view(player), player, Rng(n))
            best = best_fix(game, player, card)[1]
            chosen = claim_chance(game, player, card, {FIX[f]: f for f in range(3)}.get(face))
            assert chosen >= best - TOLERANCE, (n, face)
        if won <= missed + TOLERANCE or card.monument:
            continue
        assert g.phase == READY
        symbols, left = g.symbols(player), card.spaces - g.banked(player, card.id)
        for rays in range(11):
            for nukes in range(symbols):
                martians = 10 - rays - nukes
                count = {"ray": rays, "nuke": nukes}.get(card.need, 0)
                if martians <= 0 or count >= left:
                    continue
                if best_claim(card.need, left, symbols, rays, nukes, martians, False) <= 0:
                    continue
                g.phase, g.kept, g.rolls = CONTINUE, [martians, rays, nukes], 1
                assert SMART.choose(g.view(player), player, Rng(n)) == ROLL, (n, card.id, rays, nukes)
                checked += 1
    assert checked > 100


def test_a_claim_that_would_end_the_game_lost_is_not_sought():
    """The last player of the round, behind by more than the last card of a stack is worth, does not target
    it: claiming it would end the game lost. Level, it goes for that card: claiming it wins at once."""
    game = MarsAttacks(2, 5, first=0)
    for card in ("boise", "omaha", "atlanta", "tulsa"):
        game.apply(CHANCE, card)
    game.hidden = [0, 1, 1, 1]
    game.claimed = [["statue-of-liberty"], []]
    game.current = 1
    assert game.vp(0) > game.cards["boise"].vp
    choice = SMART.choose(game.view(1), 1, Rng(1))
    assert choice != TARGET + "boise"
    game.claimed = [[], []]  # now Boise would win the game at once
    assert SMART.choose(game.view(1), 1, Rng(1)) == TARGET + "boise"


def test_a_position_the_bot_imagines_allows_a_bank_exactly_when_the_rules_do():
    """The search banks on tables it imagines (``position``): on every table of these games it agrees with the
    rules on who may bank where (tokens, Philadelphia's fifth, Miami)."""
    for seed in range(6):
        game = MarsAttacks(4, seed, first=seed % 4)
        for player in decision_points(game):
            view = game.view(player)
            setup, pos = setup_of(view), from_view(view)
            for p in range(4):
                for card in view.in_play():
                    assert can_bank(setup, pos, p, card) == view.can_bank(p, card.id), (seed, p, card.id)
            game.apply(player, BOTS["random"].choose(view, player, game.rng_for("bot")))
