"""Over SSH a throw sends the cells that changed, far less than a whole screen."""

from __future__ import annotations

import asyncio

from dicepoker_tui.net.client import HubClient

from .helpers import play_turn, until
from .ssh_client import Terminal, connect
from .terminal_screen import TerminalScreen


async def quiet(*terms: Terminal, still: float = 0.4, timeout: float = 15.0) -> None:
    """Wait until none of `terms` has written anything for `still` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    sizes = [t.mark() for t in terms]
    while loop.time() < end:
        await asyncio.sleep(still)
        now = [t.mark() for t in terms]
        if now == sizes:
            return
        sizes = now


def screen_of(term: Terminal) -> list[str]:
    screen = TerminalScreen(100, 30)
    screen.feed(bytes(term.output))
    return screen.text()


async def shows(term: Terminal, text: str) -> None:
    """Wait until `text` is on the terminal's screen."""
    try:
        await until(lambda: any(text in row for row in screen_of(term)), what=repr(text))
    except AssertionError:
        rows = "\n".join(screen_of(term))
        raise AssertionError(f"{text!r} is not on the screen:\n{rows}") from None


async def test_a_throw_sends_thrower_and_watcher_far_less_than_a_whole_frame(game_server):
    hub = game_server.hub
    bob = HubClient(game_server.socket_path, hub.issue_token("bob"))
    await bob.connect()
    bob.create("yatzy", seats=2)
    await until(lambda: bob.game is not None, what="bob's table")
    table = hub.tables[bob.game.table.id]
    async with (
        await connect(game_server.port, "alice") as conn_a,
        await connect(game_server.port, "carol") as conn_c,
    ):
        alice, carol = await Terminal.open(conn_a), await Terminal.open(conn_c)
        await alice.wait_for("1 free")  # bob's table is listed
        alice.send("\r")  # sits down: the game starts
        await until(lambda: table.game is not None, what="the start")
        await carol.wait_for("bob's Yatzy")
        await quiet(carol)
        carol.send("w")  # watches
        await until(
            lambda: hub.broadcast.info(table).spectators == ["carol"], what="carol watching"
        )
        await play_turn(bob)
        await until(lambda: table.game.state.current == 1, what="alice's turn")
        await shows(alice, "your turn")
        await shows(carol, "alice to play")
        await quiet(alice, carol)

        marks = alice.mark(), carol.mark()
        alice.send("r")
        await until(lambda: table.game.state.turn.dice is not None, what="the throw")
        # both screens, read back from everything sent, show the throw the hub made
        dice = " ".join(str(d) for d in table.game.state.turn.dice)
        for term in (alice, carol):
            await shows(term, f"alice throws {dice}")
        await quiet(alice, carol)
        thrower, watcher = alice.mark() - marks[0], carol.mark() - marks[1]

        # any whole frame takes at least a byte a cell: a throw takes far fewer
        cells = 100 * 30
        assert thrower < cells / 2 and watcher < cells / 2, (thrower, watcher)
    await bob.aclose()
