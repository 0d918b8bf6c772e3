"""Who is who at the hub: session tokens, nicknames held by a key, the seats one holds."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable

from dicepoker_tui.i18n import N_
from dicepoker_tui.net.hub.model import NICK_RE, Identity, Refusal, Table, Ticket
from dicepoker_tui.net.lookalike import look_alike


class Identities:
    """Tokens for session apps and the nicknames they stand for."""

    def __init__(self) -> None:
        self.tokens: dict[str, Identity] = {}
        self.tickets: dict[str, Ticket] = {}
        self.addresses: dict[str, str] = {}
        """The remote address of each token's session, where the server gave one."""
        self.nick_claimed: Callable[[str], bool] = lambda nick: False
        """Whether a key holds `nick` (the server's claims): a ticket cannot take it."""
        self.ticket_hello: Callable[[str, str | None, str | None], None] = lambda *a: None
        """A ticket's hello: `(token, nickname, why refused or None)` (the login log)."""

    def issue_token(
        self, nick: str, fingerprint: str | None = None, address: str | None = None
    ) -> str:
        """A secret a session app presents in `hello` to act as `nick` (and key);
        `address`: the session's remote address (tables opened are counted per address)."""
        if not NICK_RE.fullmatch(nick):
            raise ValueError(f"{nick!r} is not a nickname (1-24 letters, digits, - _ .)")
        token = secrets.token_urlsafe(24)
        self.tokens[token] = Identity(nick, fingerprint)
        if address is not None:
            self.addresses[token] = address
        return token

    def issue_ticket(self, watch_only: bool = False, address: str | None = None) -> str:
        """A secret for a session whose player picks a nickname in the app (a browser
        tab): its hello names the nick, which is unkeyed and never one a key holds."""
        token = secrets.token_urlsafe(24)
        self.tickets[token] = Ticket(watch_only)
        if address is not None:
            self.addresses[token] = address
        return token

    def identity_for(self, token: str, nick: str | None) -> Identity:
        """Who a hello's token (and, for a ticket, the nickname it picked) stands for."""
        who = self.tokens.get(token)
        if who is not None:
            return who
        ticket = self.tickets.get(token)
        if ticket is None:
            raise Refusal("bad_token", N_("Unknown session: connect through the SSH server."))
        if not nick or not NICK_RE.fullmatch(nick):
            raise Refusal(
                "bad_nick",
                N_(
                    "A name is 1-24 letters, digits, '-', '_' or '.', "
                    "starting with a letter or digit."
                ),
            )
        if self.nick_claimed(nick):
            raise Refusal(
                "name_taken",
                N_("The name {nick} belongs to a key here; pick another name."),
                nick=nick,
            )
        return Identity(nick, None, watch_only=ticket.watch_only)

    def sign_in(
        self, token: str, nick: str | None, conflict: Callable[[Identity], Refusal | None]
    ) -> Identity:
        """Who a hello stands for (a `Refusal` when it may not, see `conflict`); a ticket's
        hello is logged, and its name is the ticket's from then on."""
        ticket = token in self.tickets
        try:
            who = self.identity_for(token, nick)
            refused = conflict(who)
            if refused:
                raise refused
        except Refusal as exc:
            if ticket:
                self.ticket_hello(token, nick, exc.message)
            raise
        if ticket:
            self.ticket_hello(token, nick, None)
            del self.tickets[token]
            self.tokens[token] = who
        return who

    def revoke(self, token: str) -> None:
        """Forget `token` (its SSH session ended)."""
        self.tokens.pop(token, None)
        self.tickets.pop(token, None)
        self.addresses.pop(token, None)

    @staticmethod
    def name_conflict(who: Identity, tables: Iterable[Table]) -> Refusal | None:
        """Why `who` may not use its nickname now (another identity holds a seat by that
        name at one of `tables`: another key, or a player without one), or None. A seat
        belongs to the identity that sat down."""
        for table in tables:
            if table.status == "finished":
                continue
            for seat in table.seats:
                if seat.kind != "human" or seat.name != who.nick:
                    continue
                if seat.fingerprint is None and who.fingerprint is not None:
                    return Refusal(
                        "name_taken",
                        N_(
                            "The name {nick} holds a seat for a player without a key; "
                            "connect with another name."
                        ),
                        nick=who.nick,
                    )
                if seat.fingerprint not in (None, who.fingerprint):
                    return Refusal(
                        "name_taken",
                        N_(
                            "The name {nick} holds a seat for another key; "
                            "connect with that key or another name."
                        ),
                        nick=who.nick,
                    )
        return None

    def held_without_key(self, nick: str, tables: Iterable[Table]) -> str | None:
        """The name, `nick` or a look-alike, that a player without a key uses now (a
        session of theirs is open, or they hold a seat at an unfinished one of `tables`),
        or None: a key may not claim it from under them."""
        unkeyed = [who.nick for who in self.tokens.values() if who.fingerprint is None]
        unkeyed += [
            seat.name
            for table in tables
            if table.status != "finished"
            for seat in table.seats
            if seat.kind == "human" and seat.name and seat.fingerprint is None
        ]
        return next((name for name in unkeyed if look_alike(name, nick)), None)
