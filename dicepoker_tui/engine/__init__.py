"""The game engine: a family-agnostic core plus the scoresheet family.

Nothing in this package imports Textual.
"""
