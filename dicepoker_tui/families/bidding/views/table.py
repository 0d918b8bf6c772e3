"""The bidding table (Perudo, Liar's Dice): seats and dice counts, the bid, your cup,
bid entry by keys, a log of bids and reveals. Hot-seat: a hand-over hides the cups
between human players, so each sees only their own cup."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import RichLog, Static

from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.families.bidding.bots.levels import BiddingBot
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.game import BiddingGame
from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.families.bidding.views.bid_entry import ENTRY_BINDINGS, BidDraft
from dicepoker_tui.families.bidding.views.cup import CupDice, show_cup
from dicepoker_tui.families.bidding.views.handover_text import handover_detail
from dicepoker_tui.families.bidding.views.help import BiddingHelpScreen
from dicepoker_tui.families.bidding.views.log_line import BiddingLogLine, last_reveal, log_lines
from dicepoker_tui.families.bidding.views.seat_role import BiddingSeatRole
from dicepoker_tui.families.bidding.views.table_fit import NEEDED, fit_table, too_small
from dicepoker_tui.families.bidding.views.text import (
    bid_line,
    event_line,
    reveal_summary,
    round_outcome,
    seats_text,
    table_title,
)
from dicepoker_tui.family import bot_driver
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.common.handover import HandoverResult, HandoverScreen
from dicepoker_tui.ui.common.leave import LeaveChoice, LeaveScreen
from dicepoker_tui.ui.common.size_notice import SizeNotice
from dicepoker_tui.ui.messages import ToLobby


class BiddingTableScreen(Screen[None]):
    """One bidding game at the table."""

    DEFAULT_CSS = """
    #bid-title { height: 1; background: $primary; color: $text; padding: 0 1; }
    #bid-body { height: 1fr; }
    #bid-left { width: 46; height: 1fr; }
    #bid-seats { height: auto; border: round $primary; padding: 0 1; }
    #bid-current { height: 3; padding: 0 1; }
    #bid-cup { padding: 0 1; }
    #bid-entry { height: 2; padding: 0 1; }
    #bid-log { width: 1fr; height: 1fr; border: round $primary; scrollbar-size-vertical: 1; }
    """
    BINDINGS = [
        *ENTRY_BINDINGS,
        Binding("question_mark", "rules", "Rules", key_display="?"),
        Binding("f1", "rules", "Rules", show=False),
        Binding("escape", "leave", "Lobby"),
        # Textual's own ctrl+q (quit; the game is kept), in the help: the footer's room
        # goes to the bid keys.
        Binding("ctrl+q", "app.quit", "Quit", key_display="^q", show=False, priority=True),
    ]
    REVEAL_PAUSE = 4
    """A bot waits this many paces after a reveal, so the lifted cups can be read."""

    def __init__(
        self,
        game: BiddingGame,
        bots: dict[int, BiddingBot],
        pace: float,
        kept: bool = False,
        role: BiddingSeatRole | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.role = role or BiddingSeatRole()
        """Who plays here and how: at home (the default) or at a shared table."""
        self.kept = kept
        """Whether the game is kept in the history (by the app), to be resumed when left."""
        self.bots = bots
        self.pace = pace
        self.viewer: int | None
        self.humans, self.viewer = self.role.seats(game.state.players, bots)
        self.draft = BidDraft(game)
        """The bid a person here is composing."""
        self._token = 0
        self._reveal_palifico = False
        self._last_outcome: list[ev.Event] = []
        self._handover_open = False
        self._result_open = False
        self._reveals_read = 0
        """Reveals the people at this screen have seen and gone on from (a key press)."""
        self._ready = False

    @property
    def state(self) -> BiddingState:
        return self.game.state

    @property
    def too_small(self) -> bool:
        """Whether the size notice stands in for the table (no bids made blind)."""
        return too_small(self)

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="bid-title")
        with Horizontal(id="bid-body"):
            with Vertical(id="bid-left"):
                yield Static(id="bid-seats")
                yield Static(id="bid-current")
                yield CupDice(id="bid-cup")
                yield Static(id="bid-entry")
            log = RichLog(id="bid-log", wrap=True, markup=False, min_width=1)
            log.can_focus = False
            log.border_title = _("Log")
            yield log
        yield SizeNotice(NEEDED, id="bid-too-small")
        yield KeysFooter()

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for line in log_lines(self.game):
            log.write(BiddingLogLine(line), shrink=True)
        self._reveal_palifico, self._last_outcome = last_reveal(self.game.events)
        self._reveals_read = self._reveals()  # a resumed game's reveals were read before
        self._subscription = self.game.subscribe(self._on_event)
        self._ready = True
        fit_table(self)
        self.draft.reset()
        self._refresh()
        self.call_after_refresh(self._next)

    def on_unmount(self) -> None:
        self._token += 1

    def _on_event(self, event: ev.Event, state: BiddingState) -> None:
        names = [p.shown for p in state.players]
        line = event_line(event, names, self.game.variant)
        if line is not None and self.is_mounted:
            self.query_one(RichLog).write(BiddingLogLine(line), shrink=True)
        if isinstance(event, ev.CupsRevealed):
            self._reveal_palifico = state.palifico
            self._last_outcome = []
        elif isinstance(event, ev.DiceCountChanged | ev.PlayerOut):
            self._last_outcome.append(event)
        if self.role.follows_events and self.is_mounted and self._ready:
            if isinstance(event, ev.BidMade | ev.RoundStarted):
                self.draft.reset()
            self._refresh()
            self._next()

    # -- drawing --------------------------------------------------------------------------
    @property
    def showing_reveal(self) -> bool:
        """Between a reveal and the next round's first bid the lifted cups stay in view,
        except for a person here who opens the round: once the cups are read, the opener
        sees the new round (their new cup, the dice left) to bid on."""
        state = self.state
        if state.last_reveal is None:
            return False
        if state.finished:
            return True
        opening_here = (
            self.viewer is not None
            and self.viewer == state.to_act
            and not self._handover_open
            and not self._reveal_waits
        )
        return state.bid is None and not opening_here

    def on_resize(self) -> None:
        """The table fits the terminal; the bid prompt fits its line by the entry's width,
        known after layout."""
        fit_table(self)
        self.call_after_refresh(self._refresh_entry)

    def _entry_text(self) -> Text:
        room = self.query_one("#bid-entry", Static).content_region.width
        return self.draft.prompt(self._my_turn, self._reveal_waits, room)

    def _refresh_entry(self) -> None:
        if self.is_mounted:
            self.query_one("#bid-entry", Static).update(self._entry_text())

    def _refresh(self) -> None:
        state, variant = self.state, self.game.variant
        self.query_one("#bid-title", Static).update(table_title(state, variant))
        seats = self.query_one("#bid-seats", Static)
        seats.update(
            seats_text(state, variant, self.viewer, self.showing_reveal, self._reveal_palifico)
        )
        seats.border_title = _("Lifted cups") if self.showing_reveal else _("Seats · dice · cup")
        current = bid_line(state, variant)
        if self.showing_reveal and state.last_reveal is not None:
            names = [p.shown for p in state.players]
            current = Text(reveal_summary(state, state.last_reveal), style="bold")
            current.append(" " + round_outcome(self._last_outcome, names))
        self.query_one("#bid-current", Static).update(current)
        cup = self.query_one(CupDice)
        show_cup(cup, state, self.viewer, bool(self.humans), self._reveal_waits)
        hidden = self.role.hidden_cup_text(state)
        if hidden is not None:
            cup.hidden_text = hidden
        self.query_one("#bid-entry", Static).update(self._entry_text())
        self.refresh_bindings()  # the bid keys come and go with the turn and the reveal

    def _reveals(self) -> int:
        return sum(1 for e in self.game.events if isinstance(e, ev.CupsRevealed))

    @property
    def _reveal_waits(self) -> bool:
        """Whether the lifted cups stay until someone here presses a key: after a
        challenge, while people play at this screen (bots only: they wait their pace)."""
        return (
            self.role.plays_here
            and self._readers_left
            and not self.state.finished
            and self._reveals() > self._reveals_read
        )

    @property
    def _readers_left(self) -> bool:
        """Whether a person here still reads reveals: one with dice, or one who lost
        the last die at this very reveal (once everyone here is out, the bots only
        wait their pace)."""
        just_out = {e.player for e in self._last_outcome if isinstance(e, ev.PlayerOut)}
        return any(self.state.in_game(seat) or seat in just_out for seat in self.humans)

    def on_key(self, event: events.Key) -> None:
        """After a reveal, the first key (other than help and leaving) only goes on."""
        if self._reveal_waits and event.key not in ("escape", "question_mark", "f1"):
            event.stop()
            event.prevent_default()
            self._reveals_read = self._reveals()
            self._refresh()
            self._next()

    # -- bid entry ------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.draft.allows(action, parameters, self._my_turn)

    def action_quantity(self, step: int) -> None:
        self.draft.step_quantity(step)
        self._refresh()

    def action_face(self, step: int) -> None:
        self.draft.step_face(step)
        self._refresh()

    def action_set_face(self, face: int) -> None:
        self.draft.set_face(face)
        self._refresh()

    def action_bid(self) -> None:
        self._human(lambda: self.game.bid(self.draft.quantity, self.draft.face))

    def action_challenge(self, call: str = "") -> None:
        """Challenge the last bid (`call`: what this variant's table calls it)."""
        self._human(self.game.challenge)

    def action_calza(self) -> None:
        self._human(self.game.calza)

    def _human(self, move: Callable[[], object]) -> None:
        if not self._my_turn:
            return
        try:
            move()
        except IllegalMove as exc:
            self.notify(exc.message, severity="warning", timeout=3)
            return
        self._moved()

    # -- turn flow ------------------------------------------------------------------------
    @property
    def _my_turn(self) -> bool:
        seat = self.state.to_act
        return (
            self._ready
            and seat is not None
            and seat not in self.bots
            and self.viewer == seat
            and not self._handover_open
            and not self._reveal_waits
            and not self.too_small
        )

    def _next(self) -> None:
        """What happens now: the result, a bot's move, or a hand-over to a human."""
        if not self.is_mounted:
            return
        state = self.state
        if state.finished:
            if not self._result_open:
                self._result_open = True
                self._show_result()
            return
        if not self.role.plays_here or self._reveal_waits:
            return
        seat = state.to_act
        if seat is None:
            return
        if seat in self.bots:
            self._schedule_bot()
        elif self.viewer != seat:
            self._handover(seat)

    def _handover(self, seat: int) -> None:
        self._handover_open = True
        self.viewer = None
        self._refresh()
        state = self.state
        detail = handover_detail(self.game, seat, self._last_outcome)
        name = state.players[seat].shown
        self.app.push_screen(HandoverScreen(name, detail, None), self._after_handover)

    def _after_handover(self, result: HandoverResult | None) -> None:
        self._handover_open = False
        if result == "menu":
            self.action_leave()
            return
        self.viewer = self.state.to_act
        self.draft.reset()
        self._refresh()

    def _schedule_bot(self) -> None:
        self._token += 1
        token = self._token
        delay = self.pace
        if self.state.bid is None and self.state.last_reveal is not None:
            delay *= self.REVEAL_PAUSE
        if delay > 0:
            self.set_timer(delay, lambda: self._bot_move(token))
        else:
            self.call_after_refresh(self._bot_move, token)

    def _bot_move(self, token: int) -> None:
        state = self.state
        if token != self._token or state.finished or state.to_act not in self.bots:
            return
        seat = state.to_act
        bot_driver.play(self.game, bot_driver.choose(self.game, seat, self.bots[seat]))
        self._moved()

    def _moved(self) -> None:
        if not self.role.plays_here:  # the move is on its way: the hub's events redraw
            self._refresh()
            return
        if self.hot_seat:
            self.viewer = None
        self.draft.reset()
        self._refresh()
        self._next()

    def _show_result(self) -> None:
        from dicepoker_tui.families.bidding.views.result import BiddingResultScreen

        def chosen(choice: str | None) -> None:
            if choice == "review":
                from dicepoker_tui.families.bidding.views.review import BiddingReviewScreen

                self.app.push_screen(
                    BiddingReviewScreen(self.role.review_events(self.game.events)),
                    lambda _: self._show_result(),
                )
                return
            self.role.after_result(self, choice)

        self.app.push_screen(BiddingResultScreen(self.state), chosen)

    def action_rules(self) -> None:
        self.app.push_screen(BiddingHelpScreen(self.game.variant))  # type: ignore[arg-type]

    def action_leave(self) -> None:
        """Leave the table; at home, an unfinished game asks first (it is kept)."""
        if not self.role.plays_here or self.state.finished:
            self._leave()
            return
        self._token += 1  # no bot moves while the question is open
        self.app.push_screen(LeaveScreen(kept=self.kept), self._after_leave)

    def _after_leave(self, choice: LeaveChoice | None) -> None:
        if choice == "lobby":
            self._leave()
        elif choice == "quit":
            self.app.exit()
        else:  # stay: play goes on where it was
            self._next()

    def _leave(self) -> None:
        self._token += 1
        self.post_message(ToLobby())
