"""The plain helpers behind the screens: goals, sheet rows, dice drawing, real-dice entry."""

from __future__ import annotations

import pytest

from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.state import Sheet
from dicepoker_tui.families.scoresheet.rules.variants import get_variant
from dicepoker_tui.families.scoresheet.views.goals import goals, section_bonuses, uses_bank
from dicepoker_tui.families.scoresheet.views.real_dice import parse_entry
from dicepoker_tui.families.scoresheet.views.sheet_model import result_line, sheet_rows
from dicepoker_tui.families.scoresheet.views.table_text import next_open_box
from dicepoker_tui.ui.common.dice import PIP, face_lines


@pytest.mark.parametrize(
    ("variant", "section", "line", "points"),
    [
        ("yahtzee", "upper", 63, 35),
        ("yahtzee-free-joker", "upper", 63, 35),
        ("yatzy", "upper", 63, 50),
        ("dice-poker", "stage1", 0, 50),
        ("dice-poker-bank", "stage1", 0, 50),
    ],
)
def test_section_bonus_lines_are_read_from_the_variant(variant, section, line, points) -> None:
    found = section_bonuses(get_variant(variant))
    assert [(b.section, b.line, b.points) for b in found] == [(section, line, points)]


def test_goal_progress() -> None:
    variant = get_variant("yahtzee")
    (goal,) = goals(variant, Sheet(scores={"ones": 3, "sixes": 24}))
    assert (goal.total, goal.missing, goal.complete, goal.earned) == (27, 36, False, False)
    assert goal.describe() == "Upper section: 27, +35 at 63 (36 to go)"
    (poker,) = goals(get_variant("dice-poker"), Sheet(scores={"ones": -2}))
    assert poker.missing == 2 and poker.describe() == "Stage 1: -2, +50 at 0 (2 to go)"
    assert uses_bank(get_variant("dice-poker-bank")) and not uses_bank(get_variant("dice-poker"))


@pytest.mark.parametrize("value", range(1, 7))
@pytest.mark.parametrize(("width", "height"), [(9, 5), (11, 7), (15, 9)])
def test_a_die_shows_as_many_pips_as_its_value(value, width, height) -> None:
    lines = face_lines(value, width, height, held=False)
    assert len(lines) == height and all(len(line) == width for line in lines)
    assert sum(line.count(PIP) for line in lines) == value
    held = face_lines(value, width, height, held=True)
    assert held[0][0] == "╔" and lines[0][0] == "┌"


def test_real_dice_entry() -> None:
    assert parse_entry("13456", None, (False,) * 5) == (1, 3, 4, 5, 6)
    assert parse_entry("1 3,4 5 6", None, (False,) * 5) == (1, 3, 4, 5, 6)
    held = (True, False, True, False, False)
    assert parse_entry("222", (6, 1, 6, 1, 1), held) == (6, 2, 6, 2, 2)
    for bad in ("1234", "123456", "17345", "12a45"):
        with pytest.raises(ValueError):
            parse_entry(bad, None, (False,) * 5)


def test_next_open_box_wraps_and_follows_stages() -> None:
    variant = get_variant("dice-poker")
    sheet = Sheet(scores={"ones": 0, "twos": 0})
    assert next_open_box(variant, sheet, "twos") == "threes"
    sheet = Sheet(scores={b: 0 for b in ("ones", "twos", "threes", "fours", "fives", "sixes")})
    assert next_open_box(variant, sheet, "sixes") == "pair"
    assert next_open_box(get_variant("yatzy"), Sheet(scores={"yatzy": 0}), "yatzy") == "ones"


def test_sheet_rows_add_up_and_settle_to_zero() -> None:
    game = Game.new("dice-poker", ["Ann", "Bob", "Cy"], seed=6)
    while not game.finished:
        game.throw()
        preview = game.preview()
        game.write(max(preview, key=preview.__getitem__))
    rows = {r.key: r for r in sheet_rows(game.variant, game.state)}
    for seat, sheet in enumerate(game.state.sheets):
        assert rows["total"].cells[seat] == str(sheet.total)
        parts = [int(rows[k].cells[seat] or 0) for k in ("stage1_total", "stage2_total")]
        parts += [int(rows[b].cells[seat] or 0) for b in game.variant.bonus_labels]
        assert sum(parts) == sheet.total
    settled = [float(c.replace("−", "-")) for c in rows["settlement"].cells]  # a true minus
    assert abs(sum(settled)) < 0.02
    assert result_line(game.state).endswith(f"{max(s.total for s in game.state.sheets)}.")


def test_signed_numbers_use_a_true_minus_and_no_negative_zero() -> None:
    from dicepoker_tui.ui.common.text import loss_text, signed

    assert signed(-36.04) == "−36.0" and signed(2.45) == "+2.5"
    assert signed(-0.04) == "0.0" and signed(0.0) == "0.0"
    assert loss_text(0.04) == "0.0" and loss_text(2.44) == "−2.4"
