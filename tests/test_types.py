"""The type checker passes, in strict mode, over the headless core, every game's rules and bots, and all
they import (the files are listed in pyproject.toml)."""

import tomllib
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_core_rules_and_bots_type_check_strictly(monkeypatch):
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert {"game/core", "game/*/rules.py", "game/*/bots.py"} <= set(config["files"])
    monkeypatch.chdir(ROOT)
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--strict", "--no-incremental"])
    assert status == 0, out + err
