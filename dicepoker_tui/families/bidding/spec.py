"""The bidding family (Perudo, Liar's Dice) as the layers above the engine see it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from dicepoker_tui.families.bidding.bots.levels import bidding_bot_levels, make_bidding_bot
from dicepoker_tui.families.bidding.bots.moves import CallCalza, CallChallenge, PlaceBid
from dicepoker_tui.families.bidding.history.export import (
    BiddingExport,
    export_bidding_game,
    import_bidding_game,
    parse_bidding_export,
)
from dicepoker_tui.families.bidding.history.repo import bidding_games
from dicepoker_tui.families.bidding.history.stats import BiddingStats, bidding_stats
from dicepoker_tui.families.bidding.rules import commands as cmd
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules import variants
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.bidding.rules.rules import MAX_PLAYERS, MIN_PLAYERS
from dicepoker_tui.families.bidding.rules.state import seen_cups
from dicepoker_tui.family.spec import Bot, FamilySpec, VariantLike
from dicepoker_tui.i18n import N_, _
from dicepoker_tui.store.import_checks import check_levels

if TYPE_CHECKING:
    from dicepoker_tui.family.setup import GameSetup
    from dicepoker_tui.store.database import Store
    from dicepoker_tui.store.recorder import GameRepository

REVEAL_PAUSE = 4
"""A bot waits this many paces after a reveal, so the lifted cups can be read."""


class BiddingSpec(FamilySpec[BiddingGame]):
    """Hidden dice under cups, bids on all dice on the table: the last with dice wins."""

    id = "bidding"
    order = 1
    session_class = BiddingGame
    min_seats = MIN_PLAYERS
    max_seats = MAX_PLAYERS
    default_level = "strong"
    timeout_level = "strong"
    turn_events = frozenset({"bid_made", "round_started", "game_finished"})
    game_kind = N_("a bidding game")
    games_kind = N_("bidding games")

    def variants(self) -> Sequence[VariantLike]:
        return variants.all_variants()

    def variant(self, variant_id: str) -> VariantLike:
        return variants.get_variant(variant_id)

    def summary(self, variant: VariantLike) -> str:
        return _("2–8 seats, five dice each.  ? shows the rules.")

    def setup_problem(self, setup: GameSetup) -> str | None:
        if setup.real_dice:
            return _("{variant} is played with hidden dice: switch real dice off.").format(
                variant=self.variant(setup.variant).display_name
            )
        return None

    def new_game(self, setup: GameSetup) -> BiddingGame:
        return BiddingGame.new(setup.variant, list(setup.seats), seed=setup.seed)

    def resume(self, events: Sequence[Any]) -> BiddingGame:
        return BiddingGame.from_events(events)

    @property
    def event_adapter(self) -> TypeAdapter:
        return ev.EVENT_ADAPTER

    @property
    def command_types(self) -> tuple[type, ...]:
        return (cmd.Bid, cmd.Challenge, cmd.Calza)

    def to_act(self, state: Any) -> int | None:
        return state.to_act

    def round_of(self, state: Any) -> int | None:
        return state.round or None

    def game_over_notice(self, game: BiddingGame) -> tuple[str, dict[str, str | int]]:
        winners = self.winners(game)
        names = ", ".join(game.state.players[seat].name for seat in winners)
        if len(winners) == 1:
            return N_("Game over: {name} wins."), {"name": names}
        return N_("Game over: a tie between {names}."), {"names": names}

    def view(self, events: Sequence[Any], seat: int | None) -> list[Any]:
        """Other cups of a round hidden (0 per die), no seed; `cups_revealed` shows every
        cup. A spectator (None) sees no cup."""
        out: list[Any] = []
        for e in events:
            if isinstance(e, ev.RoundStarted):
                e = e.model_copy(update={"cups": seen_cups(e.cups, seat)})
            elif isinstance(e, ev.GameStarted):
                e = e.model_copy(update={"seed": 0})
            out.append(e)
        return out

    def bot_levels(self) -> list[str]:
        return bidding_bot_levels()

    def make_bot(self, level: str, seed: int | None = None) -> Bot:
        return make_bidding_bot(level, seed=seed)

    def bot_move(self, game: BiddingGame, seat: int, bot: Bot) -> cmd.Command:
        action = bot.choose(game.state.view_for(seat), game.variant, seat)  # type: ignore[attr-defined]
        if isinstance(action, CallChallenge):
            return cmd.Challenge(player=seat)
        if isinstance(action, CallCalza):
            return cmd.Calza(player=seat)
        if isinstance(action, PlaceBid):
            return cmd.Bid(player=seat, quantity=action.quantity, face=action.face)
        return self.fallback_move(game)

    def fallback_move(self, game: BiddingGame) -> cmd.Command:
        """Challenge the standing bid, or open with the lowest legal bid."""
        seat = game.current
        legal = game.legal_bids()
        if game.state.bid is not None or not legal:
            return cmd.Challenge(player=seat)
        quantity, face = legal[0]
        return cmd.Bid(player=seat, quantity=quantity, face=face)

    def pause_factor(self, game: BiddingGame) -> float:
        if game.state.bid is None and game.state.last_reveal:
            return REVEAL_PAUSE
        return 1

    def repository(self, store: Store) -> GameRepository:
        return bidding_games(store)

    export_formats = ("json", "txt")

    def export(self, store: Store, game_id: int) -> BiddingExport:
        return export_bidding_game(store, bidding_games(store), game_id)

    def parse_import(self, data: bytes) -> tuple[BiddingExport, BiddingGame]:
        doc, game = parse_bidding_export(data)
        check_levels(doc.players, self.bot_levels())
        return doc, game

    def import_game(self, store: Store, doc: Any, game: Any) -> int:
        return import_bidding_game(bidding_games(store), doc, game)

    def player_stats(self, store: Store, player: str, variant: str) -> BiddingStats:
        return bidding_stats(store.db, player, variant)


SPEC = BiddingSpec()
"""The family, as the registry finds it."""
