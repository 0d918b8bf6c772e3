"""What a game is started from: variant, seats, seed and dice mode, in any family."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.engine.names import NAME_MAX, plain, unsafe_char
from dicepoker_tui.engine.players import Player
from dicepoker_tui.engine.session import Session
from dicepoker_tui.family.registry import family_of
from dicepoker_tui.i18n import _

__all__ = ["NAME_MAX", "GameSetup", "fit_levels", "name_problem", "unused_name"]


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a seat's name, in one line, or None when it can."""
    bad = unsafe_char(name)
    if bad is not None:
        return _("The name {name} holds a control character ({char}).").format(
            name=f"'{plain(name)}'", char=plain(bad)
        )
    if not name.strip() or len(name) > NAME_MAX:
        return _("A name needs 1 to {most} characters.").format(most=NAME_MAX)
    return None


@dataclass(frozen=True)
class GameSetup:
    """The choices made in the lobby, on the `dicepoker play` command line or at the hub."""

    variant: str = "yahtzee"
    seats: tuple[Player, ...] = field(default_factory=lambda: (Player(name="Player 1"),))
    seed: int | None = None
    real_dice: bool = False
    coach: tuple[float | None, ...] = ()
    """Per seat: the coach's threshold in expected points, or None for no coach (missing
    entries mean none). Only human seats are coached."""

    def coach_thresholds(self) -> dict[int, float]:
        """Seat → threshold for the coached human seats."""
        return {
            seat: limit
            for seat, (player, limit) in enumerate(zip(self.seats, self.coach, strict=False))
            if limit is not None and player.kind == "human"
        }

    def problem(self, known_levels: Sequence[str] | None = None) -> str | None:
        """Why this setup cannot start, in one line, or None when it can.

        The one validation of a setup, used by the lobby, the command line and the hub:
        the checks every game has, then the family's own (`FamilySpec.setup_problem`).
        `known_levels` narrows the bot levels further (None: the family's levels)."""
        try:
            family = family_of(self.variant)
        except KeyError as exc:
            return str(exc.args[0])
        if not family.min_seats <= len(self.seats) <= family.max_seats:
            if family.min_seats == 1:
                return _("A game needs 1 to {n} seats.").format(n=family.max_seats)
            return _("{variant} needs {min} to {max} seats.").format(
                variant=family.variant(self.variant).display_name,
                min=family.min_seats,
                max=family.max_seats,
            )
        names = [p.name.strip() for p in self.seats]
        if any(not n for n in names):
            return _("Every seat needs a name.")
        for name in names:
            problem = name_problem(name)
            if problem:
                return problem
        if len({n.casefold() for n in names}) != len(names):
            return _("Every seat needs a different name.")
        levels = family.bot_levels() if known_levels is None else list(known_levels)
        for bot in (p for p in self.seats if p.kind == "bot"):
            if bot.level not in levels and (bot.level or known_levels is not None):
                return _("Unknown bot level {level} (known: {known}).").format(
                    level=repr(bot.level), known=", ".join(levels)
                )
        return family.setup_problem(self)

    def new_game(self) -> Session:
        """A fresh game from this setup; raises IllegalMove when it cannot start."""
        problem = self.problem()
        if problem:
            raise IllegalMove(problem)
        return family_of(self.variant).new_game(self)

    def rematch(self) -> GameSetup:
        """The same table with fresh dice."""
        return replace(self, seed=None)

    @classmethod
    def from_game(cls, game: Session, coach: Mapping[int, float] | None = None) -> GameSetup:
        """The setup `game` was started from; `coach` (seat → threshold) as it was played."""
        state = game.state
        coach = coach or {}
        return cls(
            variant=state.variant,
            seats=tuple(state.players),
            seed=state.seed,
            real_dice=bool(getattr(state, "real_dice", False)),
            coach=tuple(coach.get(seat) for seat in range(len(state.players))) if coach else (),
        )


def unused_name(taken: Sequence[str], stem: str) -> str:
    """`stem N` with the smallest N not yet used."""
    lowered = {t.casefold() for t in taken}
    n = 1
    while f"{stem} {n}".casefold() in lowered:
        n += 1
    return f"{stem} {n}"


def fit_levels(seats: Sequence[Player], levels: Sequence[str]) -> list[Player]:
    """The seats with every bot on a level from `levels` (the first, when its own is not)."""
    if not levels:
        return list(seats)
    return [
        p.model_copy(update={"level": levels[0]})
        if p.kind == "bot" and p.level not in levels
        else p
        for p in seats
    ]
