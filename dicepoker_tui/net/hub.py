"""The hub: the one authority over shared tables.

It owns every table's `Game` (dice thrown here, with a secret seed), the seats and who
owns them (nickname, plus key fingerprint where one was used), spectators, chat, the
bots and the optional turn timeout. Peers (one per session app) send requests; the hub
checks that only a seat's owner acts for it, applies the command to the game, and sends
every resulting event, with who caused it, to everyone at the table.

Pure asyncio and no I/O of its own: `hub_socket` connects peers over a unix socket,
tests can connect peers directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from pydantic import BaseModel

from dicepoker_tui.ai.bidding_bots import (
    CallCalza,
    CallChallenge,
    bidding_bot_levels,
    make_bidding_bot,
)
from dicepoker_tui.ai.bots import KeepAndThrow, WriteBox
from dicepoker_tui.ai.levels import bot_levels, make_bot
from dicepoker_tui.engine import errors
from dicepoker_tui.engine.bidding import commands as bcmd
from dicepoker_tui.engine.bidding import events as bev
from dicepoker_tui.engine.bidding.game import BiddingGame
from dicepoker_tui.engine.bidding.rules import MAX_PLAYERS, MIN_PLAYERS
from dicepoker_tui.engine.bidding.variants import BIDDING_VARIANTS
from dicepoker_tui.engine.dice import new_seed
from dicepoker_tui.engine.players import Player
from dicepoker_tui.engine.scoresheet import commands as cmd
from dicepoker_tui.engine.scoresheet import events as ev
from dicepoker_tui.engine.scoresheet.game import Game
from dicepoker_tui.engine.scoresheet.variants.registry import all_variants, get_variant
from dicepoker_tui.i18n import N_
from dicepoker_tui.net import protocol as p

log = logging.getLogger(__name__)

CHAT_HISTORY = 50
TIMEOUT_BOT_LEVEL = "heuristic"
REVEAL_PAUSE = 4
"""At a bidding table, a bot opens the next round after this many paces."""
NICK_RE = re.compile(p.NICK_PATTERN)
DEFAULT_TABLE_NAME = N_("{nick}'s {variant}")
"""The name of a table whose creator gave none."""


@dataclass(frozen=True)
class Identity:
    """Who a session is: the SSH user name and the key fingerprint it logged in with."""

    nick: str
    fingerprint: str | None = None


class Peer(Protocol):
    """One connected session app, as the hub sees it."""

    def send(self, message: BaseModel) -> None:
        """Queue a message; must not block."""

    def close(self, reason: str) -> None:
        """Drop the connection (for instance when it cannot keep up)."""


@dataclass
class Seat:
    name: str | None = None
    fingerprint: str | None = None
    kind: str = "human"
    level: str | None = None

    def owned_by(self, who: Identity) -> bool:
        return (
            self.kind == "human"
            and self.name == who.nick
            and (self.fingerprint is None or self.fingerprint == who.fingerprint)
        )


@dataclass
class PeerState:
    identity: Identity | None = None
    token: str | None = None
    table: str | None = None
    playing: bool = False


@dataclass
class Table:
    id: str
    name: str
    variant: str
    seats: list[Seat]
    turn_timeout: int | None = None
    timeout_action: str = "bot"
    family: p.GameFamily = "scoresheet"
    game: Game | BiddingGame | None = None
    chat: deque[p.ChatLine] = field(default_factory=lambda: deque(maxlen=CHAT_HISTORY))
    deadline_handle: asyncio.TimerHandle | None = None
    driver: asyncio.Task | None = None
    takeover: int | None = None
    """Seat whose current turn the timeout handed to a bot."""
    recorder: object | None = None
    last_info: p.TableInfo | None = None
    name_key: str | None = None
    """The template of a name the hub gave (see `protocol.TableInfo.name_key`)."""
    name_params: p.Params = field(default_factory=dict)
    rematch: str | None = None
    """The table opened for this one's rematch."""

    @property
    def status(self) -> p.TableStatus:
        if self.game is None:
            return "waiting"
        return "finished" if self.game.finished else "playing"


