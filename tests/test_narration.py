"""What the games say during play: plain English that agrees ("1 point", "You claim", "Ana claims"), every pick
narrated with who did it, and short enough for the header it is shown in.

The exact sentences come from real events played through each scene's narration; whole seeded bot games
(one seat called "You") check every message against a small grammar checker."""

import re

import pytest
from conftest import run_until

from game.core.steps import FRAMES
from game.core.words import agree, counted, does, joined, plural, times, whom, whose
from game.heroes import rules as heroes
from game.mars_attacks import rules as ma
from game.martian_dice import rules as md
from game.registry import GAMES
from game.saves import Seat
from game.scenes.results import winners_line
from game.takedown import rules as td
from game.ui import theme

# ----- the words module ----------------------------------------------------------


def test_counts_agree_with_their_number():
    assert [counted(n, "point") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert counted(1, "die") == "1 die" and counted(13, "die") == "13 dice"
    assert counted(1, "VP") == "1 VP" and counted(3, "VP") == "3 VP"
    assert counted(2, "death ray") == "2 death rays" and counted(7.0, "Ray Gun") == "7 Ray Guns"
    assert counted(2, "of a colour", "of a colour") == "2 of a colour"
    assert [times("nuked", n) for n in (0, 1, 3)] == ["never nuked", "nuked once", "nuked 3 times"]
    assert [plural(w) for w in ("city", "day", "bus", "center disc")] == ["cities", "days", "buses", "center discs"]


def test_verbs_agree_with_whoever_acts():
    assert does("Ana", "claim") == "Ana claims" and does("You", "claim") == "You claim"
    assert does("Ana", "set aside") == "Ana sets aside" and does("You", "set aside") == "You set aside"
    assert does("Ana", "be") == "Ana is" and does("You", "be") == "You are" and does(["Ana", "Zax"], "be") == "Ana and Zax are"
    assert does("Zax", "have") == "Zax has" and does("You", "have") == "You have"
    assert [agree(v, "Zax") for v in ("miss", "pass", "empty", "play", "reach", "go")] == \
        ["misses", "passes", "empties", "plays", "reaches", "goes"]
    assert agree("join", 1) == "joins" and agree("join", 2) == "join"
    assert does(["Ana", "Zax", "Kree"], "get") == "Ana, Zax and Kree get" and does(["Ana"], "get") == "Ana gets"


def test_names_as_possessives_objects_and_lists():
    assert whose("Ana") == "Ana's" and whose("You") == "Your" and whose("you", start=False) == "your"
    assert whom("You") == "you" and whom("Ana") == "Ana"
    assert joined(["Ana"]) == "Ana" and joined(["Ana", "Zax"], "or") == "Ana or Zax"
    assert winners_line(["You"]) == "You win!" and winners_line(["Ana"]) == "Ana wins!"
    assert winners_line(["Ana", "Zax"]) == "Ana and Zax share the win!"


# ----- exact sentences from real events -------------------------------------------

def table(app, game_id, names, seed=1, options=None):
    info = GAMES[game_id]
    state = info.new_state(len(names), seed, options, 0)
    seats = [Seat(name, i, info.default_bot) for i, name in enumerate(names)]
    scene = info.scene(app, seats, state, "narration-test")
    app.scenes.push(scene)
    return scene


def said(scene, event, batch=None) -> str:
    """Play one event's animation through to its end; what the header says then."""
    scene.batch = batch or [event]
    script = scene.animate(event)
    try:
        next(script)
        while True:
            script.send(10.0)
    except StopIteration:
        pass
    return scene.message


def test_martian_dice_sentences(app):
    scene = table(app, "martian-dice", ["You", "Ana", "Zax"])
    assert said(scene, md.Rolling(0, 13)) == "You roll 13 dice..."
    assert said(scene, md.Rolling(1, 1)) == "Ana rolls 1 die..."
    assert said(scene, md.Rolled(1, (0, 2, 0, 11, 0))) == "Ana rolls 2 death rays and 11 cows."
    assert said(scene, md.Rolled(1, (1, 2, 0, 10, 0))) == "Ana rolls 2 death rays and 10 cows.", "tanks: next line"
    assert said(scene, md.TanksOut(0, 1)) == "1 tank rolled out against you!"
    assert said(scene, md.Took(1, md.COW, 3)) == "Ana sets aside 3 cows."
    assert said(scene, md.Took(0, md.RAY, 1)) == "You set aside 1 death ray."
    stop = md.TurnEnded(2, 7, False)
    assert said(scene, stop) == "Zax stops and banks 7 points."
    assert said(scene, md.TurnEnded(0, 1, False)) == "You stop and bank 1 point."
    assert said(scene, md.TurnEnded(1, 9, False), [md.Took(1, md.HUMAN, 2), md.TurnEnded(1, 9, False)]) == \
        "Ana has set aside every die and banks 9 points."
    assert said(scene, md.TurnEnded(0, 0, True)) == "You are chased off by the tanks: no points this turn."
    assert said(scene, md.Stuck(0)) == "You have nothing left to take: the turn ends."
    assert said(scene, md.FinalRound(1, (2,))) == "Ana reaches 25: final round! Zax gets one last turn."
    assert said(scene, md.FinalRound(2, (0, 1))) == "Zax reaches 25: final round! You and Ana get one last turn."
    assert said(scene, md.DuelStarted((0, 2))) == "You and Zax are tied for first: death-ray duel!"
    assert said(scene, md.DuelRolled((0, 2), (2, 4))) == "Zax wins the duel: 4 death rays to 2!"
    assert said(scene, md.DuelRolled((0, 1, 2), (1, 0, 1))) == "You and Zax tie with 1 death ray: the duel goes on!"


def test_a_persons_pick_stays_in_their_prompt(app):
    info = GAMES["martian-dice"]
    scene = info.scene(app, [Seat("You", 0, None), Seat("Zax", 1, "optimal")], info.new_state(2, 11, None, 0), "md")
    app.scenes.push(scene)
    assert scene.message == "Your turn: roll the dice!"
    scene.act(md.ROLL)
    run_until(app, lambda: scene.idle)
    face = next(f for f in (md.CHICKEN, md.COW, md.HUMAN, md.RAY) if scene.game.can_take(f))
    count = scene.game.table[face]
    scene.act(md.TAKE[face])
    run_until(app, lambda: scene.idle)
    word = {md.RAY: "death ray", md.HUMAN: "human", md.COW: "cow", md.CHICKEN: "chicken"}[face]
    assert scene.message == f"You set aside {counted(count, word)}. Roll, or stop for " \
                            f"{counted(scene.game.turn_score, 'point')}?"


def test_mars_attacks_sentences(app):
    scene = table(app, "mars-attacks", ["You", "Ana"])
    assert said(scene, ma.Targeted(1, "denver")) == "Ana targets Denver (3 VP): 7 Ray Guns."
    assert said(scene, ma.Targeted(0, "las-vegas")) == "You target Las Vegas (6 VP): be nuked 2 times."
    assert said(scene, ma.Targeted(0, "hoover-dam")) == "You target Hoover Dam (5 VP): roll 7 Martians."
    assert said(scene, ma.DieFixed(1, ma.RAY)) == "Ana sets a die to a Ray Gun before rolling (Seattle)."
    assert said(scene, ma.Rolling(0, 10)) == "You throw 10 dice..."
    assert said(scene, ma.Rolled(1, (5, 1, 4), 4, 6)) == "Ana rolls 5 Martians, 1 Ray Gun and 4 Nukes. Nukes: 4 of 6."
    assert said(scene, ma.Nuked(0, "denver", 0)) == "You are nuked and lose this turn's results."
    assert said(scene, ma.Nuked(1, "las-vegas", 1)) == \
        "Ana is nuked and loses this turn's results. Las Vegas counts it: 1 of 2."
    assert said(scene, ma.Banked(1, "denver", 1, 5)) == "Ana stops and banks 1 Ray Gun on Denver: 5 of 7."
    assert said(scene, ma.Banked(0, "denver", 3, 3)) == "You stop and bank 3 Ray Guns on Denver: 3 of 7."
    assert said(scene, ma.Banked(0, "denver", 4, 4, 1)) == \
        "You stop and bank 3 Ray Guns (+1 from a card's rule) on Denver: 4 of 7.", "a bonus is said apart: 3 + 1"
    rolled = ma.Rolled(0, (0, 2, 1), 1, 3)
    assert said(scene, ma.Banked(0, "boise", 4, 4), [ma.Rolling(0, 3), rolled, ma.Banked(0, "boise", 4, 4)]) == \
        "You have no Martians left and bank 4 Ray Guns on Boise: 4 of 7."
    assert said(scene, ma.Banked(1, "hoover-dam", 5, 5), [rolled, ma.Banked(1, "hoover-dam", 5, 5)]) == \
        "Ana banks 5 Martians on Hoover Dam: 5 of 7 (one roll only)."
    assert said(scene, ma.Claimed(1, "denver", 3, 0)) == "Ana claims Denver (3 VP)!"
    assert said(scene, ma.Claimed(0, "washington", 5, 1)) == "You claim Washington, D.C. (5 VP)!"
    assert said(scene, ma.ProgressWiped(0), [ma.Claimed(0, "washington", 5, 1), ma.ProgressWiped(0)]) == \
        "Washington, D.C. falls: everyone but you takes their tokens back."
    assert said(scene, ma.ExtraTurn(0)) == "You take another turn straight away (Indianapolis)."
    assert said(scene, ma.EndTriggered(0, (1,))) == "You empty a stack: final round! Ana gets one last turn."
    assert said(scene, ma.NoTarget(1)) == "Ana has no card to target and passes."
    assert said(scene, ma.NoTarget(0)) == "You have no card to target and pass."
    assert said(scene, ma.TurnEnded(1, "denver", "stopped")) == "Ana ends the turn with nothing banked."


def test_takedown_sentences(app):
    scene = table(app, "takedown", ["You", "Ana"])
    icon = scene.level.targets[0].icon
    assert said(scene, td.Flicked(0, None)) == "You flick!"
    assert said(scene, td.Flicked(1, None)) == "Ana flicks!"
    assert said(scene, td.Reflick(0)) == "Your die never left the saucer: that flick does not count."
    assert said(scene, td.FellOff(1)) == "Ana's die falls off the table, and the saucer goes back to Base."
    assert said(scene, td.Knocked(1, 0)) == "Ana knocks your saucer back to Base!"
    assert said(scene, td.Knocked(0, 1)) == "You knock Ana's saucer back to Base!"
    assert said(scene, td.Claimed(1, 0, "outer", False, 1)) == f"Ana claims the {icon}'s outer ring: 1 point."
    assert said(scene, td.Claimed(0, 0, "middle", True, 3)) == \
        f"You claim the {icon}'s middle ring, flipped by the {icon} on the die: 3 points!"
    assert said(scene, td.SaucerMoved(0, tuple(scene.level.bases[0]))) == \
        "You miss, and the saucer lands where the die stopped."


def test_heroes_sentences(app):
    scene = table(app, "heroes", ["You", "Ana", "Zax"])
    run_until(app, lambda: scene.game.phase == heroes.BID and scene.idle)
    reveal = heroes.Revealed((3, 4, 3), (3,), 1, (0, 2))
    assert said(scene, reveal) == "Bids: You (3), Ana (4) and Zax (3). The 3s cancel: Ana's 4 wins."
    scene.shown = type(scene.shown).of(scene.game)
    assert said(scene, heroes.Revealed((5, 2, 2), (2,), 0, ())) == "Bids: You (5), Ana (2) and Zax (2). The 2s cancel: " \
        "your 5 wins."
    scene.shown = type(scene.shown).of(scene.game)
    assert said(scene, heroes.Revealed((1, 1, 1), (1,), None, ())) == "Bids: You (1), Ana (1) and Zax (1). The 1s cancel: " \
        "a bidding tie!"
    scene.game.reveal, scene.game.phase = reveal, heroes.FREEZE_WINDOW
    assert scene.prompt() == "Ana's 4 takes the pot, unless you or Zax fires a Freeze Ray first!"
    scene.game.reveal = heroes.Revealed((2, 2, 5), (2,), 2, (0,))
    assert scene.prompt() == "Zax's 5 takes the pot, unless you fire a Freeze Ray first!"
    scene.game.reveal = heroes.Revealed((1, 1, 1), (1,), None, (0, 1, 2))
    assert scene.prompt() == "A bidding tie, unless you, Ana or Zax fires a Freeze Ray first!"
    scene.shown.pot = [0, 0, 1, 2]
    assert said(scene, heroes.Frozen(2, 1)) == "Zax fires the Freeze Ray and takes the pot of 4 Invaders from Ana!"
    assert said(scene, heroes.Frozen(0, None)) == "You fire the Freeze Ray and take the pot of 4 Invaders!"
    colours = [c.name.lower() for c in scene.game.colours]
    scene.shown.pot = [1, 0, 1]
    assert said(scene, heroes.PotTaken(1, (1, 0, 1), False)) == \
        f"Ana takes the pot of 3 Invaders: 2 {colours[1]} and 1 {colours[0]}."
    scene.shown.pot = [3]
    assert said(scene, heroes.PotTaken(0, (3,), False)) == f"You take the pot of 1 Invader: 1 {colours[3]}."
    assert said(scene, heroes.BiddingTie(2, 1)) == "A bidding tie: 1 Invader joins the pot."
    assert said(scene, heroes.BiddingTie(2, 2)) == "A bidding tie: 2 Invaders join the pot."


def test_results_count_scores_in_the_games_own_units(app):
    from game.core.protocol import Outcome
    from game.scenes.results import ResultsScene

    seen = []
    for game_id, scores, expected in (("martian-dice", (1.0, 26.0), "1 point"), ("mars-attacks", (1.0, 3.0), "1 VP"),
                                      ("heroes", (4.0, 2.0), "4 of a colour")):
        info = GAMES[game_id]
        seats = [Seat("You", 0, None), Seat("Ana", 1, info.default_bot)]
        app.scenes.push(ResultsScene(app, info, seats, Outcome(((1,), (0,)), scores, "Most points")))
        texts = [t for t, _ in app.canvas.audit_frame(lambda: app.scenes.top.draw(app.canvas)).texts]
        seen.append((expected in texts, "Ana wins!" in texts))
    assert seen == [(True, True)] * 3


def test_scores_in_words_leave_room_for_the_details_at_150_percent(app):
    from game.core.protocol import Outcome
    from game.scenes.results import ResultsScene

    app.settings.text_size = 150
    app.apply_settings()
    info = GAMES["martian-dice"]
    seats = [Seat("Player 1", 0, None), Seat("Blorp", 1, "winner"), Seat("Zax", 2, "optimal")]
    details = ["10 turns, best 12, never chased off", "10 turns, best 9, chased off 4x", "9 turns, best 11, never chased off"]
    app.scenes.push(ResultsScene(app, info, seats, Outcome(((1,), (0,), (2,)), (24.0, 26.0, 21.0), "Most points"), details,
                          [[1, 24], [2, 26], [3, 21]]))
    layout = app.canvas.audit_frame(lambda: app.scenes.top.draw(app.canvas))
    texts = [t for t, _ in layout.texts]
    assert "26 points" in texts and all(d in texts for d in details) and not layout.problems()


def test_a_challenge_result_counts_flicks_pieces_and_stars():
    from game.takedown.level import challenge_levels

    level = next(lv for lv in challenge_levels()[0] if lv.challenge.goal != "points")
    game = GAMES["takedown"].new_state(1, 5, {"table": f"challenge/{level.id}"}, 0)
    game.phase = td.OVER
    game.pieces = [["center"]] + [[] for _ in game.pieces[1:]]
    assert game.outcome().reason == "Out of flicks with 1 piece standing"
    game.pieces, game.flicks = [[] for _ in game.pieces], 1
    assert game.outcome().reason == "Cleared in 1 flick: 3 stars"


# ----- whole bot games: the grammar checker -----------------------------------------

PLURAL_NOUNS = ("points", "dice", "tanks", "death rays", "humans", "cows", "chickens", "Martians", "Ray Guns",
                "Nukes", "Invaders", "flicks", "pieces", "center discs", "turns", "times", "cards", "stars",
                "rounds", "colours", "VPs")
SINGULAR_NOUNS = ("point", "die", "tank", "death ray", "human", "cow", "chicken", "Martian", "Ray Gun", "Nuke",
                  "Invader", "flick", "piece", "center disc", "turn", "time", "card", "star", "round")


def grammar_problems(text: str) -> list[str]:
    """What reads wrong: a shortened unit, a count that disagrees with its noun, "You" with a verb in -s."""
    problems = []
    if re.search(r"\bpts?\b", text):
        problems.append("an abbreviated unit")
    if re.search(rf"(?<![\d.])\b1 ({'|'.join(PLURAL_NOUNS)})\b", text):
        problems.append("one with a plural noun")
    if re.search(rf"\b(0|[2-9]|\d\d+) ({'|'.join(SINGULAR_NOUNS)})\b(?![s-])", text):
        problems.append("many with a singular noun")
    if re.search(r"\b[Yy]ou (is|has|was|does|[a-z]+[^s]s)\b", text) or re.search(r"\b[Yy]ou's\b", text):
        problems.append("'You' with a verb or possessive for someone else")
    if re.search(r"\bVPs\b|\bdies\b", text):
        problems.append("a wrong plural")
    return problems


def test_the_grammar_checker_catches_the_old_mistakes():
    for bad in ("You claims Denver.", "1 pts", "Ana banks 1 points.", "You's turn", "Zax rolls 13 die...", "You has"):
        assert grammar_problems(bad), bad
    for good in ("You claim Denver (3 VP)!", "Ana banks 1 point.", "Your turn", "You miss, and the saucer lands.",
                 "You pass.", "Zax rolls 13 dice..."):
        assert not grammar_problems(good), good


# one impersonal line each game may say; every other narration names a player
IMPERSONAL = ("A bidding tie", "Everyone picks up", "The last pot keeps tying", "Final count")
PICKS = {  # each game's picks and the words that narrate them
    "martian-dice": (lambda g: sum(1 for _, a in g.log if isinstance(a, str) and a in md.TAKE_FACE), r"\bsets? aside \d"),
    "mars-attacks": (lambda g: sum(1 for _, a in g.log if isinstance(a, str) and a.startswith(ma.TARGET)),
                     r"\btargets? .+ \(\d+ VP\)"),
    "takedown": (lambda g: g.attempts, r"\bflicks?!"),
    "heroes": (lambda g: len(g.bidding), r"^Bids: "),
}


def play_with_bots(app, game_id, names, seed, long_names=False):
    """A whole seeded game of bots through the real scene; every narration, prompt and banner it showed."""
    info = GAMES[game_id]
    state = info.new_state(len(names), seed, None, 0)
    seats = [Seat(name, i, list(info.bots)[i % len(info.bots)]) for i, name in enumerate(names)]
    scene = info.scene(app, seats, state, f"narration-{game_id}")
    narrations, shown, bars = [], set(), {}
    narrate, draw_message = scene.narrate, scene.draw_message

    def record(text):
        narrations.append(text)
        narrate(text)

    def measure(canvas, rect, size=theme.FONT_BODY):
        bars["bar"] = (rect[2] - 30, size)
        draw_message(canvas, rect, size)

    scene.narrate, scene.draw_message = record, measure
    app.scenes.push(scene)
    app.step(1 / 20, [])  # one frame drawn: the header's size
    app.draw = lambda area=None, started=None: None  # the words are what is checked here; drawing every frame is the smoke run's
    for _ in range(60000):
        if app.scenes.top is not scene:
            break
        app.step(1 / 20, [])
        FRAMES.rest()  # frames back to back starve a thinking thread
        shown.add(scene.message)
        if scene.banner:
            shown.add(scene.banner[0])
    assert type(app.scenes.top).__name__ in ("ResultsScene", "ChallengeResultScene"), "the game reached its results"
    return scene, narrations, shown, bars["bar"]


@pytest.mark.parametrize("game_id, names, seed", [
    ("martian-dice", ["You", "Player 2", "Quixa"], 3),
    ("mars-attacks", ["Player 1", "You", "Nebbo", "Zax"], 4),
    ("takedown", ["You", "Player 2"], 5),
    ("heroes", ["Player 1", "Blorp", "You", "Kree"], 6),
])
def test_every_message_of_a_bot_game_reads_right_and_names_who_acted(app, game_id, names, seed):
    scene, narrations, shown, (width, size) = play_with_bots(app, game_id, names, seed)
    details = {form for line in scene.info.details(scene.game) for form in ((line,) if isinstance(line, str) else line)}
    everything = set(narrations) | shown | details | {scene.game.outcome().reason}
    bad = {text: grammar_problems(text) for text in everything if grammar_problems(text)}
    assert not bad
    anonymous = [n for n in narrations if not any(name in n or whom(name) in n for name in names)
                 and not n.startswith(IMPERSONAL)]
    assert not anonymous, "every narration says who acted"
    count, pattern = PICKS[game_id]
    picks = [n for n in narrations if re.search(pattern, n)]
    assert count(scene.game) > 0 and len(picks) == count(scene.game), "every pick is narrated, once"
    canvas = app.canvas  # at a larger text size the header shrinks a long line back to the normal size at most
    too_long = [n for n in set(narrations) if canvas.text_width(n, size) > width]
    assert not too_long, "with names of up to 8 letters every narration fits its header whole"


def test_long_names_are_cut_so_the_rest_of_a_message_still_fits(app):
    names = ["Bartholomew Xyz", "Wilhelmina Q. W"]
    scene, narrations, _, (width, size) = play_with_bots(app, "martian-dice", names, 7)
    canvas = app.canvas
    cut = [scene.names_fitted(canvas, n, size, width) for n in set(narrations)]
    assert all(canvas.text_width(text, size) <= width for text in cut)
    assert any("…" in text for text in cut), "some messages needed a shorter name"
    assert all(text.endswith((".", "!", "...", "?")) for text in cut), "a message keeps its end"
