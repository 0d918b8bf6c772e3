"""`python -m dicepoker_tui` runs the `dicepoker` command."""

from dicepoker_tui.cli import main

raise SystemExit(main())
