"""`e` in a review: the stored game as JSON (what `dicepoker import` reads).

In a browser tab the file is a download. In a terminal it is written to the downloads
folder, or to the data directory when there is no downloads folder, and the full path is
said; a file that cannot be written is said as a failure. Over SSH a file would stay on
the server, so the session says that instead of saving one nobody can reach.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from textual.screen import Screen

from dicepoker_tui.family import family_of
from dicepoker_tui.i18n import _
from dicepoker_tui.store import Store, StoreError
from dicepoker_tui.store.paths import data_dir


def export_folder() -> Path:
    """The downloads folder when there is one, else the data directory."""
    from platformdirs import user_downloads_path

    downloads = user_downloads_path()
    return downloads if downloads.is_dir() else data_dir()


def save_text(text: str, folder: Path, name: str) -> Path:
    """Write `text` as `folder/name` (whole or not at all); the path. `OSError` on failure."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    part = folder / f".{name}.{os.getpid()}.part"
    try:
        with part.open("w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(part, path)
    except OSError:
        part.unlink(missing_ok=True)
        raise
    return path


def _why(exc: OSError) -> str:
    return exc.strerror or " ".join(str(exc).split()) or type(exc).__name__


def export_review(screen: Screen, store: Store | None, game_id: int | None) -> None:
    """Export stored game `game_id` from a review `screen`, and tell the player how it went."""
    app = screen.app
    if store is None or game_id is None:
        screen.notify(_("Only a game from the history can be exported."), timeout=3)
        return
    try:
        family = family_of(store.game(game_id).variant)
        text = family.render_export(family.export(store, game_id), "json")
        if text is None:
            raise StoreError(_("{kinds} cannot be exported").format(kinds=_(family.games_kind)))
    except (StoreError, ValueError, KeyError) as exc:
        error = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        message = _("Game {id} cannot be exported: {error}").format(id=game_id, error=error)
        screen.notify(message, severity="error", timeout=6, markup=False)
        return
    name = f"dicepoker-game-{game_id}.json"
    if app.is_web:
        app.deliver_text(io.StringIO(text), save_filename=name, mime_type="application/json")
        message = _("Game {id} goes to your browser's downloads as {file}.")
        screen.notify(message.format(id=game_id, file=name), timeout=5, markup=False)
        return
    if not getattr(app, "saves_exports", True):
        message = _("Game {id} is not saved: over SSH the file would stay on the server.")
        screen.notify(message.format(id=game_id), severity="warning", timeout=6, markup=False)
        return
    folder = export_folder()
    try:
        path = save_text(text, folder, name)
    except OSError as exc:
        message = _("Game {id} could not be saved in {folder}: {reason}").format(
            id=game_id, folder=folder, reason=_why(exc)
        )
        screen.notify(message, severity="error", timeout=8, markup=False)
        return
    message = _("Game {id} is saved as {path}").format(id=game_id, path=path)
    screen.notify(message, timeout=8, markup=False)
