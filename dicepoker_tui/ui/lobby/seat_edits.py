"""The lobby's seat keys: add, remove, rename, a bot's level, a human's coach.

`SeatEdits` is a collaborator of `LobbyScreen` with its own state: the seats and their
coach thresholds (the screen's `seats` and `coach`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dicepoker_tui.engine.players import Player
from dicepoker_tui.family import family_of, unused_name
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.text import level_label
from dicepoker_tui.ui.lobby.rename import RenameScreen
from dicepoker_tui.ui.lobby.seats import MAX_PLAYERS

if TYPE_CHECKING:
    from dicepoker_tui.ui.lobby.lobby import LobbyScreen


class SeatEdits:
    """The seats of one lobby and what its seat keys do to them."""

    def __init__(self, screen: LobbyScreen, seats: Sequence[Player]) -> None:
        self.screen = screen
        self.seats: list[Player] = list(seats)
        self.coach: list[float | None] = [None] * len(self.seats)
        """Per seat: the coach's threshold (expected points), or None."""

    def add(self, kind: str) -> None:
        if len(self.seats) >= MAX_PLAYERS:
            self.screen.notify(
                _("At most {n} seats.").format(n=MAX_PLAYERS), severity="warning", timeout=2
            )
            return
        names = [p.name for p in self.seats]
        if kind == "bot":
            if not self.screen.levels:
                self.screen.notify(_("No bot level is available."), severity="warning", timeout=2)
                return
            stem = _("Bot")
            player = Player(name=unused_name(names, stem), kind="bot", level=self.screen.levels[0])
        else:
            player = Player(name=unused_name(names, _("Player")))
        self.seats.append(player)
        self.coach.append(None)
        self.screen.show_seats(len(self.seats) - 1)

    def remove(self) -> None:
        index = self.screen.seat_index
        if index is None or len(self.seats) <= 1:
            self.screen.notify(_("A game needs at least one seat."), severity="warning", timeout=2)
            return
        del self.seats[index]
        del self.coach[index]
        self.screen.show_seats(min(index, len(self.seats) - 1))

    def rename(self) -> None:
        index = self.screen.seat_index
        if index is None:
            return

        def done(name: str | None) -> None:
            if not name:
                return
            taken = {p.name.casefold() for i, p in enumerate(self.seats) if i != index}
            if name.casefold() in taken:
                self.screen.notify(
                    _("{name} is already at the table.").format(name=name),
                    severity="warning",
                    timeout=2,
                )
                return
            self.seats[index] = self.seats[index].model_copy(update={"name": name})
            self.screen.show_seats(index)

        self.screen.app.push_screen(RenameScreen(self.seats[index].name), done)

    def level(self) -> None:
        index = self.screen.seat_index
        if index is None:
            return
        seat = self.seats[index]
        if seat.kind != "bot":
            self.screen.notify(
                _("Levels are for bot seats (b adds one)."), severity="warning", timeout=2
            )
            return
        levels = self.screen.levels or [seat.level or ""]
        nxt = (
            levels[(levels.index(seat.level) + 1) % len(levels)]
            if seat.level in levels
            else levels[0]
        )
        self.seats[index] = seat.model_copy(update={"level": nxt})
        self.screen.show_seats(index)
        if len(levels) == 1:
            self.screen.notify(
                _("{level} is the only bot level so far.").format(level=level_label(nxt)), timeout=2
            )

    def coach_next(self) -> None:
        """Coach the highlighted human seat: off, then each threshold in turn, then off."""
        reason = self.screen.not_here("coach")
        if reason:
            self.screen.notify(reason, severity="warning", timeout=3)
            return
        index = self.screen.seat_index
        if index is None:
            return
        seat = self.seats[index]
        if seat.kind != "human":
            self.screen.notify(_("The coach is for human seats."), severity="warning", timeout=2)
            return
        steps: list[float | None] = [None, *family_of(self.screen.variant_id).coach_thresholds]
        current = self.coach[index]
        self.coach[index] = (
            steps[(steps.index(current) + 1) % len(steps)] if current in steps else None
        )
        self.screen.show_seats(index)
        limit = self.coach[index]
        if limit is None:
            self.screen.notify(_("No coach for {name}.").format(name=seat.name), timeout=2)
        else:
            self.screen.notify(
                _(
                    "Coach for {name}: a note after a move that gives up more than "
                    "{limit} expected points."
                ).format(name=seat.name, limit=f"{limit:g}"),
                timeout=3,
            )
