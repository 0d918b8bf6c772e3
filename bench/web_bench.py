"""Benchmark of `dicepoker serve --web-port`: browser tabs side by side with SSH sessions.

    .venv/bin/python bench/web_bench.py [--tabs 20] [--presses 5] [--read 4] [--page-loads 5]

Starts the server as its own process (data in a temporary directory, ephemeral ports),
then, in the same run:

1. one tab in headless Chromium and one SSH session (asyncssh): page load (or SSH
   connect) to the first full frame (the page loaded by `--page-loads` new browsers, one
   after the other, nothing cached, as on a player's first visit; timed in the page, as
   its terminal is handed the bytes that complete the frame) and the CPU its app used by
   then, and key to echo (`n`, pressed `--read` seconds after the lobby is filled in,
   until the new-table form is on the screen, and the CPU it cost the SSH session's app;
   in the browser timed in the page, from the key's keydown to the websocket message
   that completes the form), and the memory of each one's app;
2. `--tabs` tabs opened at the same instant (websocket clients, as the page's script
   opens them): connect to first frame; all pick a name, then all press `n` at once,
   key to echo each; memory per tab app and the server's; and the SSH session's echo
   while they do.
"""

from __future__ import annotations

import argparse
import asyncio
import codecs
import contextlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from ssh_bench import Term, children, cpu_ns, memory, ms  # noqa: E402

from dicepoker_tui.ui.screen_diff import ScreenDiff  # noqa: E402  (here: a terminal emulator)

FORM = "Open the table"
NAME_SCREEN = "your name at the tables"


class WsTab:
    """A tab as the page's script drives it: one websocket, output kept with times."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.screen = ScreenDiff()
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.changed = asyncio.Event()

    async def open(self, http: aiohttp.ClientSession, url: str) -> None:
        self.ws = await http.ws_connect(url.replace("http:", "ws:") + "/ws?width=100&height=30")
        asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.ws is not None
        with contextlib.suppress(Exception):
            async for message in self.ws:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.screen.feed(self.decoder.decode(message.data))
                    self.changed.set()

    def shows(self, text: str | re.Pattern) -> bool:
        return shown_in(self.screen.screen_text(), text)

    async def wait_for(self, text: str | re.Pattern, timeout: float = 60.0) -> float:
        end = time.perf_counter() + timeout
        while not self.shows(text):
            if time.perf_counter() > end:
                raise TimeoutError(f"{self.name}: {text!r} never shown")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 0.5)
        return time.perf_counter()

    async def send(self, keys: str) -> None:
        assert self.ws is not None
        await self.ws.send_json(["stdin", keys])


async def start_server(home: str) -> tuple[subprocess.Popen, int, str]:
    env = {**os.environ, "DICEPOKER_HOME": home}
    args = ["serve", "--port", "0", "--web-port", "0", "--idle-timeout", "0"]
    args += ["--max-sessions", "200", "--connections-per-address", "200"]
    args += ["--connections-per-minute", "2000"]
    server = subprocess.Popen(
        [sys.executable, "-m", "dicepoker_tui", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    ssh_line = await asyncio.to_thread(server.stdout.readline)
    web_line = await asyncio.to_thread(server.stdout.readline)
    port = int(re.search(r":(\d+) \(", ssh_line).group(1))
    url = re.search(r"http://\S+", web_line).group(0)
    await asyncio.sleep(1.5)  # let the session spawner finish importing the app
    return server, port, url


def apps(server_pid: int, web: bool) -> list[int]:
    """The session apps: browser tabs' (their stdin is a pipe from the server) or SSH
    sessions' (a pseudo-terminal), children of the session spawner or of the server."""
    found = []
    for pid in children(server_pid):
        candidates = [pid, *children(pid)]
        for app in candidates:
            try:
                stdin = os.readlink(f"/proc/{app}/fd/0")
                cmdline = Path(f"/proc/{app}/cmdline").read_bytes()
            except OSError:
                continue
            if app == pid and b"zygote" in cmdline:
                continue  # the spawner itself
            if stdin.startswith("pipe:") == web:
                found.append(app)
    return found


def app_cpu(pids: list[int]) -> str:
    """The CPU the apps have used so far, each (ms)."""
    return ms([cpu_ns(pid) / 1e9 for pid in pids]) if pids else "-"


def mem_line(pids: list[int]) -> str:
    rows = [memory(p) for p in pids]
    if not rows:
        return "-"
    mean = {k: statistics.mean(r[k] for r in rows) / 1024 for k in ("rss", "pss", "private")}
    return f"RSS {mean['rss']:.0f} MB, PSS {mean['pss']:.0f} MB, private {mean['private']:.0f} MB"


