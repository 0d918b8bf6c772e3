"""The scoresheet family (Yahtzee, Yatzy, dice poker) as the layers above the engine see it."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from dicepoker_tui.families.scoresheet.bots.bots import KeepAndThrow, WriteBox
from dicepoker_tui.families.scoresheet.bots.levels import bot_levels, make_bot
from dicepoker_tui.families.scoresheet.history import export as sheet_export
from dicepoker_tui.families.scoresheet.history import house_rules
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.rules import commands as cmd
from dicepoker_tui.families.scoresheet.rules import events as ev
from dicepoker_tui.families.scoresheet.rules import variants
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.rules.rules import MAX_PLAYERS
from dicepoker_tui.families.scoresheet.rules.variants.house import FOLDER, load_file, load_folder
from dicepoker_tui.families.scoresheet.rules.variants.house_file import HouseRuleError
from dicepoker_tui.family.spec import Bot, FamilySpec, KeptGame, VariantLike
from dicepoker_tui.i18n import N_, _
from dicepoker_tui.store.connection import StoreError
from dicepoker_tui.store.import_checks import check_levels
from dicepoker_tui.store.paths import VARIANT_FILES_ENV, data_dir

if TYPE_CHECKING:
    from dicepoker_tui.family.setup import GameSetup
    from dicepoker_tui.store.database import Store
    from dicepoker_tui.store.recorder import GameRepository


house_rules.install()
_folder_read: list[bool] = []


def house_folder(_variant_id: str = "") -> None:
    """Offer the house-rules files of the data directory's `variants/` and a server's
    `--variant-file`s (once a process; a bad file is left out: `dicepoker variant check`
    says why)."""
    if _folder_read:
        return
    _folder_read.append(True)
    load_folder(data_dir() / FOLDER)
    for name in filter(None, os.environ.get(VARIANT_FILES_ENV, "").split(os.pathsep)):
        with suppress(HouseRuleError):
            load_file(Path(name))


variants.registry.add_resolver(house_folder)


class ScoresheetSpec(FamilySpec[Game]):
    """Five dice, a sheet of boxes, three throws a turn: the highest total wins."""

    id = "scoresheet"
    order = 0
    session_class = Game
    min_seats = 1
    max_seats = MAX_PLAYERS
    real_dice = True
    coached = True
    coach_thresholds = (0.5, 1.0, 2.0, 5.0)
    default_level = "heuristic"
    timeout_level = "heuristic"
    turn_events = frozenset({"turn_started", "game_finished"})
    game_kind = N_("a scoresheet game")
    games_kind = N_("scoresheet games")
    take_back_commands = frozenset({"undo"})

    def variants(self) -> Sequence[VariantLike]:
        house_folder()
        return variants.all_variants()

    def variant_from_file(self, path: Path) -> str:
        return load_file(path).id

    def variant(self, variant_id: str) -> VariantLike:
        return variants.get_variant(variant_id)

    def summary(self, variant: VariantLike) -> str:
        return _("{n} rounds.  ? shows the rules.").format(n=len(variant.boxes))  # type: ignore[attr-defined]

    def setup_problem(self, setup: GameSetup) -> str | None:
        if setup.real_dice and any(p.kind == "bot" for p in setup.seats):
            return _("Bots cannot throw real dice: remove the bot seats or switch real dice off.")
        return None

    def new_game(self, setup: GameSetup) -> Game:
        seats = list(setup.seats)
        return Game.new(setup.variant, seats, seed=setup.seed, real_dice=setup.real_dice)

    def resume(self, events: Sequence[Any]) -> Game:
        return Game.from_events(events)

    @property
    def event_adapter(self) -> TypeAdapter:
        return ev.EVENT_ADAPTER

    @property
    def command_types(self) -> tuple[type, ...]:
        return (cmd.Throw, cmd.Hold, cmd.Write, cmd.Undo)

    def to_act(self, state: Any) -> int | None:
        return state.current

    def round_of(self, state: Any) -> int | None:
        return state.turn.round if state.turn else None

    def game_over_notice(self, game: Game) -> tuple[str, dict[str, str | int]]:
        players = game.state.players
        names = ", ".join(players[seat].name for seat in self.winners(game))
        top = max(s.total for s in game.state.standings or [])
        if len(self.winners(game)) == 1:
            return N_("Game over: {name} with {points}."), {"name": names, "points": top}
        return N_("Game over: a tie between {names}, with {points}."), {
            "names": names,
            "points": top,
        }

    def view(self, events: Sequence[Any], seat: int | None) -> list[Any]:
        """The events without the seed, and holds folded: of the holds of a die between
        two other events only the last is kept, so however often a player toggles, what a
        table sends stays bounded by the rules (the history keeps every event)."""
        shown: list[Any] = []
        held_at: dict[int, int] = {}  # die -> where its latest hold is in `shown`
        for e in events:
            if isinstance(e, ev.DiceHeld):
                if e.index in held_at:
                    shown[held_at[e.index]] = None
                held_at[e.index] = len(shown)
            else:
                held_at.clear()
                if isinstance(e, ev.GameStarted):
                    e = e.model_copy(update={"seed": 0})
            shown.append(e)
        return [e for e in shown if e is not None]

    def tables_ready(self, variant_id: str, levels: list[str]) -> bool:
        from dicepoker_tui.families.scoresheet.bots.prepared_tables import tables_ready

        return tables_ready(variant_id, levels)

    def warm_up(self) -> None:
        import dicepoker_tui.families.scoresheet.bots.heuristic  # noqa: F401

    def bot_levels(self) -> list[str]:
        return bot_levels()

    def make_bot(self, level: str, seed: int | None = None) -> Bot:
        return make_bot(level, seed=seed)

    def bot_move(self, game: Game, seat: int, bot: Bot) -> cmd.Command:
        action = bot.choose(game.state, game.variant)  # type: ignore[attr-defined]
        turn = game.state.turn
        if isinstance(action, WriteBox):
            return cmd.Write(player=seat, box=action.box)
        if isinstance(action, KeepAndThrow):
            keep = list(action.keep) if turn is not None and turn.dice is not None else None
            return cmd.Throw(player=seat, keep=keep)
        return self.fallback_move(game)

    def final_measure(self, game: Game, seat: int) -> float:
        return float(next(s.total for s in game.state.standings or [] if s.player == seat))

    def fast_head_to_head(
        self,
        variant_id: str,
        levels: list[str],
        games: int,
        seed: int,
        progress: Callable[[float], None] | None = None,
    ) -> tuple[list[float], list[float]] | None:
        """The solver bots' batched table simulation (`ai.table_sim`)."""
        # deferred: the simulation loads numpy and the solver's tables
        from dicepoker_tui.families.scoresheet.bots.table_sim import FAST_LEVELS, play_tables
        from dicepoker_tui.families.scoresheet.bots.winner_bot import WINNER, needs_risk_tables
        from dicepoker_tui.families.scoresheet.solver import get_table
        from dicepoker_tui.families.scoresheet.solver.spread import get_spread
        from dicepoker_tui.families.scoresheet.solver.targets import get_targets, has_targets

        if any(level not in FAST_LEVELS for level in levels):
            return None
        variant = variants.get_variant(variant_id)
        table = get_table(variant, progress=progress)
        spread = get_spread(variant, progress=progress) if WINNER in levels else None
        risk = None
        if WINNER in levels and needs_risk_tables(variant.id):
            from dicepoker_tui.families.scoresheet.solver.risk import get_risk

            risk = get_risk(variant, progress=progress)
        targets = None
        if WINNER in levels and has_targets(variant.id):
            targets = get_targets(variant, progress=progress)
        result = play_tables(table, levels, games, seed, spread=spread, risk=risk, targets=targets)
        return result.wins.sum(axis=0).tolist(), result.scores.sum(axis=0).astype(float).tolist()

    def fallback_move(self, game: Game) -> cmd.Command:
        """Throw if nothing is on the table, else write where the fewest points go."""
        seat = game.current
        if game.state.turn is None or game.state.turn.dice is None:
            return cmd.Throw(player=seat, keep=[])
        preview = game.preview()
        box = min(preview, key=lambda b: (preview[b], -game.variant.box_ids.index(b)))
        return cmd.Write(player=seat, box=box)

    def repository(self, store: Store) -> GameRepository:
        return scoresheet_games(store)

    export_formats = ("json", "csv", "txt", "svg")

    def unfinished(self, store: Store) -> list[KeptGame]:
        """The scoresheet games still being played, with the round each log has reached."""
        kept = []
        games = scoresheet_games(store)
        for record in games.unfinished():
            round_no = None
            if record.damaged is None:
                with suppress(StoreError, ValueError):  # listed all the same: it can be dropped
                    round_no = self.log_round(games.load_events(record.id))
            kept.append(KeptGame(self.id, record, round_no))
        return kept

    def load(self, store: Store, game_id: int) -> Game:
        return scoresheet_games(store).load_game(game_id)

    def export(self, store: Store, game_id: int) -> Any:
        return sheet_export.export_game(store, game_id)

    def render_export(self, doc: Any, fmt: str) -> str | None:
        return None if fmt == "svg" else sheet_export.render(doc, fmt)

    def parse_import(self, data: bytes) -> tuple[Any, Game]:
        doc, game = sheet_export.parse_export(data)
        check_levels(doc.players, self.bot_levels())
        return doc, game

    def import_game(self, store: Store, doc: Any, game: Any) -> int:
        return sheet_export.import_game(store, doc, game)

    def player_stats(self, store: Store, player: str, variant: str) -> Any:
        return scoresheet_games(store).stats(player, variant)

    def set_coach(self, store: Store, game_id: int, thresholds: Mapping[int, float]) -> None:
        scoresheet_games(store).set_coach(game_id, thresholds)

    def coach(self, store: Store, game_id: int) -> dict[int, float]:
        try:
            players = store.game(game_id).players
        except StoreError:
            return {}
        return {p.seat: p.coach for p in players if p.coach is not None}


SPEC = ScoresheetSpec()
"""The family, as the registry finds it."""
