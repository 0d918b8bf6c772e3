"""A game app on a pty for every interactive SSH session (`ssh_login` lets people in).

A session with a pty gets its own app process on its own pseudo-terminal. Without a pty,
or with a command, the client gets one line of help and the channel closes. Subsystems
(sftp), port forwarding, agent forwarding and X11 are refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import gettext
import logging
import os
import re
import signal
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from dicepoker_tui.i18n import N_, language_from_env, load_translation, normalize
from dicepoker_tui.net.hub import NICK_RE, Identity
from dicepoker_tui.serve.claims import name_refusal
from dicepoker_tui.serve.pty_bridge import PtyBridge, sane_size, set_window_size
from dicepoker_tui.serve.session_host import EndReason, SessionHost, server_full
from dicepoker_tui.store.paths import VARIANT_FILES_ENV
from dicepoker_tui.ui.common.settings import SETTINGS_FILE, load_settings

if TYPE_CHECKING:
    from dicepoker_tui.serve.ssh_login import GameSSHServer

log = logging.getLogger(__name__)

LEAVE_ALT_SCREEN = b"\x1b[?1049l"
RESET_MODES = (
    b"\x1b[0m"  # plain colours
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"  # mouse reporting off
    b"\x1b[?1004l\x1b[?2004l"  # focus events and bracketed paste off
    b"\x1b[<u"  # kitty keyboard protocol off
    b"\x1b[?25h"  # show the cursor
)
"""Sent when an app ends, so the player's terminal is usable again whatever happened."""
CLEAN_EXITS = (0, 3, 4)
"""The app's exit codes for an ordinary end: quit, refused by the hub, hub gone."""

EARLY_INPUT_LIMIT = 4096
HANGUP_GRACE = 3.0
"""Seconds an app has to end after SIGHUP (its client left) before it gets SIGKILL."""
SAFE_ENV = re.compile(r"^[A-Za-z0-9_.@:+-]{1,64}$")
PASSED_ENV = ("LANG", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "COLORTERM")


