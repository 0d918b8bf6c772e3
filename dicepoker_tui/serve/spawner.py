"""Starting session apps: through the pre-forked `zygote`, or directly when it is not there.

`Spawner.spawn(slave_fd, env, cwd, args)` returns the child's pid; `wait(pid)` its exit
status (exit code, or minus the signal number). The caller keeps the pty master.

Starting an app takes CPU (a few hundredths of a second). Started all together, many
apps arriving at once share the CPU and every one is drawn only when nearly all are;
so only `start_slots` apps start at a time, in order of arrival. A slot is free again
when its app has drawn its first screen (it then says hello to the hub, which calls
`started(token)`), has ended, or after `START_TIMEOUT` seconds whatever it is doing.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import logging
import os
import socket
import subprocess
import sys
import termios
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import NamedTuple, TypeVar

from dicepoker_tui.family.prepared import session_env
from dicepoker_tui.serve.zygote import COLD_ENV, LOG_FD, default_signals, lower_priority

log = logging.getLogger(__name__)
T = TypeVar("T")

PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
TOKEN_ENV = "DICEPOKER_SESSION_TOKEN"
START_TIMEOUT = 1.5
"""Seconds an app holds its start slot at most: a slow one does not hold up the others."""
READY_TIMEOUT = 30.0
"""Seconds the server waits at most for the zygote to warm up before it takes sessions."""


def default_start_slots() -> int:
    """Apps starting at the same time: two per core, so that the cores have work while
    apps wait (on their terminal, the hub, timers), and those few are drawn soon rather
    than all of them late (an app forked from the parked one costs some 20-60 ms of CPU
    to its first frame, and less the fewer share the cores)."""
    return 2 * (os.cpu_count() or 1)


class TabPipes(NamedTuple):
    """A tab's app forked from the zygote, and the server's ends of its pipes."""

    pid: int
    stdin: int
    stdout: int
    stderr: int


def _python_env() -> dict[str, str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/"),
        "PYTHONUTF8": "1",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONPATH": PACKAGE_ROOT,
    }
    if os.environ.get(COLD_ENV):
        env[COLD_ENV] = os.environ[COLD_ENV]
    return env


class Spawner:
    """Children on pseudo-terminals, one per SSH session."""

    def __init__(self, prefork: bool = True, start_slots: int | None = None) -> None:
        self.prefork = prefork
        self.start_slots = max(1, start_slots or default_start_slots())
        self._slots: asyncio.Semaphore | None = None
        self._starting: dict[str, asyncio.Future[None]] = {}
        self._slot_tasks: set[asyncio.Task] = set()
        self._ready = asyncio.Event()
        self._sock: socket.socket | None = None
        self._proc: asyncio.subprocess.Process | None = None
        self._pending: dict[int, asyncio.Future[int]] = {}
        self._exits: dict[int, asyncio.Future[int]] = {}
        self._direct: set[int] = set()
        self._next_id = 1

    # -- the zygote ---------------------------------------------------------------------------
    async def start(self, ready_timeout: float = READY_TIMEOUT) -> None:
        """Start the zygote and wait (at most `ready_timeout` s) until it has warmed up,
        so that no session pays for that."""
        if self.prefork:
            await self._start_zygote()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._ready.wait(), ready_timeout)

    async def _start_zygote(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self._proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "dicepoker_tui.serve.zygote_warm",
                str(theirs.fileno()),
                pass_fds=[theirs.fileno()],
                env=_python_env(),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
            )
        finally:
            theirs.close()
        ours.setblocking(False)
        self._sock = ours
        asyncio.get_running_loop().add_reader(ours.fileno(), self._readable)

    def _readable(self) -> None:
        assert self._sock is not None
        try:
            data = self._sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._zygote_gone()
            return
        try:
            message = json.loads(data)
        except ValueError:
            return
        op = message.get("op")
        if op == "ready":
            self._ready.set()
        elif op in ("spawned", "error"):
            future = self._pending.pop(message.get("id"), None)
            if future is not None and not future.done():
                if op == "spawned":
                    future.set_result(int(message["pid"]))
                else:
                    future.set_exception(OSError(message.get("message", "spawn failed")))
        elif op == "exited":
            self._exited(int(message["pid"]), int(message["status"]))

    def _zygote_gone(self) -> None:
        log.warning("the session spawner stopped; new sessions start directly")
        self._ready.set()
        if self._sock is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self._sock.fileno())
            self._sock.close()
        self._sock = None
        for future in self._pending.values():
            if not future.done():
                future.set_exception(OSError("the session spawner stopped"))
        self._pending.clear()
        # children of a dead spawner are reparented; their ptys still tell us when they end
        for pid, future in list(self._exits.items()):
            if pid not in self._direct and not future.done():
                future.set_result(-1)

    def _exited(self, pid: int, status: int) -> None:
        future = self._exits.setdefault(pid, asyncio.get_running_loop().create_future())
        if not future.done():
            future.set_result(status)

    # -- spawning -----------------------------------------------------------------------------
    async def spawn(self, slave: int, env: dict[str, str], cwd: str, args: list[str]) -> int:
        """Start the app on the pty whose slave end is `slave` once a start slot is free;
        the pid."""
        return await self._gated(env, lambda env: self._spawn(slave, env, cwd, args))

    @property
    def zygote_pid(self) -> int | None:
        """The zygote's pid, while it runs."""
        return self._proc.pid if self._proc is not None and self._sock is not None else None

    @property
    def forks(self) -> bool:
        """Whether the zygote is there to fork apps (else they start directly)."""
        return self._sock is not None

    async def spawn_tab(self, env: dict[str, str], cwd: str, args: list[str]) -> TabPipes:
        """Fork a browser tab's app from the zygote once a start slot is free, on three
        new pipes (its stdin, stdout, stderr); OSError when there is no zygote to fork."""
        return await self._gated(env, lambda env: self._spawn_tab(env, cwd, args))

    async def _spawn_tab(self, env: dict[str, str], cwd: str, args: list[str]) -> TabPipes:
        if self._sock is None:
            raise OSError("the session spawner is not running")
        pipes = [os.pipe() for _ in range(3)]
        theirs = [pipes[0][0], pipes[1][1], pipes[2][1]]
        ours = [pipes[0][1], pipes[1][0], pipes[2][0]]
        try:
            pid = await self._spawn_forked(theirs, env, cwd, args)
        except BaseException:
            for fd in ours:
                os.close(fd)
            raise
        finally:
            for fd in theirs:
                os.close(fd)
        return TabPipes(pid, *ours)

    async def _gated(self, env: dict[str, str], start: Callable[[dict], Awaitable[T]]) -> T:
        """`start(env)` once a start slot is free; the slot is held until its app is drawn."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.start_slots)
        await self._slots.acquire()
        env = {**env, **session_env()}  # the server's prepared tables, read only
        try:
            started_app = await start(env)
        except BaseException:
            self._slots.release()
            raise
        pid = started_app if isinstance(started_app, int) else started_app.pid  # type: ignore[attr-defined]
        token = env.get(TOKEN_ENV) or f"pid:{pid}"
        started = asyncio.get_running_loop().create_future()
        self._starting[token] = started
        task = asyncio.get_running_loop().create_task(self._free_slot(token, started, pid))
        self._slot_tasks.add(task)
        task.add_done_callback(self._slot_tasks.discard)
        return started_app

    @property
    def starting(self) -> int:
        """Apps holding a start slot now (started, not drawn yet)."""
        return len(self._starting)

    def started(self, token: str) -> None:
        """The app of the session with `token` has drawn its first screen."""
        future = self._starting.get(token)
        if future is not None and not future.done():
            future.set_result(None)

    async def _free_slot(self, token: str, started: asyncio.Future[None], pid: int) -> None:
        assert self._slots is not None
        ended = self._exits.get(pid)  # None: already reaped
        try:
            if ended is not None:
                await asyncio.wait(
                    {started, ended}, timeout=START_TIMEOUT, return_when=asyncio.FIRST_COMPLETED
                )
        finally:
            self._starting.pop(token, None)
            self._slots.release()

    async def _spawn(self, slave: int, env: dict[str, str], cwd: str, args: list[str]) -> int:
        if self._sock is not None:
            try:
                return await self._spawn_forked([slave], env, cwd, args)
            except OSError as exc:
                log.warning("spawning through the spawner failed (%s); starting directly", exc)
        return await self._spawn_direct(slave, env, cwd, args)

    async def _spawn_forked(self, fds: list[int], env: dict[str, str], cwd: str, args: list[str]):
        """Ask the zygote for a child on `fds` (a pty's slave end, or a tab's three pipes)."""
        assert self._sock is not None
        request_id = self._next_id
        self._next_id += 1
        loop = asyncio.get_running_loop()
        future: asyncio.Future[int] = loop.create_future()
        self._pending[request_id] = future
        request = {"id": request_id, "env": env, "cwd": cwd, "args": args}
        if len(fds) == 3:
            request["pipes"] = True
        payload = json.dumps(request).encode()
        for _ in range(200):
            if self._sock is None:
                self._pending.pop(request_id, None)
                raise OSError("the session spawner stopped")
            try:
                socket.send_fds(self._sock, [payload], fds)
                break
            except BlockingIOError:
                await asyncio.sleep(0.01)
        else:
            self._pending.pop(request_id, None)
            raise OSError("the session spawner does not answer")
        pid = await asyncio.wait_for(future, 10)
        self._exits.setdefault(pid, loop.create_future())
        return pid

    async def _spawn_direct(self, slave: int, env: dict[str, str], cwd: str, args: list[str]):
        server_log = os.dup(2)

        def controlling_tty() -> None:
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
            os.dup2(server_log, LOG_FD)
            default_signals()
            lower_priority()

        full_env = {
            **env,
            "PYTHONUTF8": "1",
            "PYTHONPATH": PACKAGE_ROOT,
            "DICEPOKER_LOG_FD": str(LOG_FD),
        }
        try:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "dicepoker_tui",
                *args,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                cwd=cwd,
                env=full_env,
                start_new_session=True,
                preexec_fn=controlling_tty,
                pass_fds=[server_log],
            )
        finally:
            os.close(server_log)
        self._direct.add(proc.pid)
        future = self._exits.setdefault(proc.pid, asyncio.get_running_loop().create_future())

        async def reap() -> None:
            status = await proc.wait()
            self._direct.discard(proc.pid)
            if not future.done():
                future.set_result(status)

        asyncio.get_running_loop().create_task(reap())
        return proc.pid

    async def wait(self, pid: int) -> int:
        """The exit status of a child started here."""
        future = self._exits.setdefault(pid, asyncio.get_running_loop().create_future())
        try:
            return await asyncio.shield(future)
        finally:
            if future.done():
                self._exits.pop(pid, None)

    def exited(self, pid: int) -> bool:
        future = self._exits.get(pid)
        return future is None or future.done()

    async def aclose(self) -> None:
        for task in list(self._slot_tasks):
            task.cancel()
        if self._sock is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self._sock.fileno())
            self._sock.close()
            self._sock = None
        if self._proc is not None:
            if self._proc.returncode is None:
                self._proc.terminate()  # sessions were ended by the server already
            try:
                await asyncio.wait_for(self._proc.wait(), 3)
            except TimeoutError:
                self._proc.kill()
                await self._proc.wait()
