"""`dicepoker review`: the history screens on their own, without the lobby.

Opens the history list, or the review of one game straight away; leaving the first
screen (escape) quits.
"""

from __future__ import annotations

from datetime import tzinfo

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from dicepoker_tui.store import Store
from dicepoker_tui.ui.common.i18n_bindings import (
    notify_how_to_quit,
    translate_classes,
    translate_node,
)
from dicepoker_tui.ui.history.history import HistoryScreen
from dicepoker_tui.ui.views import review_screen


class HistoryApp(App[None]):
    """History and reviews of the games in `store`; `game_id` opens that game's review."""

    TITLE = "dicepoker review"
    BINDINGS = [  # Textual's own palette key, declared here so its footer word is translated
        Binding("ctrl+p", "command_palette", "palette", show=False, priority=True)
    ]

    def __init__(
        self,
        store: Store,
        game_id: int | None = None,
        notice: str | None = None,
        time_zone: tzinfo | None = None,
        saved_theme: bool = True,
    ) -> None:
        super().__init__()
        self.store = store
        self.game_id = game_id
        self.notice = notice
        self.time_zone = time_zone
        """The zone times are shown in (None: the local one)."""
        self.saved_theme = saved_theme
        """Whether to take the theme last chosen in the main app."""
        translate_classes()
        translate_node(self)

    def get_default_screen(self) -> Screen:
        if self.game_id is not None:
            screen: Screen = review_screen(self.store, self.game_id)
        else:
            screen = HistoryScreen(self.store)
        translate_node(screen)
        return screen

    def push_screen(self, screen, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        """As `App.push_screen`, with the screen's footer keys in the current language."""
        if isinstance(screen, Screen):
            translate_node(screen)
        return super().push_screen(screen, *args, **kwargs)

    def action_help_quit(self) -> None:
        notify_how_to_quit(self)

    def on_mount(self) -> None:
        if self.saved_theme:
            _apply_saved_theme(self)
        if self.notice:
            self.notify(self.notice, severity="warning", timeout=10)


def _apply_saved_theme(app: App) -> None:
    """The theme chosen in the main app, when its settings can be read."""
    try:
        from dicepoker_tui.ui.common.settings import load_settings

        theme = load_settings().theme
    except Exception:  # settings are a nicety here
        return
    if theme and theme in app.available_themes:
        app.theme = theme
