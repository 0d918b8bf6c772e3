"""Tables and seats: opening one (or its rematch), sitting down, watching, leaving, the
game's start, and closing a table (see `parking` for when nobody plays at one)."""

from __future__ import annotations

from dicepoker_tui.engine.dice import new_seed
from dicepoker_tui.engine.players import Player
from dicepoker_tui.engine.session import Session
from dicepoker_tui.family import FamilySpec, GameSetup, VariantLike, all_variants, family_of
from dicepoker_tui.i18n import N_
from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.hub.base import HubLimits
from dicepoker_tui.net.hub.bots import Bots, check_tables
from dicepoker_tui.net.hub.broadcast import Broadcast
from dicepoker_tui.net.hub.model import Peer, PeerState, Refusal, Seat, Table, clean_text, lookup
from dicepoker_tui.net.hub.parking import Parking
from dicepoker_tui.net.hub.recording import Recording

DEFAULT_TABLE_NAME = N_("{nick}'s {variant}")
"""The name of a table whose creator gave none."""


def offered_variants() -> list[str]:
    """Every variant a table can be opened with, of every family."""
    return [v.id for v in all_variants()]


def _family_setup(variant_id: str) -> tuple[FamilySpec, VariantLike]:
    """A new table's family and variant (a refusal when nobody plays it)."""
    try:
        spec = family_of(variant_id)
    except KeyError as exc:
        raise Refusal("bad_setup", "{reason}", reason=str(exc.args[0])) from None
    return spec, spec.variant(variant_id)


def _new_game(variant_id: str, players: list[Player]) -> Session:
    """A table's game as every seat is taken, its dice thrown from a secret seed."""
    return GameSetup(variant=variant_id, seats=tuple(players), seed=new_seed()).new_game()


