"""Deciding bidding-family commands: bids, challenges, calza; rounds and eliminations."""

from __future__ import annotations

from dicepoker_tui.engine import errors
from dicepoker_tui.engine.dice import DiceSource
from dicepoker_tui.engine.players import Standing
from dicepoker_tui.families.bidding.rules import commands as cmd
from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules.state import BiddingState, evolve
from dicepoker_tui.families.bidding.rules.variants import BiddingVariant, get_variant
from dicepoker_tui.i18n import _, ngettext

MIN_PLAYERS, MAX_PLAYERS = 2, 8


def face_name(face: int, quantity: int = 2) -> str:
    return f"{face}s" if quantity != 1 else f"{face}"


def bid_text(quantity: int, face: int) -> str:
    return f"{quantity} × {face}"


def counts_for(state: BiddingState, variant: BiddingVariant, face: int) -> int:
    """Dice on the table that count for a bid on `face` (wild ones included)."""
    wild = variant.wild_ones and not state.palifico and face != 1
    return sum(sum(1 for d in cup if d == face or (wild and d == 1)) for cup in state.cups)


def bid_refusal(
    state: BiddingState, variant: BiddingVariant, quantity: int, face: int
) -> str | None:
    """Why this bid is not a legal raise now, or None."""
    if face not in range(1, 7):
        return _("A bid names a face from 1 to 6.")
    if quantity < 1:
        return _("A bid is for at least one die.")
    if quantity > state.total_dice:
        n = state.total_dice
        return ngettext(
            "There is only {n} die on the table.", "There are only {n} dice on the table.", n
        ).format(n=n)
    prev = state.bid
    wild = variant.wild_ones and not state.palifico
    if prev is None:
        if wild and face == 1:
            return _("The opening bid cannot be on ones (they are wild).")
        return None
    if state.palifico and state.opening_face is not None and face != state.opening_face:
        return _("Palifico: the face stays {face}; raise the quantity.").format(
            face=state.opening_face
        )
    pq, pf = prev.quantity, prev.face
    if wild and pf != 1 and face == 1:
        need = -(-pq // 2)
        if quantity >= need:
            return None
        return _("Bidding ones needs at least {need} (half of {quantity}).").format(
            need=need, quantity=pq
        )
    if wild and pf == 1 and face != 1:
        need = 2 * pq + 1
        if quantity >= need:
            return None
        return _("Leaving ones needs at least {need} (twice {quantity}, +1).").format(
            need=need, quantity=pq
        )
    if quantity > pq or (quantity == pq and face > pf):
        return None
    return _(
        "Raise the bid: more than {quantity} dice, or {quantity} of a face higher than {face}."
    ).format(quantity=pq, face=pf)


def legal_bids(state: BiddingState, variant: BiddingVariant) -> list[tuple[int, int]]:
    """Every legal (quantity, face) bid now."""
    return [
        (q, f)
        for q in range(1, state.total_dice + 1)
        for f in range(1, 7)
        if bid_refusal(state, variant, q, f) is None
    ]


class BiddingFamily:
    """`decide` and `evolve` for bidding games, for the generic engine."""

    def decide(
        self, state: BiddingState | None, command: cmd.Command, dice: DiceSource
    ) -> list[ev.Event]:
        if isinstance(command, cmd.Start):
            return _start(state, command, dice)
        if state is None:
            raise errors.NotStarted("No game is in progress.")
        if state.finished or state.to_act is None:
            raise errors.GameOver("The game is over.")
        variant = get_variant(state.variant)
        if command.player != state.to_act:
            name = state.players[state.to_act].name
            raise errors.OutOfTurn(_("It is {name}'s turn.").format(name=name))
        match command:
            case cmd.Bid():
                refusal = bid_refusal(state, variant, command.quantity, command.face)
                if refusal:
                    raise errors.IllegalMove(refusal)
                return [
                    ev.BidMade(player=command.player, quantity=command.quantity, face=command.face)
                ]
            case cmd.Challenge():
                return _reveal(state, variant, command.player, "challenge", dice)
            case cmd.Calza():
                if not variant.calza:
                    raise errors.IllegalMove(
                        _("{variant} has no calza.").format(variant=_(variant.name))
                    )
                return _reveal(state, variant, command.player, "calza", dice)
        raise errors.IllegalMove(f"Unknown command {command!r}.")

    def evolve(self, state: BiddingState | None, event: ev.Event) -> BiddingState:
        return evolve(state, event)


def _start(state: BiddingState | None, command: cmd.Start, dice: DiceSource) -> list[ev.Event]:
    if state is not None:
        raise errors.BadSetup("A game is already in progress.")
    try:
        variant = get_variant(command.variant)
    except KeyError as exc:
        raise errors.BadSetup(str(exc.args[0])) from None
    if not MIN_PLAYERS <= len(command.players) <= MAX_PLAYERS:
        raise errors.BadSetup(f"{variant.name} needs {MIN_PLAYERS} to {MAX_PLAYERS} players.")
    names = [p.name for p in command.players]
    if len(set(names)) != len(names):
        raise errors.BadSetup("Every player needs a different name.")
    started = ev.GameStarted(variant=variant.id, players=command.players, seed=command.seed)
    after = evolve(None, started)
    return [started, _round(after, 1, 0, False, dice)]


def _round(
    state: BiddingState, number: int, starter: int, palifico: bool, dice: DiceSource
) -> ev.RoundStarted:
    cups = [
        tuple(sorted(dice.roll(n, number * 16 + seat))) if n else ()
        for seat, n in enumerate(state.dice_left)
    ]
    return ev.RoundStarted(round=number, starter=starter, palifico=palifico, cups=cups)


def _reveal(
    state: BiddingState,
    variant: BiddingVariant,
    player: int,
    call: str,
    dice: DiceSource,
) -> list[ev.Event]:
    bid = state.bid
    if bid is None:
        raise errors.IllegalMove(_("There is no bid yet: open with a bid."))
    actual = counts_for(state, variant, bid.face)
    events: list[ev.Event] = [
        ev.CupsRevealed(
            player=player,
            call=call,  # type: ignore[arg-type]
            quantity=bid.quantity,
            face=bid.face,
            bidder=bid.player,
            actual=actual,
            cups=state.cups,
        )
    ]
    if call == "challenge":
        seat = player if actual >= bid.quantity else bid.player
        delta = -1
    else:
        seat = player
        delta = 1 if actual == bid.quantity else -1
    left = min(variant.dice_per_player, state.dice_left[seat] + delta)
    if left != state.dice_left[seat]:
        events.append(ev.DiceCountChanged(player=seat, delta=delta, dice_left=left))
    after = state
    for event in events:
        after = evolve(after, event)
    if left == 0:
        events.append(ev.PlayerOut(player=seat))
        after = evolve(after, events[-1])
    alive = [i for i, n in enumerate(after.dice_left) if n > 0]
    if len(alive) == 1:
        events.append(ev.GameFinished(standings=_standings(after, alive[0])))
        return events
    starter = seat if after.dice_left[seat] > 0 else after.next_seat(seat)
    palifico = variant.palifico and delta < 0 and left == 1 and not state.palifico_done[seat]
    events.append(_round(after, state.round + 1, starter, palifico, dice))
    return events


def _standings(state: BiddingState, winner: int) -> list[Standing]:
    order = [winner, *reversed(state.out_order)]
    return [
        Standing(player=i, total=state.dice_left[i], place=order.index(i) + 1, settlement=0.0)
        for i in range(len(state.players))
    ]