# -- the browser ----------------------------------------------------------------------------
RECORDER = """
window.__b = {marks: [], text: "", keys: []};
(function () {
  const add = EventTarget.prototype.addEventListener;
  const decoder = new TextDecoder();
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (type === "message" && this !== window && typeof listener === "function"
        && document.readyState === "complete") {
      const page = listener;
      listener = function (event) {
        if (event.data instanceof ArrayBuffer) {
          window.__b.text += decoder.decode(new Uint8Array(event.data), {stream: true});
          window.__b.marks.push([performance.now(), window.__b.text.length]);
        }
        return page.call(this, event);
      };
    }
    return add.call(this, type, listener, options);
  };
  document.addEventListener("keydown", () => window.__b.keys.push(performance.now()), true);
})();
"""
"""Kept in every page before its own scripts: the bytes the page's terminal is handed, each
message timed as the terminal gets it (by the listeners added once the page has loaded,
as the terminal's are: a socket the page opened before that hands on what it kept)."""


def typed(prefix: str) -> re.Pattern[str]:
    """The name input showing `prefix` (and nothing after it)."""
    return re.compile(r"▊\s+" + re.escape(prefix) + r"[\s▎]")


def first_showing(text: str, marks: list, since: float, needle: str | re.Pattern) -> float | None:
    """The time of the first message after `since` with which the screen shows `needle`."""
    screen = ScreenDiff()
    done = 0
    for at, upto in marks:
        screen.feed(text[done:upto])
        done = upto
        if at >= since and shown_in(screen.screen_text(), needle):
            return at
    return None


def shown_in(rows: list[str], needle: str | re.Pattern) -> bool:
    if isinstance(needle, str):
        return any(needle in row for row in rows)
    return any(needle.search(row) for row in rows)


def fresh_browser():
    """A new headless Chromium (nothing cached), the recorder in its pages."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,640"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    return driver


async def first_frame(driver, url: str) -> float:
    """Load the page; seconds from navigation to the message that completes its first
    frame (the nickname screen)."""
    await asyncio.to_thread(driver.get, url)
    end = time.perf_counter() + 60
    while True:
        text, marks = driver.execute_script("return [window.__b.text, window.__b.marks]")
        shown = first_showing(text, marks, 0, NAME_SCREEN)
        if shown is not None:
            return shown / 1000
        assert time.perf_counter() < end, "the browser tab never drew its first frame"
        await asyncio.sleep(0.1)


async def page_loads(url: str, count: int) -> list[float]:
    """The first frames of `count` tabs, each the page loaded once in a new browser,
    one after the other (each tab closed before the next browser starts)."""
    frames = []
    for _ in range(count):
        driver = await asyncio.to_thread(fresh_browser)
        try:
            frames.append(await first_frame(driver, url))
        finally:
            driver.quit()
        await asyncio.sleep(0.5)  # (the tab's app ends)
    return frames


async def browser_phase(url: str, presses: int, server_pid: int, read: float) -> dict[str, object]:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = await asyncio.to_thread(fresh_browser)
    try:
        frame = await first_frame(driver, url)

        def state():
            return driver.execute_script(
                "return [window.__b.text, window.__b.marks, window.__b.keys]"
            )

        cpu = app_cpu(apps(server_pid, web=True))  # (a moment after its first frame)
        box = driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        typing = []
        for i, key in enumerate("browser"):
            box.send_keys(key)
            while True:
                text, marks, keys = state()
                shown = first_showing(text, marks, keys[-1], typed("browser"[: i + 1]))
                if shown is not None:
                    typing.append((shown - keys[-1]) / 1000)
                    break
                await asyncio.sleep(0.02)
        box.send_keys("\n")
        while "online as browser" not in "".join(screen_text_of(state()[0])):
            await asyncio.sleep(0.1)
        await asyncio.sleep(read)  # the player reads the lobby before pressing n
        echoes = []
        for _ in range(presses):
            box.send_keys("n")
            while True:
                text, marks, keys = state()
                shown = first_showing(text, marks, keys[-1], FORM)
                if shown is not None:
                    echoes.append((shown - keys[-1]) / 1000)
                    break
                await asyncio.sleep(0.05)
            box.send_keys(Keys.ESCAPE)
            await asyncio.sleep(0.3)  # (the form closes; the next press opens it anew)
        return {"frame": frame, "cpu": cpu, "echo": echoes, "typing": typing, "driver": driver}
    except BaseException:
        driver.quit()
        raise


def screen_text_of(text: str) -> list[str]:
    screen = ScreenDiff()
    screen.feed(text)
    return screen.screen_text()


async def ssh_echo(term: Term, presses: int, cpu: list[float] | None = None) -> list[float]:
    """`n` pressed `presses` times (the form closed in between): key to echo, each; the
    CPU the session's app spent until each echo is added to `cpu`, if given."""
    echoes = []
    app = apps(term.server_pid, web=False) if cpu is not None else []
    for _ in range(presses):
        since = len(term.out)
        before = cpu_ns(app[0]) if len(app) == 1 else 0
        start = time.perf_counter()
        term.send("n")
        echoes.append(await term.wait_for(FORM, since) - start)
        if cpu is not None and len(app) == 1:
            cpu.append((cpu_ns(app[0]) - before) / 1e9)
        term.send("\x1b")
        await term.quiet()
    return echoes


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tabs", type=int, default=20)
    parser.add_argument("--presses", type=int, default=5)
    parser.add_argument(
        "--page-loads", type=int, default=5, help="new browsers that load the page, in turn"
    )
    parser.add_argument(
        "--read", type=float, default=4.0, help="seconds in the lobby before the first n"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="dp-web-") as home:
        server, port, url = await start_server(home)
        try:
            await run(server, port, url, args)
        finally:
            server.terminate()
            with contextlib.suppress(Exception):
                server.wait(10)


