"""The scoresheet family: its rules, bots, history, views and shared-table mirror."""
