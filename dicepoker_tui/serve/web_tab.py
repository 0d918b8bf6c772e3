"""One browser tab's app: its process, what it says, and the one line that ends it.

`TabService` is textual-serve's `AppService` (the app's stdin and stdout carry
Textual's web driver packets), with these differences: the app is forked from the
session spawner (`zygote`: the app already imported, as for SSH sessions) when the
launch names one, else started from an argument list (no shell); either way with the
environment it is given, on its own process group and below the server's priority; its
stderr is kept (the last lines) for the server's log, never sent to the browser; and its
end is waited for, killed if it lingers, and told to the player in one line (`end_line`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gettext
import json
import logging
import os
import signal
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

import dicepoker_tui
from dicepoker_tui.i18n import N_, load_translation
from dicepoker_tui.serve.session_host import EndReason
from dicepoker_tui.serve.spawner import TOKEN_ENV, Spawner, TabPipes
from dicepoker_tui.serve.zygote import SESSION_NICE

log = logging.getLogger(__name__)

CLOSE_LIMIT = 120
"""Bytes of a websocket close reason (the protocol allows 123)."""
STDERR_KEEP = 16 * 1024
"""Bytes of an app's stderr kept for the log (a traceback's end)."""
STOP_GRACE = 3.0
"""Seconds an app has to end once told to quit, before it is killed."""
CLEAN_EXITS = (0, 3, 4)
FRAME_BYTES = 1024
"""Bytes a tab's app has sent when its first screen is drawn (its terminal set-up is less)."""
TAB_DRIVER = "dicepoker_tui.ui.common.textual_private:TabDriver"
"""Textual's web driver, ending the app when the server that feeds it is gone."""


def app_command(*args: str) -> list[str]:
    """`python -m dicepoker_tui ARGS` with this interpreter."""
    return [sys.executable, "-m", "dicepoker_tui", *args]


def same_code(env: dict[str, str]) -> dict[str, str]:
    """`env` with this process's copy of the game first on the path: a tab runs the code
    that serves it (not another copy installed elsewhere)."""
    root = str(Path(dicepoker_tui.__file__).resolve().parent.parent)
    rest = env.get("PYTHONPATH")
    return {**env, "PYTHONPATH": root + (os.pathsep + rest if rest else "")}


@dataclass
class Launch:
    """How to start one tab's app, and what to undo when it has ended."""

    argv: list[str]
    env: dict[str, str]
    cwd: str | None = None
    cleanup: Callable[[], None] = field(default=lambda: None)
    spawner: Spawner | None = None
    """Where to fork the app from (with `app_args`), when its zygote is running."""
    app_args: list[str] | None = None
    """The app's arguments (`argv` after `python -m dicepoker_tui`), for the spawner."""


class ForkedApp:
    """A tab's app forked from the zygote, as much of an `asyncio.subprocess.Process` as
    a `TabService` uses: pid, returncode, wait() and the three streams."""

    def __init__(self, spawner: Spawner, pid: int, token: str) -> None:
        self.spawner = spawner
        self.pid = pid
        self.token = token
        self.returncode: int | None = None
        self.stdin: asyncio.StreamWriter | None = None
        self.stdout: asyncio.StreamReader | None = None
        self.stderr: asyncio.StreamReader | None = None

    @classmethod
    async def start(cls, spawner: Spawner, env: dict[str, str], cwd: str, args: list[str]):
        pipes: TabPipes = await spawner.spawn_tab(env, cwd, args)
        app = cls(spawner, pipes.pid, env.get(TOKEN_ENV) or f"pid:{pipes.pid}")
        loop = asyncio.get_running_loop()
        files = [
            os.fdopen(pipes.stdin, "wb", buffering=0),
            os.fdopen(pipes.stdout, "rb", buffering=0),
            os.fdopen(pipes.stderr, "rb", buffering=0),
        ]
        try:
            transport, protocol = await loop.connect_write_pipe(
                asyncio.streams.FlowControlMixin, files[0]
            )
            app.stdin = asyncio.StreamWriter(transport, protocol, None, loop)
            app.stdout, app.stderr = asyncio.StreamReader(), asyncio.StreamReader()
            for reader, file in zip((app.stdout, app.stderr), files[1:], strict=True):
                await loop.connect_read_pipe(lambda r=reader: asyncio.StreamReaderProtocol(r), file)
        except BaseException:
            for file in files:
                file.close()
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(app.pid, signal.SIGKILL)
            raise
        return app

    def drawn(self) -> None:
        """Its first screen is drawn: the next app may start (a tab's app says hello to
        the hub only once its player has picked a name)."""
        self.spawner.started(self.token)

    async def wait(self) -> int:
        """Its exit status (as the zygote tells it); its stdin is closed then."""
        if self.returncode is None:
            self.returncode = await self.spawner.wait(self.pid)
        if self.stdin is not None:
            self.stdin.close()
        return self.returncode


