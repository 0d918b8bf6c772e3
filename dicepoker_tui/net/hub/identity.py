"""Who is who at the hub: session tokens, nicknames held by a key, the seats one holds."""

from __future__ import annotations

import secrets

from dicepoker_tui.i18n import N_
from dicepoker_tui.net.hub.base import HubBase
from dicepoker_tui.net.hub.model import NICK_RE, Identity, Refusal, Ticket
from dicepoker_tui.net.lookalike import look_alike


class Identities(HubBase):
    """Tokens for session apps and the nicknames they stand for."""

    def issue_token(
        self, nick: str, fingerprint: str | None = None, address: str | None = None
    ) -> str:
        """A secret a session app presents in `hello` to act as `nick` (and key);
        `address`: the session's remote address (tables opened are counted per address)."""
        if not NICK_RE.fullmatch(nick):
            raise ValueError(f"{nick!r} is not a nickname (1-24 letters, digits, - _ .)")
        token = secrets.token_urlsafe(24)
        self._tokens[token] = Identity(nick, fingerprint)
        if address is not None:
            self._addresses[token] = address
        return token

    def issue_ticket(self, watch_only: bool = False, address: str | None = None) -> str:
        """A secret for a session whose player picks a nickname in the app (a browser
        tab): its hello names the nick, which is unkeyed and never one a key holds."""
        token = secrets.token_urlsafe(24)
        self._tickets[token] = Ticket(watch_only)
        if address is not None:
            self._addresses[token] = address
        return token

    def identity_for(self, token: str, nick: str | None) -> Identity:
        """Who a hello's token (and, for a ticket, the nickname it picked) stands for."""
        who = self._tokens.get(token)
        if who is not None:
            return who
        ticket = self._tickets.get(token)
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

    def revoke_token(self, token: str) -> None:
        """The SSH session ended: its app, if still connected, is dropped."""
        self._tokens.pop(token, None)
        self._tickets.pop(token, None)
        self._addresses.pop(token, None)
        for peer, state in list(self._peers.items()):
            if state.token == token:
                peer.close("session ended")
                self.disconnect(peer)

    def name_conflict(self, who: Identity) -> Refusal | None:
        """Why `who` may not use its nickname now (another identity holds a seat by that
        name: another key, or a player without one), or None. A seat belongs to the
        identity that sat down."""
        for table in [*self.tables.values(), *self.parked.values()]:
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

    def held_without_key(self, nick: str) -> str | None:
        """The name, `nick` or a look-alike, that a player without a key uses now (a
        session of theirs is open, or they hold a seat at an unfinished table), or None:
        a key may not claim it from under them."""
        unkeyed = [who.nick for who in self._tokens.values() if who.fingerprint is None]
        unkeyed += [
            seat.name
            for table in [*self.tables.values(), *self.parked.values()]
            if table.status != "finished"
            for seat in table.seats
            if seat.kind == "human" and seat.name and seat.fingerprint is None
        ]
        return next((name for name in unkeyed if look_alike(name, nick)), None)

    def _seated(self, who: Identity | None) -> list[str]:
        """The unfinished tables where `who` holds a seat."""
        if who is None:
            return []
        return [
            t.id
            for t in self.tables.values()
            if t.status != "finished" and any(s.owned_by(who) for s in t.seats)
        ]
