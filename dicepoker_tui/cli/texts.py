"""Texts the subcommands share, in the chosen language, and argparse's own words.

argparse looks its words ("usage: ", "options", its error messages) up through the
module-level `_` and `ngettext` it imported from `gettext`; `translate_argparse()` points
them at the app's catalogue, so `dicepoker --lang uk --help` is Ukrainian throughout.
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable

from dicepoker_tui import i18n
from dicepoker_tui.i18n import N_, _

ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
"""argparse's msgids (Python 3.11) a user can see; listed so the catalogues carry them."""


def translate_argparse() -> None:
    """Have argparse use the app's translation for its own words (idempotent)."""
    argparse._ = i18n._  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]


def unknown_variant(
    variant_id: str, family: str | None = "scoresheet", command: str | None = None
) -> str:
    """The complaint about a variant id, naming the variants of `family` (None: every
    family's) that the command takes; or, for a variant of another family, that the
    command (`command`) applies to `family`'s games only."""
    from dicepoker_tui.family import all_variants, family_of, get_family

    if family is not None:
        try:
            other = family_of(variant_id)
        except KeyError:
            other = None
        if other is not None and other.id != family:
            return _("{variant} is {kind}; {command} applies to {kinds}").format(
                variant=variant_id,
                kind=_(other.game_kind),
                command=command or _("this command"),
                kinds=_(get_family(family).games_kind),
            )
    known = ", ".join(v.id for v in all_variants() if family in (None, v.family))
    return _("unknown variant {variant} (known: {known})").format(
        variant=repr(variant_id), known=known
    )


def no_game(game_id: int) -> str:
    return _("no game {id} in the history").format(id=game_id)


def roll_problem(text: str) -> str:
    """Why `text` is not a roll (`parse_roll` refused it), in the current language."""
    digits = text.strip().replace(",", "").replace(" ", "")
    if len(digits) == 5 and all(ch in "0123456789" for ch in digits):
        bad = next((ch for ch in digits if ch not in "123456"), "0")
        return _("{text} is not a roll: {face} is not a face of a die (1-6)").format(
            text=repr(text), face=bad
        )
    return _("{text} is not a roll: give five digits 1-6, like 13456").format(text=repr(text))


INT_MAX = 2**63 - 1
"""The largest id, seed or count a command takes (SQLite's and the dice's integers)."""


def ascii_int(text: str) -> int | None:
    """`text` as a whole number written with ASCII digits (an optional sign), or None."""
    digits = text.strip()
    body = digits[1:] if digits[:1] in "+-" and digits[:1] else digits
    if not body or len(body) > 30 or any(ch not in "0123456789" for ch in body):
        return None
    return int(digits)


def bounded_int(low: int, high: int = INT_MAX) -> Callable[[str], int]:
    """An argparse `type` for whole numbers `low`..`high` in ASCII digits."""

    def parse(text: str) -> int:
        value = ascii_int(text)
        if value is None:  # argparse says "invalid int value: 'x'"
            raise ValueError(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                _("must be between {low} and {high}, not {value}").format(
                    low=low, high=high, value=value
                )
            )
        return value

    parse.__name__ = "int"
    return parse


_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def seconds_arg(text: str) -> float:
    """An argparse `type` for a length of time: a finite decimal in ASCII digits (no
    `nan`, `inf`, exponent or other scripts' digits)."""
    digits = text.strip()
    if len(digits) > 30 or _DECIMAL.fullmatch(digits) is None:
        raise ValueError(text)  # argparse says "invalid float value: 'x'"
    value = float(digits)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


seconds_arg.__name__ = "float"  # type: ignore[attr-defined]
game_id_arg = bounded_int(0)
_whole_count = bounded_int(0)


def count_arg(text: str) -> int:
    """`--limit N`: a number of games, 0 or more (ASCII digits, within range)."""
    value = ascii_int(text)
    if value is not None and value < 0:
        raise argparse.ArgumentTypeError(_("--limit takes a number of games, 0 or more"))
    return _whole_count(text)


count_arg.__name__ = "int"  # type: ignore[attr-defined]
seed_arg = bounded_int(0)


def whole_number(flag: str, text: str) -> str:
    return _("{flag} takes a whole number, not {value}").format(flag=flag, value=repr(text))


def describe(action: str, keep: tuple[int, ...], box: str | None, points: int | None) -> str:
    """A move in words (`Option.describe` in the current language); `box` is the box's
    label as the sheet shows it (`Four of a kind`), never its id."""
    if action == "write":
        return _("write {box} ({points})").format(box=box, points=points)
    kept = " ".join(map(str, keep)) if keep else _("nothing")
    return _("keep {kept}, throw {n}").format(kept=kept, n=5 - len(keep))
