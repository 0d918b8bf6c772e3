"""Widgets of the table and scoresheet screens. They get attributes, post messages."""
