"""Starting bidding games (Perudo, Liar's Dice) from the lobby's setup, and what follows
the end of one: the bidding counterpart of the app's `start_game` / `after_game`."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import App

from dicepoker_tui.ai.bidding_bots import BiddingBot, bidding_bot_levels, make_bidding_bot
from dicepoker_tui.engine.bidding.game import BiddingGame
from dicepoker_tui.engine.bidding.rules import MAX_PLAYERS, MIN_PLAYERS
from dicepoker_tui.engine.bidding.variants import BIDDING_VARIANTS
from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.engine.players import Player
from dicepoker_tui.i18n import _
from dicepoker_tui.ui.lobby.setup import GameSetup


def is_bidding(variant_id: str) -> bool:
    """Whether `variant_id` names a bidding variant (Perudo, Liar's Dice)."""
    return variant_id in BIDDING_VARIANTS


def bidding_setup_problem(setup: GameSetup) -> str | None:
    """Why this setup cannot start a bidding game, in one line, or None."""
    variant = BIDDING_VARIANTS.get(setup.variant)
    if variant is None:
        return _("unknown variant {variant}").format(variant=repr(setup.variant))
    if not MIN_PLAYERS <= len(setup.seats) <= MAX_PLAYERS:
        return _("{variant} needs {min} to {max} seats.").format(
            variant=_(variant.name), min=MIN_PLAYERS, max=MAX_PLAYERS
        )
    names = [p.name.strip() for p in setup.seats]
    if any(not n for n in names):
        return _("Every seat needs a name.")
    if len({n.casefold() for n in names}) != len(names):
        return _("Every seat needs a different name.")
    levels = bidding_bot_levels()
    for seat in setup.seats:
        if seat.kind == "bot" and seat.level not in levels:
            return _("Unknown bot level {level} (known: {known}).").format(
                level=repr(seat.level), known=", ".join(levels)
            )
    if setup.real_dice:
        return _("{variant} is played with hidden dice: switch real dice off.").format(
            variant=_(variant.name)
        )
    return None


def fit_levels(seats: Sequence[Player], levels: Sequence[str]) -> list[Player]:
    """The seats with every bot on a level from `levels` (the first, when its own is not)."""
    if not levels:
        return list(seats)
    return [
        p.model_copy(update={"level": levels[0]})
        if p.kind == "bot" and p.level not in levels
        else p
        for p in seats
    ]


def make_bidding_bots(players: Sequence[Player], seed: int) -> dict[int, BiddingBot]:
    """One bidding bot per bot seat, seeded from the game seed."""
    return {
        seat: make_bidding_bot(p.level or "strong", seed=seed * 10 + seat)
        for seat, p in enumerate(players)
        if p.kind == "bot"
    }


def new_bidding_game(setup: GameSetup) -> BiddingGame:
    """A fresh bidding game; raises IllegalMove with a one-line reason when refused."""
    problem = bidding_setup_problem(setup)
    if problem:
        raise IllegalMove(problem)
    return BiddingGame.new(setup.variant, list(setup.seats), seed=setup.seed)


def setup_of(game: BiddingGame) -> GameSetup:
    state = game.state
    return GameSetup(variant=state.variant, seats=tuple(state.players), seed=state.seed)


def open_bidding_game(app: App, setup: GameSetup, bot_pace: float | None = None) -> bool:
    """Put a new bidding game on the table (above the lobby); a refusal becomes a notice."""
    try:
        game = new_bidding_game(setup)
    except IllegalMove as exc:
        app.notify(exc.message, severity="error", timeout=4)
        return False
    return open_bidding_table(app, game, bot_pace)


def open_bidding_table(app: App, game: BiddingGame, bot_pace: float | None = None) -> bool:
    from dicepoker_tui.ui.bidding.table import BiddingTableScreen

    bots = make_bidding_bots(game.state.players, game.state.seed)
    pace = getattr(app, "bot_pace", 0.6) if bot_pace is None else bot_pace
    for hook in getattr(app, "bidding_hooks", ()):
        hook(game)
    while len(app.screen_stack) > 1:
        app.pop_screen()
    app.push_screen(BiddingTableScreen(game, bots, pace, recorder=record_bidding(app, game)))
    return True


def history_store(app: App):  # the app's Store, or None when games are not kept
    keeper = getattr(app, "keeper", None)
    return None if keeper is None else keeper.store


def record_bidding(app: App, game: BiddingGame):
    """Keep `game` in the app's history as it is played (a BiddingRecorder, or None)."""
    store = history_store(app)
    if store is None:
        return None
    from dicepoker_tui.store.bidding import BiddingRecorder

    def notice(message: str) -> None:
        app.notify(message, title=_("History"), severity="warning", timeout=6, markup=False)

    try:
        return BiddingRecorder(store, game, on_error=notice)
    except Exception as exc:  # the history never stops a game
        notice(_("The game cannot be kept in the history: {error}").format(error=exc))
        return None


def open_bidding_history(app: App) -> None:
    """The finished bidding games; enter reviews one round by round."""
    store = history_store(app)
    if store is None:
        app.notify(_("No game history: games are not kept."), severity="warning", timeout=3)
        return
    from dicepoker_tui.ui.bidding.games import BiddingGamesScreen

    app.push_screen(BiddingGamesScreen(store))


def after_bidding_game(app: App, game: BiddingGame, choice: str) -> None:
    """The result's choice: "new" (lobby, form filled), "rematch" or "lobby"."""
    setup = setup_of(game)
    if choice == "rematch":
        open_bidding_game(app, setup.rematch())
        return
    to_lobby = getattr(app, "to_lobby", None)
    if to_lobby is not None:
        to_lobby(setup.rematch() if choice == "new" else None)
        return
    while len(app.screen_stack) > 1:
        app.pop_screen()
