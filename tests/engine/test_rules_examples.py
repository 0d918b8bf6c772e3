"""Every worked example of RULES.md and the examples it quotes from the seeds.

Sheets are set up by playing real-dice games through the engine, so the engine's own
bonus, Joker, stage and bank logic produces every number checked here.
"""

from __future__ import annotations

from dicepoker_tui.engine.players import standings
from dicepoker_tui.families.scoresheet.rules import events as ev
from tests.engine.playing import bonuses, fill, of, real_game, turn, written

ZERO_STAGE_ONE = [
    ("ones", "11123"),
    ("twos", "22213"),
    ("threes", "33312"),
    ("fours", "44412"),
    ("fives", "55512"),
    ("sixes", "66612"),
]
"""Stage 1 of dice poker with exactly three of every face: 0 in each box."""


def poker_in_stage_two(variant: str = "dice-poker"):
    game = real_game(variant)
    fill(game, ZERO_STAGE_ONE)
    return game


# -- yahtzee ---------------------------------------------------------------------------------


def test_yahtzee_five_threes_with_the_yahtzee_box_open() -> None:
    game = real_game("yahtzee")
    game.throw(dice=[3, 3, 3, 3, 3])
    offered = game.preview()
    assert offered["yahtzee"] == 50
    assert offered["full_house"] == 0
    assert offered["three_of_a_kind"] == 15
    assert offered["four_of_a_kind"] == 15
    assert offered["chance"] == 15
    assert offered["threes"] == 15
    assert written(game.write("full_house")).points == 0


def test_yahtzee_second_yahtzee_must_go_into_its_open_face_box_with_bonus() -> None:
    game = real_game("yahtzee")
    fill(game, [("yahtzee", "11111")])
    game.throw(dice=[6, 6, 6, 6, 6])
    assert game.preview() == {"sixes": 30}
    events = game.write("sixes")
    assert written(events).points == 30
    assert bonuses(events) == {"yahtzee_bonus": 100}


def test_yahtzee_joker_with_face_box_filled_scores_full_lower_boxes_and_bonus() -> None:
    game = real_game("yahtzee")
    fill(game, [("yahtzee", "11111"), ("sixes", "66123")])
    game.throw(dice=[6, 6, 6, 6, 6])
    offered = game.preview()
    assert set(offered) == {
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "chance",
    }
    assert offered["full_house"] == 25
    assert offered["large_straight"] == 40
    events = game.write("large_straight")
    assert written(events).points == 40
    assert written(events).joker
    assert bonuses(events) == {"yahtzee_bonus": 100}


def test_yahtzee_scratched_yahtzee_and_full_lower_section_forces_a_zero_upstairs() -> None:
    game = real_game("yahtzee")
    fill(
        game,
        [
            ("yahtzee", "12346"),
            ("fives", "55123"),
            ("three_of_a_kind", "44412"),
            ("four_of_a_kind", "22223"),
            ("full_house", "33322"),
            ("small_straight", "12346"),
            ("large_straight", "23456"),
            ("chance", "66543"),
        ],
    )
    game.throw(dice=[5, 5, 5, 5, 5])
    assert game.preview() == {"ones": 0, "twos": 0, "threes": 0, "fours": 0, "sixes": 0}
    events = game.write("twos")
    assert written(events).points == 0
    assert bonuses(events) == {}


def test_yahtzee_upper_60_and_last_box_threes_makes_66_and_the_bonus() -> None:
    game = real_game("yahtzee")
    fill(
        game,
        [
            ("ones", "11123"),  # 3
            ("twos", "22213"),  # 6
            ("fours", "44412"),  # 12
            ("fives", "55512"),  # 15
            ("sixes", "66661"),  # 24
        ],
    )
    assert sum(game.state.sheets[0].scores.values()) == 60
    assert game.state.sheets[0].bonuses == {}
    events = turn(game, "33126", box="threes")
    assert written(events).points == 6
    assert bonuses(events) == {"upper_bonus": 35}


def test_yahtzee_upper_57_and_threes_makes_exactly_63_and_the_bonus() -> None:
    game = real_game("yahtzee")
    fill(
        game,
        [
            ("ones", "11234"),  # 2
            ("twos", "22135"),  # 4
            ("fours", "44412"),  # 12
            ("fives", "55512"),  # 15
            ("sixes", "66661"),  # 24
        ],
    )
    assert sum(game.state.sheets[0].scores.values()) == 57
    events = turn(game, "33226", box="threes")
    assert written(events).points == 6
    assert bonuses(events) == {"upper_bonus": 35}


# -- yahtzee-free-joker ---------------------------------------------------------------------


def test_free_joker_straights_are_exact() -> None:
    for roll, box, points in [
        ("23455", "small_straight", 0),
        ("12345", "small_straight", 30),
        ("23456", "large_straight", 40),
    ]:
        game = real_game("yahtzee-free-joker")
        assert written(turn(game, roll, box=box)).points == points, roll


