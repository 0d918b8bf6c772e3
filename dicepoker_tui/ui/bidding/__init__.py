"""Bidding games (Perudo, Liar's Dice): the table, its help, result and review screens."""
