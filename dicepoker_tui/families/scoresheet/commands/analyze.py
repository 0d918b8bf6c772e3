"""`dicepoker analyze`: every decision of a stored game against the best move."""

from __future__ import annotations

import argparse
import json

from dicepoker_tui.cli.errors import CliError
from dicepoker_tui.cli.texts import INT_MAX, ascii_int, describe, no_game, unknown_variant
from dicepoker_tui.engine.names import plain
from dicepoker_tui.families.scoresheet.bots.analysis import Analysis, Decision, analyze_events
from dicepoker_tui.families.scoresheet.bots.policy import Option, Policy
from dicepoker_tui.families.scoresheet.commands.solver_tables import table_for, variant_or_error
from dicepoker_tui.families.scoresheet.history.repo import scoresheet_games
from dicepoker_tui.families.scoresheet.rules.variants.base import Variant
from dicepoker_tui.family import family_of
from dicepoker_tui.i18n import _, shown_name
from dicepoker_tui.ui.common.text import loss_text, signed


def add_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("game_id", metavar="GAME_ID", help=_("the game's number in `dicepoker history`"))
    p.add_argument("--json", action="store_true", help=_("one line of JSON"))


def _scoresheet_only(variant_id: str) -> None:
    """A stored game of another family (a bidding game) is one line: analysis is the
    scoresheet solver's."""
    try:
        family = family_of(variant_id)
    except KeyError:  # an unknown variant: the analysis says what is wrong
        return
    if family.id != "scoresheet":
        raise CliError(unknown_variant(variant_id, "scoresheet", "analyze"))


def run(args: argparse.Namespace) -> int:
    game_id = ascii_int(args.game_id)
    if game_id is None or not 0 <= game_id <= INT_MAX:
        raise CliError(_("GAME_ID is a number, not {value}").format(value=repr(args.game_id)))
    from dicepoker_tui.cli.history_store import open_store
    from dicepoker_tui.store import GameNotFound, StoreError

    try:
        with open_store() as store:
            _scoresheet_only(store.game(game_id).variant)
            events = scoresheet_games(store).load_events(game_id)
    except GameNotFound:
        raise CliError(no_game(game_id)) from None
    except StoreError as exc:
        raise CliError(str(exc), status=1) from None
    if not events or not hasattr(events[0], "players"):
        raise CliError(_("game {id} is damaged (no game_started event)").format(id=game_id), 1)
    variant = variant_or_error(events[0].variant)
    analysis = analyze_events(events, Policy(table_for(variant)))
    names = [plain(p.shown) for p in events[0].players]
    if args.json:
        print(json.dumps(_json(game_id, variant.id, analysis, names), ensure_ascii=False))
        return 0
    print(
        _("Game {id}, {variant}: {players}").format(
            id=game_id, variant=variant.display_name, players=", ".join(names)
        )
    )
    width = max(len(n) for n in names)
    for d in analysis.decisions:
        mark = _("best") if d.is_best else loss_text(d.loss, 2)
        played = _played(d, variant)
        better = ""
        if not d.is_best:
            best = d.best
            box = variant.label_to_write(best.box) if best.box else None
            option = describe(best.action, best.keep, box, best.points)
            better = "   " + _("best: {option}").format(option=option)
        line = _("round {round}  {player}  throw {throw}  {dice}  {played} {mark}").format(
            round=f"{d.round:>2}",
            player=f"{names[d.player]:<{width}}",
            throw=d.throws,
            dice=" ".join(map(str, d.dice)),
            played=f"{played:<22}",
            mark=f"{mark:>7}",
        )
        print(line + better)
    print()
    for p in analysis.players:
        print(
            _(
                "{player}  final {final}  gave up {given_up}  "
                "best moves {best}/{decisions} ({share})  luck {luck}"
            ).format(
                player=f"{plain(shown_name(p.name)):<{width}}",
                final=f"{p.final:>4}",
                given_up=f"{p.given_up:7.2f}",
                best=p.best_moves,
                decisions=p.decisions,
                share=f"{p.best_share:.0%}",
                luck=signed(p.luck, 2),
            )
        )
    return 0


def _played(d: Decision, variant: Variant) -> str:
    if d.action == "write":
        return _("write {box}").format(box=variant.label_to_write(d.box) if d.box else "")
    return _("keep {kept}").format(kept=" ".join(map(str, d.keep)) or _("nothing"))


def _option(o: Option) -> dict:
    if o.action == "keep":
        return {"action": "keep", "keep": list(o.keep), "expected": round(o.expected, 4)}
    return {"action": "write", "box": o.box, "expected": round(o.expected, 4)}


def _json(game_id: int, variant: str, analysis: Analysis, names: list[str]) -> dict:
    decisions = []
    for d in analysis.decisions:
        item = {
            "seat": d.player,
            "player": names[d.player],
            "round": d.round,
            "throws": d.throws,
            "dice": list(d.dice),
            "action": d.action,
        }
        item.update({"keep": list(d.keep)} if d.action == "keep" else {"box": d.box})
        item.update(
            {"expected": round(d.chosen, 4), "best": _option(d.best), "loss": round(d.loss, 4)}
        )
        decisions.append(item)
    players = [
        {
            "seat": p.player,
            "player": p.name,
            "final": p.final,
            "decisions": p.decisions,
            "best_moves": p.best_moves,
            "best_share": round(p.best_share, 4),
            "given_up": round(p.given_up, 4),
            "luck": round(p.luck, 4),
        }
        for p in analysis.players
    ]
    return {"game": game_id, "variant": variant, "decisions": decisions, "players": players}
