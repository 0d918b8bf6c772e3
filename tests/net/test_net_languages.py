"""Players of different languages at one table: the hub sends templates, each app translates.

The hub's notices and refusals carry an English template (a msgid) and its values; every
session's app shows them in its own language, which follows the LANG / LC_ALL its SSH
client sent. The one line of help for `ssh host cmd` does too.
"""

from __future__ import annotations

import pytest

from dicepoker_tui import i18n
from dicepoker_tui.families.scoresheet.rules import commands as cmd
from dicepoker_tui.net import protocol as p

from .helpers import Recorder, until
from .ssh_client import Terminal, connect

UK = {"LANG": "uk_UA.UTF-8"}
EN = {"LANG": "en_US.UTF-8"}


@pytest.fixture
def english_after():
    """Tests here switch the process's language: English again afterwards."""
    yield
    i18n.set_language("en")


def shown_in(lang: str, show) -> str:
    i18n.set_language(lang)
    return show()


async def test_notices_refusals_and_table_names_are_templates_each_reader_translates(
    connect, english_after
):
    alice = await connect("alice")
    bob = await connect("bob")
    alice.create("yatzy", seats=2)
    await until(lambda: alice.game is not None, what="alice's table")
    table = alice.game.table
    bob.join(table.id)
    await until(lambda: alice.game.started, what="the game to start")
    await until(
        lambda: any(line.params == {"nick": "bob"} for line in alice.chat), what="the notice"
    )
    sat = next(line for line in alice.chat if line.params == {"nick": "bob"})
    assert sat.nick is None and sat.key == "{nick} sat down."
    assert sat.text == "bob sat down."  # English on the wire, for logs and older apps
    assert shown_in("uk", sat.shown) == "bob сідає за стіл."
    assert shown_in("hr", sat.shown) == "bob sjeda za stol."
    assert shown_in("en", sat.shown) == "bob sat down."

    # a name the hub gave is translated too, one its creator chose never is
    assert table.name == "alice's Yatzy"
    assert shown_in("uk", lambda: table.shown_name) == "alice: Ятзі"
    assert shown_in("en", lambda: table.shown_name) == "alice's Yatzy"

    # what people say is never touched
    alice.say("Dobar dan")
    await until(lambda: any(line.nick == "alice" for line in bob.chat), what="the chat line")
    said = next(line for line in bob.chat if line.nick == "alice")
    assert shown_in("ru", said.shown) == "Dobar dan"

    # a refusal: bob acts for alice, whose turn it is
    errors = Recorder(bob)
    bob.send(p.Act(table=table.id, command=cmd.Throw(player=0, keep=[]), ref=7))
    await until(lambda: errors.errors(), what="the refusal")
    refusal = errors.errors()[0]
    assert (refusal.code, refusal.ref, refusal.key) == ("out_of_turn", 7, "It is {name}'s turn.")
    assert refusal.message == "It is alice's turn."
    assert shown_in("ru", refusal.shown) == "Сейчас ход игрока alice."
    assert shown_in("en", refusal.shown) == "It is alice's turn."


def test_a_variant_in_a_template_is_shown_in_the_readers_language(english_after):
    error = p.Error(
        code="bad_setup",
        message="A Perudo table has 2 to 6 seats.",
        key="A {variant} table has {low} to {high} seats.",
        params={"variant": "Perudo", "low": 2, "high": 6},
    )
    assert shown_in("uk", error.shown) == "Стіл для гри «Перудо» має від 2 до 6 місць."
    # without a template: the English text is looked up as a msgid, else shown as it is
    plain = p.Error(code="illegal", message="The table closed.")
    assert shown_in("hr", plain.shown) == "Stol je zatvoren."
    odd = p.Error(code="illegal", message="Something {else} entirely")
    assert shown_in("hr", odd.shown) == "Something {else} entirely"


def test_older_messages_without_templates_still_read():
    line = p.decode_server(
        '{"type": "chat", "table": "1", "line": {"nick": null, "text": "x left.", "at": 0}}'
    )
    assert isinstance(line, p.Chat) and line.line.key is None and line.line.shown() == "x left."


