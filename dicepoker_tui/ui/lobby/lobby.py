"""The lobby: pick a variant, set the seats (humans and bots), a seed, start."""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from dicepoker_tui.engine.players import Player
from dicepoker_tui.family import (
    GameSetup,
    VariantLike,
    all_variants,
    families,
    family_of,
    fit_levels,
    unused_name,
)
from dicepoker_tui.i18n import LANGUAGES, _, current_language, rules_text
from dicepoker_tui.ui.common.footer import KeysFooter
from dicepoker_tui.ui.common.hanging import rules_renderable
from dicepoker_tui.ui.common.help import reflow
from dicepoker_tui.ui.common.size_notice import SizeNotice
from dicepoker_tui.ui.lobby.language import LobbyLanguage
from dicepoker_tui.ui.lobby.palette import PaletteCommand, lobby_commands
from dicepoker_tui.ui.lobby.seat_edits import SeatEdits
from dicepoker_tui.ui.lobby.seats import MAX_PLAYERS, SeatList, available_bot_levels
from dicepoker_tui.ui.lobby.seed_input import SeedInput
from dicepoker_tui.ui.lobby.toggles import HELP_TO_WIN, REAL_DICE, help_to_win_said, toggle_label
from dicepoker_tui.ui.messages import OpenHistory, OpenResume, StartGame
from dicepoker_tui.ui.views import views_for


