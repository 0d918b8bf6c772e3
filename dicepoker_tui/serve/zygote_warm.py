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
import gc
import json
import os
import selectors
import signal
import socket
import sys
import threading
import traceback
from typing import Any

from dicepoker_tui.serve import zygote
from dicepoker_tui.serve.zygote import COLD_ENV, LOG_FD, MAX_REQUEST, become_session, reap

FIT_WAIT = 5.0
"""Seconds the spawner lays its app out at a new terminal size at most before it forks."""
_STALE: list[object] = []
"""In a child: the parent's epoll, self-pipe and request socket, whose fds the child has
closed; kept, so that no finalizer closes their numbers again once they are reused."""


def serve(sock: socket.socket) -> tuple[bool, set[int]]:
    """Answer spawn requests from a parked app until the server closes its end: (whether
    it did, the sessions' pids still running). When the app cannot be made, or stops, the
    spawner goes on making each session's app in its fork (`zygote.serve`)."""
    from dicepoker_tui.serve.session_app import session_args
    from dicepoker_tui.ui.net.warm_start import (
        adopt,
        fit_to,
        make_ahead,
        parked_app,
        settled,
        show_ahead,
        terminal_size,
    )

    app = parked_app()
    spawner = os.getpid()
    children: set[int] = set()
    requests: asyncio.Queue[tuple[bytes, list[int]]] = asyncio.Queue()
    worker: list[asyncio.Task] = []
    server_gone = False

    def listen() -> None:
        loop = asyncio.get_running_loop()
        if threading.active_count() != 1:
            print("dicepoker: the parked app has threads; sessions start cold", file=sys.stderr)
            app.exit()
            return
        make_ahead(app)
        loop.add_reader(sock.fileno(), answer)
        worker.append(loop.create_task(work()))
        loop.add_signal_handler(signal.SIGCHLD, reaped)
        with contextlib.suppress(OSError):
            sock.send(json.dumps({"op": "ready"}).encode())

    def answer() -> None:
        nonlocal server_gone
        if os.getpid() != spawner:  # a child: what the loop had ready at the fork is not its
            return
        try:
            data, fds, _flags, _addr = socket.recv_fds(sock, MAX_REQUEST, 4)
        except OSError:
            data, fds = b"", []
        if not data:
            server_gone = True
            app.exit()
            return
        requests.put_nowait((data, fds))

    async def work() -> None:
        """Fork for each request in turn; a request that cannot be met gets one line."""
        while os.getpid() == spawner:
            data, fds = await requests.get()
            request: Any = None
            try:
                request = json.loads(data)
                if not isinstance(request, dict):
                    raise ValueError("a request is a JSON object")
                await fit(request, fds)
                reply = fork(request, fds)
            except Exception as exc:
                for fd in fds:
                    with contextlib.suppress(OSError):
                        os.close(fd)
                ident = request.get("id") if isinstance(request, dict) else None
                reply = {"op": "error", "id": ident, "message": str(exc) or repr(exc)}
            if reply is None:  # the child: the app is the player's now
                return
            if reply["op"] == "spawned":
                children.add(reply["pid"])
            with contextlib.suppress(OSError):
                sock.send(json.dumps(reply).encode())

    async def fit(request: dict, fds: list[int]) -> None:
        """The app showing the request's first screen, laid out at its terminal size,
        when it is not already: players then cost a frame each (what fails or takes too
        long here is left to the child)."""
        env, args = request.get("env"), request.get("args")
        if not isinstance(env, dict) or not isinstance(args, list):
            return
        changed = show_ahead(app, "--pick-name" in args)
        size = terminal_size(env, fds[0] if len(fds) == 1 else None)
        with contextlib.suppress(Exception):
            if size is not None and size != tuple(app.size):
                await asyncio.wait_for(fit_to(app, size), FIT_WAIT)
            elif changed:
                await asyncio.wait_for(settled(app), FIT_WAIT)

    def reaped() -> None:
        if os.getpid() == spawner:
            reap(sock, children)

    def fork(request: dict, fds: list[int]) -> dict | None:
        expected = 3 if request.get("pipes") else 1
        env, cwd, args = request.get("env"), request.get("cwd"), request.get("args")
        if len(fds) != expected:
            raise ValueError("three pipe fds expected" if expected == 3 else "one pty fd expected")
        if not (isinstance(env, dict) and isinstance(cwd, str) and isinstance(args, list)):
            raise ValueError("a request has env, cwd and args")
        loop = asyncio.get_running_loop()
        pid = os.fork()
        if pid:
            for fd in fds:
                os.close(fd)
            return {"op": "spawned", "id": request.get("id"), "pid": pid}
        try:
            gc.freeze()  # the parent's objects: never walked (and copied) by this one's collector
            while not requests.empty():  # other players' requests, not this one's
                requests.get_nowait()
            become_session(fds, env, cwd)
            own_loop(loop, sock)
            session = session_args(args)
            if session is None:
                os._exit(2)
            adopt(app, *session)
        except SystemExit as exc:  # the session's arguments refused (one line said why)
            os._exit(exc.code if isinstance(exc.code, int) else 1)
        except BaseException:
            _log_crash()
            os._exit(1)
        return None

    app.call_after_refresh(listen)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # ^C at the server's terminal is its own
    crashed = False
    try:
        app.run()
    except BaseException:
        crashed = True
        if os.getpid() == spawner:
            traceback.print_exc()
    if os.getpid() != spawner:  # a player's session has ended
        if crashed:
            _log_crash()
            os._exit(1)
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        os._exit(app.return_code or 0)
    if server_gone:
        for pid in children:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGHUP)
    return server_gone, children


def _log_crash() -> None:
    """In a session's process: the exception being handled, to the server's log."""
    with contextlib.suppress(Exception), os.fdopen(LOG_FD, "w", closefd=False) as log:
        traceback.print_exc(file=log)


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
    os.environ.setdefault("DICEPOKER_LOG_FD", "2")  # the parked app's crash: to the log
    zygote.warm_up()
    children: set[int] = set()
    if not os.environ.get(COLD_ENV):
        server_gone, children = serve(sock)
        if server_gone:
            return
        print("dicepoker: the sessions' apps are made in their own process now", file=sys.stderr)
    zygote.serve(sock, children)


if __name__ == "__main__":
    main()
