"""The type checker passes, in strict mode, over the headless core, every game's rules and bots, and all
they import (the files are listed in pyproject.toml)."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_core_rules_and_bots_type_check_strictly():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert {"game/core", "game/*/rules.py", "game/*/bots.py"} <= set(config["files"])
    # In a process of its own: run inside the tests, mypy would take their import path (tests/ on it) for an
    # installed package's, and stay silent about errors in game/.
    checked = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental"], cwd=ROOT,
                             capture_output=True, text=True, timeout=600)
    assert checked.returncode == 0, checked.stdout + checked.stderr
