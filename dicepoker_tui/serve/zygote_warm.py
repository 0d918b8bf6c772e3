"""The session spawner's warm start: one app made ahead, forked for every player.

`serve(sock)` runs a parked app (`ui.net.warm_start`: its lobby composed, styled and laid
out, drawn nowhere) whose event loop also answers the server's requests, as `zygote` does.
Each request forks the process where it stands. In the child, the event loop takes an
epoll and a self-pipe of its own (after a fork both processes hold the parent's, and what
one of them registered there the other would hear), the child becomes the session
(`zygote.become_session`) and the app becomes the player's (`warm_start.adopt`): the
player costs the drawing of the first frame, not the making of an app. The parent
replies and waits for the next player, its app untouched.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import selectors
import signal
import socket
import sys
import threading
import traceback
from typing import Any

from textual.pilot import Pilot

from dicepoker_tui.serve import zygote
from dicepoker_tui.serve.zygote import COLD_ENV, LOG_FD, MAX_REQUEST, become_session, reap

_STALE: list[object] = []
"""In a child: the parent's epoll, self-pipe and request socket, whose fds the child has
closed; kept, so that no finalizer closes their numbers again once they are reused."""


def serve(sock: socket.socket) -> bool:
    """Answer spawn requests from a parked app until the server closes its end; False
    (nothing sent) when the app could not be made, and the spawner starts apps cold."""
    from dicepoker_tui.serve.session_app import session_args
    from dicepoker_tui.ui.net.warm_start import adopt, make_ahead, parked_app, terminal_size

    app = parked_app()
    spawner = os.getpid()
    children: set[int] = set()
    requests: asyncio.Queue[tuple[bytes, list[int]]] = asyncio.Queue()
    worker: list[asyncio.Task] = []
    listening = False

    def listen() -> None:
        nonlocal listening
        loop = asyncio.get_running_loop()
        if threading.active_count() != 1:
            print("dicepoker: the parked app has threads; sessions start cold", file=sys.stderr)
            app.exit()
            return
        make_ahead(app)
        loop.add_reader(sock.fileno(), answer)
        worker.append(loop.create_task(work()))
        loop.add_signal_handler(signal.SIGCHLD, reaped)
        listening = True
        with contextlib.suppress(OSError):
            sock.send(json.dumps({"op": "ready"}).encode())

    def answer() -> None:
        if os.getpid() != spawner:  # a child: what the loop had ready at the fork is not its
            return
        try:
            data, fds, _flags, _addr = socket.recv_fds(sock, MAX_REQUEST, 4)
        except OSError:
            data, fds = b"", []
        if not data:  # the server is gone
            app.exit()
            return
        requests.put_nowait((data, fds))

    async def work() -> None:
        """Fork for each request in turn, the app first laid out at the request's terminal
        size (when it is not already): players at the same size cost a frame each."""
        pilot = Pilot(app)
        while os.getpid() == spawner:
            data, fds = await requests.get()
            try:
                request = json.loads(data)
                pty = fds[0] if len(fds) == 1 else None
                size = terminal_size(request["env"], pty)
                if size is not None and size != tuple(app.size):
                    await pilot.resize_terminal(*size)
                reply = fork(request, fds)
            except (ValueError, KeyError, TypeError, OSError) as exc:
                reply = {"op": "error", "id": None, "message": str(exc)}
            if reply is None:  # the child: the app is the player's now
                return
            if reply["op"] == "spawned":
                children.add(reply["pid"])
            with contextlib.suppress(OSError):
                sock.send(json.dumps(reply).encode())

    def reaped() -> None:
        if os.getpid() == spawner:
            reap(sock, children)

    def fork(request: dict, fds: list[int]) -> dict | None:
        expected = 3 if request.get("pipes") else 1
        if len(fds) != expected:
            for fd in fds:
                os.close(fd)
            message = "three pipe fds expected" if expected == 3 else "one pty fd expected"
            return {"op": "error", "id": request.get("id"), "message": message}
        env, cwd, args = request["env"], request["cwd"], request["args"]
        loop = asyncio.get_running_loop()
        pid = os.fork()
        if pid:
            for fd in fds:
                os.close(fd)
            return {"op": "spawned", "id": request.get("id"), "pid": pid}
        try:
            become_session(fds, env, cwd)
            own_loop(loop, sock)
            session = session_args(args)
            if session is None:
                os._exit(2)
            adopt(app, *session)
        except BaseException:
            with contextlib.suppress(Exception), os.fdopen(LOG_FD, "w", closefd=False) as log:
                traceback.print_exc(file=log)
            os._exit(1)
        return None

    app.call_after_refresh(listen)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # ^C at the server's terminal is its own
    try:
        app.run()
    except Exception:
        traceback.print_exc()
    if os.getpid() != spawner:  # a player's session has ended
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        os._exit(app.return_code or 0)
    for pid in children:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGHUP)
    return listening


def own_loop(loop: asyncio.AbstractEventLoop, sock: socket.socket) -> None:
    """In a child forked inside `loop`, after its fds were closed: an epoll and a
    self-pipe of its own, no signal handlers of the parent's, and the loop running here
    (asyncio's private parts of a selector event loop: there is no public way to carry a
    loop across a fork)."""
    selector_loop: Any = loop
    asyncio._set_running_loop(loop)  # asyncio knows a running loop by its pid
    _STALE.extend([selector_loop._selector, selector_loop._ssock, selector_loop._csock, sock])
    selector_loop._signal_handlers.clear()
    selector_loop._selector = selectors.DefaultSelector()
    selector_loop._ssock = selector_loop._csock = None
    selector_loop._internal_fds -= 1
    selector_loop._make_self_pipe()


def main() -> None:
    """The spawner's process (`python -m dicepoker_tui.serve.zygote_warm FD`): warm up,
    then fork a parked app for each session, or, when there is none (or `COLD_ENV` is
    set), make each session's app in its fork (`zygote.serve`)."""
    sock = socket.socket(fileno=int(sys.argv[1]))
    zygote.warm_up()
    if os.environ.get(COLD_ENV) or not serve(sock):
        zygote.serve(sock)


if __name__ == "__main__":
    main()
