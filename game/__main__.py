"""Command line: play (default), sim, smoke, bench. See ARCHITECTURE.md for the contract."""

from __future__ import annotations

import argparse
import json
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
GAME_IDS = ["martian-dice", "mars-attacks", "takedown", "heroes"]


def main(argv: list[str] | None = None) -> int:
    from game import __version__

    parser = argparse.ArgumentParser(prog="python -m game", description="Martian Game Night")
    parser.add_argument("--version", action="version", version=f"Martian Game Night {__version__}")
    parser.add_argument("--exit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command")

    sim = sub.add_parser("sim", help="headless bot tournament; prints a JSON summary")
    sim.add_argument("game", choices=GAME_IDS)
    sim.add_argument("--bots", required=True, help="comma-separated bot strengths, one per seat")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)

    smoke = sub.add_parser("smoke", help="drive every scene headless; exit 0 when nothing failed")
    smoke.add_argument("--shots", metavar="DIR", help="save a PNG of every scene")

    sub.add_parser("bench", help="print performance figures as JSON")

    args = parser.parse_args(argv)
    if args.command == "sim":
        return run_sim(args)
    if args.command == "smoke":
        from game.smoke import run_smoke

        return run_smoke(args.shots)
    if args.command == "bench":
        from game.bench import run_bench

        print(json.dumps(run_bench(), indent=2))
        return 0
    return play(args.exit_after_first_frame)


def run_sim(args) -> int:
    from game.registry import GAMES

    if args.game not in GAMES:
        print(f"{args.game} is not playable yet; available: {', '.join(GAMES)}", file=sys.stderr)
        return 2
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    info = GAMES[args.game]
    if not info.min_players <= len(bots) <= info.max_players:
        print(f"{info.title} needs {info.min_players} to {info.max_players} bots", file=sys.stderr)
        return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    try:
        summary = info.module("sim").tournament(bots, args.games, args.seed)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    print(json.dumps(summary))
    return 0


def play(exit_after_first_frame: bool = False) -> int:
    from game.app import App
    from game.scenes.title import TitleScene

    app = App()
    app.push(TitleScene(app))
    app.run(exit_after_first_frame)
    if exit_after_first_frame and app.first_frame_at is not None:
        print(f"first-frame-epoch {app.first_frame_epoch:.6f}", flush=True)
    return 0


if __name__ == "__main__":
    if os.environ.get("MGN_HEADLESS"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.exit(main())
