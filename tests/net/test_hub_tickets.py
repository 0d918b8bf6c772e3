"""Tickets: sessions whose player picks a nickname in the app (a browser tab of
`serve --web-port`). The name is checked at the hello, is unkeyed, never one a key
holds; a watch-only ticket may watch and chat, never sit down."""

from __future__ import annotations

import pytest

from dicepoker_tui.net import protocol as p
from dicepoker_tui.net.client import HubClient, HubError
from dicepoker_tui.net.hub import Identity

from .helpers import Recorder, until


async def _ticket(hub_socket, nick: str | None, watch_only: bool = False) -> HubClient:
    hub, path = hub_socket
    client = HubClient(path, hub.issue_ticket(watch_only=watch_only))
    client.pick = nick
    await client.connect()
    return client


async def test_a_ticket_plays_under_the_name_picked_unkeyed(hub_socket, connect):
    alice = await _ticket(hub_socket, "alice")
    assert alice.nick == "alice" and alice.welcome.fingerprint is None
    alice.create("yatzy", seats=2)
    await until(lambda: alice.game is not None, what="alice's table")
    bob = await connect("bob", "SHA256:bob")
    bob.join(alice.game.table.id)
    await until(lambda: bob.game is not None and bob.game.started, what="the game")
    seats = {s.name: s.keyed for s in bob.game.table.seats}
    assert seats == {"alice": False, "bob": True}
    await alice.aclose()


@pytest.mark.parametrize("nick", [None, "", "-dash", "x" * 25, "a b", "carl\n"])
async def test_a_ticket_without_a_good_name_is_refused_and_may_try_again(hub_socket, nick):
    hub, path = hub_socket
    client = HubClient(path, hub.issue_ticket())
    client.pick = nick
    with pytest.raises(HubError) as refused:
        await client.connect()
    assert refused.value.code == "bad_nick"
    client.pick = "carol"
    await client.connect()
    assert client.nick == "carol"
    await client.aclose()


async def test_a_name_held_by_a_key_is_refused_to_a_ticket(hub_socket):
    hub, _path = hub_socket
    hub.nick_claimed = lambda nick: nick == "dana"
    with pytest.raises(HubError) as refused:
        await _ticket(hub_socket, "dana")
    assert refused.value.code == "name_taken"
    assert "belongs to a key" in str(refused.value)


async def test_a_watch_only_ticket_watches_and_never_sits(hub_socket, connect):
    bob = await connect("bob", "SHA256:bob")
    bob.create("yatzy", seats=2)
    await until(lambda: bob.game is not None, what="bob's table")
    eve = await _ticket(hub_socket, "eve", watch_only=True)
    seen = Recorder(eve)
    table = bob.game.table.id
    eve.join(table)
    eve.create("yatzy", seats=2)
    await until(lambda: len(seen.errors()) == 2, what="both refused")
    assert {e.code for e in seen.errors()} == {"watch_only"}
    eve.watch(table)
    await until(lambda: eve.game is not None, what="eve watching")
    assert [s.name for s in eve.game.table.seats if s.name] == ["bob"]
    await eve.aclose()


async def test_a_revoked_ticket_is_unknown(hub_socket):
    hub, path = hub_socket
    token = hub.issue_ticket()
    hub.revoke_token(token)
    client = HubClient(path, token)
    client.pick = "frank"
    with pytest.raises(HubError) as refused:
        await client.connect()
    assert refused.value.code == "bad_token"


def test_hello_carries_the_name_picked():
    hello = p.decode_client(p.encode(p.Hello(token="t", nick="alice")))
    assert isinstance(hello, p.Hello) and hello.nick == "alice"


async def test_a_seat_taken_without_a_key_is_no_key_holders(hub_socket):
    hub, path = hub_socket
    carl = await _ticket(hub_socket, "carl")
    carl.create("yatzy", seats=2)
    await until(lambda: carl.game is not None, what="carl's table")
    mallory = HubClient(path, hub.issue_token("carl", "SHA256:mallory"))
    with pytest.raises(HubError) as refused:
        await mallory.connect()
    assert refused.value.code == "name_taken"
    assert "without a key" in str(refused.value)
    assert hub.held_without_key("carI") == "carl"  # a look-alike, too
    seat = next(s for s in hub.tables[carl.game.table.id].seats if s.name == "carl")
    assert not seat.owned_by(Identity("carl", "SHA256:mallory"))
    assert seat.owned_by(Identity("carl", None))
    await carl.aclose()
