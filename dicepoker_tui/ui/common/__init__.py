"""App-wide pieces: text helpers, settings, footer keys and their language, help,
hand-over, dice, the SVG picture, and the one adapter for Textual's private attributes."""
