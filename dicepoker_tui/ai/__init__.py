"""Bots, the solver and game analysis. Nothing here imports Textual."""
