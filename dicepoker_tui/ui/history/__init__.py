"""The history: kept games, reviews, statistics, and `dicepoker review`'s own app."""