def clean_text(text: str, limit: int) -> str:
    """Printable text on one line: control and format characters dropped."""
    kept = "".join(
        " " if ch in "\t\r\n" else ch
        for ch in text
        if ch in "\t\r\n" or unicodedata.category(ch)[0] != "C"
    )
    return " ".join(kept.split())[:limit]


def private_events(events: Sequence[bev.Event], seat: int | None) -> list[bev.Event]:
    """Bidding events as `seat` may see them: other cups of a round hidden (0 per die),
    no seed; `cups_revealed` shows every cup. A spectator (None) sees no cup."""
    out: list[bev.Event] = []
    for e in events:
        if isinstance(e, bev.RoundStarted):
            cups = [c if i == seat else tuple(0 for _ in c) for i, c in enumerate(e.cups)]
            e = e.model_copy(update={"cups": cups})
        elif isinstance(e, bev.GameStarted):
            e = e.model_copy(update={"seed": 0})
        out.append(e)
    return out


def _to_act(game: Game | BiddingGame) -> int | None:
    """The seat to act now, in either family (None when nobody is to act)."""
    if isinstance(game, BiddingGame):
        return game.state.to_act
    return game.state.current


def public_events(events: Sequence[ev.Event]) -> list[ev.Event]:
    """Events as clients see them: the dice seed stays on the server."""
    return [
        e.model_copy(update={"seed": 0}) if isinstance(e, ev.GameStarted) else e for e in events
    ]


