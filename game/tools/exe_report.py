"""Size and start-up time of the packaged game (PyInstaller build).

    python -m game.tools.exe_report [dist/martian-game-night]

Prints JSON: the build's size on disk and the best-of-three time from
launching the executable to its first frame (headless). Targets (issue #3):
at most 70 MB for the one-folder build, first frame within 1.5 s.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEFAULT = Path("dist") / "martian-game-night"


def executable(build: Path) -> Path:
    name = "martian-game-night.exe" if sys.platform == "win32" else "martian-game-night"
    return build / name if build.is_dir() else build


def size_mb(build: Path) -> float:
    """Bytes of real files (links to files already counted are skipped)."""
    files = build.rglob("*") if build.is_dir() else [build]
    return round(sum(f.stat().st_size for f in files if f.is_file() and not f.is_symlink()) / 1e6, 1)


def first_frame_s(program: Path, runs: int = 3) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    best = None
    with tempfile.TemporaryDirectory() as user_dir:
        env["MGN_USER_DIR"] = user_dir
        for _ in range(runs):
            started = time.time()
            out = subprocess.run([str(program), "--exit-after-first-frame"], env=env, capture_output=True,
                                 text=True, check=True, timeout=60)
            line = next(x for x in out.stdout.splitlines() if x.startswith("first-frame-epoch"))
            took = float(line.split()[1]) - started
            best = took if best is None else min(best, took)
    return round(best, 3)


def report(build: Path) -> dict:
    program = executable(build)
    return {"build": str(build), "size_mb": size_mb(build), "first_frame_s": first_frame_s(program),
            "targets": {"size_mb": 70, "first_frame_s": 1.5}}


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    if not target.exists():
        sys.exit(f"no build at {target}; build it with: python -m PyInstaller martian-game-night.spec")
    print(json.dumps(report(target), indent=2))
