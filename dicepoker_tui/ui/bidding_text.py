"""Texts of the bidding table: seats, the bid, the reveal and log lines (Rich, no Textual)."""

from __future__ import annotations

from rich.text import Text

from dicepoker_tui.engine.bidding import events as ev
from dicepoker_tui.engine.bidding.state import BiddingState
from dicepoker_tui.engine.bidding.variants import BiddingVariant

DIE_FACES = "?⚀⚁⚂⚃⚄⚅"


def bid_words(quantity: int, face: int) -> str:
    """`4 × 5s` ("one 3" when the quantity is one)."""
    return f"{quantity} × {face}" + ("" if quantity == 1 else "s")


def counts(die: int, face: int, wild: bool) -> bool:
    return die == face or (wild and face != 1 and die == 1)


def cup_text(cup: tuple[int, ...], face: int | None = None, wild: bool = False) -> Text:
    """A cup as digits; with `face`, the dice that count for it are highlighted."""
    text = Text()
    for i, die in enumerate(cup):
        if i:
            text.append(" ")
        if die == 0:
            text.append("?", style="dim")
        elif face is not None and counts(die, face, wild):
            text.append(str(die), style="bold reverse")
        else:
            text.append(str(die))
    return text


def revealed_wild(reveal: ev.CupsRevealed, variant: BiddingVariant, palifico: bool) -> bool:
    return variant.wild_ones and not palifico


def seats_text(
    state: BiddingState,
    variant: BiddingVariant,
    viewer: int | None,
    show_reveal: bool,
    reveal_palifico: bool = False,
) -> Text:
    """One line per seat: turn mark, name, dice left, cup (own, hidden or revealed), bid."""
    reveal = state.last_reveal if show_reveal else None
    width = max(len(p.name) for p in state.players)
    width = min(width, 12)
    text = Text(no_wrap=True, overflow="ellipsis")
    for seat, player in enumerate(state.players):
        if seat:
            text.append("\n")
        left = state.dice_left[seat]
        mark = "▶ " if state.to_act == seat else "  "
        text.append(mark, style="bold")
        style = "dim strike" if left == 0 else ("bold" if seat == viewer else "")
        text.append(f"{player.name[:width]:<{width}} ", style=style)
        count = "out" if left == 0 else f"{left} {'die' if left == 1 else 'dice'}"
        text.append(f"{count:<7}", style="dim" if left == 0 else "")
        if reveal is not None:
            cup = tuple(reveal.cups[seat]) if seat < len(reveal.cups) else ()
            wild = revealed_wild(reveal, variant, reveal_palifico)
            text.append_text(cup_text(cup, reveal.face, wild))
            text.append(" " * (2 * (5 - len(cup))))
        elif left == 0:
            text.append(" " * 10)
        elif seat == viewer:
            text.append_text(cup_text(state.cups[seat]))
            text.append(" " * (2 * (5 - left)))
        else:
            text.append(" ".join("?" * left), style="dim")
            text.append(" " * (2 * (5 - left)))
        if reveal is not None:
            if reveal.bidder == seat:
                text.append(f" bid {bid_words(reveal.quantity, reveal.face)}", style="bold")
            elif reveal.player == seat:
                text.append(" dudo" if reveal.call == "challenge" else " calza", style="bold")
        elif state.bid is not None and state.bid.player == seat:
            text.append(f" bid {bid_words(state.bid.quantity, state.bid.face)}", style="bold")
    return text


def reveal_summary(state: BiddingState, reveal: ev.CupsRevealed) -> str:
    """`Bob called dudo on 4 × 5s by Ann: 3 counted. Ann loses a die.`"""
    names = [p.name for p in state.players]
    call = "dudo" if reveal.call == "challenge" else "calza"
    text = (
        f"{names[reveal.player]} called {call} on {bid_words(reveal.quantity, reveal.face)}"
        f" by {names[reveal.bidder]}: {reveal.actual} counted."
    )
    return text


def bid_line(state: BiddingState, variant: BiddingVariant) -> Text:
    """The current bid, who made it, and the round's rule notes."""
    text = Text(no_wrap=True, overflow="ellipsis")
    if state.bid is None:
        text.append("No bid yet: ")
        starter = state.players[state.to_act].name if state.to_act is not None else "-"
        text.append(f"{starter} opens.")
    else:
        text.append("Bid: ")
        text.append(bid_words(state.bid.quantity, state.bid.face), style="bold reverse")
        text.append(f" by {state.players[state.bid.player].name}")
    text.append(f"  ({state.total_dice} dice)", style="dim")
    return text


