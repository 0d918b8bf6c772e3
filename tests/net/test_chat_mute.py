"""The chat against a flood: each player's lines are bounded (a token bucket), and each
player can mute another (`/mute NAME`), on the hub's real socket."""

from __future__ import annotations

import time

from dicepoker_tui.net import protocol as p

from .helpers import Recorder, until


async def _at_table(connect, n_watchers: int):
    alice = await connect("alice", "SHA256:alice")
    alice.create("yatzy", seats=2)
    await until(lambda: alice.game is not None, what="alice's table")
    table = alice.game.table.id
    watchers = []
    for i in range(n_watchers):
        watcher = await connect(f"w{i}")
        watcher.watch(table)
        await until(lambda w=watcher: w.game is not None, what="watching")
        watchers.append(watcher)
    return alice, watchers


def _said(recorder: Recorder, nick: str) -> list[str]:
    return [m.line.text for m in recorder.of(p.Chat) if m.line.nick == nick]


async def test_a_flood_of_chat_is_bounded_per_player(connect):
    alice, watchers = await _at_table(connect, 3)
    seen = Recorder(alice)
    flooders = [Recorder(w) for w in watchers]
    started = time.monotonic()
    for watcher in watchers:
        for i in range(100):
            watcher.say(f"spam {i}")
    await until(
        lambda: all(
            len(r.errors()) + len(_said(seen, f"w{i}")) == 100 for i, r in enumerate(flooders)
        ),
        what="every line of the flood said or refused",
    )
    for i, flooder in enumerate(flooders):
        lines = _said(seen, f"w{i}")
        # a burst of 5, and one a second while the hub took the flood in
        assert 1 <= len(lines) <= 6 + int(time.monotonic() - started), lines
        codes = {e.code for e in flooder.errors()}
        assert "chat_too_fast" in codes and codes <= {"chat_too_fast", "too_fast"}
    alice.say("still here")
    await until(lambda: "still here" in _said(seen, "alice"), what="alice's own line")


async def test_a_player_mutes_and_unmutes_another(connect):
    alice, (mallory, bob) = await _at_table(connect, 2)
    table = alice.game.table.id
    seen = Recorder(bob)
    bob.say("/mute W0")  # w0 is mallory; any case
    await until(lambda: _told(seen, "no longer see"), what="bob told")
    mallory.say("you cannot read this")
    alice.say("hello bob")
    await until(lambda: "hello bob" in _said(seen, "alice"), what="alice's line")
    assert _said(seen, "w0") == []
    await until(lambda: any(line.nick == "w0" for line in alice.chat), what="alice hears it")
    bob.leave()  # back at the table, its chat comes in a snapshot: without mallory's lines
    await until(lambda: bob.game is None, what="bob in the lobby")
    bob.watch(table)
    await until(lambda: bob.game is not None, what="bob back")
    assert [line.nick for line in bob.chat if line.nick] == ["alice"]
    bob.say("/unmute w0")
    await until(lambda: _told(seen, "again"), what="unmuted")
    mallory.say("now you can")
    await until(lambda: "now you can" in _said(seen, "w0"), what="mallory heard again")
    assert seen.errors() == []


def _told(recorder: Recorder, words: str) -> bool:
    """Whether the hub told this player alone a notice with `words`."""
    return any(m.line.nick is None and words in m.line.text for m in recorder.of(p.Chat))