class LobbyScreen(Screen[None]):
    """The first screen: everything needed to start (or resume) a game. The seats and
    their keys are `edits` (`SeatEdits`), the language switch `language`
    (`LobbyLanguage`)."""

    WIDE = 150
    """From this many columns on, the rules of the highlighted variant show beside the form."""
    NEEDED = (80, 24)
    """The smallest terminal the lobby's form fits; below it the screen says so."""

    BINDINGS = [
        Binding("s", "start", "Start"),
        Binding("a", "add('human')", "+Human"),
        Binding("b", "add('bot')", "+Bot"),
        Binding("e", "rename", "Rename"),
        Binding("l", "level", "Level"),
        Binding("x", "remove", "Remove"),
        Binding("o", "coach", "Coach", show=False),  # the seat list's subtitle says it
        Binding("delete", "remove", "Remove", show=False),
        Binding("question_mark", "rules", "Rules", key_display="?"),
        Binding("f1", "rules", "Rules", show=False),
        Binding("c", "resume", "Resume", show=False),
        Binding("h", "history", "History", show=False),
        Binding("t", "theme", "Theme", show=False),
        Binding("d", "real_dice", "Real dice", show=False),
        Binding("w", "help_to_win", "Help to win", show=False),  # its button says the key
        # The language row says its key (L): the footer has no room left in Ukrainian.
        Binding("L", "next_language", "Language", show=False),
    ]

    def __init__(self, setup: GameSetup | None = None) -> None:
        super().__init__()
        self.variants = all_variants()
        self._family = "scoresheet"
        self._levels: dict[str, list[str]] = {}
        """Bot levels by family, loaded after the first frame (some bots are big)."""
        self.language = LobbyLanguage(self)
        if setup is None:
            setup = GameSetup(seats=(Player(name=unused_name([], self.language.stems[0])),))
        self.edits = SeatEdits(self, setup.seats)
        self.real_dice = False
        self._initial = setup
        self.help_to_win = False
        """Whether hints and the coach aim at the chance to win (a game of two or more)."""

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        title = Text()
        title.append(" DICE POKER ", style="bold reverse")
        title.append("  " + _("Yahtzee, Yatzy, dice poker, Perudo, Liar's Dice"))
        yield Static(title, id="lobby-title")
        with Horizontal(id="lobby-body"):
            with Vertical(id="lobby-form"):
                with Horizontal(id="lobby-main"):
                    with Vertical(id="lobby-left"):
                        variants = OptionList(
                            *(Option(_(v.name), id=v.id) for v in self.variants), id="variants"
                        )
                        variants.border_title = _("Variant")
                        yield variants
                        yield Static(id="variant-about")
                    with Vertical(id="lobby-right"):
                        seats = SeatList(id="seats")
                        seats.border_title = _("Seats (1–{n}, in play order)").format(n=MAX_PLAYERS)
                        seats.border_subtitle = _("o: coach a human seat")
                        yield seats
                        with Horizontal(id="seat-buttons", classes="button-row"):
                            yield Button(_("+Human"), id="add-human", compact=True)
                            yield Button(_("+Bot"), id="add-bot", compact=True)
                            yield Button(_("Rename"), id="rename", compact=True)
                            yield Button(_("Level"), id="level", compact=True)
                            yield Button(_("Remove"), id="remove", compact=True)
                        with Horizontal(id="seed-row"):
                            yield Label(_("Seed") + " ")
                            yield SeedInput(
                                placeholder=_("random"), type="integer", compact=True, id="seed"
                            )
                            real = toggle_label(REAL_DICE, "d", self.real_dice)
                            yield Button(real, compact=True, id="real-dice")
                        with Horizontal(id="help-row"):
                            helps = toggle_label(HELP_TO_WIN, "w", self.help_to_win)
                            yield Button(helps, compact=True, id="help-to-win")
                with Horizontal(id="lobby-actions", classes="button-row"):
                    yield Button(_("Start") + " s", id="start", variant="primary", compact=True)
                    yield Button(_("Resume") + " c", id="resume", compact=True)
                    yield Button(_("History") + " h", id="history", compact=True)
                    yield Button(_("Theme") + " t", id="theme", compact=True)
                    yield Button(_("Quit") + " ^q", id="quit", compact=True)
                with Horizontal(id="lobby-language", classes="button-row"):
                    yield Label(_("Language") + " L")
                    for code, native in LANGUAGES.items():
                        yield Button(
                            native,
                            id=f"language-{code}",
                            compact=True,
                            classes="-current" if code == current_language() else "",
                        )
            with VerticalScroll(id="lobby-rules"):
                yield Static(id="lobby-rules-text")
        yield SizeNotice(self.NEEDED, lobby=True, id="lobby-too-small")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.help_to_win = bool(getattr(self.app, "help_to_win", False))
        self.load_setup(self._initial)
        self.query_one("#variants", OptionList).focus()
        self.fit()
        # The bot levels import the solver (numpy): load them once the lobby is on screen.
        self.set_timer(2.0, lambda: self.run_worker(self._load_levels, thread=True))

    def on_resize(self) -> None:
        self.fit()

    def on_screen_resume(self) -> None:
        self.fit()

    def fit(self) -> None:
        # A display toggle, not a breakpoint class: a class change restyles every widget.
        small = self.query_one(SizeNotice).fit(self.app.size)
        self.query_one("#lobby-body").display = not small
        self.query_one("#lobby-title").display = not small
        self.query_one("#lobby-rules").display = self.app.size.width >= self.WIDE

    def _load_levels(self) -> None:
        for family in families():
            levels = available_bot_levels(family)
            self._levels.setdefault(family.id, levels)

    @property
    def levels(self) -> list[str]:
        """The bot levels on offer (loaded now if the background load has not finished)."""
        family = family_of(self.variant_id)
        if family.id not in self._levels:
            self._levels[family.id] = available_bot_levels(family)
        return self._levels[family.id]

    def load_setup(self, setup: GameSetup) -> None:
        """Fill the form from a setup (used for "new game" after a game)."""
        variants = self.query_one("#variants", OptionList)
        try:
            variants.highlighted = variants.get_option_index(setup.variant)
        except Exception:
            variants.highlighted = 0
        self.seats = list(setup.seats)
        self.coach = [
            setup.coach[i] if i < len(setup.coach) else None for i in range(len(self.seats))
        ]
        self.show_seats(0)
        self.query_one("#seed", Input).value = "" if setup.seed is None else str(setup.seed)
        self.real_dice = setup.real_dice
        self._show_toggles()
        self.show_about()

    @property
    def seats(self) -> list[Player]:
        """The seats in play order (kept by `edits`)."""
        return self.edits.seats

    @seats.setter
    def seats(self, seats: list[Player]) -> None:
        self.edits.seats = seats

    @property
    def coach(self) -> list[float | None]:
        """Per seat: the coach's threshold (expected points), or None (kept by `edits`)."""
        return self.edits.coach

    @coach.setter
    def coach(self, coach: list[float | None]) -> None:
        self.edits.coach = coach

    # -- reading the form -----------------------------------------------------------------
    @property
    def variant_id(self) -> str:
        option = self.query_one("#variants", OptionList).highlighted_option
        return option.id if option and option.id else self.variants[0].id

    def current_setup(self) -> GameSetup | str:
        """The setup in the form, or a one-line reason it cannot start."""
        raw = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(raw) if raw else None
        except ValueError:
            return _("The seed must be a whole number, not {raw}.").format(raw=repr(raw))
        family = family_of(self.variant_id)
        setup = GameSetup(  # real dice and the coach only where the family has them
            variant=self.variant_id,
            seats=tuple(self.seats),
            seed=seed,
            real_dice=self.real_dice and family.real_dice,
            coach=tuple(self.coach) if family.coached else (),
        )
        return setup.problem(self.levels) or setup

    def not_here(self, what: str) -> str | None:
        """Why real dice (`what` "real_dice") or the coach ("coach") do not apply to the
        highlighted variant, or None when they do."""
        family = family_of(self.variant_id)
        name = self._variant().display_name
        if what == "real_dice" and not family.real_dice:
            return _("{variant} is played with hidden dice: real dice do not apply.").format(
                variant=name
            )
        if what == "coach" and not family.coached:
            return _("{variant} has no coach: the coach is for scoresheet games.").format(
                variant=name
            )
        return None

    def _show_toggles(self) -> None:
        """The switches as they are, dimmed where the variant has no such thing."""
        real = toggle_label(REAL_DICE, "d", self.real_dice, self.not_here("real_dice") is None)
        helps = toggle_label(HELP_TO_WIN, "w", self.help_to_win, self.not_here("coach") is None)
        self.query_one("#real-dice", Button).label = real
        self.query_one("#help-to-win", Button).label = helps

    def show_about(self) -> None:
        variant = self._variant()
        text = Text()
        text.append(f"{_(variant.name)}\n", style="bold")
        text.append(f"{variant.display_description}\n")
        text.append(family_of(variant.id).summary(variant), style="dim")
        self._fit_family()
        self.query_one("#variant-about", Static).update(text)
        self.query_one("#lobby-rules-text", Static).update(
            rules_renderable(reflow(rules_text(variant.id, variant.rules_text)))
        )
        self.query_one("#lobby-rules").border_title = f"{_('Rules')} — {_(variant.name)}"

    def _variant(self) -> VariantLike:
        return family_of(self.variant_id).variant(self.variant_id)

    def _fit_family(self) -> None:
        """Moving between the scoresheet and bidding families: bots take a level of the
        new family."""
        family = family_of(self.variant_id).id
        if family == self._family:
            return
        self._family = family
        self._show_toggles()
        coached = family_of(self.variant_id).coached
        self.query_one(SeatList).border_subtitle = _("o: coach a human seat") if coached else ""
        self.show_seats(self.seat_index)
        if any(p.kind == "bot" for p in self.seats):
            self.seats = fit_levels(self.seats, self.levels)
            self.show_seats(self.seat_index)

    def show_seats(self, highlight: int | None) -> None:
        coach = self.coach if family_of(self.variant_id).coached else None
        self.query_one(SeatList).show(self.seats, highlight, coach)

    @property
    def seat_index(self) -> int | None:
        return self.query_one(SeatList).highlighted

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "variants":
            self.show_about()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "variants":
            event.stop()
            self.query_one(SeatList).focus()

    # -- actions --------------------------------------------------------------------------
    def action_start(self) -> None:
        setup = self.current_setup()
        if isinstance(setup, str):
            self.notify(setup, severity="warning", timeout=3)
            return
        self.post_message(StartGame(setup))

    def action_add(self, kind: str) -> None:
        self.edits.add(kind)

    def action_remove(self) -> None:
        self.edits.remove()

    def action_rename(self) -> None:
        self.edits.rename()

    def action_level(self) -> None:
        self.edits.level()

    def action_coach(self) -> None:
        self.edits.coach_next()

    def action_next_language(self) -> None:
        self.language.next()

    async def retranslate(self) -> None:
        """Build the lobby again in the current language, keeping the form as it was."""
        await self.language.retranslate()

    def action_real_dice(self) -> None:
        reason = self.not_here("real_dice")
        if reason:
            self.notify(reason, severity="warning", timeout=3)
            return
        self.real_dice = not self.real_dice
        self._show_toggles()

    def action_help_to_win(self) -> None:
        """Aim the hint and the coach at the chance to win, or back at the score (the app
        remembers it)."""
        reason = self.not_here("coach")
        if reason:
            self.notify(reason, severity="warning", timeout=3)
            return
        self.help_to_win = not self.help_to_win
        remember = getattr(self.app, "set_help_to_win", None)
        if remember is not None:
            remember(self.help_to_win)
        self._show_toggles()
        self.notify(help_to_win_said(self.help_to_win), timeout=3)

    def action_rules(self) -> None:
        self.app.push_screen(views_for(self.variant_id).rules(self._variant()))

    def action_resume(self) -> None:
        self.post_message(OpenResume())

    def action_history(self) -> None:
        self.post_message(OpenHistory())

    def action_theme(self) -> None:
        self.app.action_change_theme()

    def on_input_submitted(self, event: SeedInput.Submitted) -> None:
        """⏎ in the seed field starts the game, as it does elsewhere in the lobby."""
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        actions = {
            "start": self.action_start,
            "add-human": lambda: self.action_add("human"),
            "add-bot": lambda: self.action_add("bot"),
            "rename": self.action_rename,
            "level": self.action_level,
            "remove": self.action_remove,
            "resume": self.action_resume,
            "history": self.action_history,
            "theme": self.action_theme,
            "real-dice": self.action_real_dice,
            "help-to-win": self.action_help_to_win,
            "quit": self.app.exit,
        }
        button = event.button.id or ""
        if button.startswith("language-"):
            self.language.choose(button.removeprefix("language-"))
            return
        action = actions.get(button)
        if action:
            action()

    def palette_commands(self) -> Iterator[PaletteCommand]:
        return lobby_commands(self)