class Tables:
    """The tables' lifecycle and their seats: its own state is the open `tables` (shared,
    to read, with the others) and the next table's number."""

    def __init__(
        self,
        limits: HubLimits,
        tables: dict[str, Table],
        broadcast: Broadcast,
        bots: Bots,
        recording: Recording,
        parking: Parking,
    ) -> None:
        self.limits = limits
        self.tables = tables
        self.broadcast = broadcast
        self.bots = bots
        self.recording = recording
        self.parking = parking
        self._next_table = 1

    def room_for(self, nick: str, address: str | None) -> None:
        """Refused when the server, this nickname or its address has as many tables open
        as allowed."""
        limits = self.limits
        if len(self.tables) >= limits.max_tables:
            raise Refusal(
                "too_many_tables",
                N_("The server has {n} tables open, as many as it takes: join one."),
                n=limits.max_tables,
            )
        mine = sum(1 for t in self.tables.values() if t.creator == nick and t.status != "finished")
        if mine >= limits.max_tables_per_nick:
            raise Refusal(
                "too_many_tables",
                N_("You have {n} tables open already: play or leave one first."),
                n=mine,
            )
        if address is None:
            return
        mine = sum(
            1
            for t in self.tables.values()
            if t.creator_address == address and t.status != "finished"
        )
        if mine >= limits.max_tables_per_address:
            raise Refusal(
                "too_many_tables",
                N_(
                    "Your address has as many unfinished tables open as it may: "
                    "play or leave one first."
                ),
            )

    def create(self, peer: Peer, state: PeerState, message: p.CreateTable) -> None:
        assert state.identity is not None
        self.room_for(state.identity.nick, state.address)
        spec, variant = _family_setup(message.variant)
        family, known, low, high = spec.id, spec.bot_levels(), spec.min_seats, spec.max_seats
        for level in message.bots:
            if level not in known:
                raise Refusal(
                    "bad_setup",
                    N_("Unknown bot level '{level}' (known: {known})."),
                    level=level,
                    known=", ".join(known),
                )
        check_tables(variant.id, list(message.bots))
        if not low <= message.seats + len(message.bots) <= high:
            raise Refusal(
                "bad_setup",
                N_("A {variant} table has {low} to {high} seats."),
                variant=variant.name,
                low=low,
                high=high,
            )
        table_id = str(self._next_table)
        self._next_table += 1
        name = clean_text(message.name or "", 40)
        name_params: p.Params = {"nick": state.identity.nick, "variant": variant.name}
        seats = [Seat() for _ in range(message.seats)]
        for i, level in enumerate(message.bots):
            seats.append(Seat(name=f"Bot {i + 1}", kind="bot", level=level))
        table = Table(
            id=table_id,
            name=name or p.fill(DEFAULT_TABLE_NAME, name_params),
            name_key=None if name else DEFAULT_TABLE_NAME,
            name_params={} if name else name_params,
            variant=variant.id,
            seats=seats,
            turn_timeout=message.turn_timeout,
            timeout_action=message.timeout_action,
            family=family,
            creator=state.identity.nick,
            creator_address=state.address,
        )
        self.tables[table_id] = table
        self.join(peer, state, table)

    def join(self, peer: Peer, state: PeerState, table: Table, prefer: int | None = None) -> None:
        who = state.identity
        assert who is not None
        mine = [i for i, s in enumerate(table.seats) if s.owned_by(who)]
        if not mine:
            if any(s.name == who.nick for s in table.seats):
                raise Refusal(
                    "name_taken",
                    N_("{nick} is already seated here with another key."),
                    nick=who.nick,
                )
            folded = who.nick.casefold()
            twin = next((s.name for s in table.seats if (s.name or "").casefold() == folded), None)
            if twin is not None:  # the game needs names that differ in more than case
                raise Refusal(
                    "name_taken",
                    N_("{name} sits at this table already: names must differ in more than case."),
                    name=twin,
                )
            if table.status != "waiting" or not any(s.name is None for s in table.seats):
                raise Refusal("table_full", N_("No free seat at this table: watch it instead."))
            free = next(i for i, s in enumerate(table.seats) if s.name is None)
            if (
                prefer is not None
                and 0 <= prefer < len(table.seats)
                and not table.seats[prefer].name
            ):
                free = prefer
            table.seats[free] = Seat(name=who.nick, fingerprint=who.fingerprint)
            mine = [free]
            self.broadcast.notice(table, N_("{nick} sat down."), nick=who.nick)
        self._attach(table, state, peer, playing=True)
        if table.status == "waiting" and all(s.name for s in table.seats):
            self.start(table)
        self.broadcast.changed(table)

    def watch(self, peer: Peer, state: PeerState, table: Table) -> None:
        assert state.identity is not None
        if any(s.owned_by(state.identity) for s in table.seats):
            self.join(peer, state, table)
            return
        self._attach(table, state, peer, playing=False)
        self.broadcast.changed(table)

    def leave(self, peer: Peer, state: PeerState, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is None or state.table != table_id:
            peer.send(p.Left(table=table_id))
            return
        self.detach(table, state, peer, free_seat=True)
        peer.send(p.Left(table=table_id))
        peer.send(self.broadcast.lobby_for(state.identity, self.broadcast.infos()))

    def rematch(self, peer: Peer, state: PeerState, old: Table) -> None:
        """Open `old`'s rematch at a new table like it, or sit down at the one opened.

        Players take their seat of the old game when it is free; spectators a seat no
        player of the old game still there may want, else they watch."""
        who = state.identity
        assert who is not None
        if state.table != old.id:
            raise Refusal("not_at_table", N_("Sit down or watch the table first."))
        if old.status != "finished":
            raise Refusal("not_finished", N_("The rematch comes when this game is over."))
        was = next((i for i, s in enumerate(old.seats) if s.owned_by(who)), None)
        new = self.tables.get(old.rematch) if old.rematch else None
        if new is not None:
            if any(s.owned_by(who) for s in new.seats):
                self.join(peer, state, new)
            elif new.status == "waiting" and was is not None and new.seats[was].name is None:
                self.join(peer, state, new, prefer=was)
            else:
                spare = [
                    i
                    for i, s in enumerate(new.seats)
                    if s.name is None and not self.broadcast.is_present(old, i)
                ]
                if new.status == "waiting" and spare:
                    self.join(peer, state, new, prefer=spare[0])
                else:
                    self.watch(peer, state, new)
            return
        if was is None:
            raise Refusal("spectator", N_("Only the players of this game can offer a rematch."))
        self.room_for(who.nick, state.address)
        new = Table(
            id=str(self._next_table),
            name=old.name,
            name_key=old.name_key,
            name_params=old.name_params,
            variant=old.variant,
            seats=[
                Seat(name=s.name, kind="bot", level=s.level) if s.kind == "bot" else Seat()
                for s in old.seats
            ],
            turn_timeout=old.turn_timeout,
            timeout_action=old.timeout_action,
            family=old.family,
            creator=who.nick,
            creator_address=state.address,
        )
        self._next_table += 1
        self.tables[new.id] = new
        old.rematch = new.id
        self.join(peer, state, new, prefer=was)
        if self.tables.get(old.id) is old:
            self.broadcast.notice(old, p.REMATCH_OFFER, nick=who.nick)
            self.broadcast.changed(old)

    def open_or_parked(self, state: PeerState, table_id: str) -> Table:
        """The table `table_id`; a parked game of the player in `state` comes back among
        the tables first, its bots and clock going on."""
        who = state.identity
        table = self.parking.theirs(table_id, who)
        if table is None or who is None:
            return lookup(self.tables, table_id)
        self.room_for(who.nick, state.address)  # the caps of a new table hold here too
        self.parking.unpark(table)
        return table

    def _attach(self, table: Table, state: PeerState, peer: Peer, playing: bool) -> None:
        if state.table is not None and state.table != table.id:
            other = self.tables.get(state.table)
            if other is not None:
                self.detach(other, state, peer, free_seat=True)
        was_present = self.broadcast.present_seats(table)
        state.table, state.playing = table.id, playing
        if playing and table.abandon_handle is not None:
            table.abandon_handle.cancel()
            table.abandon_handle = None
        who = state.identity
        assert who is not None
        if not playing:
            self.broadcast.notice(table, N_("{nick} is watching."), nick=who.nick)
        elif was_present != self.broadcast.present_seats(table) and table.game is not None:
            self.broadcast.notice(table, N_("{nick} is back."), nick=who.nick)
        peer.send(
            p.TableSnapshot(
                table=self.broadcast.info(table),
                family=table.family,
                events=self.broadcast.view(table, state, table.game.events) if table.game else [],
                chat=[line for line in table.chat if not self.broadcast.muted(state, line)],
                seats=[i for i, s in enumerate(table.seats) if playing and s.owned_by(who)],
            )
        )

    def detach(self, table: Table, state: PeerState, peer: Peer, free_seat: bool) -> None:
        who = state.identity
        state.table, state.playing = None, False
        if who is None:
            return
        if free_seat and table.status == "waiting":
            for i, seat in enumerate(table.seats):
                if seat.owned_by(who) and not self.broadcast.is_present(table, i):
                    table.seats[i] = Seat()
                    self.broadcast.notice(table, N_("{nick} left."), nick=who.nick)
        else:
            mine = [i for i, s in enumerate(table.seats) if s.owned_by(who)]
            away = not any(self.broadcast.is_present(table, i) for i in mine)
            if table.status == "playing" and mine and away:
                self.broadcast.notice(table, N_("{nick} is away."), nick=who.nick)
        if not any(s.name and s.kind == "human" for s in table.seats) or (
            table.status == "finished" and not self.broadcast.peers_at(table)
        ):
            self.close(table)
            return
        if not self.broadcast.present_seats(table):
            self.parking.abandon_later(table)
        self.broadcast.changed(table)

    def close(self, table: Table) -> None:
        if table.abandon_handle is not None:
            table.abandon_handle.cancel()
            table.abandon_handle = None
        self.recording.stop(table, abandoned=table.status == "playing")
        self.bots.stop(table)
        self.tables.pop(table.id, None)
        self.broadcast.send_away(table, N_("The table closed."))
        self.broadcast.lobby_changed()

    def start(self, table: Table) -> None:
        players = [Player(name=s.name or "?", kind=s.kind, level=s.level) for s in table.seats]
        table.game = _new_game(table.variant, players)
        self.recording.record(table)
        self.broadcast.notice(table, N_("Every seat is taken: the game begins."))
        self.broadcast.send_events(table, table.game.events, by="table")
        self.bots.schedule(table)
