"""Bytes between an SSH channel and a pty master, without ever blocking the event loop.

Output: the master is read only while the channel accepts more (asyncssh tells us with
pause/resume_writing), so a slow client stalls only its own app, which blocks writing to
its full pty. Input: kept in a bounded buffer; past the bound the channel stops reading.

Input is decoded as UTF-8 with replacement on its way in (a stray `\\xff` is a `\ufffd`
for the app, never an error) and reaches the app at a bounded rate (a token bucket of
bytes), so one session's keystrokes cannot keep its app busy for minutes. Window sizes
are applied at most every `RESIZE_INTERVAL` seconds, the last one always.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import fcntl
import os
import struct
import termios
from collections.abc import Callable

READ_CHUNK = 64 * 1024
INPUT_LIMIT = 64 * 1024
INPUT_RATE = 4096
"""Bytes a second of input an app gets, on average (typing, pasting a chat line, the
mouse: a few hundred)."""
INPUT_BURST = 16 * 1024
"""Bytes of input an app may get at once, above the average."""
RESIZE_INTERVAL = 0.1
"""Seconds between two window sizes given to an app; the last size is always given."""

MIN_COLS, MAX_COLS = 20, 500
MIN_ROWS, MAX_ROWS = 5, 200
DEFAULT_SIZE = (80, 24)


def sane_size(cols: int, rows: int) -> tuple[int, int]:
    """A terminal size the app can draw: unknown (0) means 80x24, absurd ones are clamped."""
    cols = DEFAULT_SIZE[0] if cols <= 0 else min(max(cols, MIN_COLS), MAX_COLS)
    rows = DEFAULT_SIZE[1] if rows <= 0 else min(max(rows, MIN_ROWS), MAX_ROWS)
    return cols, rows


def set_window_size(fd: int, cols: int, rows: int) -> None:
    """TIOCSWINSZ on a pty; the kernel sends SIGWINCH to the app on the other side."""
    cols, rows = sane_size(cols, rows)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class PtyBridge:
    """Pumps one pty master to `write` and input to the master."""

    def __init__(
        self,
        master: int,
        write: Callable[[bytes], None],
        pause_input: Callable[[], None],
        resume_input: Callable[[], None],
        on_eof: Callable[[], None],
    ) -> None:
        self.master = master
        self._write = write
        self._pause_input = pause_input
        self._resume_input = resume_input
        self._on_eof = on_eof
        self._loop = asyncio.get_running_loop()
        self._inbuf = bytearray()
        self._reading = False
        self._writing = False
        self._input_paused = False
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._tokens = float(INPUT_BURST)
        self._tokens_at = self._loop.time()
        self._refill: asyncio.TimerHandle | None = None
        self._size: tuple[int, int] | None = None
        self._resize_at = 0.0
        self._resize_timer: asyncio.TimerHandle | None = None
        self.resizes = 0
        """Window sizes given to the app (fewer than asked for in a storm)."""
        self.closed = False
        self.bytes_out = 0
        self.bytes_in = 0
        self.bytes_to_app = 0
        """Input bytes the app has been given so far (at most the token bucket's rate)."""
        self.alt_screen = False
        """Whether the app's output left the terminal on the alternate screen."""
        os.set_blocking(master, False)

    def start(self) -> None:
        self.resume_output()

    # -- app -> client ------------------------------------------------------------------------
    def pause_output(self) -> None:
        if self._reading:
            self._loop.remove_reader(self.master)
            self._reading = False

    def resume_output(self) -> None:
        if not self._reading and not self.closed:
            self._loop.add_reader(self.master, self._readable)
            self._reading = True

    def _readable(self) -> None:
        try:
            data = os.read(self.master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: every slave fd is closed, the app is gone
            data = b""
        if not data:
            self.close()
            self._on_eof()
            return
        self.bytes_out += len(data)
        on, off = data.rfind(b"\x1b[?1049h"), data.rfind(b"\x1b[?1049l")
        if on != off:
            self.alt_screen = on > off
        try:
            self._write(data)
        except (BrokenPipeError, ConnectionError, OSError):
            self.pause_output()  # the client is gone; the app is being hung up

    # -- client -> app ------------------------------------------------------------------------
    def feed(self, data: bytes) -> None:
        if self.closed:
            return
        self.bytes_in += len(data)
        self._inbuf += self._decoder.decode(data).encode()
        self._flush()
        if len(self._inbuf) > INPUT_LIMIT and not self._input_paused:
            self._input_paused = True
            self._pause_input()

    def _budget(self) -> int:
        """Bytes the app may take now (the token bucket, refilled since the last time)."""
        now = self._loop.time()
        self._tokens = min(INPUT_BURST, self._tokens + (now - self._tokens_at) * INPUT_RATE)
        self._tokens_at = now
        return int(self._tokens)

    def _flush(self) -> None:
        self._refill = None
        while self._inbuf and not self.closed:
            budget = self._budget()
            if budget <= 0:
                break
            try:
                sent = os.write(self.master, self._inbuf[:budget])
            except BlockingIOError:
                break
            except OSError:
                self._inbuf.clear()
                break
            self._tokens -= sent
            self.bytes_to_app += sent
            del self._inbuf[:sent]
        if self._inbuf and not self.closed and self._budget() <= 0:
            if self._refill is None:  # over budget: the rest when the bucket has refilled
                self._refill = self._loop.call_later(0.05, self._flush)
            if self._writing:
                self._loop.remove_writer(self.master)
                self._writing = False
        elif self._inbuf and not self._writing and not self.closed:
            self._loop.add_writer(self.master, self._flush)
            self._writing = True
        elif not self._inbuf and self._writing:
            self._loop.remove_writer(self.master)
            self._writing = False
        if self._input_paused and len(self._inbuf) <= INPUT_LIMIT // 2:
            self._input_paused = False
            self._resume_input()

    def resize(self, cols: int, rows: int) -> None:
        """Give the app this window size: now, or (in a storm) after `RESIZE_INTERVAL`,
        when the last size asked for is the one given."""
        if self.closed:
            return
        self._size = (cols, rows)
        wait = self._resize_at + RESIZE_INTERVAL - self._loop.time()
        if wait <= 0:
            self._apply_size()
        elif self._resize_timer is None:
            self._resize_timer = self._loop.call_later(wait, self._apply_size)

    def _apply_size(self) -> None:
        self._resize_timer = None
        if self.closed or self._size is None:
            return
        self._resize_at = self._loop.time()
        self.resizes += 1
        with contextlib.suppress(OSError):
            set_window_size(self.master, *self._size)

    def close(self) -> None:
        if self.closed:
            return
        self.pause_output()
        for timer in (self._refill, self._resize_timer):
            if timer is not None:
                timer.cancel()
        if self._writing:
            self._loop.remove_writer(self.master)
            self._writing = False
        self.closed = True
        with contextlib.suppress(OSError):
            os.close(self.master)
