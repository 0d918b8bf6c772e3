"""Perudo and Liar's Dice in Ukrainian, Russian and Croatian: a whole game through the keys
with nothing left in English, bids that agree with their number, the rules texts, and
the table at 80×24 (SVG snapshots; update with `--snapshot-update` for this file only and
look at the SVGs)."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Button, RichLog, Static

from dicepoker_tui import i18n
from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules import variants as bidding_variants
from dicepoker_tui.families.bidding.views.cup import CupDice
from dicepoker_tui.families.bidding.views.help import BiddingHelpScreen
from dicepoker_tui.families.bidding.views.result import BiddingResultScreen
from dicepoker_tui.families.bidding.views.scenes import BIDDING_SCENES, BiddingScene
from dicepoker_tui.families.bidding.views.table import BiddingTableScreen
from dicepoker_tui.families.bidding.views.text import bid_words, review_text
from dicepoker_tui.family import GameSetup
from dicepoker_tui.ui.app import DicePokerApp

from .helpers import messages, wait_for

BIDDING_VARIANTS = {v.id: v for v in bidding_variants.all_variants()}

LANGS = ("uk", "ru", "hr", "de")
ALLOWED = {"Ann", "Bot", "enter", "escape"}  # the players' names and the keys' names
ENGLISH = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def language(request):
    """Switch the app's language for one test, and back to English after it."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def plain(renderable: object) -> str:
    return renderable.plain if hasattr(renderable, "plain") else str(renderable)


def shown_text(screen) -> str:
    """Every word the screen shows: its texts, cup, log, buttons and footer keys."""
    parts = [  # a rules text (hanging rows) has its words in its content
        plain(w.content if hasattr(w.content, "plain") else w.render())
        for w in screen.query(Static)
        if not isinstance(w, Button)
    ]
    parts += [plain(w.label) for w in screen.query(Button)]
    parts += [plain(w.render()) + "\n" + w.title for w in screen.query(CupDice)]
    for log in screen.query(RichLog):
        parts.append(str(log.border_title))
        parts += ["".join(s.text for s in strip) for strip in log.lines]
    for widget in screen.query("#bid-seats"):
        parts.append(str(widget.border_title))
    parts += [b.binding.description for b in screen.active_bindings.values() if b.binding.show]
    return "\n".join(parts)


def english_words(text: str) -> set[str]:
    return {w for w in ENGLISH.findall(text) if w not in ALLOWED}


@pytest.mark.parametrize("language", ["uk"], indirect=True)
async def test_a_perudo_game_in_ukrainian_shows_no_english(language) -> None:
    app = DicePokerApp(bot_pace=0, keep_history=False)
    seen: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        ann = Player(name="Ann")
        bots = [Player(name=f"Bot {n}", kind="bot", level="strong") for n in (1, 2)]
        assert app.start_game(GameSetup("perudo", (ann, *bots), seed=3))
        table = app.screen
        assert isinstance(table, BiddingTableScreen)
        await wait_for(pilot, lambda: table._my_turn)
        await pilot.press("1", "enter")  # refused: the opening bid cannot be on ones
        assert "Перша ставка не може бути на одиниці (вони джокери)." in messages(app)
        await pilot.press("3")
        for _ in range(200):
            await wait_for(
                pilot,
                lambda: (
                    isinstance(app.screen, BiddingResultScreen)
                    or table._my_turn
                    or table._reveal_waits
                ),
            )
            await pilot.pause()
            seen.append(shown_text(app.screen))
            if isinstance(app.screen, BiddingResultScreen):
                break
            if table._reveal_waits:  # the lifted cups stay until a key
                await pilot.press("space")
                continue
            await pilot.press("c" if table.state.bid is not None else "enter")
        assert isinstance(app.screen, BiddingResultScreen)
        events = list(table.game.events)
        app.push_screen(BiddingHelpScreen(table.game.variant))
        await pilot.pause()
        seen.append(shown_text(app.screen))

    everything = "\n".join(seen)
    assert english_words(everything) == set()
    for phrase in (
        "Перудо · раунд 1",
        "Раунд 1: починає Ann",
        "ДУДО!",
        "Ann втрачає кубик",
        "Стаканчик: Ann",
        "Ann, ваша ставка: ◀",
        "⏎ ставка · c дудо · z кальса",
        "Гру закінчено",
        "перемагає з",
        "Реванш m",
        "Довідка — Перудо",
        "Одиниці («пако») — джокери",
        "оскаржити останню ставку (дудо)",
    ):
        assert phrase in everything, phrase
    reveal = next(e for e in events if isinstance(e, ev.CupsRevealed))
    bid = bid_words(reveal.quantity, reveal.face)
    review = review_text(events, BIDDING_VARIANTS["perudo"]).plain
    assert f"{bid}: налічено {reveal.actual}" in review
    assert "«дудо» на ставку «" in everything  # the reveal's summary under the seats
    assert english_words(review) == set() and "Місця" in review and "Відкрито:" in review


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["1 × 4", "2 × 4s", "5 × 4s", "21 × 4s"]),
        ("uk", ["1 четвірка", "2 четвірки", "5 четвірок", "21 четвірка"]),
        ("ru", ["1 четвёрка", "2 четвёрки", "5 четвёрок", "21 четвёрка"]),
        ("hr", ["1 četvorka", "2 četvorke", "5 četvorki", "21 četvorka"]),
        ("de", ["1 Vierer", "2 Vierer", "5 Vierer", "21 Vierer"]),
    ],
)
def test_bids_name_the_face_and_agree_with_the_number(lang: str, expected: list[str]) -> None:
    i18n.set_language(lang)
    try:
        assert [bid_words(q, 4) for q in (1, 2, 5, 21)] == expected
        faces = {bid_words(7, face) for face in range(1, 7)}
        assert len(faces) == 6  # every face has its own word
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant_id", sorted(BIDDING_VARIANTS))
def test_bidding_rules_in_every_language(lang: str, variant_id: str) -> None:
    variant = BIDDING_VARIANTS[variant_id]
    path = i18n.LOCALE_DIR / lang / "rules" / f"{variant_id}.txt"
    i18n.set_language(lang)
    try:
        # the catalogue's text, without the design notes players do not need
        assert variant.display_rules == i18n.for_players(path.read_text(encoding="utf-8"))
        assert not i18n._DECISION.search(variant.display_rules)
        assert variant.display_rules != variant.rules_text
        assert variant.display_rules.splitlines()[0] == i18n._(variant.name).upper()
    finally:
        i18n.set_language("en")
    assert variant.display_rules == i18n.for_players(variant.rules_text)


TRANSLATED_SCENES = [
    (scene, lang)
    for scene in BIDDING_SCENES
    if scene.name in ("perudo-after-bots", "perudo-reveal")
    for lang in ("uk", "ru")
] + [(s, "hr") for s in BIDDING_SCENES if s.name == "perudo-reveal"]


@pytest.mark.parametrize(
    ("scene", "language"),
    TRANSLATED_SCENES,
    ids=[f"{s.name}-{lang}" for s, lang in TRANSLATED_SCENES],
    indirect=["language"],
)
def test_bidding_table_translated(snap_compare, scene: BiddingScene, language: str) -> None:
    assert snap_compare(scene.build(), terminal_size=scene.size, run_before=scene.prepare)
