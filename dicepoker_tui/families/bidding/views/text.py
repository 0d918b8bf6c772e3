"""Texts of the bidding table: seats, the bid, the reveal and log lines (Rich, no Textual)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from dicepoker_tui.families.bidding.rules import events as ev
from dicepoker_tui.families.bidding.rules import variants as bidding_variants
from dicepoker_tui.families.bidding.rules.state import BiddingState
from dicepoker_tui.families.bidding.rules.variants import BiddingVariant
from dicepoker_tui.i18n import N_, _, ngettext, pgettext
from dicepoker_tui.ui.common.text import shorten

DIE_FACES = "?⚀⚁⚂⚃⚄⚅"


def _bid_form(quantity: int, face: int) -> str:
    """The bid's words for `face` with the quantity's plural form (one message per face,
    so a language can name the face and agree it with the number: "7 четвёрок")."""
    match face:
        case 1:
            return ngettext("{quantity} × 1", "{quantity} × 1s", quantity)
        case 2:
            return ngettext("{quantity} × 2", "{quantity} × 2s", quantity)
        case 3:
            return ngettext("{quantity} × 3", "{quantity} × 3s", quantity)
        case 4:
            return ngettext("{quantity} × 4", "{quantity} × 4s", quantity)
        case 5:
            return ngettext("{quantity} × 5", "{quantity} × 5s", quantity)
        case 6:
            return ngettext("{quantity} × 6", "{quantity} × 6s", quantity)
    return f"{{quantity}} × {face}"


def bid_words(quantity: int, face: int) -> str:
    """`4 × 5s` ("1 × 3" when the quantity is one), in the current language."""
    return _bid_form(quantity, face).format(quantity=quantity)


CHALLENGE_SUMMARIES = {
    "dudo": N_("{caller} called dudo on {bid} by {bidder}: {actual} counted."),
    "liar": N_("{caller} called “liar!” on {bid} by {bidder}: {actual} counted."),
}
"""The line after a challenge, by what the variant calls a challenge."""
SHOUTS = {"dudo": N_("DUDO!"), "liar": N_("LIAR!"), "calza": N_("CALZA!")}
"""What the log shouts for a call."""


def call_word(call: str, variant_id: str) -> str:
    """The name of a call in the game `variant_id`: a challenge (dudo, or "liar" at Liar's
    Dice) or calza."""
    if call != "challenge":
        return _("calza")
    return _(bidding_variants.get_variant(variant_id).call_name)


def dice_count(n: int) -> str:
    return ngettext("{n} die", "{n} dice", n).format(n=n)


def dice_count_short(n: int) -> str:
    """The dice a seat holds, abbreviated for a narrow seat line (`5 куб.`)."""
    return pgettext("dice count, short", "{n} d.").format(n=n)


def loses_or_wins(name: str, delta: int) -> str:
    if delta < 0:
        return _("{name} loses a die").format(name=name)
    return _("{name} wins a die back").format(name=name)


def is_out(name: str) -> str:
    return _("{name} is out").format(name=name)


def fit(name: str, width: int) -> str:
    """`name` in exactly `width` cells: shortened with an ellipsis, or padded."""
    short = shorten(name, width)
    return short + " " * (width - cell_len(short))


def styled_template(template: str, field: str, value: str, style: str, **fields: str) -> Text:
    """`template` formatted, with the `{field}` part in `style` (wherever a language puts it)."""
    text = Text()
    before, sep, after = template.partition("{" + field + "}")
    text.append(before.format(**fields))
    if sep:
        text.append(value, style=style)
        text.append(after.format(**fields))
    return text


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


SEATS_WIDTH = 42
"""Columns inside the seats box of the table (46 wide, less border and padding)."""
CUP_WIDTH = 9
"""Five dice as `1 2 3 4 5`."""


def _bid_note(quantity: int, face: int, compact: bool) -> str:
    """A seat's bid after its cup: in words, or (`compact`) as `▸ 7 × 4`."""
    if compact:
        return f" ▸ {quantity} × {face}"
    return " " + _("bid {bid}").format(bid=bid_words(quantity, face))


def _seat_note(
    state: BiddingState, reveal: ev.CupsRevealed | None, seat: int, compact: bool = False
) -> str:
    """What follows a seat's cup: its bid, or the call it made on the lifted cups."""
    if reveal is not None:
        if reveal.bidder == seat:
            return _bid_note(reveal.quantity, reveal.face, compact)
        if reveal.player == seat:
            return " " + call_word(reveal.call, state.variant)
        return ""
    if state.bid is not None and state.bid.player == seat:
        return _bid_note(state.bid.quantity, state.bid.face, compact)
    return ""


