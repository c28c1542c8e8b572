"""Command line: play (default), sim, smoke, bench, replay. See ARCHITECTURE.md for the contract."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from game import __version__
from game.registry import GAMES
from game.saves import parse
from game.storage import WriteFailed
from game.tournament import tournament

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _window_size(text: str) -> tuple[int, int]:
    import argparse

    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1920x1080") from None
    return w, h


def main(argv: list[str] | None = None) -> int:
    import argparse  # with gettext, 5 ms that the game's own start does without (see the end of this file)

    parser = argparse.ArgumentParser(prog="python -m game", description="Martian Game Night")
    parser.add_argument("--version", action="version", version=f"Martian Game Night {__version__}")
    parser.add_argument("--exit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command")

    sim = sub.add_parser("sim", help="headless bot tournament; prints a JSON summary")
    sim.add_argument("game", help=", ".join(GAMES))
    sim.add_argument("--bots", help="comma-separated bot strengths, one per seat")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--logs", metavar="DIR", help="also write every game as a save file in DIR")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="one of the game's setup options (as in setup), e.g. difficulty=hard; repeatable")
    sim.add_argument("--challenges", action="store_true",
                     help="per challenge table and bot (and the par plan copied by a shaking hand), the "
                          "share of --games tries reaching 1, 2 and 3 stars")

    smoke = sub.add_parser("smoke", help="drive every scene headless; exit 0 when nothing failed")
    smoke.add_argument("--shots", metavar="DIR", help="save a PNG of every scene")
    smoke.add_argument("--text-size", type=int, choices=(100, 125, 150), default=100,
                       help="the text size setting to check every scene at")
    smoke.add_argument("--window", metavar="WxH", type=_window_size, help="window size (default 1280x720)")

    bench = sub.add_parser("bench", help="print performance figures as JSON (in a real window when there is a display)")
    bench.add_argument("--window", action="store_true", help=argparse.SUPPRESS)  # one window's figures
    bench.add_argument("--fullscreen", action="store_true", help=argparse.SUPPRESS)
    bench.add_argument("--tour", action="store_true",
                       help="start fresh and visit every screen, game, help page, F11 and text size; print every "
                            "frame above 16.7 ms and, as JSON, the worst frame per step")
    bench.add_argument("--remote", action="store_true",
                       help="play each game to its end from a browser seat through 150 ms of added round trip: "
                            "tap-to-TV time, bytes a second, a reconnect")
    bench.add_argument("--skip-remote", action="store_true",
                       help="every figure but remote play's (which mostly wait on the network: CI measures them "
                            "with --remote while its tests run)")

    replay = sub.add_parser("replay", help="replay a save file headless; prints JSON")
    replay.add_argument("file")

    args = parser.parse_args(argv)
    if args.command == "sim":
        return run_sim(args)
    if args.command == "replay":
        return run_replay(args.file)
    if args.command == "smoke":
        from game.smoke import run_smoke  # the commands that open a window load pygame only when asked for

        return run_smoke(args.shots, args.text_size, args.window)
    if args.command == "bench":
        from game import bench as figures, tour  # as above: sim and replay start without pygame

        result = tour.run_tour() if args.window and args.tour else bench_result(figures, args)
        print(json.dumps(result, indent=None if args.window else 2))
        failed = [name for name, window in result.get("windows", result.get("tour", {})).items() if "error" in window]
        return 1 if failed else 0
    return play(args.exit_after_first_frame)


def bench_result(figures, args) -> dict:
    """The bench's JSON: one window's figures (inside its own process), or the tours, or all of them."""
    if args.window:
        return figures.window_figures(args.fullscreen)
    if args.remote:
        return figures.run_remote()
    return figures.run_tours() if args.tour else figures.run_bench(remote=not args.skip_remote)


def fail(message: str) -> int:
    print(message, file=sys.stderr)
    return 2


def run_sim(args) -> int:
    info = GAMES.get(args.game)
    if info is None:
        return fail(f"{args.game} is not playable yet; available: {', '.join(GAMES)}")
    if not 1 <= args.games <= 10_000_000:
        return fail("--games must be at least 1")
    if not 0 <= args.seed < 2**64:
        return fail("--seed must be a whole number from 0 to 2**64-1")
    if args.challenges:
        figures = getattr(info.optional_module("sim"), "challenges", None)
        if figures is None:
            return fail(f"{args.game} has no challenge tables")
        print(json.dumps(figures(args.games, args.seed)))
        return 0
    if not args.bots:
        return fail("--bots is needed: comma-separated bot strengths, one per seat")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        options = setup_options(info, args.option)
        summary = tournament(info, bots, args.games, args.seed, args.logs, options)
    except (ValueError, WriteFailed) as error:
        return fail(str(error))
    print(json.dumps(summary))
    return 0


def setup_options(info, pairs: list[str]) -> dict[str, str]:
    """`--option KEY=VALUE` pairs as the game's options; ValueError names what does not fit."""
    options = {}
    for pair in pairs:
        key, sign, value = pair.partition("=")
        if not sign:
            raise ValueError(f"--option {pair!r}: write it as KEY=VALUE")
        options[key.strip()] = value.strip()
    known = {o.id: [v for v, _ in o.choices] for o in info.options}
    for key, value in options.items():
        if key not in known:
            raise ValueError(f"{info.id} has no option {key!r}; its options: {', '.join(known) or 'none'}")
        if value not in known[key]:
            raise ValueError(f"--option {key}: {value!r} is not one of {', '.join(known[key])}")
    return options


def run_replay(file: str) -> int:
    """Replay a save file headless; exit 2 with a one-line reason when it cannot be replayed."""
    path = Path(file)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        game = parse(data)
    except OSError as error:
        return fail(f"{path.name}: cannot be read: {error.strerror or error}")
    except RecursionError:
        return fail(f"{path.name}: is nested too deeply to be a save file")
    except (ValueError, UnicodeError) as error:
        return fail(f"{path.name}: {' '.join(str(error).split())}")
    outcome = game.state.outcome()
    print(json.dumps({
        "game": game.game,
        "players": [{"name": s.name, "bot": s.bot} for s in game.seats],
        "actions": len(game.state.log),
        "over": game.state.is_over,
        "outcome": outcome.to_json() if outcome else None,
        "scores": [game.state.score(p) for p in range(len(game.seats))],
    }))
    return 0


def play(exit_after_first_frame: bool = False) -> int:
    from game.app import App  # as above: sim and replay start without pygame
    from game.scenes.stack import scene_class  # (with pygame too)

    app = App(scene_class("title").first_pictures)
    app.scenes.push("title")
    app.run(exit_after_first_frame)
    if exit_after_first_frame and app.first_frame_at is not None:
        print(f"first-frame-epoch {app.first_frame_epoch:.6f}", flush=True)
    return 0


if __name__ == "__main__":
    if os.environ.get("MGN_HEADLESS"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    arguments = sys.argv[1:]
    if arguments in ([], ["--exit-after-first-frame"]):  # the game itself: no command line to parse
        sys.exit(play(exit_after_first_frame=bool(arguments)))
    sys.exit(main())