class GameSession(asyncssh.SSHServerSession):
    """One SSH session channel: a game app on a pty, or a line of help."""

    def __init__(
        self,
        game_server: SessionHost,
        identity: Identity,
        connection: GameSSHServer | None = None,
    ) -> None:
        self.server = game_server
        self.identity = identity
        self.connection = connection
        self.address = connection.address if connection is not None else "?"
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.pty = False
        self.command: str | None = None
        self.bridge: PtyBridge | None = None
        self.pid: int | None = None
        self.token: str | None = None
        self.home: Path | None = None
        self.end_reason: EndReason | None = None
        self.last_input = asyncio.get_running_loop().time()
        self.started_at = self.last_input
        self._early = bytearray()
        self._eof = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._gone = False

    # -- channel requests ---------------------------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple, term_modes: dict) -> bool:
        self.pty = True
        if term_type and SAFE_ENV.match(term_type):
            self.term = term_type
        self.size = sane_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command
        return True  # answered with a line of help; the command never runs

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        pass

    def session_started(self) -> None:
        assert self.chan is not None
        where = self.server.address_hint(self.identity.nick)
        if self.command is not None:
            self._refuse(
                N_("commands are not run here; from a terminal, connect without one: {where}"),
                where=where,
            )
        elif not self.pty:
            self._refuse(N_("this is a game for a terminal; connect with: {where}"), where=where)
        elif not NICK_RE.fullmatch(self.identity.nick):
            self._refuse(
                N_(
                    "{nick} cannot be a nickname: use 1-24 letters, "
                    "digits, '-', '_' or '.', starting with a letter or digit"
                ),
                nick=repr(self.identity.nick[:40]),
            )
        elif refused := name_refusal(
            self.server.claims, self.server.hub, self.identity.nick, self.identity.fingerprint
        ):
            self._refuse(refused[0], **refused[1])
        elif not self.server.admit(self):
            self._refuse_with(server_full(self.server.max_sessions))
        else:
            self._log("accepted")
            self._task = asyncio.get_running_loop().create_task(self._run_app())

    def _log(self, outcome: str) -> None:
        who = self.identity
        self.server.logins.write(self.address, who.nick, who.fingerprint, outcome)

    def _refuse(self, template: str, **params: object) -> None:
        """One line of help and the channel closes; in the language the client asked for.
        The login log has it too (in English)."""
        self._refuse_with(EndReason(template, params))

    def _refuse_with(self, reason: EndReason) -> None:
        assert self.chan is not None
        self._log("refused: " + reason.text(gettext.NullTranslations()))
        line = "dicepoker: " + reason.text(self._translation())
        newline = "\r\n" if self.pty else "\n"
        self.chan.write_stderr((line + newline).encode())
        self.chan.exit(1)

    def _translation(self) -> gettext.NullTranslations:
        """The session's language: the one chosen in its app's settings, else the LANG /
        LC_ALL the client sent (as the app itself decides)."""
        assert self.chan is not None
        chosen = None
        if self.home is not None:
            chosen = normalize(load_settings(self.home / SETTINGS_FILE).language)
        return load_translation(chosen or language_from_env(self.chan.get_environment()))

    # -- data ---------------------------------------------------------------------------------
    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.last_input = asyncio.get_running_loop().time()
        if self.bridge is not None:
            self.bridge.feed(data)
        elif len(self._early) < EARLY_INPUT_LIMIT:
            self._early += data[: EARLY_INPUT_LIMIT - len(self._early)]

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int):
        self.size = sane_size(width, height)
        if self.bridge is not None:
            self.bridge.resize(*self.size)

    def pause_writing(self) -> None:
        if self.bridge is not None:
            self.bridge.pause_output()

    def resume_writing(self) -> None:
        if self.bridge is not None:
            self.bridge.resume_output()

    def eof_received(self) -> bool:
        self._hangup()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._gone = True
        if self.connection is not None:
            self.connection.sessions.discard(self)
            self.connection = None
        self._hangup()

    # -- the app ------------------------------------------------------------------------------
    def _env(self, home: str) -> dict[str, str]:
        assert self.chan is not None
        env = {
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": home,
            "TERM": self.term,
            "LANG": "C.UTF-8",
            "DICEPOKER_HOME": home,
            "DICEPOKER_SESSION_TOKEN": self.token or "",
        }
        if os.environ.get(VARIANT_FILES_ENV):  # the server's house rules, for its tables
            env[VARIANT_FILES_ENV] = os.environ[VARIANT_FILES_ENV]
        sent = self.chan.get_environment()
        for name in PASSED_ENV:
            value = sent.get(name)
            if value and SAFE_ENV.match(value):
                env[name] = value
        return env

    async def _run_app(self) -> None:
        assert self.chan is not None
        loop = asyncio.get_running_loop()
        master = slave = -1
        status = 1
        try:
            self.token = self.server.hub.issue_token(
                self.identity.nick,
                self.identity.fingerprint,
                self.address if self.connection is not None else None,
            )
            self.home = self.server.session_dir(self.identity.nick)
            home = str(self.home)
            master, slave = os.openpty()
            set_window_size(slave, *self.size)
            self.pid = await self.server.spawner.spawn(
                slave, self._env(home), home, ["--connect", str(self.server.socket_path)]
            )
            os.close(slave)
            slave = -1
            if self._gone:  # the client left while the app started: SIGHUP, then SIGKILL
                self._hangup()
            chan = self.chan
            self.bridge = PtyBridge(
                master, chan.write, chan.pause_reading, chan.resume_reading, self._eof.set
            )
            master = -1
            if self._early:
                self.bridge.feed(bytes(self._early))
                self._early.clear()
            self.bridge.start()
            status = await self.server.spawner.wait(self.pid)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._eof.wait(), 1.0)  # the app's last bytes
        except asyncio.CancelledError:
            self._kill(signal.SIGKILL)
            raise
        except Exception as exc:
            log.exception("session of %s failed", self.identity.nick)
            self.end_reason = self.end_reason or EndReason(
                N_("the game could not start ({error})"), {"error": exc}
            )
        finally:
            for fd in (master, slave):
                if fd >= 0:
                    os.close(fd)
            if self.bridge is not None:
                self.bridge.close()
            if self.token:
                self.server.hub.revoke_token(self.token)
            self.server.release(self)
        if not self._gone:
            self._finish(status)
        del loop

    def _finish(self, status: int) -> None:
        assert self.chan is not None
        reset = RESET_MODES
        if self.bridge is None or self.bridge.alt_screen:
            reset = LEAVE_ALT_SCREEN + reset
        reason = self.end_reason
        if reason is None and status not in CLEAN_EXITS:
            if status < 0:
                reason = EndReason(N_("the game stopped unexpectedly (signal {n})"), {"n": -status})
            else:
                reason = EndReason(N_("the game stopped unexpectedly (status {n})"), {"n": status})
        message = b""
        if reason is not None:
            message = f"\r\ndicepoker: {reason.text(self._translation())}.\r\n".encode()
        with contextlib.suppress(Exception):
            self.chan.write(reset + message)
            self.chan.exit(0 if status == 0 and not self.end_reason else 1)

    def _kill(self, sig: int) -> None:
        if self.pid is not None and not self.server.spawner.exited(self.pid):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(self.pid, sig)

    def _hangup(self) -> None:
        """The client went away: the app gets SIGHUP, and SIGKILL if it lingers."""
        if self.pid is None:
            if self._task is not None and not self._task.done() and self._gone:
                return  # _run_app kills the app as soon as it has a pid
            return
        self._kill(signal.SIGHUP)
        pid = self.pid
        asyncio.get_running_loop().call_later(HANGUP_GRACE, self._kill_if, pid)

    def _kill_if(self, pid: int) -> None:
        if self.pid == pid:
            self._kill(signal.SIGKILL)

    def terminate(self, reason: EndReason) -> None:
        """End the session from the server side (idle, shutdown), saying why."""
        self.end_reason = reason
        self._kill(signal.SIGTERM)
        if self.pid is not None:
            asyncio.get_running_loop().call_later(3.0, self._kill_if, self.pid)

    def idle_for(self, now: float) -> float:
        return now - self.last_input
