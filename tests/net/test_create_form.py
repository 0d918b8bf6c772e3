"""The new-table form: each field a `Choice` changed with ←/→, the bot levels following
the variant's family; the form, made once, opens again as the player left it."""

from __future__ import annotations

from dicepoker_tui.family import all_variants, family_of
from dicepoker_tui.ui.common.choice import Choice
from dicepoker_tui.ui.net.app import NetApp
from dicepoker_tui.ui.net.create_table import CreateTableScreen

from .helpers import until


async def test_the_form_is_changed_with_arrows_and_opens_again_as_left(hub_socket):
    hub, path = hub_socket
    app = NetApp(path, hub.issue_token("alice"))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: app.client.welcome is not None, what="the welcome")
        await pilot.press("n")
        await until(lambda: isinstance(app.screen, CreateTableScreen), what="the form")
        form = app.screen
        variant = form.query_one("#create-variant", Choice)
        assert app.focused is variant
        variants = [v.id for v in all_variants()]
        bidding = next(i for i, v in enumerate(variants) if family_of(v).id == "bidding")
        await pilot.press(*["right"] * bidding)
        assert variant.value == variants[bidding]
        await pilot.pause()
        levels = [value for _label, value in form.query_one("#create-level", Choice).options]
        assert levels == family_of(variants[bidding]).bot_levels()
        await pilot.press("left")
        assert variant.value == variants[bidding - 1]
        await pilot.press("right", "tab", "left")  # People: 2 -> 1
        assert form.query_one("#create-people", Choice).value == 1
        await pilot.press("escape")
        await until(lambda: not isinstance(app.screen, CreateTableScreen), what="the lobby")
        await pilot.press("n")
        await until(lambda: app.screen is form, what="the same form again")
        assert variant.value == variants[bidding]
        form.query_one("#create-bots", Choice).value = 1
        await pilot.press("ctrl+s")
        await until(lambda: hub.tables, what="the table")
        table = next(iter(hub.tables.values()))
        assert table.variant == variants[bidding]
        assert table.family == "bidding" and len(table.seats) == 2


async def test_the_form_is_made_while_the_lobby_shows(hub_socket, monkeypatch):
    from dicepoker_tui.ui.net import lobby

    monkeypatch.setattr(lobby, "FORM_AHEAD", 0.1)
    hub, path = hub_socket
    app = NetApp(path, hub.issue_token("alice"))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: app.client.welcome is not None, what="the welcome")
        await until(lambda: app.is_screen_installed("new-table-en"), what="the form made")
        form = app.get_screen("new-table-en")
        await until(lambda: form.query("#create-variant"), what="the form's fields composed")
        assert isinstance(app.screen, lobby.NetLobbyScreen)  # not shown
        await pilot.press("n")
        await until(lambda: app.screen is form, what="the form shown")
        assert form.query_one("#create-variant", Choice).value == all_variants()[0].id
