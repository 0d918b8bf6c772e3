"""The turn-by-turn account of a game used by the review."""

from __future__ import annotations

import pytest

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.history.timeline import timeline
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules.game import Game, replay
from dicepoker_tui.families.scoresheet.rules.variants import all_variants
from tests.store.scripted import finished_game, new_game, play


@pytest.mark.parametrize("variant", [v.id for v in all_variants()])
def test_every_turn_is_told_and_the_sheet_fills_up(variant: str) -> None:
    game = finished_game(variant, seed=17)
    events = list(game.events)
    told = timeline(events)
    seats = len(game.state.players)
    boxes = len(game.variant.box_ids)
    assert told.finished
    assert len(told.turns) == seats * boxes
    assert [(t.round, t.player) for t in told.turns] == [
        (r, p) for r in range(1, boxes + 1) for p in range(seats)
    ]
    written = {p: {} for p in range(seats)}
    for turn in told.turns:
        assert turn.write is not None and turn.throws
        assert [t.number for t in turn.throws][-1] <= len(turn.throws)
        assert turn.write.dice == turn.throws[-1].dice
        written[turn.player][turn.write.box] = turn.write.points
        # Replaying up to the turn shows exactly the boxes written so far.
        state = replay(events[: turn.upto])
        assert state.sheets[turn.player].scores == written[turn.player]
    for seat, sheet in enumerate(game.state.sheets):
        assert written[seat] == sheet.scores
        bonus_points = sum(
            points
            for turn in told.turns
            if turn.player == seat and turn.write
            for _, _, points in turn.write.bonuses
        ) + sum(points for s, _, _, points in told.final_bonuses if s == seat)
        assert bonus_points == sum(sheet.bonuses.values())
    assert told.turns[-1].upto == len(events)


def test_undone_writes_are_kept_with_their_turn() -> None:
    game = Game.new("yatzy", [Player(name="Ann"), Player(name="Bob")], seed=1, real_dice=True)
    game.throw(dice=[6, 6, 6, 2, 2])
    game.write("chance")
    game.undo()
    game.throw(keep=[0, 1, 2], dice=[6, 6, 6, 6, 2])
    game.write("four_of_a_kind")
    told = timeline(game.events)
    first, second = told.turns
    assert (first.player, second.player) == (0, 1)
    assert [u.box for u in first.undone] == ["chance"]
    assert first.write is not None and first.write.box == "four_of_a_kind"
    assert first.write.points == 24
    assert [t.dice for t in first.throws] == [(6, 6, 6, 2, 2), (6, 6, 6, 6, 2)]
    assert first.throws[1].kept == (0, 1, 2)
    assert replay(game.events[: first.upto]).sheets[0].scores == {"four_of_a_kind": 24}


def test_a_game_in_progress() -> None:
    game = play(new_game("dice-poker-bank", seed=2), script=2, steps=12)
    told = timeline(game.events)
    assert not told.finished
    assert told.turns[-1].upto == len(game.events)
    thrown = sum(len(t.throws) for t in told.turns)
    assert thrown == sum(isinstance(e, ev.DiceThrown) for e in game.events)
