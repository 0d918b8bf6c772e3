"""The lobby's seed field takes digits and leaves the lobby's keys working: the footer
keeps them, `s` and ⏎ start the game with the seed typed."""

from __future__ import annotations

import pytest

from dicepoker_tui.ui.lobby.lobby import LobbyScreen

from .helpers import make_app, table, wait_for


def footer_text(app) -> str:
    return " ".join(str(key.render()) for key in app.screen.query("FooterKey"))


@pytest.mark.parametrize("start", ["s", "enter"])
async def test_the_seed_field_keeps_the_lobby_keys(start: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        seed = lobby.query_one("#seed")
        seed.focus()
        await pilot.pause()
        assert app.focused is seed
        await wait_for(pilot, lambda: "Start" in footer_text(app))
        for key in ("Start", "+Bot", "Rules"):
            assert key in footer_text(app)
        await pilot.press("4", "b", "2")  # b is the lobby's: a bot sits down
        assert seed.value == "42"
        assert [p.kind for p in lobby.seats] == ["human", "bot"]
        await pilot.press(start)
        await wait_for(pilot, lambda: not isinstance(app.screen, LobbyScreen))
        game = table(app).game
        assert game.state.seed == 42
