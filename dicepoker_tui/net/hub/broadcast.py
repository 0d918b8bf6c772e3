"""Telling people: what each peer may see of a game, the table's summary, and the fan-out
of events, chat notices, table updates and the lobby."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from dicepoker_tui.family import family_of
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.hub.base import HubBase
from dicepoker_tui.net.hub.model import Peer, PeerState, Table


class Broadcast(HubBase):
    """Views of a table for its peers, and sending them (uses `_seated` for the lobby)."""

    # -- who is there -------------------------------------------------------------------------
    def _peers_at(self, table: Table) -> list[Peer]:
        return [peer for peer, s in self._peers.items() if s.table == table.id]

    def _is_present(self, table: Table, seat: int) -> bool:
        owner = table.seats[seat]
        return any(
            s.table == table.id and s.playing and s.identity and owner.owned_by(s.identity)
            for s in self._peers.values()
        )

    def _present_seats(self, table: Table) -> set[int]:
        return {i for i in range(len(table.seats)) if self._is_present(table, i)}

    # -- views --------------------------------------------------------------------------------
    def _info(self, table: Table) -> p.TableInfo:
        game = table.game
        current = rnd = None
        if game is not None:
            spec = family_of(table.variant)
            current, rnd = spec.to_act(game.state), spec.round_of(game.state)
        spectators = sorted(
            s.identity.nick
            for s in self._peers.values()
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
                    present=s.kind == "bot" or self._is_present(table, i),
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

    def _infos(self) -> list[p.TableInfo]:
        return [self._info(t) for t in self.tables.values()]

    def _view(self, table: Table, state: PeerState, events: Sequence) -> list:
        """`events` as the peer in `state` may see them (at bidding, its own cup only)."""
        seat = None
        if state.playing and state.identity is not None:
            seat = next((i for i, s in enumerate(table.seats) if s.owned_by(state.identity)), None)
        return family_of(table.variant).view(events, seat)

    # -- fan-out ------------------------------------------------------------------------------
    def _send_events(self, table: Table, events: Sequence, by: str) -> None:
        for peer, state in list(self._peers.items()):
            if state.table == table.id:
                peer.send(
                    p.GameEvents(
                        table=table.id,
                        family=table.family,
                        events=self._view(table, state, events),
                        by=by,
                    )
                )

    def _broadcast(self, table: Table, message: BaseModel) -> None:
        for peer in self._peers_at(table):
            peer.send(message)

    def _notice(self, table: Table, key: str, **params: str | int) -> None:
        """A line from the table itself: an English template and its values (see protocol)."""
        line = p.ChatLine(
            nick=None, text=p.fill(key, params), at=self.clock(), key=key, params=params
        )
        table.chat.append(line)
        self._broadcast(table, p.Chat(table=table.id, line=line))

    def _changed(self, table: Table) -> None:
        if self.tables.get(table.id) is table:
            info = self._info(table)
            if info != table.last_info:  # unchanged tables cost nobody a repaint
                table.last_info = info
                self._broadcast(table, p.TableUpdate(table=info))
                self._lobby_changed()

    def _lobby_changed(self) -> None:
        tables = self._infos()
        for peer, state in list(self._peers.items()):
            if state.identity is not None and state.table is None:
                peer.send(self._lobby_for(state.identity, tables))

    # -- the end of a game --------------------------------------------------------------------
    def _tell_game_over(self, table: Table) -> None:
        """Who won, in the chat (with the points, at a scoresheet table)."""
        game = table.game
        assert game is not None and game.state.standings is not None
        key, params = family_of(table.variant).game_over_notice(game)
        self._notice(table, key, **params)
