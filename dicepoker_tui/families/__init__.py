"""The game families, one package each (`<id>/`: its rules, bots, history, views and
shared-table mirror). Each joins `dicepoker_tui.family`'s registry by itself: the registry
finds every package here that has a `spec` module with a `SPEC`."""
