"""Player names are plain text: what may be typed as one, and how any text from a game
record is shown so that it cannot drive the terminal (escape sequences, bidi overrides)."""

from __future__ import annotations

import unicodedata

NAME_MAX = 24
"""The most characters a name has (the sheet's column is this wide)."""

_UNSAFE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories that are not plain visible text: control and format characters
(the bidi embeddings, overrides and isolates are format characters), surrogates,
private use, unassigned, line and paragraph separators."""


def unsafe_char(text: str) -> str | None:
    """The first character of `text` that is not plain text, if any."""
    return next((ch for ch in text if unicodedata.category(ch) in _UNSAFE), None)


def plain(text: str) -> str:
    """`text` for output: every character that is not plain text shown as its escape
    (`\\x1b`, `\\u202e`), so it prints as what it is and does nothing."""
    if unsafe_char(text) is None:
        return text
    return "".join(ch if unicodedata.category(ch) not in _UNSAFE else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
