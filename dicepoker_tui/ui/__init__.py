"""The full-screen Textual app, one folder per feature.

`app` is the App (lobby at the bottom of the screen stack, a table on top) and
`messages` what screens tell it. `common/` holds the app-wide pieces, `lobby/`,
`scoresheet/`, `bidding/`, `history/` and `net/` each a feature's screens and widgets,
`scenes/` the seeded scenes `make screenshots` draws. Only this package imports Textual.
"""
