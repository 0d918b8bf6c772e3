"""The rules of a bidding variant and the keys of the bidding table."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from dicepoker_tui.families.bidding.rules.variants import BiddingVariant
from dicepoker_tui.i18n import N_, _
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.common.hanging import HangingRows, rules_renderable
from dicepoker_tui.ui.common.help import HelpScreen, key_rows, reflow

BIDDING_KEYS = (
    ("↑ ↓", N_("quantity of your bid")),
    (N_("← → or 1-6"), N_("face of your bid")),
    ("enter", N_("place the bid")),
    (N_("c or d"), N_("challenge the last bid (dudo)")),
    ("z", N_("calza: the last bid is exact (Perudo)")),
    ("?", N_("these rules")),
    ("escape", N_("leave the table (asked first; the game is kept)")),
    ("^q", N_("quit (the game is kept)")),
)
LIAR_KEY = N_("challenge the last bid (“liar!”)")
"""The challenge key's line where a challenge is not called dudo."""


def variant_keys(variant: BiddingVariant | None) -> list[tuple[str, str]]:
    """The keys of the bidding table for `variant`: its word for a challenge, and no calza
    where there is none."""
    rows = list(BIDDING_KEYS)
    if variant is None:
        return rows
    if not variant.calza:
        rows = [row for row in rows if row[0] != "z"]
    if variant.call_name != "dudo":
        rows = [(k, LIAR_KEY) if k == "c or d" else (k, w) for k, w in rows]
    return rows


KEY_WORDS = {"← → or 1-6", "c or d"}
"""Key names with a word in them (translated); the others are key symbols."""


class BiddingHelpScreen(HelpScreen):
    """The variant's rules and the keys of the bidding table."""

    def compose(self) -> ComposeResult:
        variant = self.variant
        title = f"{_('Help')} — {_(variant.name)}" if variant else _("Help")
        yield Static(title, id="help-title", classes="screen-title")
        with VerticalScroll(id="help-body"):
            if variant is not None:
                yield Static(rules_renderable(reflow(variant.display_rules)), id="help-rules")
            keys = [
                (_(key) if key in KEY_WORDS else key, _(what))
                for key, what in variant_keys(variant)  # type: ignore[arg-type]
            ]
            rows = key_rows(_("At the bidding table"), keys)
            yield Static(HangingRows(rows), id="help-keys")
        yield KeysFooter()
