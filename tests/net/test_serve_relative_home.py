"""`dicepoker serve` with a relative `DICEPOKER_HOME`: a real server process, a real SSH
login; the session reaches the hub (its socket path is made absolute at start)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from tests.net.ssh_client import Terminal, connect

ROOT = Path(__file__).resolve().parents[2]


async def _port(server: subprocess.Popen, deadline: float = 60.0) -> int:
    """The port the server says it listens on (its first line of output)."""
    assert server.stdout is not None
    loop = asyncio.get_running_loop()
    line = await asyncio.wait_for(loop.run_in_executor(None, server.stdout.readline), deadline)
    found = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
    assert found, line
    return int(found.group(1))


async def test_a_relative_home_still_lets_every_session_reach_the_server(tmp_path: Path) -> None:
    (tmp_path / "run").mkdir()
    env = {**os.environ, "DICEPOKER_HOME": "home", "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "dicepoker_tui", "serve", "--port", "0"],
        cwd=tmp_path / "run",
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        port = await _port(server)
        async with await connect(port, "alice") as conn:
            term = await Terminal.open(conn)
            try:
                await term.wait_for("online as alice", timeout=60)
            except AssertionError:
                raise AssertionError(term.screen()) from None
            assert "not reachable" not in term.screen(term.output)
            term.process.close()
        assert (tmp_path / "run" / "home" / "history.db").is_file()
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        for stream in (server.stdout, server.stderr):
            if stream is not None:
                stream.close()