class TabService(AppService):
    """One tab's app process, driven through textual-serve's packets."""

    def __init__(
        self,
        launch: Launch,
        *,
        write_bytes: Callable[[bytes], Awaitable[None]],
        write_str: Callable[[str], Awaitable[None]],
        download_manager: DownloadManager,
    ) -> None:
        super().__init__(
            " ".join(launch.argv),
            write_bytes=write_bytes,
            write_str=write_str,
            close=self._app_exited,
            download_manager=download_manager,
        )
        self.launch = launch
        self.stderr_tail = bytearray()
        self.first_frame = asyncio.Event()
        """Set when the app's first bytes for the screen have gone to the browser."""
        self.bytes_out = 0

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = dict(self.launch.env)
        env.update(
            TEXTUAL_DRIVER=TAB_DRIVER,
            TEXTUAL_FPS="60",
            TEXTUAL_COLOR_SYSTEM="truecolor",
            TERM_PROGRAM="textual",
            COLUMNS=str(width),
            ROWS=str(height),
        )
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24):
        env = self._build_environment(width, height)
        launch = self.launch
        if launch.spawner is not None and launch.spawner.forks and launch.app_args is not None:
            try:
                forked = await ForkedApp.start(
                    launch.spawner, env, launch.cwd or "/", launch.app_args
                )
            except OSError as exc:
                log.warning("forking a tab's app failed (%s); starting it directly", exc)
            else:
                self._process = forked  # type: ignore[assignment]
                self._stdin = forked.stdin
                return forked
        self._process = process = await asyncio.create_subprocess_exec(
            *self.launch.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
            cwd=self.launch.cwd,
            start_new_session=True,
        )
        with contextlib.suppress(OSError):
            os.setpriority(
                os.PRIO_PROCESS, process.pid, os.getpriority(os.PRIO_PROCESS, 0) + SESSION_NICE
            )
        self._stdin = process.stdin
        return process

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    @property
    def returncode(self) -> int | None:
        return None if self._process is None else self._process.returncode

    async def exited(self) -> None:
        """Until the app's output has ended (it quit, or died)."""
        if self._task is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(self._task)

    async def _app_exited(self) -> None:
        """The app said it is quitting; the server closes the websocket once it has ended."""

    async def on_data(self, payload: bytes) -> None:
        self.bytes_out += len(payload)
        await self.remote_write_bytes(payload)
        self.first_frame.set()
        if self.bytes_out >= FRAME_BYTES and isinstance(self._process, ForkedApp):
            self._process.drawn()

    async def on_meta(self, data: bytes) -> None:
        try:
            json.loads(data)["type"]
        except (ValueError, KeyError, TypeError):
            return  # not a meta packet this server knows how to read
        await super().on_meta(data)

    async def run(self) -> None:
        """Pass the app's packets on until its stdout ends; keep its stderr's tail."""
        process = self._process
        assert process is not None and process.stdout is not None and process.stderr is not None
        stderr = process.stderr

        async def read_stderr() -> None:
            while data := await stderr.read(4096):
                self.stderr_tail += data
                del self.stderr_tail[:-STDERR_KEEP]

        stderr_task = asyncio.create_task(read_stderr())
        stdout = process.stdout
        try:
            for _ in range(10):  # the prelude of a Textual app in web mode
                line = await stdout.readline()
                if not line or line == b"__GANGLION__\n":
                    break
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    await self.on_data(payload)
                elif kind == b"M":
                    await self.on_meta(payload)
                elif kind == b"P":
                    await self.on_packed(payload)
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            pass
        except Exception:  # a packet this server cannot read: the app is ended
            log.exception("a web session app sent what cannot be read")
        finally:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(stderr_task, 1.0)
            stderr_task.cancel()

    async def end(self) -> int | None:
        """Tell the app to quit, wait for it (killing it if it lingers); its exit status."""
        process = self._process
        if process is None:
            return None
        if process.returncode is None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.send_meta({"type": "quit"}), 1.0)
            try:
                await asyncio.wait_for(process.wait(), STOP_GRACE)
            except TimeoutError:
                self.kill()
                await process.wait()
        if self._task is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(self._task, 1.0)
            self._task = None
        with contextlib.suppress(Exception):
            await self._download_manager.cancel_app_downloads(self.app_service_id)
        return process.returncode

    def kill(self) -> None:
        """SIGKILL the app's process group (it runs in its own session)."""
        if self._process is not None and self._process.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self._process.pid, signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(self._process.pid, signal.SIGKILL)  # (forked, before its setsid)

    def last_said(self) -> str | None:
        """The app's own one line at an ordinary end (`dicepoker: ...`), if it said one."""
        for line in reversed(self.stderr_tail.decode("utf-8", "replace").splitlines()):
            line = line.strip()
            if line.startswith("dicepoker: "):
                return line.removeprefix("dicepoker: ")
        return None


