"""The session spawner with its app made ahead, spoken to as the server speaks to it: a
request it cannot meet gets one error line with the request's id and leaves no fd open
in the spawner, and the next request is met."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from dicepoker_tui.serve.spawner import PACKAGE_ROOT


def receive(sock: socket.socket, timeout: float = 60.0) -> dict:
    sock.settimeout(timeout)
    return json.loads(sock.recv(65536))


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def test_bad_requests_get_an_error_each_and_the_next_good_one_is_met(tmp_path: Path) -> None:
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "PYTHONPATH": PACKAGE_ROOT,
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "dicepoker_tui.serve.zygote_warm", str(theirs.fileno())],
        pass_fds=[theirs.fileno()],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
    )
    theirs.close()
    try:
        assert receive(ours) == {"op": "ready"}
        before = open_fds(proc.pid)

        ours.send(b"[1, 2]")  # not a request
        reply = receive(ours)
        assert reply["op"] == "error" and reply["id"] is None

        master, slave = os.openpty()
        bad = {"id": 7, "env": "not a mapping", "cwd": "/", "args": []}
        socket.send_fds(ours, [json.dumps(bad).encode()], [slave])
        os.close(slave)
        reply = receive(ours)
        assert reply == {"op": "error", "id": 7, "message": "a request has env, cwd and args"}
        deadline = time.monotonic() + 10
        while open_fds(proc.pid) != before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert open_fds(proc.pid) == before  # the pty it was given is closed again

        good = {"id": 8, "env": {"HOME": str(tmp_path)}, "cwd": str(tmp_path), "args": []}
        socket.send_fds(ours, [json.dumps(good).encode()], [master])
        reply = receive(ours)
        assert reply["op"] == "spawned" and reply["id"] == 8
        exited = receive(ours)  # no session token: the app says so and ends
        assert exited == {"op": "exited", "pid": reply["pid"], "status": 2}
        os.close(master)
    finally:
        ours.close()
        proc.wait(timeout=30)
