"""Strangers at the web port, each attack made for real: idle TCP connections and half
request lines (closed at their deadline, counted per address and in all, SSH logins go
on under a flood past the descriptor limit), a forged `Host` (DNS rebinding), a tab's
offered downloads piling up, `/static/` listed."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import resource
import socket
import sys
from dataclasses import replace
from pathlib import Path

import aiohttp
import pytest

from dicepoker_tui.serve.web import WebLimits, WebServer
from dicepoker_tui.serve.web_downloads import PER_TAB
from dicepoker_tui.serve.web_tab import Launch, same_code
from dicepoker_tui.ui.common.textual_private import KEPT_DELIVERIES

from ..net.helpers import until
from ..net.ssh_client import Terminal, connect

EXPORT_APP = str(Path(__file__).with_name("export_app.py"))
OFFERS_APP = str(Path(__file__).with_name("offers_app.py"))


def _raw(port: int, source: str = "127.0.0.1", send: bytes = b"") -> socket.socket:
    """A plain TCP connection to the web port from `source`, having sent `send`."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    if send:
        sock.sendall(send)
    sock.setblocking(False)
    return sock


def _ended(sock: socket.socket) -> bool:
    """Whether the server closed `sock` (what it said first is read and dropped)."""
    try:
        while sock.recv(65536):
            pass
    except BlockingIOError:
        return False
    except OSError:
        pass
    return True


async def _said(sock: socket.socket) -> str:
    """What the server says on `sock` until it closes it."""
    data = bytearray()

    def closed() -> bool:
        try:
            while chunk := sock.recv(65536):
                data.extend(chunk)
        except BlockingIOError:
            return False
        except OSError:
            pass
        return True

    await until(closed, what="the server's answer, and the connection closed")
    return data.decode()


def _gate(server, **limits) -> None:
    gates = server.web.gates
    gates.limits = replace(gates.limits, **limits)


