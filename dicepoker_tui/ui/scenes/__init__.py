"""Seeded scenes drawn to SVG by `make screenshots` and checked by the snapshot tests."""
