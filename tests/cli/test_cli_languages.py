"""The command line in another language: help, text and errors translated; machine output not.

Commands run in-process through `main` (the language is chosen there, as for a user); the
history and solver cache live in a home of their own, prepared once with real commands.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from dicepoker_tui import i18n
from dicepoker_tui.cli import main


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """A home with the yahtzee table solved and two simulated games in the history."""
    path = tmp_path_factory.mktemp("cli-lang-home")
    env_home = {"DICEPOKER_HOME": str(path), "LANG": "C.UTF-8"}
    for args in (
        ("solve", "--variant", "yahtzee", "--json"),
        ("simulate", "--variant", "yahtzee", "--games", "2", "--seed", "5", "--save", "--json"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "dicepoker_tui", *args],
            capture_output=True,
            text=True,
            timeout=300,
            env={**_environ(), **env_home},
        )
        assert done.returncode == 0, done.stderr
    return path


def _environ() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES")}


@pytest.fixture(autouse=True)
def in_home(home, monkeypatch):
    monkeypatch.setenv("DICEPOKER_HOME", str(home))
    yield
    i18n.set_language("en")


def cli(capsys, *args: str) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of `dicepoker ARGS`."""
    try:
        status = main(list(args))
    except SystemExit as exc:  # argparse: --help, or a usage error
        status = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


ADVISE = ("advise", "--variant", "yahtzee", "--dice", "13456", "--throws-left", "1")
ADVISE_FILLED = (*ADVISE, "--filled", "sixes=18", "--filled", "ones=2")
JSON_COMMANDS = {
    "variants": ("variants", "--json"),
    "score": ("score", "--variant", "dice-poker", "--first-throw", "--json", "12345", "66666"),
    "history": ("history", "--json"),
    "solve": ("solve", "--variant", "yahtzee", "--json"),
    "simulate": ("simulate", "--variant", "yahtzee", "--games", "20", "--seed", "3", "--json"),
    "advise": (*ADVISE_FILLED, "--json"),
    "analyze": ("analyze", "1", "--json"),
    "export-json": ("export", "1"),
    "export-csv": ("export", "1", "--format", "csv"),
}


def _machine(command: str, stdout: str):
    """The output as data; the measured seconds of solve / simulate set aside."""
    if command == "export-csv":
        return stdout
    if command == "export-json":
        return json.loads(stdout)
    docs = [json.loads(line) for line in stdout.splitlines()]
    for doc in docs:
        if isinstance(doc, dict):
            doc.pop("seconds", None)
    return docs


@pytest.mark.parametrize("command", list(JSON_COMMANDS))
def test_machine_output_is_the_same_in_english_and_ukrainian(capsys, command: str) -> None:
    args = JSON_COMMANDS[command]
    en = cli(capsys, "--lang", "en", *args)
    uk = cli(capsys, "--lang", "uk", *args)
    assert en[0] == uk[0] == 0, (en[2], uk[2])
    assert en[1].strip()
    assert _machine(command, uk[1]) == _machine(command, en[1])
    if command not in ("solve", "simulate"):
        assert uk[1] == en[1]


def test_main_help_is_ukrainian_with_argparse_words(capsys) -> None:
    status, out, _err = cli(capsys, "--lang", "uk", "--help")
    assert status == 0
    for phrase in (
        "використання: dicepoker",
        "позиційні аргументи",
        "параметри:",
        "показати цю довідку й вийти",
        "перелічити варіанти",
        "найкращий хід для справжніх кубиків",
        "Без команди відкривається вестибюль",
    ):
        assert phrase in " ".join(out.split()), phrase  # argparse wraps the lines
    for english in (
        "usage:",
        "positional arguments",
        "options:",
        "show this help",
        "list the variants",
        "opens the lobby",
    ):
        assert english not in out, english
    for name in ("variants", "advise", "analyze", "--lang", "COMMAND"):  # names stay
        assert name in out
    en_status, en_out, _ = cli(capsys, "--lang", "en", "--help")
    assert en_status == 0 and "usage: dicepoker" in en_out and "list the variants" in en_out


def test_subcommand_help_is_russian_and_flags_stay(capsys) -> None:
    status, out, _err = cli(capsys, "--lang", "ru", "advise", "--help")
    assert status == 0
    assert "использование: dicepoker advise" in out
    assert "пять костей на столе, например 13456" in out
    assert "the five dice on the table" not in out
    for flag in ("--variant", "--dice", "--throws-left", "--filled", "--bank", "--json"):
        assert flag in out


def test_argparse_errors_are_translated_and_keep_their_status(capsys) -> None:
    en = cli(capsys, "--lang", "en", "export", "1", "--format", "pdf")
    hr = cli(capsys, "--lang", "hr", "export", "1", "--format", "pdf")
    assert en[0] == hr[0] == 2
    assert en[1] == hr[1] == ""
    assert "invalid choice: 'pdf'" in en[2]
    last = hr[2].splitlines()[-1]
    assert last.startswith("dicepoker export: greška: argument --format: nevažeći izbor: 'pdf'")
    missing = cli(capsys, "--lang", "uk", "score", "--variant", "yatzy")
    assert missing[0] == 2
    assert "бракує обов'язкових аргументів: ROLL" in missing[2]
    assert "required" not in missing[2]


