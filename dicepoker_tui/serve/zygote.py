"""The session spawner: a process that has the app imported and forks one child per session.

Starting Python and importing Textual takes a few hundred milliseconds of CPU; forking a
process that already did it takes a few. The server starts this spawner once and asks it
for every SSH session's app:

- request (hub -> spawner): JSON `{"id", "env", "cwd", "args"}` with the pty slave fd
  attached (SCM_RIGHTS) on a SOCK_SEQPACKET socket pair; or, for a browser tab's app,
  `{"id", "env", "cwd", "args", "pipes": true}` with three fds attached (the ends of its
  stdin, stdout and stderr pipes: Textual's web driver speaks over them);
- `{"op": "spawned", "id", "pid"}` or `{"op": "error", "id", "message"}` back;
- `{"op": "ready"}` once, when the spawner has warmed up (before that, requests wait);
- `{"op": "exited", "pid", "status"}` when a child ends (status: exit code, or minus
  the signal number).

The child makes the pty its controlling terminal (setsid + TIOCSCTTY) and puts it on fds
0-2 (a tab's child: a session of its own, its pipes on fds 0-2, Textual's settings read
again from the tab's environment), keeps the server's stderr on fd 3 (`LOG_FD`: where a
crash's traceback goes; a tab's: its stderr pipe), closes everything else, restores the
default handling of every signal (a server started under `nohup` ignores SIGHUP, and a
child would inherit that), lowers its priority below the server's (`SESSION_NICE`),
takes the environment it was given and runs the app.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import selectors
import signal
import socket
import sys
import termios
import traceback

MAX_REQUEST = 64 * 1024
LOG_FD = 3
"""The session app's fd for the server's log (see `session_app`)."""
COLD_ENV = "DICEPOKER_COLD_START"
"""Set (to anything) in the server's environment: every session makes its app itself."""
SESSION_NICE = 5
"""How much lower than the server a session app runs: the hub and the SSH connections
come first, so one busy app cannot starve the others' echo."""


def default_signals() -> None:
    """Every signal handled as by default (what a parent ignored is not ignored here)."""
    for sig in signal.valid_signals():
        if sig in (signal.SIGKILL, signal.SIGSTOP):
            continue
        with contextlib.suppress(OSError, ValueError, RuntimeError):
            signal.signal(sig, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    with contextlib.suppress(OSError):
        signal.pthread_sigmask(signal.SIG_SETMASK, set())


def lower_priority() -> None:
    with contextlib.suppress(OSError):
        os.nice(SESSION_NICE)


def warm_up() -> None:
    """Do what every session needs once, before any fork: imports, the app's parsed CSS,
    the catalogues of every language (see `net_app.warm_up`); then freeze what there is,
    so the children's garbage collector never walks (and copies) the spawner's objects."""
    import gc
    import threading

    import textual.drivers.linux_driver  # what App.run imports lazily, once per process

    import dicepoker_tui.serve.session_app
    from dicepoker_tui.family import families
    from dicepoker_tui.ui.net.app import warm_up as warm_app

    del dicepoker_tui, textual
    for spec in families():
        spec.warm_up()
    try:
        warm_app()
    except Exception:
        traceback.print_exc()  # the sessions start anyway, only slower
    gc.collect()
    gc.freeze()
    if threading.active_count() != 1:
        print("dicepoker: the session spawner has threads left; forking anyway", file=sys.stderr)


def run_child(fds: list[int], env: dict[str, str], cwd: str, args: list[str]) -> int:
    """In the forked child: become a session on the pty (one fd: its slave end) or on a
    tab's pipes (three fds: stdin, stdout, stderr) and run the app."""
    become_session(fds, env, cwd)
    from dicepoker_tui.serve.session_app import main

    return main(args)


def become_session(fds: list[int], env: dict[str, str], cwd: str) -> None:
    """In a forked child: the pty (or the tab's pipes) on fds 0-2, the server's log on
    `LOG_FD`, every other fd closed, default signals, a lower priority, the session's
    environment and folder."""
    os.setsid()
    if len(fds) == 1:
        fcntl.ioctl(fds[0], termios.TIOCSCTTY, 0)
        server_log = os.dup(2)
        fds = fds * 3
    else:
        server_log = os.dup(fds[2])  # a tab's crash goes to its stderr, kept for the log
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    os.dup2(server_log, LOG_FD)
    os.closerange(LOG_FD + 1, 65536)
    signal.set_wakeup_fd(-1)
    default_signals()
    lower_priority()
    os.environ.clear()
    os.environ.update(env)
    os.environ["DICEPOKER_LOG_FD"] = str(LOG_FD)
    with contextlib.suppress(OSError):
        os.chdir(cwd)
    if "TEXTUAL_DRIVER" in env:  # a tab: Textual's settings are the tab's, not the spawner's
        import importlib

        import textual.constants

        importlib.reload(textual.constants)


def _fork(sock: socket.socket, request: dict, fds: list[int]) -> dict:
    expected = 3 if request.get("pipes") else 1
    if len(fds) != expected:
        for fd in fds:
            os.close(fd)
        message = "three pipe fds expected" if expected == 3 else "one pty fd expected"
        return {"op": "error", "id": request.get("id"), "message": message}
    pid = os.fork()
    if pid == 0:  # the child never returns from here
        code = 1
        try:
            code = run_child(fds, request["env"], request["cwd"], request["args"])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except BaseException:
            with contextlib.suppress(Exception):
                traceback.print_exc()
        finally:
            with contextlib.suppress(Exception):
                sys.stdout.flush()
            os._exit(code)
    for fd in fds:
        os.close(fd)
    return {"op": "spawned", "id": request.get("id"), "pid": pid}


def reap(sock: socket.socket, children: set[int]) -> None:
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            children.clear()
            return
        if pid == 0:
            return
        children.discard(pid)
        code = os.waitstatus_to_exitcode(status)
        with contextlib.suppress(OSError):
            sock.send(json.dumps({"op": "exited", "pid": pid, "status": code}).encode())


def serve(sock: socket.socket, children: set[int] | None = None) -> None:
    """Answer spawn requests until the server closes its end, each with a fork of this
    process that makes its app (see `zygote_warm` for the forks of a made app);
    `children`: sessions started before, still to be told of when they end."""
    with contextlib.suppress(OSError):
        sock.send(json.dumps({"op": "ready"}).encode())
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # ^C at the server's terminal is its own
    children = set() if children is None else children
    reap(sock, children)  # any that ended before this loop began
    selector = selectors.DefaultSelector()
    selector.register(sock, selectors.EVENT_READ)
    selector.register(wake_r, selectors.EVENT_READ)
    try:
        while True:
            for key, _ in selector.select():
                if key.fileobj is sock:
                    try:
                        data, fds, _flags, _addr = socket.recv_fds(sock, MAX_REQUEST, 4)
                    except OSError:
                        return  # the server is gone
                    if not data:
                        return
                    try:
                        request = json.loads(data)
                        reply = _fork(sock, request, fds)
                    except (ValueError, KeyError, OSError) as exc:
                        reply = {"op": "error", "id": None, "message": str(exc)}
                    if reply["op"] == "spawned":
                        children.add(reply["pid"])
                    sock.send(json.dumps(reply).encode())
                else:
                    with contextlib.suppress(BlockingIOError):
                        os.read(wake_r, 4096)
            reap(sock, children)
    finally:
        for pid in children:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGHUP)
