"""`python -m dicepoker_tui.ui.screenshots [DIR]`: the scenes of `ui/scenes/`, drawn to SVG."""

from dicepoker_tui.ui.scenes.screenshots import main

if __name__ == "__main__":
    raise SystemExit(main())
