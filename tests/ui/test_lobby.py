"""The lobby: variants, seats, seed and dice mode, through the keys."""

from __future__ import annotations

from dicepoker_tui.families.scoresheet.bots import levels as bots
from dicepoker_tui.families.scoresheet.rules.variants import all_variants
from dicepoker_tui.ui.common.help import HelpScreen
from dicepoker_tui.ui.lobby.lobby import LobbyScreen
from dicepoker_tui.ui.lobby.rename import RenameScreen

from .helpers import make_app, messages, table, wait_for


async def test_lobby_lists_every_variant_and_starts_the_highlighted_one() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        options = lobby.query_one("#variants")
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        assert ids == [*(v.id for v in all_variants()), "perudo", "liars-dice"]
        await pilot.press("down", "down", "down")
        await pilot.press("s")
        game = table(app).game
        assert game.state.variant == ids[3]
        assert [p.name for p in game.state.players] == ["Player 1"]


async def test_seats_add_rename_level_remove_and_seed() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        lobby = app.screen
        await pilot.press("b", "a")  # a bot, then a human
        assert [(p.name, p.kind) for p in lobby.seats] == [
            ("Player 1", "human"),
            ("Bot 1", "bot"),
            ("Player 2", "human"),
        ]
        await pilot.press("e")
        assert isinstance(app.screen, RenameScreen)
        await pilot.press(*["backspace"] * 8, *"Zoë", "enter")
        assert lobby.seats[2].name == "Zoë"
        await pilot.press("x")
        assert [p.name for p in lobby.seats] == ["Player 1", "Bot 1"]
        lobby.query_one("#seed").value = "77"
        await pilot.press("s")
        game = table(app).game
        assert game.state.seed == 77
        assert [(p.name, p.kind, p.level) for p in game.state.players] == [
            ("Player 1", "human", None),
            ("Bot 1", "bot", "heuristic"),
        ]


async def test_the_level_key_cycles_through_every_registered_level(monkeypatch) -> None:
    monkeypatch.setitem(bots.factories(), "sleepy", bots.factories()["heuristic"])
    app = make_app()
    async with app.run_test() as pilot:
        lobby = app.screen
        await pilot.press("b")
        seen = []
        for _ in range(len(bots.bot_levels())):
            seen.append(lobby.seats[-1].level)
            await pilot.press("l")
        assert sorted(seen) == sorted(bots.bot_levels())


async def test_lobby_refusals() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        lobby = app.screen
        await pilot.press("x")
        assert "A game needs at least one seat." in messages(app)
        await pilot.press("l")
        assert any("Levels are for bot seats" in m for m in messages(app))
        for _ in range(8):
            await pilot.press("a")
        assert len(lobby.seats) == 8
        assert any("At most 8 seats" in m for m in messages(app))
        await pilot.press("d")
        assert lobby.real_dice
        await pilot.press("b")  # the table is full: nothing added
        await pilot.press("x", "b", "s")
        assert isinstance(app.screen, LobbyScreen)
        assert any("Bots cannot throw real dice" in m for m in messages(app))


async def test_rules_of_the_highlighted_variant_are_one_key_away() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("down", "down", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.variant.id == all_variants()[2].id
        await pilot.press("escape")
        assert isinstance(app.screen, LobbyScreen)


async def test_below_80x24_the_lobby_and_the_table_say_what_size_they_need() -> None:
    """At 60×18 neither screen is cut: each says the size it needs, and a table's keys
    make no move behind its notice; at 80×24 both are back."""
    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        await pilot.pause()
        notice = app.screen.query_one("#lobby-too-small")
        assert notice.display and "80×24" in str(notice.render())
        assert not app.screen.query_one("#lobby-body").display
        await pilot.press("s")  # the lobby's keys still work behind the notice
        screen = table(app)
        notice = screen.query_one("#table-too-small")
        await wait_for(pilot, lambda: notice.display)
        await pilot.press("space")
        assert screen.game.state.turn is not None and screen.game.state.turn.dice is None
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: not notice.display)  # the resize reaches the screen
        await pilot.press("space")
        assert screen.game.state.turn.dice is not None