def test_free_joker_after_a_scratched_yahtzee_goes_anywhere_counting_as_made() -> None:
    game = real_game("yahtzee-free-joker")
    fill(game, [("yahtzee", "12346")])
    game.throw(dice=[4, 4, 4, 4, 4])
    offered = game.preview()
    assert set(offered) == {
        "ones", "twos", "threes", "fours", "fives", "sixes",
        "three_of_a_kind", "four_of_a_kind", "full_house",
        "small_straight", "large_straight", "chance",
    }  # fmt: skip
    assert offered["large_straight"] == 40
    assert offered["full_house"] == 25
    assert offered["chance"] == 20
    assert offered["fours"] == 20
    events = game.write("large_straight")
    assert written(events).points == 40
    assert bonuses(events) == {}


def test_free_joker_with_50_in_the_box_gives_100_and_scores_normally() -> None:
    game = real_game("yahtzee-free-joker")
    fill(game, [("yahtzee", "22222")])
    game.throw(dice=[4, 4, 4, 4, 4])
    offered = game.preview()
    assert offered["full_house"] == 0
    assert offered["small_straight"] == 0
    assert offered["large_straight"] == 0
    assert offered["three_of_a_kind"] == 20
    events = game.write("full_house")
    assert written(events).points == 0
    assert bonuses(events) == {"yahtzee_bonus": 100}


# -- yatzy ------------------------------------------------------------------------------------


def test_yatzy_full_house_sixes_over_twos() -> None:
    game = real_game("yatzy")
    game.throw(dice=[6, 6, 6, 2, 2])
    offered = game.preview()
    assert offered["one_pair"] == 12
    assert offered["two_pairs"] == 16
    assert offered["three_of_a_kind"] == 18
    assert offered["full_house"] == 22


def test_yatzy_five_fives_are_not_two_pairs_nor_full_house() -> None:
    game = real_game("yatzy")
    game.throw(dice=[5, 5, 5, 5, 5])
    offered = game.preview()
    assert offered["two_pairs"] == 0
    assert offered["full_house"] == 0
    assert offered["four_of_a_kind"] == 20
    assert offered["yatzy"] == 50


# -- dice-poker -----------------------------------------------------------------------------


def test_dice_poker_stage_one_five_sixes_plus_12_and_box_2_minus_6() -> None:
    game = real_game("dice-poker")
    assert written(turn(game, "66666", box="sixes")).points == 12
    assert written(turn(game, "13456", box="twos")).points == -6


def test_dice_poker_seed_examples_of_stage_one() -> None:
    """[003]: box 1 with 1,1,2,3,6 -> -1; box 5 with 2,3,5,5,6 -> -5;
    box 6 with 1,6,6,6,6 -> +6; box 3 with 3,3,3,3,4 -> +3."""
    game = real_game("dice-poker")
    assert written(turn(game, "11236", box="ones")).points == -1
    assert written(turn(game, "23556", box="fives")).points == -5
    assert written(turn(game, "16666", box="sixes")).points == 6
    assert written(turn(game, "33334", box="threes")).points == 3


def test_dice_poker_seed_001_five_sixes_decision_is_12_not_10() -> None:
    game = real_game("dice-poker")
    assert written(turn(game, "66666", "66666", box="sixes")).points == 12


def test_dice_poker_two_pairs_18_or_36_on_the_first_throw() -> None:
    game = poker_in_stage_two()
    assert written(turn(game, "12345", "33661", box="two_pairs")).points == 18
    game = poker_in_stage_two()
    assert written(turn(game, "33661", box="two_pairs")).points == 36


def test_dice_poker_full_sixes_over_twos() -> None:
    game = poker_in_stage_two()
    game.throw(dice=[1, 2, 3, 4, 6])
    game.throw(keep=[], dice=[6, 6, 6, 2, 2])
    offered = game.preview()
    assert offered["pair"] == 12
    assert offered["two_pairs"] == 16
    assert offered["three"] == 18
    assert offered["full"] == 22


def test_dice_poker_five_fours_in_poker_70_or_90_on_the_first_throw() -> None:
    game = poker_in_stage_two()
    assert written(turn(game, "12346", "44444", box="poker")).points == 70
    game = poker_in_stage_two()
    assert written(turn(game, "44444", box="poker")).points == 90


def test_dice_poker_chance_never_doubled_straight_is() -> None:
    game = poker_in_stage_two()
    assert written(turn(game, "13456", box="chance")).points == 19
    assert written(turn(game, "12345", box="small_straight")).points == 30


def test_dice_poker_stage_total_minus_one_no_bonus() -> None:
    game = real_game("dice-poker")
    fill(game, [("ones", "11234"), *ZERO_STAGE_ONE[1:]])
    assert sum(game.state.sheets[0].scores.values()) == -1
    assert game.state.sheets[0].bonuses == {}