def seats_text(
    state: BiddingState,
    variant: BiddingVariant,
    viewer: int | None,
    show_reveal: bool,
    reveal_palifico: bool = False,
    width: int = SEATS_WIDTH,
) -> Text:
    """One line per seat: turn mark, name, dice left, cup (own, hidden or revealed), bid.

    When a line (with room for the highest bid) would not fit in `width` (long names, long
    words in some languages), the dice-left column goes (the cup shows as many dice) and
    then names are shortened.
    """
    reveal = state.last_reveal if show_reveal else None
    name_width = min(12, max(len(p.shown) for p in state.players))
    seats = range(len(state.players))
    # The fullest form that fits with names of 8: the count and bids in words; the bids
    # after the cups as digits; the count short; else the names shorten, then the count goes.
    for count, compact in (
        (dice_count, False),
        (dice_count, True),
        (dice_count_short, True),
    ):
        notes = [_seat_note(state, reveal, seat, compact) for seat in seats]
        longest = max(len(n) for n in notes)
        if not state.finished:  # room for any bid, so the columns stay put as bids rise
            longest = max(
                longest,
                *(len(_bid_note(state.total_dice, face, compact)) for face in range(1, 7)),
            )
        fixed = 2 + 1 + CUP_WIDTH + longest
        counts_shown = [_("out") if n == 0 else count(n) for n in state.dice_left]
        count_width = max(6, *(len(c) for c in counts_shown)) + 1
        if fixed + min(name_width, 8) + count_width <= width:
            break
    show_count = fixed + 4 + count_width <= width
    room = width - fixed - (count_width if show_count else 0)
    name_width = min(name_width, max(4, room))
    text = Text(no_wrap=True, overflow="ellipsis")
    for seat, player in enumerate(state.players):
        if seat:
            text.append("\n")
        left = state.dice_left[seat]
        mark = "▶ " if state.to_act == seat else "  "
        text.append(mark, style="bold")
        style = "dim strike" if left == 0 else ("bold" if seat == viewer else "")
        text.append(f"{fit(player.shown, name_width)} ", style=style)
        if show_count:
            text.append(f"{counts_shown[seat]:<{count_width}}", style="dim" if left == 0 else "")
        if reveal is not None:
            cup = tuple(reveal.cups[seat]) if seat < len(reveal.cups) else ()
            wild = revealed_wild(reveal, variant, reveal_palifico)
            text.append_text(cup_text(cup, reveal.face, wild))
            text.append(" " * (2 * (5 - len(cup))))
        elif left == 0:
            if show_count:
                text.append(" " * 10)
            else:
                text.append(f"{_('out'):<10}", style="dim")
        elif seat == viewer:
            text.append_text(cup_text(state.cups[seat]))
            text.append(" " * (2 * (5 - left)))
        else:
            text.append(" ".join("?" * left), style="dim")
            text.append(" " * (2 * (5 - left)))
        text.append(notes[seat], style="bold")
    return text


def reveal_summary(state: BiddingState, reveal: ev.CupsRevealed) -> str:
    """`Bob called dudo on 4 × 5s by Ann: 3 counted. Ann loses a die.`"""
    names = [p.shown for p in state.players]
    if reveal.call == "challenge":
        call = bidding_variants.get_variant(state.variant).call_name
        template = _(CHALLENGE_SUMMARIES[call])
    else:
        template = _("{caller} called calza on {bid} by {bidder}: {actual} counted.")
    return template.format(
        caller=names[reveal.player],
        bid=bid_words(reveal.quantity, reveal.face),
        bidder=names[reveal.bidder],
        actual=reveal.actual,
    )


def bid_line(state: BiddingState, variant: BiddingVariant, width: int = SEATS_WIDTH + 2) -> Text:
    """The current bid, who made it, and the dice on the table (on a line of its own when
    the line would be longer than `width`)."""
    text = Text(no_wrap=True, overflow="ellipsis")
    if state.bid is None:
        starter = state.players[state.to_act].shown if state.to_act is not None else "-"
        text.append(_("No bid yet: {name} opens.").format(name=starter))
    else:
        bid = bid_words(state.bid.quantity, state.bid.face)
        name = state.players[state.bid.player].shown
        text.append_text(
            styled_template(_("Bid: {bid} by {name}"), "bid", bid, "bold reverse", name=name)
        )
    total = ngettext("({n} die)", "({n} dice)", state.total_dice).format(n=state.total_dice)
    gap = "  " if text.cell_len + 2 + len(total) <= width else "\n"
    text.append(gap + total, style="dim")
    return text


def counted_for(event: ev.CupsRevealed) -> str:
    """`3 counted for 4 × 5s`"""
    bid = bid_words(event.quantity, event.face)
    return _("{actual} counted for {bid}").format(actual=event.actual, bid=bid)


def dice_changed(name: str, event: ev.DiceCountChanged) -> str:
    """`Ann loses a die (3 left)`"""
    return _("{change} ({n} left)").format(
        change=loses_or_wins(name, event.delta), n=event.dice_left
    )


