"""dicepoker-tui: scoresheet dice games (Yahtzee, Yatzy, dice poker) in the terminal."""

__version__ = "0.1.0"
