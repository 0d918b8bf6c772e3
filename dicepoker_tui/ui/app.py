"""The Textual app: a lobby at the bottom of the screen stack, a table on top while playing.

The app only moves between screens and remembers settings. Every game the app opens
at a table passes through `on_game_started(game, history_id)`, the one place where
observers attach to games: the history recorder, and any `game_hooks` given.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from textual import on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen
from textual.theme import Theme, ThemeProvider

from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.engine.session import Session
from dicepoker_tui.family import GameSetup, KeptGame, family_of
from dicepoker_tui.i18n import LANGUAGES, N_, _, current_language, set_language
from dicepoker_tui.ui import messages
from dicepoker_tui.ui.common.i18n_bindings import (
    notify_how_to_quit,
    translate_classes,
    translate_node,
)
from dicepoker_tui.ui.common.keeper import GameKeeper
from dicepoker_tui.ui.common.seat_names import with_neutral_names
from dicepoker_tui.ui.common.settings import Settings, load_settings, save_settings
from dicepoker_tui.ui.common.unsaved import UnsavedGameScreen
from dicepoker_tui.ui.lobby.lobby import LobbyScreen
from dicepoker_tui.ui.views import TableOptions, views_for

GameHook = Callable[[Session], None]
LASTING = 24 * 3600.0
"""Seconds a notice that must stay (the history cannot be used) is shown."""

TEXTUAL_COMMANDS = (
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
)
"""The titles and help of Textual's own palette commands, shown through `_()`."""


