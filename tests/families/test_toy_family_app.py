"""The toy family Pig at a local table of the app, headless: a screen of its own (defined
here, registered with the UI's views), a bot seat driven by the one bot driver, and the
game kept in the history by the app's keeper through the family's repository."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.family import (
    GameSetup,
    bot_driver,
    family_of,
    kept,
    register_family,
    unregister_family,
)
from dicepoker_tui.store import Store
from dicepoker_tui.ui.app import DicePokerApp
from dicepoker_tui.ui.views import FamilyViews, register_views, unregister_views
from tests.families.pig import Bank, PigGame, PigSpec, Roll

pytestmark = pytest.mark.app


class PigTable(Screen[None]):
    """Roll (r) or bank (b); bot seats play when it is their turn."""

    BINDINGS = [Binding("r", "roll", "Roll"), Binding("b", "bank", "Bank")]

    def __init__(self, game: PigGame, bots: dict[int, Any]) -> None:
        super().__init__()
        self.game, self.bots = game, bots
        self.refusals: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static(id="pig")

    def on_mount(self) -> None:
        self.game.subscribe(lambda event, state: self.call_later(self._moved))
        self._moved()

    def _moved(self) -> None:
        state = self.game.state
        self.query_one("#pig", Static).update(f"{state.scores} turn {state.turn_total}")
        if not self.game.finished and state.current in self.bots:
            seat = state.current
            bot_driver.play(self.game, bot_driver.choose(self.game, seat, self.bots[seat]))

    def _act(self, command: Any) -> None:
        try:
            self.game.execute(command)
        except IllegalMove as exc:
            self.refusals.append(exc.message)

    def action_roll(self) -> None:
        self._act(Roll(player=self.game.state.current or 0))

    def action_bank(self) -> None:
        self._act(Bank(player=self.game.state.current or 0))


@pytest.fixture
def pig() -> Iterator[PigSpec]:
    spec = PigSpec()
    register_family(spec)
    register_views(
        "pig",
        FamilyViews(
            table=lambda game, bots, options: PigTable(game, bots),  # type: ignore[arg-type]
            rules=lambda variant: Screen(),
        ),
    )
    yield spec
    unregister_views("pig")
    unregister_family(spec.id)


async def test_a_person_and_a_bot_play_pig_at_the_app_and_it_is_kept(pig: PigSpec) -> None:
    seats = (Player(name="Ann"), Player(name="Bot 1", kind="bot", level="steady"))
    app = DicePokerApp(GameSetup("pig", seats, seed=4), bot_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, PigTable)
        game = table.game
        await pilot.press("b")  # banking nothing is refused with the rules' words
        assert table.refusals == ["Roll at least once before you bank."]
        for _ in range(500):
            if game.finished:
                break
            if game.state.current == 0:
                await pilot.press("b" if game.state.turn_total >= 15 else "r")
            await pilot.pause()
        assert game.finished
        kept = app.keeper.store
        assert kept is not None
        records = pig.repository(kept).games(variants=["pig"])
        assert [r.status for r in records] == ["finished"]
        assert pig.resume(pig.repository(kept).load_events(records[0].id)).state == game.state


def test_an_unfinished_pig_game_is_offered_loaded_and_dropped_through_its_spec(
    pig: PigSpec,
) -> None:
    store = Store.memory()
    game = PigGame.new("pig", ["Ann", "Bob"], seed=3)
    game.execute(Roll(player=0))
    pig.recorder(store, game).close()
    perudo = BiddingGame.new("perudo", ["Ann", "Bob"], seed=3)  # the same log table
    family_of("perudo").recorder(store, perudo).close()
    listed = kept.unfinished(store)
    assert sorted((g.family, g.record.variant) for g in listed) == [
        ("bidding", "perudo"),
        ("pig", "pig"),
    ]
    (mine,) = [g for g in listed if g.family == "pig"]
    assert [p.name for p in mine.record.players] == ["Ann", "Bob"]
    assert kept.load(store, mine).state == game.state
    kept.abandon(store, mine)
    assert [g.family for g in kept.unfinished(store)] == ["bidding"]
