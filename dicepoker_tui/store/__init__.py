"""The game history: every game kept in SQLite, resumable, listable, exportable.

Importable without the terminal UI.
"""

from dicepoker_tui.store.database import (
    GameNotFound,
    HistoryUnavailable,
    Opened,
    Store,
    StoreError,
)
from dicepoker_tui.store.paths import data_dir, default_db_path
from dicepoker_tui.store.recorder import Recorder
from dicepoker_tui.store.records import GameRecord, PlayerRecord, PlayerStats

__all__ = [
    "GameNotFound",
    "GameRecord",
    "HistoryUnavailable",
    "Opened",
    "PlayerRecord",
    "PlayerStats",
    "Recorder",
    "Store",
    "StoreError",
    "data_dir",
    "default_db_path",
]
