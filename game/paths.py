"""Where things live: bundled resources and per-user data.

The only place that knows whether the game runs from source or from a
PyInstaller bundle (``sys._MEIPASS``). User data always goes to the
platform's user directories, never next to the program.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "MartianGameNight"


def resource_root() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if bundle else Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    return resource_root().joinpath("assets", *parts)


def level_path(*parts: str) -> Path:
    return resource_root().joinpath("levels", *parts)


def user_data_dir() -> Path:
    """Settings and saves; MGN_USER_DIR overrides it (tests, smoke runs)."""
    override = os.environ.get("MGN_USER_DIR")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_path

        path = user_data_path(APP_NAME, appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path
