"""The save journal: every action is in the operating system's hands before its animation starts, so a kill -9
loses nothing the screen has shown; the journal folds into the save and a torn last line is ignored."""

import json
import os
import signal
import subprocess
import sys
import time

import pygame

from game import journal, saves, storage
from game.registry import GAMES
from game.saves import Seat

INFO = GAMES["martian-dice"]
SEATS = [Seat("Ada", 0, "greedy"), Seat("Zax", 1, "cautious")]


def line(journal_id, n, entry):
    return json.dumps({"id": journal_id, "n": n, "entry": entry})


def test_the_journal_adds_its_own_lines_after_the_save_and_stops_at_a_torn_one():
    record = {"journal": "a", "log": [[0, "roll"]]}
    text = "\n".join([line("a", 0, [0, "roll"]),  # the save holds it already
                      line("old", 1, [9, "x"]),  # an older game in the slot
                      line("a", 1, [-1, 5]),
                      line("a", 2, [0, "stop"]),
                      '{"id": "a", "n": 3, "ent'])  # torn by a kill
    assert journal.replay(record, text)["log"] == [[0, "roll"], [-1, 5], [0, "stop"]]
    assert journal.replay(record, line("a", 3, [0, "x"]))["log"] == [[0, "roll"]], "a gap ends the replay"


def play(state, actions: int):
    bots = [INFO.bots[seat.bot] for seat in SEATS]
    for _ in range(actions):
        if state.is_over:
            break
        if state.is_chance():
            state.apply_chance()
        else:
            player = state.to_act()[0]
            state.apply(player, bots[player].choose(state.view(player), player, state.rng_for(f"bot/{player}")))
        saves.save(saves.SavedGame(INFO.id, INFO.id, SEATS, state))


def test_a_long_game_folds_its_journal_into_the_save_and_loads_whole(user_dir):
    state = INFO.new_state(2, 11)
    play(state, 3 * saves.FOLD_EVERY + 7)
    assert not state.is_over
    path = user_dir / saves.SAVE_DIR / f"{INFO.id}.json"
    assert saves.load(INFO.id).state.to_json() == state.to_json()
    storage.WRITER.flush()
    held = len(json.loads(path.read_text())["log"])
    assert held >= 3 * saves.FOLD_EVERY, "folded into the save file"
    kept = journal.path_for(path).read_text().splitlines() if journal.path_for(path).exists() else []
    assert len(kept) < saves.FOLD_EVERY and all(json.loads(raw)["n"] >= held for raw in kept), "trimmed"
    saves.clear(INFO.id)
    storage.WRITER.flush()
    assert not path.exists() and not journal.path_for(path).exists()


def test_a_game_s_end_never_waits_for_the_disk_and_the_next_game_in_its_slot_survives_the_removal(
        user_dir, monkeypatch):
    import threading

    from game import stats

    disk_slow = threading.Event()
    real_sync = storage.sync_file
    monkeypatch.setattr(storage, "sync_file", lambda path: (disk_slow.wait(10), real_sync(path)))
    finished = INFO.new_state(2, 5)
    play(finished, 10_000)  # to its end: its last action's journal is being made durable, slowly
    assert finished.is_over
    began = time.perf_counter()
    saves.clear(INFO.id)
    stats.count_finished(INFO, [Seat("Ana", 0), SEATS[1]], finished)
    assert saves.load_all() == ([], []) and not saves.exists(INFO.id), "the title offers no game to continue"
    rematch = INFO.new_state(2, 6)
    play(rematch, 3)  # a new game in the same slot at once, before the removal ran
    assert time.perf_counter() - began < 1, "the save's removal and the statistics wait for the disk elsewhere, " \
        "and so does the title's list of games to continue"
    disk_slow.set()
    storage.WRITER.flush()
    assert saves.load(INFO.id).state.to_json() == rematch.to_json(), "the old game's removal spared the new one"
    assert stats.load()[0].players["Ana"][INFO.id].played == 1


def test_a_new_game_in_the_slot_does_not_read_the_old_games_journal(user_dir):
    old = INFO.new_state(2, 1)
    play(old, 10)
    saves._on_disk.clear()  # the next start of the game
    new = INFO.new_state(2, 2)
    play(new, 3)
    assert saves.load(INFO.id).state.to_json() == new.to_json()


def test_a_new_game_begins_in_the_journal_and_its_save_file_follows(user_dir, monkeypatch):
    """A new game's first save is one append (its whole save on a start line), as fast as any move; a kill
    before the save file is written loses nothing: the next start writes it from the journal."""
    old = INFO.new_state(2, 1)
    path = user_dir / saves.SAVE_DIR / f"{INFO.id}.json"
    with monkeypatch.context() as killed:
        killed.setattr(saves.WRITER, "put", lambda *args, **kwargs: None)  # the writer never gets to it
        play(old, 5)
        assert not path.exists() and journal.path_for(path).exists()
    saves._on_disk.clear()  # the next start of the game
    assert saves.load(INFO.id).state.to_json() == old.to_json()
    games, problems = saves.load_all()
    assert [g.state.to_json() for g in games] == [old.to_json()] and not problems


