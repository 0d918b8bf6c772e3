"""The app as a session of the game server sees it: the same app, with the server's lobby.

Games are `RemoteGame`s on the hub; the table screen is the usual one (with presence and
chat). Everything the hub says arrives through the `HubClient`'s listener on the app's
own event loop and is passed to the screen it concerns.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from pathlib import Path
from time import monotonic

from rich.console import Console
from textual import events, on
from textual.app import SystemCommand
from textual.driver import Driver
from textual.notifications import SeverityLevel
from textual.screen import Screen

from dicepoker_tui.engine.session import Session
from dicepoker_tui.i18n import (
    LANGUAGES,
    N_,
    _,
    current_language,
    load_translation,
    set_language,
)
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient, HubError, TokenBucket
from dicepoker_tui.ui import messages
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.common.i18n_bindings import translate_classes
from dicepoker_tui.ui.common.textual_private import parsed_styles, reuse_parsed_styles
from dicepoker_tui.ui.net.diff_driver import KeysDropped, diffing
from dicepoker_tui.ui.net.lobby import NetLobbyScreen
from dicepoker_tui.ui.net.pick_name import PickNameScreen
from dicepoker_tui.ui.net.shared_table import SharedTable
from dicepoker_tui.ui.net.waiting import WaitingScreen
from dicepoker_tui.ui.views import views_for

PICK_AGAIN = ("bad_nick", "name_taken")
"""The hub's refusals of a picked nickname: the player picks another."""
LOST = N_("The connection to the game server was lost.")
TOO_MANY_KEYS = N_("Too many keys at once: some were not taken.")
KEY_RATE = 15.0
"""Keys a second a session's app takes, on average: more than anyone types (a key held
down repeats some 30 times a second); beyond it a key is dropped before any work."""
KEY_BURST = 200.0
"""Keys a session's app takes at once, above the average (a chat line pasted key by key)."""
FLOOD_NICE = 19
"""The CPU priority (nice) of a session's process once it has sent keys beyond its budget."""

_warm_styles: tuple[dict, dict] | None = None
"""(parsed CSS rules, the CSS variables they were parsed with) from `warm_up`."""


