import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def user_dir(tmp_path, monkeypatch):
    """Every test gets its own empty user data directory."""
    path = tmp_path / "user"
    monkeypatch.setenv("MGN_USER_DIR", str(path))
    return path