ERRORS = [
    (("score", "--variant", "nope", "11111"), "невідомий варіант 'nope'", "unknown variant"),
    (("score", "--variant", "yatzy", "11117"), "7 — не грань кубика", "not a face"),
    (("rules", "nope"), "невідомий варіант 'nope'", "unknown variant"),
    (("play", "--variant", "nope"), "невідомий варіант 'nope'", "unknown variant"),
    (("play", "--bot", "casual", "--real-dice"), "боти не кидають справжні кубики", "real dice"),
    (("history", "--limit", "-1"), "--limit має бути від 0 до", "must be between 0 and"),
    (("analyze", "987"), "в історії немає гри 987", "no game"),
    (("export", "987"), "в історії немає гри 987", "no game"),
    ((*ADVISE, "--filled", "sixes=19"), "sixes у yahtzee не може містити 19 очок", "cannot"),
    ((*ADVISE, "--throws-left", "x"), "--throws-left приймає ціле число", "whole number"),
    (("simulate", "--variant", "yahtzee", "--bot", "nope"), "невідомий рівень бота", "unknown"),
    (("serve", "--port", "70000"), "--port 70000 — не номер порту", "is not a port"),
    (("import", "/nonexistent/game.json"), "не вдається прочитати", "cannot read"),
    (("scroe",), "невідома команда 'scroe'", "unknown command"),
    (("--lang", "xx", "variants"), "невідома мова 'xx'", "unknown language"),
]


@pytest.mark.parametrize(
    ("args", "ukrainian", "english"), ERRORS, ids=[" ".join(a) for a, _u, _e in ERRORS]
)
def test_errors_are_one_translated_line_with_the_same_status(
    capsys, monkeypatch, args, ukrainian: str, english: str
) -> None:
    en = cli(capsys, "--lang", "en", *args) if args[0] != "--lang" else cli(capsys, *args)
    monkeypatch.setenv("LANG", "uk_UA.UTF-8")  # the language from the locale this time
    uk = cli(capsys, *args)
    assert en[0] == uk[0] == 2
    assert uk[1] == ""
    (line,) = uk[2].splitlines()
    assert line.startswith("dicepoker")
    assert ukrainian in line
    assert english in en[2] and english not in line


def test_text_output_is_translated(capsys) -> None:
    _s, history, _e = cli(capsys, "--lang", "uk", "history", "--player", "nobody")
    assert history.strip() == "Завершених ігор немає."
    _s, sim, _e = cli(capsys, "--lang", "ru", "simulate", "--variant", "yahtzee", "--games", "5")
    assert sim.startswith("Яцзы: 5 игр бота optimal (зерно 0)")
    assert "среднее" in sim and "медиана" in sim and "mean" not in sim
    _s, solve, _e = cli(capsys, "--lang", "uk", "solve", "--variant", "yahtzee")
    assert "очікуваний результат за оптимальної гри 254.5877287" in solve
    assert "expected score" not in solve and "у кеші:" in solve
    _s, advise, _e = cli(capsys, "--lang", "hr", *ADVISE, "--filled", "sixes=18")
    assert "kockice 1 3 4 5 6, preostaje 1 bacanje; zbroj tablice 18" in advise
    assert "zadrži 3 4 5 6, baci 1" in advise and "keep" not in advise
    _s, analyze, _e = cli(capsys, "--lang", "uk", "analyze", "1")
    assert analyze.startswith("Гра 1, ")
    assert "найкращих ходів" in analyze and "удача" in analyze
    assert "best moves" not in analyze and "round" not in analyze
    _s, txt, _e = cli(capsys, "--lang", "uk", "export", "1", "--format", "txt")
    assert "гра 1" in txt and "game 1" not in txt


def test_the_saved_language_translates_help_and_the_flag_wins(capsys, home) -> None:
    settings = home / "settings.json"
    settings.write_text(json.dumps({"language": "hr"}), encoding="utf-8")
    try:
        _s, saved, _e = cli(capsys, "history", "--help")
        _s, flagged, _e = cli(capsys, "--lang", "en", "history", "--help")
    finally:
        settings.unlink()
    assert "uporaba: dicepoker history" in saved and "samo igre ove varijante" in saved
    assert "usage: dicepoker history" in flagged and "only games of this variant" in flagged


def test_analyze_signs_with_a_true_minus_and_writes_box_names_as_objects(capsys) -> None:
    import re

    texts = [cli(capsys, "--lang", "uk", "analyze", game)[1] for game in ("1", "2")]
    both = "\n".join(texts)
    assert re.search(r"удача [+−]\d", both) and "удача −1.59" in both  # game 2's luck
    assert not re.search(r"(?<![\w.])-\d", both), both  # no hyphen for a minus
    assert "записати Трійку" in texts[0] and "записати Трійка" not in both
