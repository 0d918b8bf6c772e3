"""A test's SSH client: a real asyncssh connection and a pty session whose output is kept."""

from __future__ import annotations

import asyncio
import contextlib

import asyncssh


async def connect(port: int, user: str, key: asyncssh.SSHKey | None = None, **kw):
    """Log in as `user` with `key`, or with an empty password when there is none."""
    options = dict(
        username=user,
        known_hosts=None,
        client_keys=[key] if key is not None else None,
        agent_path=None,
        **kw,
    )
    if key is None:
        options.setdefault("password", "")
        options["client_keys"] = None
        options["preferred_auth"] = "keyboard-interactive,password"
    return await asyncssh.connect("127.0.0.1", port, **options)


class Terminal:
    """A pty session: send keys, wait for text in what the app wrote."""

    def __init__(
        self, process: asyncssh.SSHClientProcess, size: tuple[int, int] = (100, 30)
    ) -> None:
        self.process = process
        self.size = size
        self.output = bytearray()
        self.changed = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(
        cls,
        conn: asyncssh.SSHClientConnection,
        cols: int = 100,
        rows: int = 30,
        env: dict[str, str] | None = None,
    ):
        """A pty session; `env` is sent as the client's environment (LANG, for instance)."""
        process = await conn.create_process(
            term_type="xterm-256color",
            term_size=(cols, rows),
            encoding=None,
            **({"env": env} if env else {}),
        )
        return cls(process, (cols, rows))

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.output += data
                self.changed.set()
        self.changed.set()

    def send(self, data: bytes | str) -> None:
        self.process.stdin.write(data.encode() if isinstance(data, str) else data)

    def mark(self) -> int:
        return len(self.output)

    async def wait_for(self, text: bytes | str, since: int = 0, timeout: float = 15.0) -> int:
        """Wait until `text` appears after offset `since`: in the bytes written, or on the
        screen they draw (only changed cells are sent, so a phrase can arrive in pieces).
        The offset of the bytes that showed it."""
        needle = text.encode() if isinstance(text, str) else text
        phrase = needle.decode()
        before = self.screen(self.output[:since]).count(phrase) if since else 0
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            at = self.output.find(needle, since)
            if at >= 0:
                return at
            if self.screen().count(phrase) > before:
                return len(self.output)
            if self._reader.done() or loop.time() > end:
                tail = bytes(self.output[-2000:])
                raise AssertionError(f"{needle!r} never appeared; output ends {tail!r}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 0.2)

    def screen(self, output: bytes | bytearray | None = None) -> str:
        """The screen this terminal's output (or the first part of it given) draws, as text."""
        from .terminal_screen import TerminalScreen

        screen = TerminalScreen(*self.size)
        screen.feed(bytes(self.output if output is None else output))
        return "\n".join(screen.text())

    async def shows(self, text: str, timeout: float = 20.0, gone: str | None = None) -> None:
        """Wait until the screen holds `text` (and, given `gone`, no longer holds that)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            shown = self.screen()
            if text in shown and (gone is None or gone not in shown):
                return
            if self._reader.done() or loop.time() > end:
                raise AssertionError(f"{text!r} never shown; the screen:\n{shown}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 0.3)

    async def closed(self, timeout: float = 10.0) -> asyncssh.SSHCompletedProcess:
        await asyncio.wait_for(self._reader, timeout)
        await asyncio.wait_for(self.process.wait_closed(), timeout)
        return self.process.exit_status