def event_line(event: ev.Event, names: list[str], variant: BiddingVariant) -> Text | None:
    """A log line for an event (None for the start of the game)."""
    match event:
        case ev.RoundStarted():
            opens = _("Round {round}: {name} opens").format(
                round=event.round, name=names[event.starter]
            )
            text = Text(opens, style="bold")
            if event.palifico:
                text.append(" · " + _("PALIFICO"), style="bold reverse")
            return text
        case ev.BidMade():
            return Text(f"{names[event.player]}: {bid_words(event.quantity, event.face)}")
        case ev.CupsRevealed():
            call = _(SHOUTS[variant.call_name if event.call == "challenge" else "calza"])
            text = Text(f"{names[event.player]}: {call}", style="bold")
            text.append("\n  " + counted_for(event))
            return text
        case ev.DiceCountChanged():
            return Text("  " + dice_changed(names[event.player], event))
        case ev.PlayerOut():
            return Text("  " + is_out(names[event.player]), style="bold")
        case ev.GameFinished():
            winner = next(s.player for s in event.standings if s.place == 1)
            return Text(_("{name} wins!").format(name=names[winner]), style="bold reverse")
    return None


def round_outcome(events: list[ev.Event], names: list[str]) -> str:
    """Who lost (or won back) a die in these events, in words."""
    parts = []
    for event in events:
        if isinstance(event, ev.DiceCountChanged):
            parts.append(loses_or_wins(names[event.player], event.delta))
        elif isinstance(event, ev.PlayerOut):
            parts.append(is_out(names[event.player]))
    return "; ".join(parts) + "." if parts else _("No die changes hands.")


REVIEW_WIDTH = 76
"""The review's bid lines are broken between bids to fit this many cells (80 columns
less the scrollbar), so no name or bid is ever split across lines."""


def bid_lines(bids: list[str], width: int = REVIEW_WIDTH) -> list[str]:
    """The bids of a round joined with " · ", broken between bids into lines of at most
    `width` cells (one longer bid keeps a line of its own); the first line indented by
    two, the others by four."""
    lines: list[str] = []
    for bid in bids:
        # room for the bid and for the " ·" the line takes if the next bid breaks it
        if lines and cell_len(lines[-1]) + cell_len(" · " + bid) + 2 <= width:
            lines[-1] += " · " + bid
        else:
            if lines:
                lines[-1] += " ·"
            lines.append(("    " if lines else "  ") + bid)
    return lines


def review_text(events: list[ev.Event], variant: BiddingVariant) -> Text:
    """A whole game round by round: every cup, the bids, the call and who lost a die."""
    text = Text()
    names: list[str] = []
    width = 0
    palifico = False
    bids: list[str] = []

    def flush_bids() -> None:
        for line in bid_lines(bids):
            text.append(line + "\n")
        bids.clear()

    for event in events:
        match event:
            case ev.GameStarted():
                names = [p.shown for p in event.players]
                width = min(12, max(len(n) for n in names))
                seed = _("seed {seed}").format(seed=event.seed)
                text.append(f"{_(variant.name)} · {seed}\n", style="bold")
            case ev.RoundStarted():
                palifico = event.palifico
                opens = _("Round {round} · {name} opens").format(
                    round=event.round, name=names[event.starter]
                )
                text.append("\n" + opens, style="bold")
                if palifico:
                    text.append(" · " + _("PALIFICO"), style="bold reverse")
                text.append("\n")
                for seat, cup in enumerate(event.cups):
                    if cup:
                        text.append(f"  {fit(names[seat], width)}  ")
                        text.append_text(cup_text(tuple(cup)))
                        text.append("\n")
            case ev.BidMade():
                bids.append(f"{names[event.player]} {bid_words(event.quantity, event.face)}")
            case ev.CupsRevealed():
                bids.append(f"{names[event.player]} {call_word(event.call, variant.id)}!")
                flush_bids()
                wild = variant.wild_ones and not palifico
                text.append("  " + _("Lifted:"))
                for n, cup in enumerate(c for c in event.cups if c):
                    text.append("  " if n else " ")  # two spaces between cups
                    text.append_text(cup_text(tuple(cup), event.face, wild))
                text.append(f"\n  {counted_for(event)}\n")
            case ev.DiceCountChanged():
                text.append(f"  {dice_changed(names[event.player], event)}\n")
            case ev.PlayerOut():
                text.append(f"  {is_out(names[event.player])}\n", style="bold")
            case ev.GameFinished():
                text.append("\n" + _("Places") + "\n", style="bold")
                for s in sorted(event.standings, key=lambda s: s.place):
                    text.append(f"  {s.place}. {names[s.player]}\n")
    flush_bids()
    return text


def table_title(state: BiddingState, variant: BiddingVariant) -> Text:
    """The table's title line: the game, the round, and palifico when it is."""
    title = Text(no_wrap=True, overflow="ellipsis")
    round_no = _("round {round}").format(round=state.round)
    title.append(f"{_(variant.name)} · {round_no}", style="bold")
    if state.palifico:
        title.append("  " + _("PALIFICO: ones not wild, the face stays"), style="bold reverse")
    return title
