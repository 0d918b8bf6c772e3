"""A browser tab's app of `serve --web-port` is forked from the session spawner (the
zygote that has the app imported, as for SSH sessions): one process per tab, on a
session of its own, below the server's priority, with the server's limits; it ends with
its tab, and when the server is killed. Without the zygote, a tab still starts (directly)."""

from __future__ import annotations

import os
import resource
import signal
from pathlib import Path

from dicepoker_tui.serve import spawner
from dicepoker_tui.serve.zygote import SESSION_NICE

from ..net.helpers import until
from ..net.serve_process import WsTab, start_serve
from ..net.ssh_client import Terminal, connect

UK = {"Accept-Language": "uk-UA,uk;q=0.9,en;q=0.5"}


def _parent(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[1])


def _alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


def _children(pid: int) -> list[int]:
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


async def test_each_tab_is_a_fork_of_the_zygote_with_the_limits_of_a_session(web_server):
    server = await web_server()
    zygote = server.spawner.zygote_pid
    assert zygote is not None
    first, second = WsTab(), WsTab()
    try:
        await (await first.open(server.web.url)).shows("your name at the tables")
        (first_pid,) = [tab.service.pid for tab in server.web.tabs]
        await (await second.open(server.web.url)).shows("your name at the tables")
        pids = [tab.service.pid for tab in server.web.tabs]
        assert len(set(pids)) == 2  # one process per tab
        ours = os.getpriority(os.PRIO_PROCESS, 0)
        zygote_command = Path(f"/proc/{zygote}/cmdline").read_bytes()
        for pid in pids:
            assert _parent(pid) == zygote  # forked, not a new interpreter
            assert Path(f"/proc/{pid}/cmdline").read_bytes() == zygote_command
            assert os.getsid(pid) == pid  # its own session: killed as a group
            assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, ours + SESSION_NICE)
            for limit in (resource.RLIMIT_NOFILE, resource.RLIMIT_AS, resource.RLIMIT_NPROC):
                assert resource.prlimit(pid, limit) == resource.getrlimit(limit)
        # the tab plays: a name picked in one tab reaches the hub
        await first.keys("forky\r")
        await first.shows("online as forky")
        await first.close()
        await until(lambda: not _alive(first_pid), what="the closed tab's app ended")
        await until(lambda: len(server.web.tabs) == 1, what="the closed tab's session gone")
        assert all(_alive(pid) for pid in pids if pid != first_pid)
    finally:
        await first.close()
        await second.close()


async def test_a_tab_frees_its_start_slot_once_drawn(web_server, monkeypatch):
    """Its app says hello to the hub only when a name is picked: the server sees its
    first frame itself, and the next app may start then (not after the slot's timeout)."""
    monkeypatch.setattr(spawner, "START_TIMEOUT", 120.0)
    server = await web_server()
    tabs = [WsTab() for _ in range(3)]
    try:
        for tab in tabs:
            await (await tab.open(server.web.url)).shows("your name at the tables")
            await until(lambda: server.spawner.starting == 0, what="the start slot free")
    finally:
        for tab in tabs:
            await tab.close()


async def test_a_killed_app_of_a_forked_tab_is_told_in_one_line(web_server):
    server = await web_server()
    tab = WsTab()
    try:
        await (await tab.open(server.web.url)).shows("your name at the tables")
        (session,) = server.web.tabs
        os.kill(session.service.pid, signal.SIGKILL)
        await until(lambda: tab.ws.closed, what="the tab closed")
        assert tab.ws.close_code is not None
        await until(lambda: not server.web.tabs, what="the tab's session gone")
    finally:
        await tab.close()


async def test_without_the_zygote_a_tab_starts_directly(web_server):
    server = await web_server(prefork=False)
    assert server.spawner.zygote_pid is None
    tab = WsTab()
    try:
        await (await tab.open(server.web.url)).shows("your name at the tables")
        (session,) = server.web.tabs
        assert _parent(session.service.pid) == os.getpid()
    finally:
        await tab.close()


async def test_the_apps_of_tabs_end_when_the_server_is_killed(tmp_path):
    server = await start_serve(tmp_path / "home", "--web-port", "0")
    tab = WsTab()
    try:
        await (await tab.open(server.url)).shows("your name at the tables")
        (zygote,) = _children(server.proc.pid)
        (app,) = _children(zygote)
        server.proc.kill()  # no word to anyone: the zygote and the tab's input just end
        await server.proc.wait()
        await until(lambda: not _alive(app), what="the tab's app ended", timeout=30)
        await until(lambda: not _alive(zygote), what="the zygote ended", timeout=30)
    finally:
        await tab.close()
        await server.stop()


async def test_tabs_and_ssh_sessions_in_turn_each_get_their_first_screen(web_server):
    """The spawner's app shows the nickname screen before a tab's fork and the lobby
    before an SSH session's: whichever came before, each player's first frame is theirs,
    a tab in another language gets the screen in it, and every tab plays on."""
    server = await web_server()
    tabs: list[WsTab] = []
    try:
        for n, kind in enumerate(["tab", "ssh", "tab", "tab-uk", "ssh", "tab"]):
            if kind == "ssh":
                async with await connect(server.port, f"turn{n}") as conn:
                    term = await Terminal.open(conn)
                    await term.shows(f"online as turn{n}")
                    assert "your name at the tables" not in term.screen()
                continue
            tab = WsTab()
            tabs.append(tab)
            await tab.open(server.web.url, headers=UK if kind == "tab-uk" else None)
            if kind == "tab-uk":
                shown = await tab.shows("ваше ім'я за столами")
                assert "your name at the tables" not in shown
            else:
                await tab.shows("your name at the tables")
            await tab.keys(f"tab{n}\r")
            await tab.shows(f"tab{n}")
            await tab.shows("New table" if kind == "tab" else "Новий стіл")
    finally:
        for tab in tabs:
            await tab.close()
