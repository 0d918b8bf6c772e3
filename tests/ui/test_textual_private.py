"""What `ui/common/textual_private.py` relies on in Textual: fails when an upgrade moves it."""

from __future__ import annotations

import inspect

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer

from dicepoker_tui.ui.common import textual_private as tp


class KeysScreen(Screen[None]):
    BINDINGS = [Binding("c", "chat", "Chat"), Binding("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Footer()


class KeysApp(App[None]):
    def get_default_screen(self) -> Screen:
        return KeysScreen()


def test_a_class_keeps_its_merged_bindings_and_new_nodes_copy_them() -> None:
    declared = tp.declared_bindings(KeysScreen)
    assert isinstance(declared, BindingsMap)
    keys = tp.key_bindings(declared)
    assert isinstance(keys, dict) and [b.description for b in keys["c"]] == ["Chat"]
    renamed = tp.with_key_bindings(declared, {"c": [Binding("c", "chat", "Talk")]})
    tp.set_class_bindings(KeysScreen, renamed)
    try:
        assert [b.description for b in tp.node_key_bindings(KeysScreen())["c"]] == ["Talk"]
    finally:
        tp.set_class_bindings(KeysScreen, declared)
    assert tp.key_bindings(declared)["c"][0].description == "Chat"  # the copy, not the map


async def test_a_node_shows_its_own_bindings_and_a_key_can_leave_the_footer() -> None:
    app = KeysApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen._bindings, BindingsMap)
        tp.show_key(screen, "c", False, action="chat")
        screen.refresh_bindings()
        await pilot.pause()
        shown = {b.key for _n, b, _e, _t in screen.active_bindings.values() if b.show}
        assert "c" not in shown and "q" in shown
        tp.set_node_bindings(screen, BindingsMap([Binding("x", "quit", "Out")]))
        assert "x" in screen.active_bindings


async def test_a_footer_says_when_it_has_its_keys_and_can_have_them_at_once() -> None:
    assert isinstance(Footer.__dict__["_bindings_ready"], reactive)
    footer = Footer()
    assert tp.footer_ready(footer) is False
    tp.mark_footer_ready(footer)
    assert tp.footer_ready(footer) is True
    app = KeysApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert tp.footer_ready(app.screen.query_one(Footer))


async def test_parsed_styles_can_be_kept_and_given_to_a_new_app() -> None:
    app = KeysApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        rules, variables = tp.parsed_styles(app)
    assert rules and isinstance(variables, dict)
    fresh = KeysApp()
    fresh.stylesheet._variables = dict(variables)
    tp.reuse_parsed_styles(fresh, (rules, variables))
    key = next(iter(rules))
    assert fresh.stylesheet._parse_cache.get(key) is rules[key]


def test_a_crash_is_kept_and_its_traceback_not_printed(capsys) -> None:
    """`cli.crash.run_app` relies on `_exception` and `_print_error_renderables`."""
    from textual.app import App

    class Crashing(App[None]):
        def on_mount(self) -> None:
            raise RuntimeError("boom")

    app = Crashing()
    tp.quiet_exit_errors(app)
    app.run(headless=True)
    assert isinstance(tp.app_crash(app), RuntimeError) and app.return_code == 1
    assert "boom" not in capsys.readouterr().err


def test_the_tab_driver_leans_on_the_web_drivers_input_thread_and_exit_event() -> None:
    from textual.drivers.web_driver import WebDriver

    assert issubclass(tp.TabDriver, WebDriver)
    assert "run_input_thread" in vars(WebDriver)  # the thread that ends with the input
    assert "self.exit_event.set()" in inspect.getsource(WebDriver.stop_application_mode)


async def test_an_installed_screen_is_composed_ahead_without_being_shown() -> None:
    app = KeysApp()
    async with app.run_test() as pilot:
        ahead = KeysScreen()
        app.install_screen(ahead, "ahead")
        tp.compose_ahead(app, "ahead")
        await pilot.pause()
        assert ahead.is_running and ahead.query(Footer)
        assert app.screen is not ahead
        app.push_screen("ahead")
        await pilot.pause()
        assert app.screen is ahead


async def test_an_app_tells_its_driver_and_takes_a_console_for_the_environment(
    monkeypatch,
) -> None:
    app = KeysApp()
    assert tp.app_driver(app) is None  # not started
    async with app.run_test() as pilot:
        assert tp.app_driver(app) is not None
        monkeypatch.setenv("COLORTERM", "")
        monkeypatch.setenv("TERM", "xterm-256color")
        tp.console_for_environment(app)
        assert app.console.color_system == "256"
        monkeypatch.setenv("COLORTERM", "truecolor")
        tp.console_for_environment(app)
        assert app.console.color_system == "truecolor"
        await pilot.pause()
