"""`FamilySpec`: everything the layers above the engine ask of a family of games.

A family declares, in one object, its variants, its seat range, how a game starts from
a setup, its bot levels and how a bot's choice becomes a command (with one rule-safe
fallback), who may see which events, and how its games are kept in the history. Code
outside a family asks its spec (found with `families.family_of(variant_id)`) and never
names the family's game class or variant list.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from pydantic import TypeAdapter

from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.engine.session import Session
from dicepoker_tui.i18n import _
from dicepoker_tui.store.connection import StoreError, sqlite_failures
from dicepoker_tui.store.event_logs import EventLogRepository
from dicepoker_tui.store.import_checks import ImportRefused
from dicepoker_tui.store.recorder import GameRepository, Recorder
from dicepoker_tui.store.records import GameRecord, PlayerRecord

if TYPE_CHECKING:
    from dicepoker_tui.family.setup import GameSetup
    from dicepoker_tui.store.database import Store


class VariantLike(Protocol):
    """What every variant of every family offers for listing and help."""

    id: str
    name: str
    description: str
    rules_text: str
    family: str

    @property
    def display_name(self) -> str: ...

    @property
    def display_description(self) -> str: ...

    @property
    def display_rules(self) -> str: ...


class Bot(Protocol):
    """A bot of some family; the family's spec knows how to ask it (`bot_move`)."""

    level: str


class KeptGame(NamedTuple):
    """An unfinished game of some family, as the resume list offers it."""

    family: str
    """The id of its family (`scoresheet`, `bidding`, ...)."""
    record: GameRecord
    round: int | None
    """The round its stored log has reached, where the family counts rounds."""

    @property
    def key(self) -> str:
        """Unique among every family's games: a variant belongs to one family."""
        return f"{self.record.variant}:{self.record.id}"


G = TypeVar("G", bound=Session)
"""The family's game class (a `Session`): what its hooks are given."""


