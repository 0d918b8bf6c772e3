"""User settings (theme, bot pace, language, what help aims at) kept in a small JSON file.

The file lives in `$DICEPOKER_HOME` when that is set, else in the platform's user
config directory. A missing or broken file gives the defaults; nothing here raises.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Literal

from platformdirs import user_config_dir
from pydantic import BaseModel, Field, ValidationError

from dicepoker_tui.i18n import N_, _

HOME_ENV = "DICEPOKER_HOME"
APP_DIR_NAME = "dicepoker-tui"
SETTINGS_FILE = "settings.json"


class Settings(BaseModel):
    """What the app remembers between runs."""

    theme: str | None = Field(default=None, description="Name of the Textual theme last chosen.")
    bot_pace: float = Field(
        default=0.5, ge=0.0, le=10.0, description="Seconds a bot waits before each step."
    )
    language: str | None = Field(
        default=None, description="Language code chosen in the app (None: follow LANG)."
    )
    help_goal: Literal["score", "win"] = Field(
        default="score",
        description=(
            "What the hint and the coach aim at in a game of two or more: the best "
            "expected score, or the best chance to win."
        ),
    )


def config_dir() -> Path:
    """Where settings (and other per-user files) live."""
    home = os.environ.get(HOME_ENV)
    return Path(home) if home else Path(user_config_dir(APP_DIR_NAME))


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


SETTINGS_MOST = 64 * 1024
"""The largest settings file read (it holds a few short values)."""


def read_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, and why the defaults are used instead when the file is there but
    cannot be used (None when it is fine or missing). Only a regular file of at most
    `SETTINGS_MOST` bytes is read: a FIFO or a device is never opened."""
    path = path or settings_path()
    try:
        info = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return Settings(), None
    except OSError as exc:
        return Settings(), _problem(path, exc.strerror or str(exc))
    if not stat.S_ISREG(info.st_mode):
        return Settings(), _problem(path, "not a regular file")
    if info.st_size > SETTINGS_MOST:
        return Settings(), _problem(path, "larger than 64 KB")
    try:
        with path.open("rb") as source:
            data = source.read(SETTINGS_MOST + 1)
        if len(data) > SETTINGS_MOST:
            return Settings(), _problem(path, "larger than 64 KB")
        return Settings.model_validate(json.loads(data.decode("utf-8"))), None
    except OSError as exc:
        return Settings(), _problem(path, exc.strerror or str(exc))
    except ValidationError as exc:
        return Settings(), _problem(path, str(exc.errors()[0]["msg"]))
    except RecursionError:
        return Settings(), _problem(path, "nested too deeply")
    except ValueError:
        return Settings(), _problem(path, "not valid JSON")


def _flat(text: str) -> str:
    return " ".join(text.split())


def _problem(path: Path, reason: str) -> str:
    return _("the settings {path} are ignored ({reason}); the defaults are used").format(
        path=path, reason=_(_flat(reason))
    )


SETTINGS_REASONS = (
    N_("not a regular file"),
    N_("larger than 64 KB"),
    N_("not valid JSON"),
    N_("nested too deeply"),
)
"""The reasons `read_settings` gives in its own words (the others are the system's)."""


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults when the file is missing or unusable."""
    return read_settings(path)[0]


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write the settings atomically; False (and no exception) when that fails."""
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(settings.model_dump_json(indent=2) + "\n", encoding="utf-8")
        tmp.replace(path)
    except OSError:
        return False
    return True