class DicePokerApp(App[None]):
    """Lobby, table, scoresheet, help. `setup` (or a `game` in progress) given: straight to
    the table."""

    TITLE = "dicepoker"
    CSS_PATH = Path(__file__).with_name("app.tcss")  # absolute: subclasses live elsewhere
    BINDINGS = [  # Textual's own palette key, declared here so its footer word is translated
        Binding("ctrl+p", "command_palette", "palette", show=False, priority=True)
    ]

    def __init__(
        self,
        setup: GameSetup | None = None,
        *,
        game: Session | None = None,
        bot_pace: float | None = None,
        settings_file: Path | None = None,
        game_hooks: Iterable[GameHook] = (),
        keep_history: bool = True,
    ) -> None:
        super().__init__()
        self.initial_setup = setup
        self.initial_game = game
        self.settings_file = settings_file
        self.settings: Settings = load_settings(settings_file)
        self.bot_pace = self.settings.bot_pace if bot_pace is None else bot_pace
        self.game_hooks: list[GameHook] = list(game_hooks)
        self.keeper = (
            GameKeeper(self._history_notice, unavailable=self._history_banner)
            if keep_history
            else None
        )
        self._unsaved_agreed = False
        """The player chose to play although the history cannot keep games."""
        self._coached: tuple[Session | None, dict[int, float]] = (None, {})
        """The game last put on the table and its coach (seat → threshold), for a rematch."""
        translate_classes()
        translate_node(self)

    # -- start-up -------------------------------------------------------------------------
    def get_default_screen(self) -> Screen:
        screen = LobbyScreen()
        translate_node(screen)
        return screen

    def push_screen(self, screen, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        """As `App.push_screen`, with the screen's footer keys in the current language."""
        if isinstance(screen, Screen):
            translate_node(screen)
        return super().push_screen(screen, *args, **kwargs)

    def on_mount(self) -> None:
        if self.settings.theme and self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.theme_changed_signal.subscribe(self, self._remember_theme)
        if self.initial_game is not None:
            self.open_game(self.initial_game)
        elif self.initial_setup is not None:
            self.start_game(self.initial_setup)
        else:
            self.call_after_refresh(self._offer_resume)

    def _offer_resume(self) -> None:
        """At start: open the history (its notice, if any, shows) and offer unfinished games."""
        if self.keeper is not None and self.keeper.store is not None and self.keeper.unfinished():
            self.open_resume()

    def _remember_theme(self, theme: Theme) -> None:
        if theme.name != self.settings.theme:
            self.settings = self.settings.model_copy(update={"theme": theme.name})
            save_settings(self.settings, self.settings_file)

    @property
    def help_to_win(self) -> bool:
        """Whether the hint and the coach aim at the chance to win (games of two or more)."""
        return self.settings.help_goal == "win"

    def set_help_to_win(self, on: bool) -> None:
        """Aim the hint and the coach at the chance to win (or the score), and remember it."""
        goal = "win" if on else "score"
        if goal != self.settings.help_goal:
            self.settings = self.settings.model_copy(update={"help_goal": goal})
            save_settings(self.settings, self.settings_file)

    def _history_notice(self, message: str) -> None:
        self.notify(message, title=_("History"), severity="warning", timeout=6, markup=False)

    def _history_banner(self, message: str) -> None:
        """The history cannot be used: said for the whole session, not for a few seconds."""
        self.notify(message, title=_("History"), severity="error", timeout=LASTING, markup=False)

    def _unsaved_problem(self) -> str | None:
        """Why a game started now would not be saved (None: it would be, or the player
        already chose to play unsaved)."""
        if self.keeper is None or self._unsaved_agreed:
            return None
        if self.keeper.store is None:
            return self.keeper.problem
        return None

    def on_unmount(self) -> None:
        if self.keeper is not None:
            self.keeper.close()

    # -- games ----------------------------------------------------------------------------
    @property
    def keeps_games(self) -> bool:
        """Whether an unfinished game is kept when the table is left."""
        return self.keeper is not None and self.keeper.store is not None

    def on_game_started(
        self, game: Session, history_id: int | None = None, coach: dict[int, float] | None = None
    ) -> None:
        """Called for every game opened at a table: new, or resumed from `history_id`."""
        if self.keeper is not None:
            self.keeper.record(game, history_id, coach)
        for hook in self.game_hooks:
            hook(game)

    def start_game(self, setup: GameSetup) -> bool:
        """Open a table for a new game; a refused setup becomes a notice. When the history
        cannot keep it, the player is asked first (False until they agree)."""
        problem = self._unsaved_problem()
        if problem is not None:

            def answered(play: bool | None) -> None:
                if play:
                    self._unsaved_agreed = True
                    self.start_game(setup)

            self.push_screen(UnsavedGameScreen(problem), answered)
            return False
        try:
            game = with_neutral_names(setup).new_game()
        except (IllegalMove, KeyError, ValueError) as exc:
            self.notify(getattr(exc, "message", str(exc)), severity="error", timeout=4)
            return False
        return self.open_game(game, coach=setup.coach_thresholds())

    def open_game(
        self, game: Session, history_id: int | None = None, coach: dict[int, float] | None = None
    ) -> bool:
        """Put `game` on the table of its family (on top of the lobby); `coach`: seat →
        threshold."""
        try:
            bots = family_of(game.state.variant).make_bots(game.state.players, game.state.seed)
            views = views_for(game.state.variant)
        except KeyError as exc:
            self.notify(str(exc.args[0]), severity="error", timeout=4)
            return False
        self.on_game_started(game, history_id, coach)
        unkept = self.keeper.unkept if self.keeper is not None else None
        if unkept is not None and not self._unsaved_agreed:  # e.g. a full disk

            def answered(play: bool | None) -> None:
                if play:
                    self._unsaved_agreed = True
                    self._to_table(game, bots, views, coach, kept=False)

            self.push_screen(UnsavedGameScreen(unkept), answered)
            return False
        self._to_table(game, bots, views, coach, kept=self.keeps_games and unkept is None)
        return True

    def _to_table(
        self, game: Session, bots: Any, views: Any, coach: dict[int, float] | None, kept: bool
    ) -> None:
        """Push `game`'s table (over the lobby); `kept`: whether the history keeps it."""
        self._coached = (game, dict(coach or {}))
        self._pop_to_lobby()
        options = TableOptions(
            pace=self.bot_pace, kept=kept, coach=coach, help_to_win=self.help_to_win
        )
        self.push_screen(views.table(game, bots, options))

    def after_game(self, game: Session, choice: str) -> None:
        """The result screen's choice: "new", "rematch" or "lobby"."""
        coached, coach = self._coached
        setup = GameSetup.from_game(game, coach if coached is game else None)
        if choice == "rematch":
            self.start_game(setup.rematch())
        elif choice == "new":
            self.to_lobby(setup.rematch())
        else:
            self.to_lobby()

    def to_lobby(self, setup: GameSetup | None = None) -> None:
        """Back to the lobby, optionally with its form filled from `setup`."""
        self._pop_to_lobby()
        if setup is not None and isinstance(self.screen_stack[0], LobbyScreen):
            self.screen_stack[0].load_setup(setup)

    def _pop_to_lobby(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def open_resume(self) -> None:
        """The unfinished games; the one picked goes back on the table."""
        if self.keeper is None or self.keeper.store is None:
            self.notify(_("No game history: games are not kept."), severity="warning", timeout=3)
            return

        def picked(kept: KeptGame | None) -> None:
            if kept is None or self.keeper is None:
                return
            game = self.keeper.load(kept)
            if game is None:
                return
            game_id = kept.record.id
            problem = GameSetup.from_game(game).problem()
            if problem:  # e.g. real dice with a bot seat: it stays listed, unplayable
                self.notify(
                    _("Game {id} cannot be resumed: {reason}").format(id=game_id, reason=problem),
                    severity="error",
                    timeout=6,
                    markup=False,
                )
                return
            self.open_game(game, history_id=game_id, coach=self.keeper.coach(kept))

        from dicepoker_tui.ui.history.games import GamesScreen

        keeper = self.keeper
        self.push_screen(GamesScreen("resume", keeper.unfinished(), keeper.abandon), picked)

    def open_history(self) -> None:
        """The finished games: filters, pages, reviews and statistics."""
        if self.keeper is None or self.keeper.store is None:
            self.notify(_("No game history: games are not kept."), severity="warning", timeout=3)
            return
        from dicepoker_tui.ui.history.history import HistoryScreen

        self.push_screen(HistoryScreen(self.keeper.store))

    # -- what the screens ask -------------------------------------------------------------
    @on(messages.StartGame)
    def _start_asked(self, message: messages.StartGame) -> None:
        self.start_game(message.setup)

    @on(messages.GameOver)
    def _game_over(self, message: messages.GameOver) -> None:
        self.after_game(message.game, message.choice)

    @on(messages.ToLobby)
    def _lobby_asked(self) -> None:
        self.to_lobby()

    @on(messages.OpenResume)
    def _resume_asked(self) -> None:
        self.open_resume()

    @on(messages.OpenHistory)
    def _history_asked(self) -> None:
        self.open_history()

    @on(messages.SetLanguage)
    def _language_asked(self, message: messages.SetLanguage) -> None:
        self.set_language(message.code)

    # -- language -------------------------------------------------------------------------
    def set_language(self, code: str) -> None:
        """Switch the language and remember it (the footer at once, the screens opened next)."""
        lang = set_language(code)
        self.settings = self.settings.model_copy(update={"language": lang})
        save_settings(self.settings, self.settings_file)
        translate_classes()
        translate_node(self)
        for screen in self.screen_stack:
            translate_node(screen)
            retranslate = getattr(screen, "retranslate", None)
            if retranslate is not None:  # a screen that can build itself again (the lobby)
                screen.call_later(retranslate)
        self.refresh_bindings()  # the footer shows the new words; new screens are built in them
        self.notify(_("Language: {language}").format(language=LANGUAGES[lang]), timeout=3)

    # -- command palette ------------------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        commands = getattr(screen, "palette_commands", None)
        if commands is not None:
            for title, help_text, callback in commands():
                yield SystemCommand(title, help_text, callback)
        if isinstance(screen, LobbyScreen):
            for code, native in LANGUAGES.items():
                if code != current_language():
                    yield SystemCommand(
                        f"{_('Language')}: {native}",
                        _("Show the app in {language} (remembered)").format(language=native),
                        lambda code=code: self.set_language(code),
                    )
        for command in super().get_system_commands(screen):
            yield command._replace(title=_(command.title), help=_(command.help))

    def action_help_quit(self) -> None:
        notify_how_to_quit(self)

    def action_command_palette(self) -> None:
        """Textual's palette, its search line in the current language."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            placeholder = _("Search for commands…")
            self.push_screen(CommandPalette(placeholder=placeholder, id="--command-palette"))

    def search_themes(self) -> None:
        """Textual's theme picker, its search line in the current language."""
        placeholder = _("Search for themes…")
        self.push_screen(CommandPalette(providers=[ThemeProvider], placeholder=placeholder))
