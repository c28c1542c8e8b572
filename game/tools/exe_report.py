"""Size and start-up time of the packaged game (PyInstaller build).

    python -m game.tools.exe_report [dist/martian-game-night]

Prints JSON: the build's size on disk and the best-of-three time from
launching the executable to its first frame, in a real window when there is
a display (as ``python -m game bench`` measures the game from source).
Targets: at most 70 MB for the one-folder build, first frame within 0.5 s.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game.bench import first_frame_s, has_display

DEFAULT = Path("dist") / "martian-game-night"


def executable(build: Path) -> Path:
    name = "martian-game-night.exe" if sys.platform == "win32" else "martian-game-night"
    return build / name if build.is_dir() else build


def size_mb(build: Path) -> float:
    """Bytes of real files (links to files already counted are skipped)."""
    files = build.rglob("*") if build.is_dir() else [build]
    return round(sum(f.stat().st_size for f in files if f.is_file() and not f.is_symlink()) / 1e6, 1)


def report(build: Path) -> dict:
    program = executable(build)
    return {"build": str(build), "size_mb": size_mb(build), "first_frame_s": first_frame_s([str(program)]),
            "window": "real" if has_display() else "none (SDL dummy driver)",
            "targets": {"size_mb": 60, "first_frame_s": 0.5}}


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    if not target.exists():
        sys.exit(f"no build at {target}; build it with: python -m PyInstaller martian-game-night.spec")
    print(json.dumps(report(target), indent=2))