class NetApp(DicePokerApp):
    """One player's view of the game server."""

    saves_exports = False
    """A review's export (`e`) is no file here: over SSH it would stay on the server (a
    browser tab downloads it)."""

    def __init__(
        self,
        socket_path: Path | str,
        token: str,
        keep_history: bool = True,
        pick_name: bool = False,
        parked: bool = False,
    ) -> None:
        super().__init__(keep_history=keep_history)  # the server's history, read-only here
        self.parked = parked
        """Made before its player arrived (see `warm_start`): the hub waits for the player."""
        self.client = HubClient(socket_path, token)
        self.pick_name = pick_name
        """A browser tab: the player picks a nickname before the hub is joined."""
        self._resumed = False
        self._rematching = False
        self.key_budget = TokenBucket(KEY_RATE, KEY_BURST)
        """The keys this app still takes (see `on_event`)."""
        self.demote_floods = False
        """A session's own process (`run`): past its key budget, it runs at the lowest CPU
        priority for the rest of the session (`_demote`)."""
        self._shown: dict[str, float] = {}
        """Notices showing now, and until when (the same one again is not stacked)."""
        if _warm_styles is not None:
            reuse_parsed_styles(self, _warm_styles)

    def get_default_screen(self) -> Screen:
        return NetLobbyScreen(self.client)

    def _print_error_renderables(self) -> None:
        """A crash's traceback goes to the server's log (fd `DICEPOKER_LOG_FD`), never to
        the player's terminal: the server tells the player in one line that the game
        stopped. An ordinary end's one line (refused, hub gone) is the player's.
        (Textual's own hook for printing them at exit.)"""
        if self._exception is None:
            super()._print_error_renderables()
            return
        errors, self._exit_renderables = list(self._exit_renderables), []
        if not errors:
            return
        try:
            log = os.fdopen(int(os.environ["DICEPOKER_LOG_FD"]), "w", closefd=False)
        except (KeyError, ValueError, OSError):
            return
        with log:
            console = Console(file=log, width=100, color_system=None, force_terminal=False)
            console.print(f"dicepoker serve: the session app of {self.client.nick or '?'} failed")
            for renderable in errors:
                console.print(renderable)

    def get_driver_class(self) -> type[Driver]:
        """The platform's driver, sending only the cells that changed: every byte crosses SSH."""
        driver = super().get_driver_class()
        if driver.__name__ == "WebDriver":  # a browser tab: its frames are the browser's
            return driver
        return diffing(driver)

    def on_mount(self) -> None:  # DicePokerApp.on_mount runs too (Textual calls both)
        # after the first frame, which the hello tells the server (see serve.spawner)
        if not self.parked:
            self.call_after_refresh(self.start_hub)

    def start_hub(self) -> None:
        """Join the hub (a browser tab's player picks a nickname first)."""
        if self.pick_name and self.client.pick is None:
            self._ask_name()
            return
        self.run_worker(self._connect(), exclusive=True, group="hub")

    def _ask_name(self, problem: str = "") -> None:
        shown = self.screen if isinstance(self.screen, PickNameScreen) else None
        if shown is not None and not problem:
            if shown.language == current_language():
                return  # shown before the player came (`warm_start.show_ahead`)
            self.pop_screen()  # made ahead in another language
        made = pick_name_screen()
        if not problem and self.is_screen_installed(made):  # made ahead (see `warm_start`)
            self.push_screen(made, self.name_picked)
            return
        self.push_screen(PickNameScreen(problem, self.client.pick or ""), self.name_picked)

    def name_picked(self, name: str | None) -> None:
        """The nickname screen's answer: join the hub under it."""
        self.client.pick = name
        self.start_hub()

    async def _connect(self) -> None:
        try:
            welcome = await self.client.connect()
        except HubError as exc:
            if self.pick_name and exc.code in PICK_AGAIN:
                self._ask_name(str(exc))
                return
            self.exit(return_code=3, message=f"dicepoker: {exc}")
            return
        self.client.listen(self._on_hub)
        self._lobby().show_tables(welcome.tables, welcome.seated)
        playing = [t for t in welcome.tables if t.id in welcome.seated and t.status == "playing"]
        if playing:  # back after a drop: straight to your seat
            self.client.join(playing[0].id)
            self._resumed = True
        await self.client.closed.wait()
        self.exit(return_code=4, message=f"dicepoker: {_(LOST)}")

    def _lobby(self) -> NetLobbyScreen:
        screen = self.screen_stack[0]
        assert isinstance(screen, NetLobbyScreen)
        return screen

    # -- what the hub says ----------------------------------------------------------------------
    def _on_hub(self, message: p.ServerMessage) -> None:
        match message:
            case p.Lobby():
                self._lobby().show_tables(message.tables, message.seated)
            case p.TableSnapshot():
                self._open_table()
            case p.GameEvents():
                waiting = any(isinstance(s, WaitingScreen) for s in self.screen_stack)
                if waiting and self.client.game is not None and self.client.game.started:
                    self._open_table()
            case p.TableUpdate():
                for screen in self.screen_stack:
                    if isinstance(screen, SharedTable):
                        screen.hub.table_changed(message.table)
            case p.Chat():
                if message.line.key == p.REMATCH_OFFER and message.line.nick is None:
                    self.notify(message.line.shown(), timeout=20, markup=False)
                for screen in self.screen_stack:
                    if isinstance(screen, SharedTable):
                        screen.hub.chat(message.line)
            case p.Left():
                if message.reason:
                    self.notify(_(message.reason), timeout=4, markup=False)
                self._pop_to_lobby()
                self._lobby().show_tables(self.client.tables, self.client.seated)
            case p.Error():
                self._refused(message.shown())

    async def on_event(self, event: events.Event) -> None:
        """A key beyond the key budget is dropped before any work (one notice says so): a
        flood of keys costs the app little, whatever widget they would reach. (Over SSH
        the driver drops them already, in its input thread: see `diff_driver`.)"""
        key = isinstance(event, events.Key) and not event.is_forwarded
        if key and not self.key_budget.take():
            self._flooded()
            return
        await super().on_event(event)

    def on_keys_dropped(self, message: KeysDropped) -> None:
        """Keys dropped by the SSH driver (as `on_event` drops them for the others)."""
        self._flooded()

    def _flooded(self) -> None:
        """Keys beyond the budget: one notice; a session's process then yields the CPU to
        every player who does not flood (a person never types that fast for long)."""
        self._refused(_(TOO_MANY_KEYS))
        if self.demote_floods:
            self.demote_floods = False
            _demote()

    def _refused(self, line: str) -> None:
        """One notice for a refusal (the same one again while it shows is not stacked)."""
        if self._shown.get(line, 0.0) <= monotonic():
            self.notify(line, severity="warning", timeout=3, markup=False)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A notice, unless the same one shows already: a flood of keys the table refuses
        (a watcher's throws) or of refused requests would otherwise cost a toast each."""
        now = monotonic()
        if self._shown.get(message, 0.0) > now:
            return
        if len(self._shown) >= 32:  # forget the notices gone
            self._shown = {m: until for m, until in self._shown.items() if until > now}
        self._shown[message] = now + (self.NOTIFICATION_TIMEOUT if timeout is None else timeout)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def clear_notifications(self) -> None:
        self._shown.clear()
        super().clear_notifications()

    def _open_table(self) -> None:
        game = self.client.game
        if game is None:
            return
        if self._rematching:  # at the rematch table: the offer's notice is answered
            self._rematching = False
            self.clear_notifications()
        self._pop_to_lobby()
        remote_table = views_for(game.table.variant).remote_table
        if game.started and remote_table is not None:
            self.push_screen(remote_table(game, self.client))
        else:
            self.push_screen(WaitingScreen(game, self.client))  # type: ignore[arg-type]

    # -- leaving a table ------------------------------------------------------------------------
    def to_lobby(self, setup=None) -> None:
        self.client.leave()
        self._pop_to_lobby()

    def after_game(self, game: Session, choice: str) -> None:
        if choice == "rematch":
            self.rematch()
        else:
            self.to_lobby()

    @on(messages.Rematch)
    def rematch(self) -> None:
        """Ask for the finished table's rematch; the hub answers with the rematch table."""
        self._rematching = True
        self.client.rematch()

    def open_game(self, game: Session, history_id: int | None = None) -> bool:
        self.notify(_("On the server, games are played at its tables."), timeout=3)
        return False

    def _offer_resume(self) -> None:
        """Games in progress on the server are resumed at their tables, not here."""

    def open_resume(self) -> None:
        self.notify(_("Games in progress are at their tables: sit down again."), timeout=3)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.title not in ("Screenshot", _("Screenshot")):  # writes on the server
                yield command


def pick_name_screen() -> str:
    """The name of the nickname screen made ahead, in the language of now."""
    return f"pick-name-{current_language()}"


async def _no_hub() -> None:
    return None


async def _draw_and_quit(pilot) -> None:  # type: ignore[no-untyped-def]
    await pilot.pause()
    pilot.app.exit()


def warm_up() -> None:
    """Start the app once headless so its CSS is parsed before the session spawner forks.

    Every session's app then starts from the parsed rules (when its theme variables are
    the same), which saves a good part of its start-up time.
    """
    global _warm_styles
    spoken = current_language()
    for lang in LANGUAGES:  # every session then finds its catalogue compiled, its keys said
        load_translation(lang)
        set_language(lang)
        translate_classes()
    set_language(spoken)
    translate_classes()
    # A NetApp itself, not a subclass: the parsed rules of App.DEFAULT_CSS are cached
    # under its rank in the app class's ancestry, which a subclass would change.
    app = NetApp("", "", keep_history=False)
    app._connect = _no_hub  # type: ignore[method-assign]
    app.run(headless=True, size=(100, 30), auto_pilot=_draw_and_quit)
    _warm_styles = parsed_styles(app)


def _demote() -> None:
    """This process at the lowest CPU priority, every thread of it (Linux keeps a nice value
    per thread; threads started later inherit it)."""
    with contextlib.suppress(OSError):
        for task in os.listdir("/proc/self/task"):
            with contextlib.suppress(OSError):
                os.setpriority(os.PRIO_PROCESS, int(task), FLOOD_NICE)


def run(socket_path: str, token: str, pick_name: bool = False) -> int:
    """Run the app for one SSH session (or browser tab); the exit code tells how it ended."""
    app = NetApp(socket_path, token, pick_name=pick_name)
    app.demote_floods = True
    app.run()
    return app.return_code or 0