def test_dice_poker_stage_total_zero_gets_50() -> None:
    game = real_game("dice-poker")
    fill(game, ZERO_STAGE_ONE[:-1])
    events = turn(game, ZERO_STAGE_ONE[-1][1], box="sixes")
    assert bonuses(events) == {"stage_bonus": 50}
    assert of(events, ev.StageFinished)[0].subtotal == 0


def test_dice_poker_settlement_300_250_190() -> None:
    result = standings([300, 250, 190])
    assert [s.settlement for s in result] == [53.33, 3.33, -56.67]
    assert [s.place for s in result] == [1, 2, 3]
    assert abs(sum(s.settlement for s in result)) <= 0.015


def test_dice_poker_settlement_300_250_190_from_a_played_game() -> None:
    """Three players reach 300, 250 and 190 through the engine; settlement as in RULES.md."""
    scratch = "12346"  # no pair, no straight: 0 in every combination box but Chance
    plans = [
        # 50 + 110 + 40 + 30 + 56 + 14 = 300
        [("poker", ["66666"]), ("large_straight", ["23456"]), ("small_straight", ["12345"]),
         ("full", ["66655"]), ("chance", [scratch, "11345"]), ("pair", [scratch, scratch]),
         ("two_pairs", [scratch, scratch]), ("three", [scratch, scratch]),
         ("four", [scratch, scratch])],
        # 50 + 110 + 40 + 30 + 20 = 250
        [("poker", ["66666"]), ("large_straight", ["23456"]), ("small_straight", ["12345"]),
         ("chance", [scratch, "23456"]), ("pair", [scratch, scratch]),
         ("two_pairs", [scratch, scratch]), ("three", [scratch, scratch]),
         ("four", [scratch, scratch]), ("full", [scratch, scratch])],
        # 50 + 110 + 30 = 190
        [("poker", ["66666"]), ("chance", [scratch, "66666"]), ("pair", [scratch, scratch]),
         ("two_pairs", [scratch, scratch]), ("three", [scratch, scratch]),
         ("four", [scratch, scratch]), ("full", [scratch, scratch]),
         ("small_straight", [scratch, scratch]), ("large_straight", [scratch, scratch])],
    ]  # fmt: skip
    game = real_game("dice-poker", players=3)
    for box, roll in ZERO_STAGE_ONE:
        for _ in range(3):
            turn(game, roll, box=box)
    for rnd in range(9):
        for plan in plans:
            box, rolls = plan[rnd]
            turn(game, *rolls, box=box)
    (finished,) = of(game.events, ev.GameFinished)
    assert [s.total for s in finished.standings] == [300, 250, 190]
    assert [s.settlement for s in finished.standings] == [53.33, 3.33, -56.67]
    assert [s.place for s in finished.standings] == [1, 2, 3]


# -- dice-poker-bank ------------------------------------------------------------------------


def test_bank_stage_one_has_no_plus_points() -> None:
    game = real_game("dice-poker-bank")
    assert written(turn(game, "33334", box="threes")).points == 0
    game = real_game("dice-poker-bank")
    assert written(turn(game, "33124", box="threes")).points == -3


def test_bank_stopping_after_first_throw_banks_2_after_second_1() -> None:
    game = real_game("dice-poker-bank")
    events = turn(game, "11123", box="ones")
    assert [e.count for e in of(events, ev.ThrowsBanked)] == [2]
    events = turn(game, "12345", "22213", box="twos")
    assert [e.count for e in of(events, ev.ThrowsBanked)] == [1]
    assert game.state.sheets[0].bank == 3


def test_bank_four_fives_in_four_50_or_70_on_the_first_throw() -> None:
    game = poker_in_stage_two("dice-poker-bank")
    assert written(turn(game, "12346", "55552", box="four")).points == 50
    game = poker_in_stage_two("dice-poker-bank")
    assert written(turn(game, "55552", box="four")).points == 70


def test_bank_three_throws_left_at_the_end_are_worth_9() -> None:
    game = real_game("dice-poker-bank")
    # Three one-throw turns bank 2 each (6); three turns of three throws bank nothing.
    fill(game, ZERO_STAGE_ONE[:3])
    for box, roll in ZERO_STAGE_ONE[3:]:
        turn(game, roll, roll, roll, box=box)
    assert game.state.sheets[0].bank == 6
    # Spend three of them on one stage-2 turn (throws 4, 5 and 6), none afterwards.
    turn(game, "12346", "12346", "12346", "12346", "12346", "66666", box="poker")
    assert game.state.sheets[0].bank == 3
    for box in ("pair", "two_pairs", "three", "small_straight", "large_straight", "full", "four"):
        turn(game, "12346", box=box)
    events = turn(game, "12346", box="chance")
    assert game.finished
    assert bonuses(events) == {"bank": 9}