async def run(server: subprocess.Popen, port: int, url: str, args) -> None:
    print(f"server pid {server.pid}, ssh port {port}, web {url}")
    # 1. one of each
    ssh = Term("sshplayer")
    ssh.server_pid = server.pid  # type: ignore[attr-defined]
    start = time.perf_counter()
    await ssh.open(port)
    ssh_frame = await ssh.wait_for("palette") - start
    ssh_cpu = app_cpu(apps(server.pid, web=False))
    await ssh.wait_for("online as sshplayer")
    await ssh.quiet()
    await asyncio.sleep(args.read)  # the player reads the lobby before pressing n
    n_cpu: list[float] = []
    ssh_echoes = await ssh_echo(ssh, args.presses, n_cpu)
    loads = await page_loads(url, max(0, args.page_loads - 1))
    browser = await browser_phase(url, args.presses, server.pid, args.read)
    loads.append(browser["frame"])
    print("\n1. one browser tab (headless Chromium) and one SSH session")
    each = ", ".join(f"{load * 1000:.0f}" for load in loads)
    print(f"  page load to first frame, {len(loads)} new browsers in turn: {ms(loads)} ({each})")
    print(f"  SSH connect to first frame: {ssh_frame * 1000:.0f} ms")
    print(f"  CPU of the app by its first frame, browser: {browser['cpu']}; SSH: {ssh_cpu}")
    print(f"  key to echo, a letter typed, browser: {ms(browser['typing'])}")
    print(f"  key to echo, n (the new-table form), browser: {ms(browser['echo'])}")
    print(f"  key to echo, n (the new-table form), SSH: {ms(ssh_echoes)}")
    if n_cpu:
        print(
            f"  CPU of the SSH session's app until n is echoed: {ms(n_cpu)}; the first press "
            f"{n_cpu[0] * 1000:.0f} ms CPU, echoed in {ssh_echoes[0] * 1000:.0f} ms"
        )
    print(f"  memory, browser tab app: {mem_line(apps(server.pid, web=True))}")
    print(f"  memory, SSH session app: {mem_line(apps(server.pid, web=False))}")
    browser["driver"].quit()
    # 2. many tabs at once
    async with aiohttp.ClientSession() as http:
        tabs = [WsTab(f"tab{i}") for i in range(args.tabs)]

        async def first(tab: WsTab) -> float:
            begin = time.perf_counter()
            await tab.open(http, url)
            return await tab.wait_for(NAME_SCREEN) - begin

        frames = await asyncio.gather(*(first(t) for t in tabs))
        tabs_cpu = app_cpu(apps(server.pid, web=True))
        await asyncio.sleep(1.0)

        async def letter(tab: WsTab, i: int) -> float:
            begin = time.perf_counter()
            await tab.send(tab.name[i])
            return await tab.wait_for(typed(tab.name[: i + 1])) - begin

        letters: list[float] = []
        ssh_typing: list[float] = []
        for i in range(3):  # "tab": every tab types a letter at the same instant
            both = await asyncio.gather(ssh_echo(ssh, 1), *(letter(t, i) for t in tabs))
            ssh_typing += both[0]
            letters += both[1:]
            await asyncio.sleep(0.5)
        await asyncio.gather(*(t.send(t.name[3:] + "\r") for t in tabs))
        await asyncio.gather(*(t.wait_for(f"online as {t.name}") for t in tabs))
        await asyncio.sleep(args.read)

        async def press(tab: WsTab) -> float:
            begin = time.perf_counter()
            await tab.send("n")
            return await tab.wait_for(FORM) - begin

        echoes: list[float] = []
        ssh_during: list[float] = []
        for _ in range(args.presses):
            both = await asyncio.gather(ssh_echo(ssh, 1), *(press(t) for t in tabs))
            ssh_during += both[0]
            echoes += both[1:]
            await asyncio.gather(*(t.send("\x1b") for t in tabs))
            await asyncio.sleep(0.5)
        print(f"\n2. {args.tabs} tabs opened at the same instant, and the SSH session")
        print(f"  connect to first frame: {ms(frames)}")
        print(f"  CPU of each tab's app when the last one was drawn: {tabs_cpu}")
        print(f"  key to echo, a letter typed in every tab at once: {ms(letters)}")
        print(f"  key to echo, n in the SSH session meanwhile: {ms(ssh_typing)}")
        print(f"  key to echo, n (the new-table form) in every tab at once: {ms(echoes)}")
        print(f"  key to echo, n in the SSH session meanwhile: {ms(ssh_during)}")
        print(f"  memory per tab app: {mem_line(apps(server.pid, web=True))}")
        print(f"  server process: RSS {memory(server.pid)['rss'] / 1024:.0f} MB")
        with open("/proc/loadavg") as f:
            print(f"  load average: {f.read().split()[0]}")
    ssh.close()


if __name__ == "__main__":
    asyncio.run(main())
