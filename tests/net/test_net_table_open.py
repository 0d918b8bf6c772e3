"""Opening a shared table in a session app: the hub plays the bots, so no solver work."""

from __future__ import annotations

from dicepoker_tui.families.scoresheet.solver import cache
from dicepoker_tui.families.scoresheet.views.shared_table import NetTableScreen
from dicepoker_tui.families.scoresheet.views.solver_status import SolverStatus
from dicepoker_tui.ui.net.app import NetApp

from .helpers import until


async def test_a_table_with_solver_bots_opens_without_touching_the_solver(
    hub_socket, connect, monkeypatch
):
    hub, path = hub_socket
    built = []
    monkeypatch.setattr(cache, "_model", lambda variant: built.append(variant) or 1 / 0)
    bob = await connect("bob")
    bob.create("yatzy", seats=2, bots=["strong"])
    await until(lambda: hub.tables, what="bob's table")
    app = NetApp(path, hub.issue_token("alice"))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: app.client.welcome is not None, what="the welcome")
        await pilot.pause()
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, NetTableScreen), what="the table")
        for _ in range(3):
            await pilot.pause()
        status = app.screen.query_one(SolverStatus)
        assert not status.started
        assert built == []