class FamilySpec(ABC, Generic[G]):
    """One family of games, as the lobby, the command line, the hub and the history see
    it; `FamilySpec[G]`: its games are `G`s."""

    id: ClassVar[str]
    order: ClassVar[int] = 100
    """Where the family comes in lists of families (the lobby's variants, say): lowest
    first, then by id."""
    """The family's id: `scoresheet`, `bidding`, ... (also in messages and exports)."""
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    real_dice: ClassVar[bool] = False
    """Whether the values of real dice can be typed in instead of thrown."""
    coached: ClassVar[bool] = False
    coach_thresholds: ClassVar[tuple[float, ...]] = ()
    """The coach's thresholds a seat cycles through in the lobby (expected points)."""
    """Whether the solver's coach and hints apply."""
    default_level: ClassVar[str]
    """The level of a bot seat that names none."""
    timeout_level: ClassVar[str]
    """The bot level that plays a turn whose player ran out of time."""
    game_kind: ClassVar[str] = "game"
    """What one of its games is called ("a bidding game"), marked with `N_()`."""
    games_kind: ClassVar[str] = "games"
    """The same, of many ("scoresheet games"), marked with `N_()`."""

    # -- variants ---------------------------------------------------------------------
    @abstractmethod
    def variants(self) -> Sequence[VariantLike]:
        """The family's variants, built-ins first."""

    @abstractmethod
    def variant(self, variant_id: str) -> VariantLike:
        """The variant with this id; KeyError otherwise."""

    @abstractmethod
    def summary(self, variant: VariantLike) -> str:
        """One line under a variant's description in the lobby (seats, rounds...)."""

    def variant_from_file(self, path: Path) -> str | None:
        """The id of the variant a house-rules file at `path` defines, registered; None
        when the family has no such files, ValueError (one line) for a bad one."""
        return None

    def owns(self, variant_id: str) -> bool:
        try:
            self.variant(variant_id)
        except KeyError:
            return False
        return True

    # -- games ------------------------------------------------------------------------
    @abstractmethod
    def setup_problem(self, setup: GameSetup) -> str | None:
        """What in `setup` this family refuses beyond the checks every game has, or None."""

    @abstractmethod
    def new_game(self, setup: GameSetup) -> Session:
        """A fresh game from a setup that has no problem."""

    @abstractmethod
    def resume(self, events: Sequence[Any]) -> Session:
        """A game continued from its event list."""

    @property
    @abstractmethod
    def event_adapter(self) -> TypeAdapter:
        """Parses one of the family's events from JSON data."""

    @property
    @abstractmethod
    def command_types(self) -> tuple[type, ...]:
        """The commands a player may send (over the network, say)."""

    session_class: ClassVar[type[Session]]
    """The family's game facade (what `new_game` and `resume` return)."""

    @abstractmethod
    def to_act(self, state: Any) -> int | None:
        """The seat to act in a game's `state`, or None (the game is over)."""

    def round_of(self, state: Any) -> int | None:
        """The round a game's `state` is in, where the family counts rounds."""
        return None

    def winners(self, game: G) -> list[int]:
        """The seats in first place of a finished game."""
        standings = game.state.standings or []
        best = min((s.place for s in standings), default=1)
        return [s.player for s in standings if s.place == best]

    def final_measure(self, game: G, seat: int) -> float:
        """What a finished game's `seat` is measured by over many games: its place (1 is
        best) here; the scoresheet family's final total."""
        return float(next(s.place for s in game.state.standings or [] if s.player == seat))

    @abstractmethod
    def game_over_notice(self, game: G) -> tuple[str, dict[str, str | int]]:
        """The English template (marked for translation) and values saying who won."""

    def turn_over(self, events: Sequence[Any]) -> bool:
        """Whether `events` end the turn of the seat that was to act."""
        return any(getattr(e, "type", "") in self.turn_events for e in events)

    turn_events: ClassVar[frozenset[str]] = frozenset()
    take_back_commands: ClassVar[frozenset[str]] = frozenset()
    """Command types that take back the last move (a scoresheet's undo): at a shared
    table only the player who made that move may, once a turn."""

    # -- who sees what ----------------------------------------------------------------
    @abstractmethod
    def view(self, events: Sequence[Any], seat: int | None) -> list[Any]:
        """`events` as `seat` may see them (None: a spectator); the seed never leaves."""

    # -- bots -------------------------------------------------------------------------
    def tables_ready(self, variant_id: str, levels: list[str]) -> bool:
        """Whether a server has prepared what bots of `levels` read in `variant_id` (see
        `family.prepared`); a family whose bots read no prepared tables is always ready."""
        return True

    def warm_up(self) -> None:  # nothing to import, for most families
        """Import what a game of this family needs, once, before a server forks its
        session apps (they then share it)."""

    @abstractmethod
    def bot_levels(self) -> list[str]:
        """The levels a bot seat may have, weakest last or in the order shown."""

    @abstractmethod
    def make_bot(self, level: str, seed: int | None = None) -> Bot:
        """A bot of `level`; KeyError naming the known levels otherwise."""

    @abstractmethod
    def bot_move(self, game: G, seat: int, bot: Bot) -> Any:
        """The command `bot` chooses for `seat` (may take a while: call it off the loop)."""

    @abstractmethod
    def fallback_move(self, game: G) -> Any:
        """A rule-safe command for the seat to act: when a bot errs or a turn is scratched."""

    def pause_factor(self, game: G) -> float:
        """How many bot paces to wait before the next bot move (longer after a reveal)."""
        return 1

    # -- history ----------------------------------------------------------------------
    @abstractmethod
    def repository(self, store: Store) -> GameRepository:
        """Where the family's games are kept in `store`."""

    def load(self, store: Store, game_id: int) -> Session:
        """Stored game `game_id` rebuilt from its events; `StoreError` (one line) when its
        record is damaged, `GameNotFound` when there is none."""
        events = self.repository(store).load_events(game_id)
        try:
            return self.resume(events)
        except (IllegalMove, ValueError, IndexError, KeyError) as exc:
            raise StoreError(
                _("game {id} is damaged ({reason})").format(
                    id=game_id, reason=" ".join(str(exc).split())
                )
            ) from None

    export_formats: ClassVar[tuple[str, ...]] = ("json",)
    """The formats `dicepoker export` writes a game of this family in."""

    def export(self, store: Store, game_id: int) -> Any:
        """The full record of stored game `game_id` (a pydantic document; `StoreError`
        when it cannot be read or the family has no export)."""
        raise StoreError(_("{kinds} cannot be exported").format(kinds=_(self.games_kind)))

    def render_export(self, doc: Any, fmt: str) -> str | None:
        """`doc` in text format `fmt`, or None for a format drawn by the terminal UI."""
        return doc.model_dump_json(indent=1) + "\n" if fmt == "json" else None

    def parse_import(self, data: bytes) -> tuple[Any, Session]:
        """A JSON export checked against the rules, and its game; `ImportRefused`
        (one line) naming the first problem."""
        raise ImportRefused(_("{kinds} cannot be imported").format(kinds=_(self.games_kind)))

    def import_game(self, store: Store, doc: Any, game: Session) -> int:
        """Store a checked import as a new game; its id (`ImportRefused` for a duplicate)."""
        raise ImportRefused(_("{kinds} cannot be imported").format(kinds=_(self.games_kind)))

    def player_stats(self, store: Store, player: str, variant: str) -> Any:
        """`player`'s figures over their finished games of `variant` (a frozen
        dataclass with a `games` count), or None when the family keeps none."""
        return None

    def recorder(
        self,
        store: Store,
        game: Session,
        game_id: int | None = None,
        on_error: Callable[[str], None] | None = None,
    ) -> Recorder:
        """Keeps `game` in `store` as it is played (`close()` when done); `StoreError`
        when a new game cannot be stored (a full disk)."""
        with sqlite_failures():
            return Recorder(self.repository(store), game, game_id, on_error=on_error)

    # -- unfinished games -------------------------------------------------------------
    def unfinished(self, store: Store) -> list[KeptGame]:
        """The family's games still being played (not finished, not abandoned), last
        played first. Here: those of an `EventLogRepository` (the scoresheet family
        lists its own)."""
        repository = self.repository(store)
        if not isinstance(repository, EventLogRepository):
            return []
        kept = []
        for listed in repository.games(status="playing"):
            if not self.owns(listed.variant):
                continue
            try:
                events = repository.load_events(listed.id)
                record = _log_record(listed, events)
            except (StoreError, ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
                # listed, so that it can be dropped; it cannot be resumed
                events, record = [], _damaged_log_record(listed, exc)
            kept.append(KeptGame(self.id, record, self.log_round(events)))
        return kept

    def log_round(self, events: Sequence[Any]) -> int | None:
        """The round a stored log has reached: that of its last event naming one."""
        for event in reversed(events):
            found = getattr(event, "round", None)
            if isinstance(found, int):
                return found
        return None

    def abandon(self, store: Store, game_id: int) -> None:
        """Stop offering unfinished game `game_id` for resuming (it stays in the history)."""
        self.repository(store).abandon(game_id)

    def coach(self, store: Store, game_id: int) -> dict[int, float]:
        """Seat → the coach's threshold for the coached seats of a kept game (none here)."""
        return {}

    def set_coach(self, store: Store, game_id: int, thresholds: Mapping[int, float]) -> None:
        """Keep the coach of some seats of a new game (seat → threshold), for when it is
        resumed; a family without a coach keeps none."""

    def fast_head_to_head(
        self,
        variant_id: str,
        levels: list[str],
        games: int,
        seed: int,
        progress: Callable[[float], None] | None = None,
    ) -> tuple[list[float], list[float]] | None:
        """(wins, summed `final_measure`) per bot entry of `games` games between `levels`,
        seats rotated as in `family.head_to_head`, from a fast simulation of the
        family's own; None when it has none for these levels (the engine plays them)."""
        return None

    def make_bots(self, players: Sequence[Any], seed: int) -> dict[int, Bot]:
        """One bot per bot seat, seeded from the game seed so replays are reproducible."""
        return {
            seat: self.make_bot(p.level or self.default_level, seed=seed * 10 + seat)
            for seat, p in enumerate(players)
            if p.kind == "bot"
        }


def _log_record(listed: Any, events: Sequence[Any]) -> GameRecord:
    """The record of an unfinished game kept as one log (`BiddingRecord` and its events)."""
    start = events[0]
    started = datetime.fromisoformat(listed.started_at)
    return GameRecord(
        id=listed.id,
        variant=listed.variant,
        status="playing",
        started_at=started,
        updated_at=started,
        finished_at=None,
        seed=int(start.seed),
        real_dice=False,
        event_count=listed.event_count,
        players=tuple(
            PlayerRecord(seat, p.name, p.kind, p.level) for seat, p in enumerate(start.players)
        ),
    )


def _damaged_log_record(listed: Any, exc: BaseException) -> GameRecord:
    reason = " ".join(str(exc).split()) or type(exc).__name__
    return GameRecord(
        id=listed.id,
        variant=listed.variant,
        status="playing",
        started_at=datetime.fromtimestamp(0, UTC),
        updated_at=datetime.fromtimestamp(0, UTC),
        finished_at=None,
        seed=0,
        real_dice=False,
        event_count=listed.event_count,
        players=tuple(
            PlayerRecord(seat, name, "human") for seat, name in enumerate(listed.players)
        ),
        damaged=_("damaged ({reason})").format(reason=reason),
    )