def event_line(event: ev.Event, names: list[str], variant: BiddingVariant) -> Text | None:
    """A log line for an event (None for the start of the game)."""
    match event:
        case ev.RoundStarted():
            text = Text(f"Round {event.round}: {names[event.starter]} opens", style="bold")
            if event.palifico:
                text.append(" · PALIFICO", style="bold reverse")
            return text
        case ev.BidMade():
            return Text(f"{names[event.player]}: {bid_words(event.quantity, event.face)}")
        case ev.CupsRevealed():
            call = "DUDO!" if event.call == "challenge" else "CALZA!"
            text = Text(f"{names[event.player]}: {call}", style="bold")
            text.append(f"\n  {event.actual} counted for {bid_words(event.quantity, event.face)}")
            return text
        case ev.DiceCountChanged():
            what = "loses a die" if event.delta < 0 else "wins a die back"
            return Text(f"  {names[event.player]} {what} ({event.dice_left} left)")
        case ev.PlayerOut():
            return Text(f"  {names[event.player]} is out", style="bold")
        case ev.GameFinished():
            winner = next(s.player for s in event.standings if s.place == 1)
            return Text(f"{names[winner]} wins!", style="bold reverse")
    return None


def round_outcome(events: list[ev.Event], names: list[str]) -> str:
    """Who lost (or won back) a die in these events, in words."""
    parts = []
    for event in events:
        if isinstance(event, ev.DiceCountChanged):
            what = "loses a die" if event.delta < 0 else "wins a die back"
            parts.append(f"{names[event.player]} {what}")
        elif isinstance(event, ev.PlayerOut):
            parts.append(f"{names[event.player]} is out")
    return "; ".join(parts) + "." if parts else "No die changes hands."


def review_text(events: list[ev.Event], variant: BiddingVariant) -> Text:
    """A whole game round by round: every cup, the bids, the call and who lost a die."""
    text = Text()
    names: list[str] = []
    width = 0
    palifico = False
    bids: list[str] = []

    def flush_bids() -> None:
        if bids:
            text.append("  " + " · ".join(bids) + "\n")
            bids.clear()

    for event in events:
        match event:
            case ev.GameStarted():
                names = [p.name for p in event.players]
                width = min(12, max(len(n) for n in names))
                text.append(f"{variant.name} · seed {event.seed}\n", style="bold")
            case ev.RoundStarted():
                palifico = event.palifico
                text.append(f"\nRound {event.round} · {names[event.starter]} opens", style="bold")
                if palifico:
                    text.append(" · PALIFICO", style="bold reverse")
                text.append("\n")
                for seat, cup in enumerate(event.cups):
                    if cup:
                        text.append(f"  {names[seat][:width]:<{width}}  ")
                        text.append_text(cup_text(tuple(cup)))
                        text.append("\n")
            case ev.BidMade():
                bids.append(f"{names[event.player]} {bid_words(event.quantity, event.face)}")
            case ev.CupsRevealed():
                call = "dudo" if event.call == "challenge" else "calza"
                bids.append(f"{names[event.player]} {call}!")
                flush_bids()
                wild = variant.wild_ones and not palifico
                text.append("  Lifted: ")
                for cup in event.cups:
                    if cup:
                        text.append_text(cup_text(tuple(cup), event.face, wild))
                        text.append("  ")
                text.append(
                    f"\n  {event.actual} counted for {bid_words(event.quantity, event.face)}\n"
                )
            case ev.DiceCountChanged():
                what = "loses a die" if event.delta < 0 else "wins a die back"
                text.append(f"  {names[event.player]} {what} ({event.dice_left} left)\n")
            case ev.PlayerOut():
                text.append(f"  {names[event.player]} is out\n", style="bold")
            case ev.GameFinished():
                text.append("\nPlaces\n", style="bold")
                for s in sorted(event.standings, key=lambda s: s.place):
                    text.append(f"  {s.place}. {names[s.player]}\n")
    flush_bids()
    return text
