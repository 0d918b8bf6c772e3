"""Look-alike nicknames: a confusable skeleton (Unicode TR39) over the nickname alphabet.

Nicknames are ASCII letters, digits and `_ . -`. TR39's table maps, among those, `0` to
`O`, `1` and `I` to `l`, and `m` to `rn`. A nickname's skeleton takes that table closed
under case (names are told apart without case), maps the dotted `i` with its capital
(small fonts draw `i`, `l`, `I`, `1` alike), and drops the separators (`dave.` and
`da_ve` read as `dave`). Two names with one skeleton are one name to a reader.

No library: PyPI's confusable-homoglyphs detects mixed scripts (no skeleton), and
confusables (last released 2021) lists variants rather than a skeleton; for an ASCII
alphabet the table is these few rows.
"""

from __future__ import annotations

FOLD = str.maketrans({"0": "o", "1": "l", "i": "l", "m": "rn", "_": None, ".": None, "-": None})


def skeleton(nick: str) -> str:
    """The form two look-alike nicknames share (`al1ce`, `aIice` and `alice`: `allce`)."""
    return nick.casefold().translate(FOLD)


def look_alike(a: str, b: str) -> bool:
    """Whether a reader could take nickname `a` for `b`."""
    return skeleton(a) == skeleton(b)