# -- idle connections --------------------------------------------------------------------------
async def test_idle_connections_and_half_requests_are_closed_at_their_deadline(web_server):
    server = await web_server()
    _gate(server, header_timeout=1.0)
    port = server.web.port
    silent = _raw(port)
    half = _raw(port, send=b"GET / HTT")
    idle = _raw(
        port, send=f"GET /static/js/textual.js HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    )
    socks = (silent, half, idle)
    await until(lambda: all(_ended(s) for s in socks), what="the three closed", timeout=15)
    assert not server.web.gates.open and not server.web.gates.per_address
    async with aiohttp.ClientSession() as http, http.get(server.web.url) as page:
        assert page.status == 200  # a whole request in time is answered
    for sock in socks:
        sock.close()


async def test_connections_are_counted_per_address_and_in_all(web_server):
    server = await web_server()
    _gate(server, per_address=3, in_all=5)
    port = server.web.port
    held = [_raw(port, "127.0.0.2") for _ in range(3)]
    await until(lambda: len(server.web.gates.open) == 3, what="three counted")
    fourth = _raw(port, "127.0.0.2", b"GET / HTTP/1.1\r\n\r\n")
    said = await _said(fourth)
    assert said.startswith("HTTP/1.1 503 ")
    assert said.endswith("\r\n\r\ndicepoker: too many connections from 127.0.0.2 at once.\n")
    held += [_raw(port, "127.0.0.3") for _ in range(2)]
    await until(lambda: len(server.web.gates.open) == 5, what="five counted")
    said = await _said(_raw(port, "127.0.0.4"))
    assert said.endswith("\r\n\r\ndicepoker: the server is busy; try again later.\n")
    for sock in held:
        sock.close()
    await until(lambda: not server.web.gates.open, what="all of them gone")
    async with aiohttp.ClientSession() as http, http.get(server.web.url) as page:
        assert page.status == 200


async def test_behind_a_trusted_proxy_its_connections_are_not_capped_per_address(web_server):
    """With --trust-forwarded every browser comes from the proxy on loopback: only the cap
    in all holds for it (the door counts each browser's forwarded address)."""
    server = await web_server(trust_forwarded=True)
    _gate(server, per_address=2, in_all=5)
    port = server.web.port
    held = [_raw(port) for _ in range(5)]
    await until(lambda: len(server.web.gates.open) == 5, what="five from the proxy counted")
    said = await _said(_raw(port))
    assert said.endswith("\r\n\r\ndicepoker: the server is busy; try again later.\n")
    for sock in held:
        sock.close()


def _nofile(limit: int):
    def set_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    return set_limit


async def _serve(home: Path, limit: int, *args: str) -> tuple[asyncio.subprocess.Process, int, int]:
    """`dicepoker serve --web-port 0 ARGS` with at most `limit` descriptors open."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "dicepoker_tui", "serve", "--port", "0", "--web-port", "0", *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "DICEPOKER_HOME": str(home)},
        preexec_fn=_nofile(limit),
    )  # fmt: skip
    assert proc.stdout is not None
    ssh = await asyncio.wait_for(proc.stdout.readline(), 60)
    web = await asyncio.wait_for(proc.stdout.readline(), 10)
    return proc, int(re.search(rb":(\d+) \(", ssh).group(1)), int(web.rsplit(b":", 1)[1])


async def test_a_flood_of_idle_connections_past_the_descriptor_limit_keeps_no_ssh_player_out(
    short_tmp,
):
    proc, port, web_port = await _serve(short_tmp / "home", 256, "--max-sessions", "10")
    flood: list[socket.socket] = []
    try:
        for i in range(400):  # from 20 addresses, half of them with half a request line
            sock = socket.socket()
            sock.setblocking(False)
            sock.bind((f"127.0.0.{2 + i % 20}", 0))
            with contextlib.suppress(BlockingIOError):
                sock.connect(("127.0.0.1", web_port))
            flood.append(sock)
        await asyncio.sleep(0)
        for sock in flood[1::2]:
            with contextlib.suppress(OSError):
                sock.send(b"GET / HTT")
        async with await connect(port, "alice") as conn:
            term = await Terminal.open(conn)
            await term.wait_for("online as alice", timeout=30)
            assert len(os.listdir(f"/proc/{proc.pid}/fd")) < 256
            term.send("q")
            await term.closed()
        await until(lambda: all(_ended(s) for s in flood), what="the flood closed", timeout=40)
    finally:
        for sock in flood:
            sock.close()
        proc.terminate()
        _out, err = await asyncio.wait_for(proc.communicate(), 20)
    assert b"Traceback" not in err and b"Too many open files" not in err, err.decode()


async def test_the_server_warns_when_the_descriptor_limit_is_too_low(short_tmp):
    proc, _port, _web = await _serve(short_tmp / "home", 256, "--max-sessions", "50")
    proc.terminate()
    _out, err = await asyncio.wait_for(proc.communicate(), 20)
    assert (
        b"dicepoker serve: the open-file limit (256) is too low for --max-sessions 50 "
        b"(it needs about 728): raise it (LimitNOFILE= in a systemd unit, ulimit -n)\n"
    ) in err


def test_the_systemd_unit_sets_the_descriptor_limit():
    hosting = (Path(__file__).parents[2] / "docs" / "hosting.md").read_text()
    unit = hosting[hosting.index("[Service]") : hosting.index("[Install]")]
    assert re.search(r"^LimitNOFILE=(\d+)$", unit, re.M)
    assert int(re.search(r"^LimitNOFILE=(\d+)$", unit, re.M).group(1)) >= 4096


# -- the host name ---------------------------------------------------------------------------
async def test_a_request_for_another_host_name_is_refused(web_server):
    """DNS rebinding: attacker.example resolves to this server; the page, the websocket
    and every other path are refused, so its page can never read the history."""
    server = await web_server()
    port = server.web.port
    forged = {"Host": f"attacker.example:{port}"}
    async with aiohttp.ClientSession() as http:
        for path in ("/", "/static/js/textual.js", "/download/x", "/nowhere"):
            async with http.get(server.web.url + path, headers=forged) as answer:
                assert answer.status == 421, path
                assert await answer.text() == (
                    "dicepoker: this server does not answer for that host name.\n"
                )
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(
                f"ws://127.0.0.1:{port}/ws?width=80&height=24",
                headers=forged,
                origin=f"http://attacker.example:{port}",
            )
        assert refused.value.status == 421
        assert not server.web.tabs
        for host in (f"localhost:{port}", f"127.0.0.1:{port}"):
            async with http.get(server.web.url, headers={"Host": host}) as page:
                assert page.status == 200, host
        for _ in range(29):  # a flood of them leaves a few lines (the 1st, the 10th, ...)
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await http.ws_connect(f"ws://127.0.0.1:{port}/ws", headers=forged)
    log = (server.data_dir / "logins.log").read_text().splitlines()
    assert [line.split(" ", 1)[1] for line in log] == [
        "127.0.0.1 - browser refused: browser tab for another host name",
        "127.0.0.1 - browser refused: browser tab for another host name (10 so far)",
    ]


async def test_the_public_urls_host_is_served(web_server):
    server = await web_server(public_url="https://dice.example.org")
    local = f"http://127.0.0.1:{server.web.port}/"
    async with aiohttp.ClientSession() as http:
        async with http.get(local, headers={"Host": "dice.example.org"}) as page:
            assert page.status == 200
        async with http.get(local, headers={"Host": "evil.example.org"}) as page:
            assert page.status == 421


async def test_static_files_are_served_but_no_directory_is_listed(web_server):
    server = await web_server()
    async with aiohttp.ClientSession() as http:
        for path in ("/static/", "/static/js/", "/static/js"):
            async with http.get(server.web.url + path) as answer:
                assert answer.status in (403, 404), path
                assert "Index of" not in await answer.text()
        async with http.get(server.web.url + "/static/js/textual.js") as script:
            assert script.status == 200


# -- downloads -------------------------------------------------------------------------------
@pytest.fixture
async def export_server():
    """A web server whose tabs run `export_app.py` (each `e` offers a file)."""
    server = WebServer(
        lambda tab: Launch([sys.executable, EXPORT_APP], dict(os.environ)),
        port=0,
        limits=WebLimits(idle_timeout=0, input_rate=1e6, input_burst=1e6),
    )
    await server.start()
    yield server
    await server.close()


async def _offers(ws, n: int) -> list[str]:
    """The keys of the next `n` files the tab offers."""
    keys: list[str] = []
    while len(keys) < n:
        message = await asyncio.wait_for(ws.receive(), 30)
        if message.type == aiohttp.WSMsgType.TEXT and message.json()[0] == "deliver_file_start":
            keys.append(message.json()[1])
    return keys


async def test_a_tabs_downloads_are_bounded_and_go_with_the_tab(export_server):
    server, manager = export_server, export_server.download_manager
    url = f"http://127.0.0.1:{server.port}"
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(f"ws://127.0.0.1:{server.port}/ws?width=80&height=24")
        for _ in range(300):
            await ws.send_str('["stdin", "e"]')
        keys = await _offers(ws, 300)
        assert manager.pending() == PER_TAB
        async with http.get(f"{url}/download/{keys[-1]}") as newest:
            assert newest.status == 200
            assert (await newest.read()).startswith(b'{"game": "xxx')
        async with http.get(f"{url}/download/{keys[0]}") as oldest:
            assert oldest.status == 404
            assert await oldest.text() == (
                "dicepoker: no such download (gone with its tab, or expired)."
            )
        assert manager.pending() == PER_TAB - 1  # the one fetched is gone
        await ws.close()
        await until(lambda: not server.tabs, what="the tab closed")
        assert manager.pending() == 0
        async with http.get(f"{url}/download/{keys[-2]}") as after:
            assert after.status == 404


async def test_a_download_not_fetched_expires(export_server):
    server, manager = export_server, export_server.download_manager
    manager.keep = 1.0
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(f"ws://127.0.0.1:{server.port}/ws?width=80&height=24")
        await ws.send_str('["stdin", "e"]')
        (key,) = await _offers(ws, 1)
        assert manager.pending() == 1

        async def gone() -> bool:
            async with http.get(f"http://127.0.0.1:{server.port}/download/{key}") as answer:
                return answer.status == 404

        loop = asyncio.get_running_loop()
        deadline = loop.time() + 15
        while not await gone():
            assert loop.time() < deadline, "the download never expired"
            await asyncio.sleep(0.1)
        assert manager.pending() == 0
        await ws.close()


async def test_a_tabs_app_keeps_few_offers_waiting(short_tmp):
    """The app side of the same bound: Textual's web driver keeps each offered file until
    the browser fetches it; the game's driver keeps the newest few."""
    server = WebServer(
        lambda tab: Launch([sys.executable, OFFERS_APP], same_code(dict(os.environ))),
        port=0,
        limits=WebLimits(idle_timeout=0),
    )
    await server.start()
    try:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(f"ws://127.0.0.1:{server.port}/ws?width=80&height=24")
            await _screen(ws, "ready to offer")
            await ws.send_str('["stdin", "' + "e" * 30 + '"]')
            await _offers(ws, 30)
            await ws.send_str('["stdin", "c"]')
            await _screen(ws, f"offers waiting: {KEPT_DELIVERIES}")
            await ws.close()
    finally:
        await server.close()


async def _screen(ws, text: str) -> None:
    """Until the tab's screen has drawn `text`."""
    seen = b""
    while text.encode() not in seen:
        message = await asyncio.wait_for(ws.receive(), 60)
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
        if message.type == aiohttp.WSMsgType.BINARY:
            seen = seen[-4000:] + message.data
