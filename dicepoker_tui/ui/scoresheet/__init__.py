"""Scoresheet games (Yahtzee, Yatzy, dice poker) at the table: the table and result
screens, their widgets, hints, coach, bots, and the keeper that records them."""