def test_a_game_begun_since_the_save_file_wins_over_it_and_survives_the_old_games_trim():
    record = {"journal": "b", "log": [[0, "roll"]]}
    text = "\n".join([line("a", 5, [0, "stop"]), json.dumps({"id": "b", "save": record}), line("b", 1, [-1, 3])])
    assert journal.replay({"journal": "a", "log": []}, text)["log"] == [[0, "roll"], [-1, 3]]
    assert journal.replay(None, text)["log"] == [[0, "roll"], [-1, 3]], "with no save file at all"
    kept = journal._still_needed(text.splitlines(), "a", 6)  # the older game's save file has landed
    assert kept == text.splitlines()[1:], "the newer game's lines stay"
    assert journal._still_needed(text.splitlines(), "b", 1) == [text.splitlines()[2]], "its own save landed"


CHILD = """
import sys
from game import saves
from game.registry import GAMES
from game.saves import Seat
info = GAMES["martian-dice"]
seats = [Seat("Ada", 0, "greedy"), Seat("Zax", 1, "cautious")]
bots = [info.bots["greedy"], info.bots["cautious"]]
seed = int(sys.argv[1])
while True:
    state = info.new_state(2, seed)
    while not state.is_over:
        if state.is_chance():
            state.apply_chance()
        else:
            p = state.to_act()[0]
            state.apply(p, bots[p].choose(state.view(p), p, state.rng_for(f"bot/{p}")))
        if state.is_over:
            print(seed, "over", flush=True)  # the results show: nothing left to continue
            saves.clear("martian-dice")
        else:
            saves.save(saves.SavedGame(info.id, info.id, seats, state))
            print(seed, len(state.log), flush=True)  # what the screen would show now
    seed += 1
"""


def test_a_kill_at_any_moment_loses_nothing_that_was_shown(user_dir):
    """Kill -9 a game at 12 moments; the save then holds at least every action reported as shown."""
    for run in range(12):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(100 + run)], stdout=subprocess.PIPE, text=True,
                                 env=os.environ | {"PYTHONPATH": os.getcwd()})
        time.sleep(0.4 + 0.05 * run)
        os.kill(child.pid, signal.SIGKILL)
        out, _ = child.communicate()
        whole = out.split("\n")[:-1]  # lines printed whole (a kill may cut the last one)
        if not whole:
            continue
        last = whole[-1].split()
        saves._on_disk.clear()
        loaded = saves.load(INFO.id)
        if last[1] == "over":
            # cleared, or not yet (the final action is never journaled: its save is cleared at once), or the next game
            assert loaded is None or loaded.state.to_json()["seed"] in (int(last[0]), int(last[0]) + 1)
            continue
        seed, shown = int(last[0]), int(last[1])
        assert loaded is not None, f"run {run}: the game in play was lost"
        record = loaded.state.to_json()
        assert record["seed"] == seed and len(record["log"]) >= shown, f"run {run}: lost actions"
        saves.clear(INFO.id)


def _held_slot_table(app, other):
    """A new game opened on a slot that the running process `other` holds: the table asks before anything."""
    lock = saves._lock_path(INFO.id)
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.write_text(str(other.pid))
    scene = INFO.scene(app, SEATS, INFO.new_state(2, 5), INFO.id)
    app.scenes.push(scene)
    assert not saves.exists(INFO.id), "nothing is written over the other copy's save before the players choose"
    scene.update(0.016)
    question = app.scenes.top
    assert question is not scene and f"process {other.pid}" in question.text
    return scene, question, lock


def _answer(app, question, key) -> None:
    question.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_a_slot_held_by_another_running_copy_is_left_to_it_and_the_game_is_saved_apart(app, user_dir):
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        scene, question, lock = _held_slot_table(app, other)
        _answer(app, question, pygame.K_s)
        assert app.scenes.top is scene and scene.slot == f"{INFO.id}-2"
        assert lock.read_text() == str(other.pid), "the other copy's lock is untouched"
        assert saves.exists(scene.slot) and not saves.exists(INFO.id)
        assert any(scene.slot in text for text in app.notices.session)
    finally:
        other.kill()
        other.wait()
    assert saves.claim(INFO.id) is None, "its owner gone, the slot is free again"
    assert lock.read_text() == str(os.getpid())
    saves.release_all()
    assert not lock.exists()


def test_read_only_on_a_held_slot_plays_and_writes_nothing(app, user_dir):
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        scene, question, lock = _held_slot_table(app, other)
        _answer(app, question, pygame.K_r)
        assert app.scenes.top is scene and scene.read_only and scene.slot == INFO.id
        for _ in range(400):  # bots play the game to its end
            scene.update(0.1)
        assert scene.game.log, "the table plays"
        assert not list(saves._path(INFO.id).parent.glob(f"{INFO.id}*.json*")), "nothing was saved"
    finally:
        other.kill()
        other.wait()


def test_leaving_a_held_slot_closes_the_table(app, user_dir):
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        scene, question, _ = _held_slot_table(app, other)
        _answer(app, question, pygame.K_ESCAPE)
        assert scene not in app.scenes.scenes and not saves.exists(INFO.id)
    finally:
        other.kill()
        other.wait()
