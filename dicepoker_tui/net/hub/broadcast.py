"""Telling people: who is at which table, what each peer may see of a game, the table's
summary, and the fan-out of events, chat notices, table updates and the lobby."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import BaseModel

from dicepoker_tui.family import family_of
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.hub.model import Identity, Peer, PeerState, Table


class Broadcast:
    """The connected peers (its own state) and what each is sent; it reads the open
    `tables` and the `parked` games, never changes them."""

    def __init__(
        self, tables: dict[str, Table], parked: dict[str, Table], clock: Callable[[], float]
    ) -> None:
        self.peers: dict[Peer, PeerState] = {}
        self.tables = tables
        self.parked = parked
        self.clock = clock

    # -- who is there -------------------------------------------------------------------------
    def peers_at(self, table: Table) -> list[Peer]:
        return [peer for peer, s in self.peers.items() if s.table == table.id]

    def is_present(self, table: Table, seat: int) -> bool:
        owner = table.seats[seat]
        return any(
            s.table == table.id and s.playing and s.identity and owner.owned_by(s.identity)
            for s in self.peers.values()
        )

    def present_seats(self, table: Table) -> set[int]:
        return {i for i in range(len(table.seats)) if self.is_present(table, i)}

    def send_away(self, table: Table, reason: str | None) -> None:
        """Everyone at `table` is back in the lobby (it closed, or was parked)."""
        for peer in self.peers_at(table):
            self.peers[peer].table = None
            self.peers[peer].playing = False
            peer.send(p.Left(table=table.id, reason=reason))

    # -- views --------------------------------------------------------------------------------
    def info(self, table: Table) -> p.TableInfo:
        game = table.game
        current = rnd = None
        if game is not None:
            spec = family_of(table.variant)
            current, rnd = spec.to_act(game.state), spec.round_of(game.state)
        spectators = sorted(
            s.identity.nick
            for s in self.peers.values()
            if s.table == table.id and not s.playing and s.identity
        )
        return p.TableInfo(
            id=table.id,
            name=table.name,
            name_key=table.name_key,
            name_params=table.name_params,
            variant=table.variant,
            status=table.status,
            seats=[
                p.SeatInfo(
                    name=s.name,
                    kind=s.kind,
                    level=s.level,
                    present=s.kind == "bot" or self.is_present(table, i),
                    keyed=s.fingerprint is not None,
                )
                for i, s in enumerate(table.seats)
            ],
            spectators=spectators,
            turn_timeout=table.turn_timeout,
            timeout_action=table.timeout_action,
            current=current,
            round=rnd,
            family=table.family,
            rematch=table.rematch if table.rematch in self.tables else None,
        )

    def infos(self) -> list[p.TableInfo]:
        return [self.info(t) for t in self.tables.values()]

    def view(self, table: Table, state: PeerState, events: Sequence) -> list:
        """`events` as the peer in `state` may see them (at bidding, its own cup only)."""
        seat = None
        if state.playing and state.identity is not None:
            seat = next((i for i, s in enumerate(table.seats) if s.owned_by(state.identity)), None)
        return family_of(table.variant).view(events, seat)

    def seated(self, who: Identity | None) -> list[str]:
        """The unfinished open tables where `who` holds a seat."""
        if who is None:
            return []
        return [
            t.id
            for t in self.tables.values()
            if t.status != "finished" and any(s.owned_by(who) for s in t.seats)
        ]

    def lobby_for(self, who: Identity | None, tables: list[p.TableInfo]) -> p.Lobby:
        """The lobby `who` is shown: the open `tables`, and their own parked games."""
        seated = self.seated(who)
        if who is None or not self.parked:
            return p.Lobby(tables=tables, seated=seated)
        mine = [t for t in self.parked.values() if any(s.owned_by(who) for s in t.seats)]
        return p.Lobby(
            tables=tables + [self.info(t) for t in mine],
            seated=seated + [t.id for t in mine],
        )

    @staticmethod
    def muted(state: PeerState, line: p.ChatLine) -> bool:
        """Whether the peer muted the player who said `line` (the table's notices never)."""
        return line.nick is not None and line.nick.lower() in state.muted

    # -- fan-out ------------------------------------------------------------------------------
    def send_events(self, table: Table, events: Sequence, by: str) -> None:
        for peer, state in list(self.peers.items()):
            if state.table == table.id:
                peer.send(
                    p.GameEvents(
                        table=table.id,
                        family=table.family,
                        events=self.view(table, state, events),
                        by=by,
                    )
                )

    def broadcast(self, table: Table, message: BaseModel) -> None:
        for peer in self.peers_at(table):
            peer.send(message)

    def notice(self, table: Table, key: str, **params: str | int) -> None:
        """A line from the table itself: an English template and its values (see protocol)."""
        line = p.ChatLine(
            nick=None, text=p.fill(key, params), at=self.clock(), key=key, params=params
        )
        table.chat.append(line)
        self.broadcast(table, p.Chat(table=table.id, line=line))

    def changed(self, table: Table) -> None:
        if self.tables.get(table.id) is table:
            info = self.info(table)
            if info != table.last_info:  # unchanged tables cost nobody a repaint
                table.last_info = info
                self.broadcast(table, p.TableUpdate(table=info))
                self.lobby_changed()

    def lobby_changed(self) -> None:
        tables = self.infos()
        for peer, state in list(self.peers.items()):
            if state.identity is not None and state.table is None:
                peer.send(self.lobby_for(state.identity, tables))

    # -- the end of a game --------------------------------------------------------------------
    def tell_game_over(self, table: Table) -> None:
        """Who won, in the chat (with the points, at a scoresheet table)."""
        game = table.game
        assert game is not None and game.state.standings is not None
        key, params = family_of(table.variant).game_over_notice(game)
        self.notice(table, key, **params)