async def test_each_ssh_client_plays_in_its_own_language_at_the_same_table(game_server):
    hub = game_server.hub
    olena_conn = await connect(game_server.port, "olena")
    bob_conn = await connect(game_server.port, "bob")
    async with olena_conn, bob_conn:
        olena = await Terminal.open(olena_conn, env=UK)
        bob = await Terminal.open(bob_conn, env=EN)
        await olena.wait_for("у мережі як olena")
        await olena.wait_for("Столів ще немає: натисніть n")
        await bob.wait_for("online as bob")
        await bob.wait_for("No tables yet: press n")

        olena.send("n")
        await olena.wait_for("Новий стіл")
        olena.send("\x13")  # ctrl+s: open the table
        await until(lambda: hub.tables, what="olena's table")
        await olena.wait_for("Чекаємо ще на 1 гравця")
        await olena.wait_for("olena сідає за стіл.")
        name = next(iter(hub.tables.values())).name
        await bob.wait_for(name)  # the default name, in English: "olena's Yahtzee"
        await bob.wait_for("1 free seat")

        mark_olena, mark_bob = olena.mark(), bob.mark()
        bob.send("\r")  # sit down at the highlighted table
        await until(
            lambda: next(iter(hub.tables.values())).game is not None, what="the game to start"
        )
        await olena.wait_for("bob сідає за стіл.", since=mark_olena)
        await olena.wait_for("Усі місця зайняті: гра починається.", since=mark_olena)
        await olena.wait_for("ваш хід", since=mark_olena)
        await bob.wait_for("bob sat down.", since=mark_bob)
        await bob.wait_for("Every seat is taken: the game begins.", since=mark_bob)
        await bob.wait_for("olena to play", since=mark_bob)

        # bob acts out of turn: his own app refuses in English, olena's table goes on
        mark_bob = bob.mark()
        bob.send("r")
        await bob.wait_for("It is olena's turn.", since=mark_bob)

        olena.send("q")
        bob.send("q")


async def test_the_line_of_help_follows_the_clients_language(game_server):
    async with await connect(game_server.port, "alice") as conn:
        result = await conn.run("ls", check=False, env=UK)
        assert result.exit_status == 1
        assert "команди тут не виконуються" in result.stderr
        assert f"-p {game_server.port}" in result.stderr
        process = await conn.create_process(term_type=None, env={"LC_ALL": "hr_HR.UTF-8"})
        process.stdin.write_eof()
        await process.wait_closed()
        assert "ovo je igra za terminal" in await process.stderr.read()
        english = await conn.run("ls", check=False)
        assert "commands are not run here" in english.stderr


async def test_the_line_a_session_ends_with_follows_the_clients_language(short_tmp):
    from dicepoker_tui.serve.server import GameServer, ServeOptions

    server = GameServer(
        ServeOptions(port=0, data_dir=short_tmp / "home", bot_pace=0.0, idle_timeout=0.5)
    )
    await server.start()
    try:
        async with await connect(server.port, "olena") as conn:
            olena = await Terminal.open(conn, env=UK)
            await olena.closed(timeout=20)
        tail = olena.output.decode(errors="replace")
        assert "dicepoker: закрито після 0.5 с без натискання клавіш." in tail
        assert "without a key pressed" not in tail
        async with await connect(server.port, "ivan") as conn:
            ivan = await Terminal.open(conn, env={"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"})
            await ivan.closed(timeout=20)
        assert "закрыто после 0.5 с без нажатия клавиш" in ivan.output.decode(errors="replace")
    finally:
        await server.close()


async def test_a_server_shutting_down_says_so_in_the_clients_language(short_tmp):
    from dicepoker_tui.serve.server import GameServer, ServeOptions

    server = GameServer(ServeOptions(port=0, data_dir=short_tmp / "home", idle_timeout=0))
    await server.start()
    closed = False
    try:
        async with await connect(server.port, "ana") as conn:
            ana = await Terminal.open(conn, env={"LANG": "hr_HR.UTF-8"})
            await ana.wait_for("ana")
            await until(lambda: any(s.pid for s in server.sessions), what="the app's pid")
            await server.close()
            closed = True
            await ana.closed()
        tail = ana.output.decode(errors="replace")
        assert "dicepoker: poslužitelj se gasi." in tail
    finally:
        if not closed:
            await server.close()
