"""The chat line under a shared table: typing repaints the line, not the whole screen."""

from __future__ import annotations

from textual.screen import Screen

from dicepoker_tui.families.scoresheet.views.shared_table import NetTableScreen
from dicepoker_tui.ui.net.app import NetApp
from dicepoker_tui.ui.net.panel import ChatInput

from .helpers import until


async def test_typing_in_the_chat_lays_out_nothing_and_a_long_line_scrolls(
    hub_socket, connect, monkeypatch
):
    hub, path = hub_socket
    app = NetApp(path, hub.issue_token("alice"))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: app.client.welcome is not None, what="the welcome")
        await pilot.press("n", "ctrl+s")
        await until(lambda: hub.tables, what="the table")
        bob = await connect("bob")
        bob.join(next(iter(hub.tables)))
        await until(lambda: isinstance(app.screen, NetTableScreen), what="the table screen")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        say = app.screen.query_one("#net-say", ChatInput)
        assert app.focused is say
        layouts = []
        original = Screen._refresh_layout

        def counted(self, *args, **kwargs):
            layouts.append(self)
            return original(self, *args, **kwargs)

        monkeypatch.setattr(Screen, "_refresh_layout", counted)
        typed = "".join("abcdefghij"[i % 10] for i in range(150))
        for char in typed:
            await pilot.press(char)
        await pilot.pause()
        assert say.value == typed
        assert layouts == []
        # longer than the line: it scrolls to keep the cursor, the end of the text, in view
        assert say.scroll_offset.x > 0
        assert say.scroll_offset.x + say.content_region.width >= len(typed)
