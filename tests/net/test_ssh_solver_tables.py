"""A guest cannot make the server build the solver's tables: a server reads the tables
its operator prepared (memory-mapped, shared by the server and every app) and refuses,
with one line, a table whose bots need tables it has not.

Real asyncssh clients against a server on 127.0.0.1, real session apps, real tables built
by `dicepoker solve` (dice poker's: seconds) where a test needs them.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pytest

from dicepoker_tui.net.client import HubClient
from dicepoker_tui.serve.server import GameServer, ServeOptions

from .helpers import Recorder, play_turn, until
from .ssh_client import Terminal, connect
from .strangers import close_pair, honest_pair, still_playing

ROOT = Path(__file__).resolve().parents[2]
REFUSAL = "has not prepared the tables for"


def _tables(folder: Path) -> dict[str, tuple[int, int]]:
    """Every table file under `folder`: (size, mtime) by path."""
    return {
        str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in folder.rglob("*.npz")
    }


def _mapped(pid: int) -> set[str]:
    """The table files process `pid` has memory-mapped."""
    maps = Path(f"/proc/{pid}/maps").read_text().splitlines()
    return {line.split()[-1] for line in maps if line.endswith(".npz")}


@pytest.fixture
async def operator_server(short_tmp, monkeypatch, request):
    """A server with a game in its history whose operator's cache folder is empty (a
    Yatzy game of `heuristic` bots), or (given a variant as the fixture's parameter)
    holds that variant's tables (and the game is of `optimal` bots in it)."""
    home = short_tmp / "op"
    home.mkdir()
    monkeypatch.setenv("DICEPOKER_HOME", str(home))
    monkeypatch.delenv("DICEPOKER_TABLES", raising=False)
    variant = getattr(request, "param", None)
    bots = ["--bot", "optimal", "--bot", "optimal"] if variant else ["--bot", "heuristic"] * 2
    commands = [["simulate", "--variant", variant or "yatzy", *bots, "--games", "1", "--save"]]
    if variant is not None:
        commands.insert(0, ["solve", "--variant", variant, "--winner"])
    env = {**os.environ, "DICEPOKER_HOME": str(home)}
    for command in commands:
        subprocess.run(
            [sys.executable, "-m", "dicepoker_tui", *command],
            env=env, cwd=ROOT, check=True, capture_output=True, timeout=300,
        )  # fmt: skip
    server = GameServer(ServeOptions(port=0, data_dir=home, bot_pace=0.0, idle_timeout=0))
    await server.start()
    yield server
    await server.close()


async def _open_table_in_form(term: Terminal, variant_downs: int, level_downs: int) -> None:
    """Open the new-table form and choose a variant, 1 person, 1 bot of a level (by how
    far along their fields' options they are, → each), then ctrl+s."""
    term.send("n")
    await term.shows("New table")
    steps = [
        "\x1b[C" * variant_downs, "\t",  # variant
        "\x1b[D", "\t",  # people: 1
        "\x1b[C", "\t",  # bots: 1
        "\x1b[C" * level_downs,  # level
    ]  # fmt: skip
    for keys in steps:
        mark = term.mark()
        term.send(keys)
        if keys:
            await term.wait_for(b"\x1b[", since=mark, timeout=10)  # the form redrew
    term.send("\x13")


async def test_a_guest_cannot_make_the_server_build_tables(operator_server):
    server = operator_server
    home = server.data_dir
    pair = await honest_pair(server)
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with await connect(server.port, "mallory", key) as conn:
        term = await Terminal.open(conn)
        await term.wait_for("online as mallory")
        await _open_table_in_form(term, variant_downs=2, level_downs=1)  # Yatzy, winner
        await term.shows(REFUSAL)  # the one line, in a notice (wrapped: checked below)
        assert b"Traceback" not in term.output
        assert [t.variant for t in server.hub.tables.values()] == ["yatzy"]  # the pair's
        assert server.sessions  # still in
        term.send("h")  # a review's analysis: refused with the same line, nothing built
        await term.shows("Heuristic 1")
        term.send("\r")
        await term.shows("Analyse")
        term.send("a")
        await term.shows("No analysis: the server has not prepared the")  # (wrapped)
    # straight on the hub: every solver level, every variant with a solver
    mallory = HubClient(server.socket_path, server.hub.issue_token("mallory", "SHA256:m"))
    await mallory.connect()
    seen = Recorder(mallory)
    for variant, level in [("dice-poker", "optimal"), ("yahtzee", "winner"), ("yatzy", "novice")]:
        refused = len(seen.errors())
        mallory.create(variant, seats=1, bots=[level])
        await until(lambda n=refused: len(seen.errors()) > n, what="the refusal")
        error = seen.errors()[-1]
        assert error.code == "tables_not_prepared"
        assert f"dicepoker solve --variant {variant} --winner" in error.message
        assert "\n" not in error.message
    mallory.create("yatzy", seats=1, bots=["heuristic"])  # no tables: opens as always
    await until(lambda: len(server.hub.tables) == 2, what="the heuristic table")
    await mallory.aclose()
    assert _tables(home) == {}  # nothing built: not for the server, not for a guest
    await still_playing(server, pair)
    await close_pair(pair)


@pytest.mark.parametrize("operator_server", ["dice-poker"], indirect=True)
async def test_prepared_tables_are_read_mapped_by_the_server_and_the_apps(operator_server):
    server = operator_server
    home = server.data_dir
    before = _tables(home)
    assert before, "dicepoker solve built the tables"
    # a `winner` bot at the server plays from the mapped tables
    guest = HubClient(server.socket_path, server.hub.issue_token("guest", "SHA256:g"))
    await guest.connect()
    guest.create("dice-poker", seats=1, bots=["winner"])
    await until(lambda: guest.game is not None and guest.game.started, what="the game")
    game = guest.game
    await play_turn(guest)
    await until(lambda: game.my_turn(), what="the winner bot's turn", timeout=60)
    assert any(path.endswith("-spread1.npz") for path in _mapped(os.getpid()))
    await guest.aclose()
    # `a` in a review: the guest's app analyses with the same files, mapped, and writes none
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with await connect(server.port, "reviewer", key) as conn:
        term = await Terminal.open(conn)
        await term.wait_for("online as reviewer")
        term.send("h")
        await term.shows("Optimal 1")
        term.send("\r")
        await term.shows("Analyse")
        term.send("a")
        await term.shows("best 100%", timeout=60)
        session = next(s for s in server.sessions if s.pid is not None)
        mapped = _mapped(session.pid)
        assert any(path.endswith("-spread1.npz") for path in mapped)
        assert all(Path(path).parent == home / "cache" for path in mapped)
    assert _tables(home) == before  # read, never written: no copy in the guest's home
    assert not list((home / "sessions").rglob("cache"))


@pytest.mark.parametrize("operator_server", ["dice-poker"], indirect=True)
async def test_a_bot_whose_tables_went_away_plays_on_without_building(
    operator_server, monkeypatch, caplog
):
    """Tables removed after the table opened: its bot plays by rules of thumb, the game
    goes on, and nothing is built."""
    from dicepoker_tui.families.scoresheet.solver import cache as cache_mod
    from dicepoker_tui.families.scoresheet.solver import risk as risk_mod
    from dicepoker_tui.families.scoresheet.solver import spread as spread_mod

    server = operator_server
    guest = HubClient(server.socket_path, server.hub.issue_token("guest", "SHA256:g"))
    await guest.connect()
    guest.create("dice-poker", seats=1, bots=["winner"])
    await until(lambda: guest.game is not None and guest.game.started, what="the game")
    monkeypatch.setattr(cache_mod, "_memory", {})
    for module in (spread_mod, risk_mod):
        module.forget()
    for path in (server.data_dir / "cache").glob("*.npz"):
        path.unlink()
    game = guest.game
    for _ in range(2):  # the bot's turn after each of ours
        await play_turn(guest)
        await until(lambda: game.my_turn(), what="the bot's turn", timeout=30)
    assert "no prepared solver tables" in caplog.text
    assert _tables(server.data_dir) == {}
    await guest.aclose()


async def test_a_served_process_asked_for_a_winner_table_stops_on_sigterm(short_tmp):
    """The attack for real on `dicepoker serve` as its own process: a guest asks for a
    Yatzy table with a `winner` bot; the server spends no CPU on it and SIGTERM ends it
    within seconds."""
    env = {**os.environ, "DICEPOKER_HOME": str(short_tmp)}
    env.pop("DICEPOKER_TABLES", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "dicepoker_tui", "serve", "--port", "0", "--idle-timeout", "0"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        line = await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 60)
        port = int(re.search(r":(\d+) \(", line).group(1))
        async with await connect(
            port, "mallory", asyncssh.generate_private_key("ssh-ed25519")
        ) as conn:
            term = await Terminal.open(conn)
            await term.wait_for("online as mallory", timeout=30)
            cpu = _cpu_seconds(server.pid)
            await _open_table_in_form(term, variant_downs=2, level_downs=1)  # Yatzy, winner
            await term.shows(REFUSAL)
            assert _cpu_seconds(server.pid) - cpu < 2  # a build takes minutes of it
            t0 = time.monotonic()
            server.send_signal(signal.SIGTERM)
            code = await asyncio.to_thread(server.wait, 10)
        assert time.monotonic() - t0 < 10 and code == 0
        assert _tables(short_tmp) == {}
        assert "Traceback" not in server.stderr.read()
    finally:
        server.kill()
        server.wait()


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
