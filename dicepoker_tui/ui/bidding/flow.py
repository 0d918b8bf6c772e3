"""Starting bidding games (Perudo, Liar's Dice) from the lobby's setup, and what follows
the end of one: the bidding counterpart of the app's `start_game` / `after_game`."""

from __future__ import annotations

from textual.app import App

from dicepoker_tui.engine.errors import IllegalMove
from dicepoker_tui.engine.session import Session
from dicepoker_tui.families import GameSetup, family_of
from dicepoker_tui.i18n import _


def open_bidding_game(app: App, setup: GameSetup, bot_pace: float | None = None) -> bool:
    """Put a new bidding game on the table (above the lobby); a refusal becomes a notice."""
    try:
        game = setup.new_game()
    except IllegalMove as exc:
        app.notify(exc.message, severity="error", timeout=4)
        return False
    return open_bidding_table(app, game, bot_pace)


def open_bidding_table(app: App, game: Session, bot_pace: float | None = None) -> bool:
    from dicepoker_tui.ui.bidding.table import BiddingTableScreen

    bots = family_of(game.state.variant).make_bots(game.state.players, game.state.seed)
    pace = getattr(app, "bot_pace", 0.6) if bot_pace is None else bot_pace
    while len(app.screen_stack) > 1:
        app.pop_screen()
    app.push_screen(BiddingTableScreen(game, bots, pace, recorder=record_bidding(app, game)))
    return True


def history_store(app: App):  # the app's Store, or None when games are not kept
    keeper = getattr(app, "keeper", None)
    return None if keeper is None else keeper.store


def record_bidding(app: App, game: Session):
    """Keep `game` in the app's history as it is played (a Recorder, or None)."""
    store = history_store(app)
    if store is None:
        return None

    def notice(message: str) -> None:
        app.notify(message, title=_("History"), severity="warning", timeout=6, markup=False)

    try:
        return family_of(game.state.variant).recorder(store, game, on_error=notice)
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


def after_bidding_game(app: App, game: Session, choice: str) -> None:
    """The result's choice: "new" (lobby, form filled), "rematch" or "lobby"."""
    setup = GameSetup.from_game(game)
    if choice == "rematch":
        open_bidding_game(app, setup.rematch())
        return
    to_lobby = getattr(app, "to_lobby", None)
    if to_lobby is not None:
        to_lobby(setup.rematch() if choice == "new" else None)
        return
    while len(app.screen_stack) > 1:
        app.pop_screen()