class Hub:
    """Tables, seats and peers. All methods run on the event loop's thread."""

    def __init__(
        self,
        store: object | None = None,
        bot_pace: float = 0.8,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        """The history (`dicepoker_tui.store.Store`): games are saved as they are played."""
        self.bot_pace = bot_pace
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self._peers: dict[Peer, PeerState] = {}
        self._tokens: dict[str, Identity] = {}
        self._next_table = 1

    # -- identities -------------------------------------------------------------------------
    def issue_token(self, nick: str, fingerprint: str | None = None) -> str:
        """A secret a session app presents in `hello` to act as `nick` (and key)."""
        if not NICK_RE.match(nick):
            raise ValueError(f"{nick!r} is not a nickname (1-24 letters, digits, - _ .)")
        token = secrets.token_urlsafe(24)
        self._tokens[token] = Identity(nick, fingerprint)
        return token

    def revoke_token(self, token: str) -> None:
        """The SSH session ended: its app, if still connected, is dropped."""
        self._tokens.pop(token, None)
        for peer, state in list(self._peers.items()):
            if state.token == token:
                peer.close("session ended")
                self.disconnect(peer)

    def name_conflict(self, who: Identity) -> Refusal | None:
        """Why `who` may not use its nickname now (another key holds it), or None."""
        for table in self.tables.values():
            if table.status == "finished":
                continue
            for seat in table.seats:
                if (
                    seat.kind == "human"
                    and seat.name == who.nick
                    and seat.fingerprint not in (None, who.fingerprint)
                ):
                    return Refusal(
                        "name_taken",
                        N_(
                            "The name {nick} holds a seat for another key; "
                            "connect with that key or another name."
                        ),
                        nick=who.nick,
                    )
        return None

    # -- peers ------------------------------------------------------------------------------
    def connect(self, peer: Peer) -> None:
        self._peers[peer] = PeerState()

    def disconnect(self, peer: Peer) -> None:
        state = self._peers.pop(peer, None)
        if state is None or state.table is None:
            return
        table = self.tables.get(state.table)
        if table is not None:
            self._detach(table, state, peer, free_seat=False)

    @property
    def peer_count(self) -> int:
        return len(self._peers)

    def handle(self, peer: Peer, message: p.ClientMessage) -> None:
        """Apply one request; refusals go back to `peer` as `error`."""
        state = self._peers.get(peer)
        if state is None:
            return
        try:
            if isinstance(message, p.Hello):
                self._hello(peer, state, message)
                return
            if state.identity is None:
                raise Refusal("hello_first", N_("Say hello first."))
            match message:
                case p.CreateTable():
                    self._create(peer, state, message)
                case p.Join():
                    self._join(peer, state, self._table(message.table))
                case p.Watch():
                    self._watch(peer, state, self._table(message.table))
                case p.Leave():
                    self._leave(peer, state, message.table)
                case p.Say():
                    self._say(state, message)
                case p.Act():
                    self._act(state, message)
                case p.Rematch():
                    self._rematch(peer, state, self._table(message.table))
        except Refusal as exc:
            peer.send(
                p.Error(
                    code=exc.code,
                    message=exc.message,
                    ref=message.ref,
                    key=exc.key,
                    params=exc.params,
                )
            )
        except errors.IllegalMove as exc:
            peer.send(p.Error(code=exc.code, message=exc.message, ref=message.ref))

    # -- requests ---------------------------------------------------------------------------
    def _hello(self, peer: Peer, state: PeerState, message: p.Hello) -> None:
        if message.version != p.PROTOCOL_VERSION:
            raise Refusal("version", N_("This app and the server speak different versions."))
        who = self._tokens.get(message.token)
        if who is None:
            raise Refusal("bad_token", N_("Unknown session: connect through the SSH server."))
        conflict = self.name_conflict(who)
        if conflict:
            raise conflict
        state.identity, state.token = who, message.token
        peer.send(
            p.Welcome(
                nick=who.nick,
                fingerprint=who.fingerprint,
                tables=self._infos(),
                seated=self._seated(who),
                variants=[v.id for v in all_variants()] + list(BIDDING_VARIANTS),
                bot_levels=bot_levels(),
            )
        )

    def _create(self, peer: Peer, state: PeerState, message: p.CreateTable) -> None:
        family: p.GameFamily = "scoresheet"
        if message.variant in BIDDING_VARIANTS:
            family = "bidding"
            variant = BIDDING_VARIANTS[message.variant]
            known = bidding_bot_levels()
            low, high = MIN_PLAYERS, MAX_PLAYERS
        else:
            try:
                variant = get_variant(message.variant)  # type: ignore[assignment]
            except KeyError as exc:
                raise Refusal("bad_setup", "{reason}", reason=str(exc.args[0])) from None
            known = bot_levels()
            low, high = 1, 8
        for level in message.bots:
            if level not in known:
                raise Refusal(
                    "bad_setup",
                    N_("Unknown bot level '{level}' (known: {known})."),
                    level=level,
                    known=", ".join(known),
                )
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
        )
        self.tables[table_id] = table
        self._join(peer, state, table)

    def _join(self, peer: Peer, state: PeerState, table: Table, prefer: int | None = None) -> None:
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
            if table.status != "waiting" or not any(s.name is None for s in table.seats):
                raise Refusal("table_full", N_("No free seat at this table: watch it instead."))
            free = next(i for i, s in enumerate(table.seats) if s.name is None)
            if prefer is not None and table.seats[prefer].name is None:
                free = prefer
            table.seats[free] = Seat(name=who.nick, fingerprint=who.fingerprint)
            mine = [free]
            self._notice(table, N_("{nick} sat down."), nick=who.nick)
        self._attach(table, state, peer, playing=True)
        if table.status == "waiting" and all(s.name for s in table.seats):
            self._start(table)
        self._changed(table)

    def _watch(self, peer: Peer, state: PeerState, table: Table) -> None:
        assert state.identity is not None
        if any(s.owned_by(state.identity) for s in table.seats):
            self._join(peer, state, table)
            return
        self._attach(table, state, peer, playing=False)
        self._changed(table)

    def _leave(self, peer: Peer, state: PeerState, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is None or state.table != table_id:
            peer.send(p.Left(table=table_id))
            return
        self._detach(table, state, peer, free_seat=True)
        peer.send(p.Left(table=table_id))
        peer.send(p.Lobby(tables=self._infos(), seated=self._seated(state.identity)))

    def _rematch(self, peer: Peer, state: PeerState, old: Table) -> None:
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
                self._join(peer, state, new)
            elif new.status == "waiting" and was is not None and new.seats[was].name is None:
                self._join(peer, state, new, prefer=was)
            else:
                spare = [
                    i
                    for i, s in enumerate(new.seats)
                    if s.name is None and not self._is_present(old, i)
                ]
                if new.status == "waiting" and spare:
                    self._join(peer, state, new, prefer=spare[0])
                else:
                    self._watch(peer, state, new)
            return
        if was is None:
            raise Refusal("spectator", N_("Only the players of this game can offer a rematch."))
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
        )
        self._next_table += 1
        self.tables[new.id] = new
        old.rematch = new.id
        self._join(peer, state, new, prefer=was)
        if self.tables.get(old.id) is old:
            self._notice(old, p.REMATCH_OFFER, nick=who.nick)
            self._changed(old)

    def _say(self, state: PeerState, message: p.Say) -> None:
        table = self._table(message.table)
        if state.table != table.id:
            raise Refusal("not_at_table", N_("Sit down or watch the table to chat there."))
        text = clean_text(message.text, p.CHAT_MAX)
        if not text:
            raise Refusal("empty", N_("Nothing to say."))
        assert state.identity is not None
        line = p.ChatLine(nick=state.identity.nick, text=text, at=self.clock())
        table.chat.append(line)
        self._broadcast(table, p.Chat(table=table.id, line=line))

    def _act(self, state: PeerState, message: p.Act) -> None:
        table = self._table(message.table)
        who = state.identity
        assert who is not None
        if state.table != table.id:
            raise Refusal("not_at_table", N_("Sit down at the table first."))
        if not state.playing:
            raise Refusal("spectator", N_("You are watching: only seated players play."))
        game = table.game
        if game is None:
            raise Refusal("not_started", N_("The game starts when every seat is taken."))
        seat = message.command.player
        if not 0 <= seat < len(table.seats):
            raise Refusal("not_your_seat", N_("There is no such seat."))
        if isinstance(message.command, bcmd.Bid | bcmd.Challenge | bcmd.Calza) != (
            table.family == "bidding"
        ):
            raise Refusal("bad_command", N_("That move belongs to another game."))
        if not table.seats[seat].owned_by(who):
            current = _to_act(game)
            name = table.seats[seat].name or ""
            if current is not None and seat == current:
                raise Refusal("out_of_turn", N_("It is {name}'s turn."), name=name)
            raise Refusal("not_your_seat", N_("That seat is {name}'s."), name=name)
        if table.takeover is not None and table.takeover == seat:
            raise Refusal("timed_out", N_("Time ran out: this turn is being played for you."))
        self._execute(table, message.command, by=who.nick)

    # -- tables -----------------------------------------------------------------------------
    def _table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal("no_table", N_("There is no table {table}."), table=table_id)
        return table

    def _attach(self, table: Table, state: PeerState, peer: Peer, playing: bool) -> None:
        if state.table is not None and state.table != table.id:
            other = self.tables.get(state.table)
            if other is not None:
                self._detach(other, state, peer, free_seat=True)
        was_present = self._present_seats(table)
        state.table, state.playing = table.id, playing
        who = state.identity
        assert who is not None
        if not playing:
            self._notice(table, N_("{nick} is watching."), nick=who.nick)
        elif was_present != self._present_seats(table) and table.game is not None:
            self._notice(table, N_("{nick} is back."), nick=who.nick)
        peer.send(
            p.TableSnapshot(
                table=self._info(table),
                family=table.family,
                events=self._view(table, state, table.game.events) if table.game else [],
                chat=list(table.chat),
                seats=[i for i, s in enumerate(table.seats) if playing and s.owned_by(who)],
            )
        )

    def _detach(self, table: Table, state: PeerState, peer: Peer, free_seat: bool) -> None:
        who = state.identity
        state.table, state.playing = None, False
        if who is None:
            return
        if free_seat and table.status == "waiting":
            for i, seat in enumerate(table.seats):
                if seat.owned_by(who) and not self._is_present(table, i):
                    table.seats[i] = Seat()
                    self._notice(table, N_("{nick} left."), nick=who.nick)
        else:
            mine = [i for i, s in enumerate(table.seats) if s.owned_by(who)]
            away = not any(self._is_present(table, i) for i in mine)
            if table.status == "playing" and mine and away:
                self._notice(table, N_("{nick} is away."), nick=who.nick)
        if not any(s.name and s.kind == "human" for s in table.seats) or (
            table.status == "finished" and not self._peers_at(table)
        ):
            self._close(table)
            return
        self._changed(table)

    def _close(self, table: Table) -> None:
        self._stop_recording(table, abandoned=table.status == "playing")
        self._cancel_deadline(table)
        if table.driver is not None:
            table.driver.cancel()
        self.tables.pop(table.id, None)
        for peer in self._peers_at(table):
            self._peers[peer].table = None
            peer.send(p.Left(table=table.id, reason=N_("The table closed.")))
        self._lobby_changed()

    def _start(self, table: Table) -> None:
        players = [Player(name=s.name or "?", kind=s.kind, level=s.level) for s in table.seats]
        if table.family == "bidding":
            table.game = BiddingGame.new(table.variant, players, seed=new_seed())
        else:
            table.game = Game.new(table.variant, players, seed=new_seed())
        self._record(table)
        self._notice(table, N_("Every seat is taken: the game begins."))
        self._send_events(table, table.game.events, by="table")
        self._schedule(table)

    def _view(self, table: Table, state: PeerState, events: Sequence) -> list:
        """`events` as the peer in `state` may see them (its own cup only, at bidding)."""
        if table.family != "bidding":
            return public_events(events)
        seat = None
        if state.playing and state.identity is not None:
            seat = next((i for i, s in enumerate(table.seats) if s.owned_by(state.identity)), None)
        return private_events(events, seat)

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

    def _execute(self, table: Table, command: cmd.Command | bcmd.Command, by: str) -> None:
        game = table.game
        assert game is not None
        new = game.execute(command)  # type: ignore[arg-type]
        self._send_events(table, new, by=by)
        turn_over = ev.TurnStarted | ev.GameFinished | bev.BidMade | bev.RoundStarted
        if any(isinstance(e, turn_over | bev.GameFinished) for e in new):
            table.takeover = None
        if game.finished:
            self._finished(table)
        self._schedule(table)
        self._changed(table)

    def _finished(self, table: Table) -> None:
        game = table.game
        assert game is not None and game.state.standings is not None
        best = min(s.place for s in game.state.standings)
        players = game.state.players
        winners = [players[s.player].name for s in game.state.standings if s.place == best]
        names = ", ".join(winners)
        if isinstance(game, BiddingGame):
            if len(winners) == 1:
                self._notice(table, N_("Game over: {name} wins."), name=names)
            else:
                self._notice(table, N_("Game over: a tie between {names}."), names=names)
        else:
            top = max(s.total for s in game.state.standings)
            if len(winners) == 1:
                self._notice(table, N_("Game over: {name} with {points}."), name=names, points=top)
            else:
                self._notice(
                    table,
                    N_("Game over: a tie between {names}, with {points}."),
                    names=names,
                    points=top,
                )
        self._stop_recording(table, abandoned=False)

    # -- history ------------------------------------------------------------------------------
    def _record(self, table: Table) -> None:
        """Keep the table's game in the history as it is played."""
        if self.store is None or table.game is None:
            return
        try:
            if isinstance(table.game, BiddingGame):
                from dicepoker_tui.store.bidding import BiddingRecorder

                table.recorder = BiddingRecorder(
                    self.store,  # type: ignore[arg-type]
                    table.game,
                    on_error=lambda msg: log.warning("table %s: %s", table.id, msg),
                )
                return
            from dicepoker_tui.store.recorder import GameRecorder

            table.recorder = GameRecorder(
                self.store,  # type: ignore[arg-type]
                table.game,
                on_error=lambda msg: log.warning("table %s: %s", table.id, msg),
            )
        except Exception:
            log.exception("the game of table %s cannot be saved", table.id)

    def _stop_recording(self, table: Table, abandoned: bool) -> None:
        recorder = table.recorder
        table.recorder = None
        if recorder is None:
            return
        try:
            recorder.close()  # type: ignore[attr-defined]
            if abandoned and table.family != "bidding":  # a bidding record marks itself
                self.store.abandon(recorder.game_id)  # type: ignore[attr-defined]
        except Exception:
            log.exception("closing the record of table %s failed", table.id)

    # -- bots and the turn timeout ------------------------------------------------------------
    def _schedule(self, table: Table) -> None:
        """After any change: let a bot act, or (re)arm the turn timeout."""
        self._cancel_deadline(table)
        game = table.game
        if game is None or game.finished:
            return
        current = _to_act(game)
        if current is None:
            return
        seat = table.seats[current]
        if seat.kind == "bot" or table.takeover == current:
            if table.driver is None or table.driver.done():
                table.driver = asyncio.get_running_loop().create_task(self._drive(table))
            return
        if table.turn_timeout:
            loop = asyncio.get_running_loop()
            table.deadline_handle = loop.call_later(table.turn_timeout, self._timed_out, table)

    def _cancel_deadline(self, table: Table) -> None:
        if table.deadline_handle is not None:
            table.deadline_handle.cancel()
            table.deadline_handle = None

    def _timed_out(self, table: Table) -> None:
        table.deadline_handle = None
        game = table.game
        if game is None or game.finished or self.tables.get(table.id) is not table:
            return
        seat = _to_act(game)
        if seat is None:
            return
        table.takeover = seat
        name = table.seats[seat].name or ""
        if table.timeout_action == "bot":
            self._notice(table, N_("Time is up for {name}: a bot plays this turn."), name=name)
        else:
            self._notice(table, N_("Time is up for {name}: scratching this turn."), name=name)
        self._schedule(table)
        self._changed(table)

    async def _drive(self, table: Table) -> None:
        """Play bot seats (and timed-out turns) at a pace people can follow."""
        bots: dict[int, object] = {}
        try:
            while self.tables.get(table.id) is table and table.game and not table.game.finished:
                game = table.game
                seat_no = game.current
                seat = table.seats[seat_no]
                if seat.kind != "bot" and table.takeover != seat_no:
                    return
                await asyncio.sleep(self.bot_pace * self._pause_factor(game))
                if table.game is not game or game.finished or game.current != seat_no:
                    continue
                before = len(game.events)
                if isinstance(game, BiddingGame):
                    scratch = table.timeout_action == "scratch"
                    command = self._bidding_move(game, seat, bots, scratch)
                    by = seat.name if seat.kind == "bot" else "timeout"
                elif seat.kind == "human" and table.timeout_action == "scratch":
                    command = self._scratch(game)
                    by = "timeout"
                else:
                    level = seat.level or TIMEOUT_BOT_LEVEL
                    bot = bots.setdefault(seat_no, make_bot(level))
                    action = await asyncio.to_thread(bot.choose, game.state, game.variant)
                    if len(game.events) != before or table.game is not game:
                        continue  # someone undid meanwhile: think again
                    command = (
                        cmd.Throw(player=seat_no, keep=list(action.keep))
                        if isinstance(action, KeepAndThrow)
                        else cmd.Write(player=seat_no, box=action.box)
                        if isinstance(action, WriteBox)
                        else self._scratch(game)
                    )
                    by = seat.name if seat.kind == "bot" else "timeout"
                try:
                    self._execute(table, command, by=by or "bot")
                except errors.IllegalMove:
                    log.exception("a bot chose an illegal move at table %s", table.id)
                    self._execute(table, self._scratch(game), by="timeout")
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot driver of table %s failed", table.id)
        finally:
            if asyncio.current_task() is table.driver:
                table.driver = None

    @staticmethod
    def _pause_factor(game: Game | BiddingGame) -> int:
        """Bots wait longer right after a reveal, so the lifted cups can be read."""
        if isinstance(game, BiddingGame) and game.state.bid is None and game.state.last_reveal:
            return REVEAL_PAUSE
        return 1

    def _bidding_move(
        self, game: BiddingGame, seat: Seat, bots: dict, scratch: bool
    ) -> bcmd.Command:
        """A bot's move at a bidding table (the plainest one for a timed-out human)."""
        seat_no = game.current
        if seat.kind != "bot" and scratch:
            return self._scratch(game)  # type: ignore[return-value]
        level = seat.level if seat.kind == "bot" and seat.level else bidding_bot_levels()[0]
        bot = bots.setdefault(seat_no, make_bidding_bot(level))
        action = bot.choose(game.state.view_for(seat_no), game.variant, seat_no)
        if isinstance(action, CallChallenge):
            return bcmd.Challenge(player=seat_no)
        if isinstance(action, CallCalza):
            return bcmd.Calza(player=seat_no)
        return bcmd.Bid(player=seat_no, quantity=action.quantity, face=action.face)

    @staticmethod
    def _scratch(game: Game | BiddingGame) -> cmd.Command | bcmd.Command:
        """Throw if nothing is on the table, else write where the fewest points go.

        At a bidding table: challenge the standing bid, or open with the lowest bid."""
        seat = game.current
        if isinstance(game, BiddingGame):
            if game.state.bid is not None:
                return bcmd.Challenge(player=seat)
            quantity, face = game.legal_bids()[0]
            return bcmd.Bid(player=seat, quantity=quantity, face=face)
        if game.state.turn is None or game.state.turn.dice is None:
            return cmd.Throw(player=seat, keep=[])
        preview = game.preview()
        box = min(preview, key=lambda b: (preview[b], -game.variant.box_ids.index(b)))
        return cmd.Write(player=seat, box=box)

    # -- telling people -----------------------------------------------------------------------
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

    def _info(self, table: Table) -> p.TableInfo:
        game = table.game
        turn = game.state.turn if isinstance(game, Game) else None
        current = turn.player if turn else None
        rnd = turn.round if turn else None
        if isinstance(game, BiddingGame):
            current, rnd = game.state.to_act, game.state.round or None
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

    def _seated(self, who: Identity | None) -> list[str]:
        if who is None:
            return []
        return [
            t.id
            for t in self.tables.values()
            if t.status != "finished" and any(s.owned_by(who) for s in t.seats)
        ]

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
                peer.send(p.Lobby(tables=tables, seated=self._seated(state.identity)))

    async def aclose(self) -> None:
        """Stop every bot and timer (server shutdown)."""
        for table in list(self.tables.values()):
            self._stop_recording(table, abandoned=table.status == "playing")
            self._cancel_deadline(table)
            if table.driver is not None:
                table.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.driver


class Refusal(Exception):
    """A request the hub turns down: an English template for the player and its values."""

    def __init__(self, code: str, key: str, /, **params: str | int) -> None:
        self.code = code
        self.key = key
        self.params = params
        self.message = p.fill(key, params)
        super().__init__(self.message)
