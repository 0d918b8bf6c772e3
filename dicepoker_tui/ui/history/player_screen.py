"""What the statistics screens of every family share: a variant and a player, each picked
from a list, and how the screen is left."""

from __future__ import annotations

from collections.abc import Sequence

from textual.reactive import reactive
from textual.screen import Screen

from dicepoker_tui.family import all_variants, family_of
from dicepoker_tui.i18n import _, shown_name
from dicepoker_tui.store import Store, StoreError
from dicepoker_tui.ui.history.choose import ChoiceScreen
from dicepoker_tui.ui.history.review_text import variant_name
from dicepoker_tui.ui.views import stats_screen


class PlayerFiguresScreen(Screen[None]):
    """A screen of one player's figures in one variant (`variant`, `player`)."""

    variant: reactive[str] = reactive("", init=False)
    player: reactive[str | None] = reactive(None, init=False)

    store: Store

    def action_choose_variant(self) -> None:
        """Any variant of any family: another family's is shown on its own screen."""
        self.pick_variant([(v.display_name, v.id) for v in all_variants()])

    def pick_variant(self, choices: Sequence[tuple[str, str]]) -> None:
        """Ask which of `choices` (label, variant id) to show."""

        def chosen(value: str | None) -> None:
            if value is None:
                return
            if _family(value) == _family(self.variant):
                self.variant = value
                return
            try:
                names = self.store.player_names(value)
            except StoreError:
                names = []
            player = self.player if self.player in names else None
            self.app.switch_screen(stats_screen(self.store, value, player))

        self.app.push_screen(ChoiceScreen(_("Variant"), choices, self.variant), chosen)

    def pick_player(self, names: Sequence[str]) -> None:
        """Ask which of `names` (the players of the variant) to show; a note when none."""
        if not names:
            name = variant_name(self.variant)
            self.notify(_("Nobody has finished a game of {variant}.").format(variant=name))
            return

        def chosen(value: str | None) -> None:
            if value is not None:
                self.player = value

        title = _("Player ({variant})").format(variant=variant_name(self.variant))
        self.app.push_screen(
            ChoiceScreen(title, [(shown_name(n), n) for n in names], self.player), chosen
        )

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.dismiss(None)
        else:  # the first screen of `dicepoker review`
            self.app.exit()


def _family(variant: str) -> str | None:
    try:
        return family_of(variant).id
    except KeyError:
        return None
