"""A Perudo table in the server's app, driven with Pilot against a second client."""

from __future__ import annotations

from dicepoker_tui.families.bidding.views.cup import CupDice
from dicepoker_tui.families.bidding.views.shared_table import NetBiddingTableScreen
from dicepoker_tui.ui.net.app import NetApp
from dicepoker_tui.ui.net.create_table import CreateTableScreen
from dicepoker_tui.ui.net.lobby import NetLobbyScreen

from .helpers import until


async def test_play_a_perudo_round_in_the_app_with_only_your_cup_shown(hub_socket, connect):
    hub, path = hub_socket
    bob = await connect("bob")
    bob.create("perudo", seats=2)
    await until(lambda: hub.tables, what="bob's table")
    table = next(iter(hub.tables.values()))
    app = NetApp(path, hub.issue_token("alice"))
    async with app.run_test(size=(100, 34)) as pilot:
        await until(lambda: app.client.welcome is not None, what="the welcome")
        await pilot.pause()
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, NetBiddingTableScreen), what="the table")
        await pilot.pause()
        assert [type(s) for s in app.screen_stack] == [NetLobbyScreen, NetBiddingTableScreen]
        screen = app.screen
        real = table.game.state.cups
        assert app.screen.query_one(CupDice).dice == real[1]
        assert set(screen.state.cups[0]) == {0}
        while table.game.state.rounds_played == 0:
            state = table.game.state
            if state.to_act == 0:  # bob opens or raises with the lowest bid
                bob.game.bid(*bob.game.legal_bids()[0])
                await until(lambda s=state: table.game.state != s, what="bob's bid")
                await until(lambda: screen.state.to_act == 1, what="alice's turn on screen")
            else:
                await pilot.press("enter" if state.bid is None else "c")
                await until(lambda s=state: table.game.state != s, what="alice's move")
        await until(lambda: screen.state.last_reveal is not None, what="the reveal on screen")
        assert screen.state.last_reveal.cups == real


async def test_the_new_table_form_offers_bidding_variants_and_their_bots(hub_socket):
    hub, path = hub_socket
    app = NetApp(path, hub.issue_token("alice"))
    async with app.run_test(size=(100, 34)) as pilot:
        await until(lambda: app.client.welcome is not None, what="the welcome")
        await pilot.press("n")
        await until(lambda: isinstance(app.screen, CreateTableScreen), what="the form")
        form = app.screen
        form.query_one("#create-variant").value = "liars-dice"
        form.query_one("#create-people").value = 1
        form.query_one("#create-bots").value = 1
        await pilot.pause()
        level = form.query_one("#create-level").value
        from dicepoker_tui.families.bidding.bots.levels import bidding_bot_levels

        assert level in bidding_bot_levels()
        await pilot.press("ctrl+s")
        await until(lambda: hub.tables, what="the table")
        table = next(iter(hub.tables.values()))
        assert table.family == "bidding" and table.variant == "liars-dice"
        await until(lambda: isinstance(app.screen, NetBiddingTableScreen), what="the table")


def test_the_review_of_a_remote_game_shows_every_cup_from_the_reveals():
    from dicepoker_tui.families.bidding.rules import events as ev
    from dicepoker_tui.families.bidding.rules.game import BiddingGame
    from dicepoker_tui.families.bidding.views.shared_table import lifted
    from dicepoker_tui.family import get_family

    game = BiddingGame.new("perudo", ["a", "b"], seed=11)
    while not game.finished:
        if game.state.bid is None:
            game.bid(*game.legal_bids()[0])
        else:
            game.challenge()
    seen = get_family("bidding").view(game.events, 0)
    assert any(set(c) == {0} for e in seen if isinstance(e, ev.RoundStarted) for c in e.cups)
    full = [e for e in game.events if isinstance(e, ev.RoundStarted)]
    assert [e for e in lifted(seen) if isinstance(e, ev.RoundStarted)] == full
