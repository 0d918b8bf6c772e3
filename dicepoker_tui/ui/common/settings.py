"""User settings (theme, bot pace, language) kept in a small JSON file.

The file lives in `$DICEPOKER_HOME` when that is set, else in the platform's user
config directory. A missing or broken file gives the defaults; nothing here raises.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from platformdirs import user_config_dir
from pydantic import BaseModel, Field, ValidationError

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


def config_dir() -> Path:
    """Where settings (and other per-user files) live."""
    home = os.environ.get(HOME_ENV)
    return Path(home) if home else Path(user_config_dir(APP_DIR_NAME))


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults when the file is missing or unreadable."""
    path = path or settings_path()
    try:
        return Settings.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, ValidationError):
        return Settings()


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