def end_line(
    reason: EndReason | None,
    status: int | None,
    said: str | None,
    translation: gettext.NullTranslations,
) -> str:
    """The one line a tab shows when its session ends, whatever ended it."""
    if reason is not None:
        text = reason.text(translation)
    elif said and status in CLEAN_EXITS:
        text = said.rstrip(".")
    elif status in CLEAN_EXITS or status is None:
        text = translation.gettext(N_("the game is closed; reload the page to play again"))
    elif status < 0:
        text = translation.gettext(N_("the game stopped unexpectedly (signal {n})")).format(
            n=-status
        )
    else:
        text = translation.gettext(N_("the game stopped unexpectedly (status {n})")).format(
            n=status
        )
    return f"dicepoker: {text}."


class Tab:
    """One browser tab's session, as the server sees it (a `session_host.Session`)."""

    names_refused = 0
    """Nicknames the hub refused it (`serve --web-port`)."""

    def __init__(self, address: str, websocket: web.WebSocketResponse, lang: str) -> None:
        self.address = address
        self.websocket = websocket
        self.translation = load_translation(lang)
        self.lang = lang
        self.end_reason: EndReason | None = None
        loop = asyncio.get_running_loop()
        self.last_input = loop.time()
        self.service: TabService | None = None
        self.ticket: str | None = None
        """The hub ticket its app picks a nickname with (`serve --web-port`)."""
        self.bytes_in = 0
        """Input bytes given to the app so far (at most the input rate's)."""
        self.bytes_dropped = 0
        """Input bytes dropped as beyond the input rate."""
        self._tokens = 0.0
        self._tokens_at = 0.0

    def idle_for(self, now: float) -> float:
        """Seconds since the player last pressed a key (or since the app was first drawn)."""
        if self.service is None or not self.service.first_frame.is_set():
            self.last_input = now  # (no key can be pressed before)
            return 0.0
        return now - self.last_input

    def terminate(self, reason: EndReason) -> None:
        """End the tab from the server side, saying why (its websocket closes, then its app)."""
        if self.end_reason is None:
            self.end_reason = reason
        line = end_line(reason, None, None, self.translation)
        asyncio.get_running_loop().create_task(close_saying(self.websocket, line))

    def pace(self, cost: int, rate: float, burst: float) -> bool:
        """Pay `cost` from the token bucket of input bytes, or drop the message (False):
        the app gets at most `burst` + `rate` a second, and a flood never queues up behind
        the bucket (a tab that closes mid-flood is seen at once)."""
        now = asyncio.get_running_loop().time()
        if self._tokens_at == 0.0:
            self._tokens = burst
        self._tokens = min(burst, self._tokens + (now - self._tokens_at) * rate)
        self._tokens_at = now
        if self._tokens < cost:
            self.bytes_dropped += cost
            return False
        self._tokens -= cost
        return True


async def close_saying(websocket: web.WebSocketResponse, line: str) -> None:
    """Close a tab's websocket with its one line (the page shows it)."""
    reason = line.encode()[:CLOSE_LIMIT].decode("utf-8", "ignore").encode()
    with contextlib.suppress(Exception):
        await websocket.close(code=WSCloseCode.POLICY_VIOLATION, message=reason)
