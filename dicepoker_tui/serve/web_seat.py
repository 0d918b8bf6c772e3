"""A browser tab of `dicepoker serve --web-port`: an app bound to the server's hub.

The tab's app gets a ticket (not a name): its player picks a nickname in the app, which
the hub checks (never a name a key holds). Browser players have no key: their seats are
unkeyed and marked so, as SSH logins without a key. Where keys are required, a browser
visitor may only watch. Each tab has a home of its own, gone with the tab, whose history
is the server's.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from dicepoker_tui.family.prepared import session_env
from dicepoker_tui.serve.web import Tab
from dicepoker_tui.serve.web_tab import Launch, app_command, same_code

if TYPE_CHECKING:
    from dicepoker_tui.serve.server import GameServer

PASSED = ("PYTHONPATH", "PATH", "DICEPOKER_VARIANT_FILES")
"""What of the server's environment a tab's app keeps (where Python finds things, and
the house rules its tables may play)."""


HOME_PREFIX = "~web-"
"""How a tab's home in the sessions directory is named (`~`: no nickname's home)."""


def clear_tab_homes(sessions: Path) -> None:
    """Remove the homes tabs left behind when the server last ended without cleaning up
    (killed): called as it starts, holding the data directory's lock, with no tab open."""
    for home in sessions.glob(HOME_PREFIX + "*"):
        shutil.rmtree(home, ignore_errors=True)


def web_launch(server: GameServer, tab: Tab) -> Launch:
    """The app of one browser tab, with a ticket to the hub and a home of its own."""
    watch_only = server.options.door.require_keys
    token = tab.ticket = server.hub.issue_ticket(watch_only=watch_only, address=tab.address)
    sessions = server.data_dir / "sessions"
    sessions.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix=HOME_PREFIX, dir=sessions))
    (home / "history.db").symlink_to(Path("..") / ".." / "history.db")
    env = {name: os.environ[name] for name in PASSED if name in os.environ}
    env.setdefault("PATH", "/usr/local/bin:/usr/bin:/bin")
    env.update(
        HOME=str(home),
        DICEPOKER_HOME=str(home),
        LANG=f"{tab.lang}.UTF-8" if tab.lang != "en" else "C.UTF-8",
        DICEPOKER_SESSION_TOKEN=token,
        DICEPOKER_LOG_FD="2",  # a crash's traceback: stderr, kept for the server's log
    )
    env.update(session_env())  # the server's prepared tables, read only
    args = ["--connect", str(server.socket_path), "--pick-name"]

    def cleanup() -> None:
        server.hub.revoke_token(token)
        shutil.rmtree(home, ignore_errors=True)

    return Launch(
        app_command(*args), same_code(env), str(home), cleanup, server.spawner, app_args=args
    )
