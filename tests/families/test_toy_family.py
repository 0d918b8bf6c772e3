"""A third family, Pig, defined in tests/families/pig.py only, plays through every layer:
the engine, the registry and setup, the bot driver, the hub's protocol, and the history."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dicepoker_tui.engine import errors
from dicepoker_tui.engine.players import Player
from dicepoker_tui.family import (
    GameSetup,
    all_variants,
    bot_driver,
    family_of,
    register_family,
    unregister_family,
)
from dicepoker_tui.net import protocol as p
from tests.families.pig import TARGET, PigGame, PigSpec, Roll


@pytest.fixture
def pig() -> Iterator[PigSpec]:
    spec = PigSpec()
    register_family(spec)
    yield spec
    unregister_family(spec.id)


def bots_play_out(game: PigGame, spec: PigSpec, bots: dict) -> None:
    for _ in range(10_000):
        if game.finished:
            return
        seat = game.current
        bot_driver.play(game, bot_driver.choose(game, seat, bots[seat]))
    raise AssertionError("the game did not end")


def test_the_registry_lists_pig_with_its_family(pig: PigSpec) -> None:
    listed = {v.id: v.family for v in all_variants()}
    assert listed["pig"] == "pig"
    assert listed["yahtzee"] == "scoresheet" and listed["perudo"] == "bidding"
    assert family_of("pig") is pig


def test_setup_is_validated_once_for_every_family(pig: PigSpec) -> None:
    five = tuple(Player(name=f"P{i}") for i in range(5))
    assert GameSetup(variant="pig", seats=five).problem() == "A game needs 1 to 4 seats."
    robot = (Player(name="R", kind="bot", level="reckless"),)
    assert "reckless" in (GameSetup(variant="pig", seats=robot).problem() or "")
    real = GameSetup(variant="pig", seats=five[:2], real_dice=True)
    assert real.problem() == "Pig is played with the app's die."
    with pytest.raises(errors.IllegalMove):
        real.new_game()


def test_bots_play_a_game_to_the_end_and_replay_equals_play(pig: PigSpec) -> None:
    seats = (
        Player(name="Steady", kind="bot", level="steady"),
        Player(name="Bold", kind="bot", level="bold"),
    )
    game = GameSetup(variant="pig", seats=seats, seed=11).new_game()
    assert isinstance(game, PigGame)
    bots = pig.make_bots(game.state.players, 11)
    bots_play_out(game, pig, bots)
    standings = game.state.standings
    assert standings is not None and max(s.total for s in standings) >= TARGET
    assert PigGame.replay(game.events) == game.state
    assert pig.resume(list(game.events)).state == game.state


def test_a_refused_bot_move_becomes_the_fallback(pig: PigSpec) -> None:
    pig.broken_bot = True
    game = GameSetup(variant="pig", seats=(Player(name="A"), Player(name="B")), seed=3).new_game()
    before = game.state
    events, refusal = bot_driver.play(game, bot_driver.choose(game, 0, pig.make_bot("steady")))
    assert refusal is not None  # banking nothing is refused...
    assert [e.type for e in events] == ["rolled"]  # ...and the fallback rolls instead
    assert game.state != before


def test_the_protocol_carries_pig_events_and_commands(pig: PigSpec) -> None:
    game = GameSetup(variant="pig", seats=(Player(name="A"),), seed=5).new_game()
    game.execute(Roll(player=0))
    line = p.GameEvents(table="1", family="pig", events=pig.view(game.events, 0), by="A")
    back = p.SERVER_ADAPTER.validate_json(line.model_dump_json())
    assert back.events[0].seed == 0  # the seed stays on the server
    assert [e.type for e in back.events] == ["game_started", "rolled"]
    act = p.CLIENT_ADAPTER.validate_json(p.Act(table="1", command=Roll(player=0)).model_dump_json())
    assert isinstance(act.command, Roll)
    with pytest.raises(ValueError):
        p.SERVER_ADAPTER.validate_python(
            {"type": "events", "table": "1", "family": "chess", "events": [], "by": "x"}
        )
