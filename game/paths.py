"""Where things live: bundled resources and per-user data.

The only place that knows whether the game runs from source or from a
PyInstaller bundle (``sys._MEIPASS``). User data always goes to the
platform's user directories, never next to the program.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

from platformdirs import user_data_path

APP_NAME = "MartianGameNight"


@cache
def resource_root() -> Path:
    """Found once: a table asks for its pictures' paths every frame."""
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if bundle else Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    return resource_root().joinpath("assets", *parts)


def level_path(*parts: str) -> Path:
    return resource_root().joinpath("levels", *parts)


def user_data_dir() -> Path:
    """Settings and saves; MGN_USER_DIR overrides it (tests, smoke runs).

    Not created here: the first write creates it, and a failure to do so is
    reported like any failed write instead of stopping the game at start.
    """
    override = os.environ.get("MGN_USER_DIR")
    if override:
        return Path(override)
    return user_data_path(APP_NAME, appauthor=False)
