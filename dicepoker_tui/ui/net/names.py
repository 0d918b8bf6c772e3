"""What players typed, as the UI shows it: always plain text, never markup; and the mark
of a player who logged in without a key.

Everything a player chooses (table names, chat; nicknames are restricted already) reaches
a widget through `plain`, so `[/]x` is shown as `[/]x` and never parsed.
"""

from __future__ import annotations

from rich.text import Text

from dicepoker_tui.i18n import _, shown_name
from dicepoker_tui.net import protocol as p

UNKEYED_MARK = "~"
"""Before the name of a player without a key (as IRC marks an unverified user)."""


def plain(text: str, style: str = "") -> Text:
    """`text` exactly as typed: a Text, which Textual never reads as markup."""
    return Text(text, style=style)


def seat_name(seat: p.SeatInfo) -> str:
    """A seat's name, marked when its player has no key (anyone with that name may sit)."""
    if seat.name is None:
        return ""
    if seat.kind == "human" and not seat.keyed:
        return UNKEYED_MARK + seat.name
    return shown_name(seat.name)  # a bot's default name in the reader's language


def speaker(line: p.ChatLine) -> str:
    """Who said a chat line, marked like a seat when they have no key."""
    if line.nick is None:
        return ""
    return (UNKEYED_MARK + line.nick) if not line.keyed else line.nick


def unkeyed_notice() -> str:
    return _(
        "{mark}name: logged in without a key; anyone who logs in with that name may take that seat."
    ).format(mark=UNKEYED_MARK)
