"""Where the history database lives."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "dicepoker-tui"
HOME_ENV = "DICEPOKER_HOME"
DB_NAME = "history.db"
VARIANT_FILES_ENV = "DICEPOKER_VARIANT_FILES"
"""House-rules files a server's tables may play (`serve --variant-file`), joined by
`os.pathsep`: its session processes read them too."""


def data_dir() -> Path:
    """`$DICEPOKER_HOME` when set, else the user data directory of the platform."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def absolute_home() -> None:
    """Make a relative `$DICEPOKER_HOME` absolute, once, at a command's start: the
    processes it starts (a server's sessions) run in other folders."""
    home = os.environ.get(HOME_ENV)
    if home and not Path(home).expanduser().is_absolute():
        os.environ[HOME_ENV] = os.path.abspath(Path(home).expanduser())


def default_db_path() -> Path:
    """The history database used when no path is given."""
    return data_dir() / DB_NAME
