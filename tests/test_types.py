"""The type checker passes over the headless core and every game's rules (configured in pyproject.toml)."""

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_core_and_rules_type_check(monkeypatch):
    monkeypatch.chdir(ROOT)
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--no-incremental"])
    assert status == 0, out + err
