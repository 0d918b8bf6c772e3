"""The review's analysis (`a`): the numbers shown are those of `analyze_events`."""

from __future__ import annotations

from textual.app import App
from textual.widgets import OptionList, Static

from dicepoker_tui.engine.players import Player
from dicepoker_tui.families.scoresheet.bots.analysis import analyze_events
from dicepoker_tui.families.scoresheet.bots.levels import make_bot
from dicepoker_tui.families.scoresheet.bots.policy import Policy
from dicepoker_tui.families.scoresheet.rules.game import Game
from dicepoker_tui.families.scoresheet.solver.spread import get_spread
from dicepoker_tui.families.scoresheet.views.review import ReviewScreen
from dicepoker_tui.families.scoresheet.views.review_analysis import decisions_by_step

from .helpers import wait_for


def played_game(variant: str, seed: int) -> Game:
    """A finished two-player game played by the heuristic bot (no solver involved)."""
    game = Game.new(variant, [Player(name="Ann"), Player(name="Bob")], seed=seed)
    bot = make_bot("heuristic", seed=seed)
    while not game.state.finished:
        action = bot.choose(game.state, game.variant)
        if hasattr(action, "box"):
            game.write(action.box)
        else:
            game.throw(keep=list(action.keep))
    return game


class ReviewApp(App[None]):
    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def on_mount(self) -> None:
        self.push_screen(ReviewScreen(self.game.events))


async def test_review_analysis_matches_analyze_events() -> None:
    game = played_game("dice-poker", seed=11)
    spread = get_spread(game.variant)  # two players: judged for winning too
    expected = analyze_events(game.events, Policy(spread.table), spread)
    app = ReviewApp(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        panel = screen.query_one("#review-analysis", Static)
        assert not panel.display
        await pilot.press("a")
        await wait_for(pilot, lambda: screen.analysis is not None)
        assert panel.display
        shown = str(panel.render())
        for player in expected.players:
            line = next(x for x in shown.splitlines() if x.startswith(player.name))
            assert f"lost {player.given_up:.1f}" in line
            assert f"best {player.best_share:.0%}" in line
            luck = f"{player.luck:+.1f}".replace("-", "−")  # a true minus, as everywhere
            assert f"luck {luck}" in line and "-" not in line
            assert f"chance to win lost {player.win_given_up:.1%}" in line
        # every turn's timeline entry carries the losses of its decisions, in order
        timeline = screen.query_one("#review-timeline", OptionList)
        by_step = decisions_by_step(expected, screen.steps)
        assert sum(len(d) for d in by_step.values()) == len(expected.decisions)
        for i, decisions in by_step.items():
            prompt = str(timeline.get_option_at_index(i).prompt)
            points, chances = prompt.rsplit("Given up:", 1)[1].split("\n")
            marks = points.split("(")[0].split()
            want = ["✓" if d.is_best else f"−{d.loss:.1f}" for d in decisions]
            assert marks == want
            marks = chances.split("Chance to win given up:")[1].split()
            want = ["✓" if d.win_loss < 5e-4 else f"−{d.win_loss:.1%}" for d in decisions]
            assert marks == want
        await pilot.press("a")  # hides the panel again
        assert not panel.display
