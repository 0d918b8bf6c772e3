"""The full-screen Textual app: lobby, table, scoresheet, help and hand-over screens.

Only this package imports Textual. `setup`, `settings`, `goals`, `sheet_model` and
`text` are plain Python helpers the screens share (and tests use directly).
"""
