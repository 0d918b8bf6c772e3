"""The lobby: the form that sets up a game (variant, seats, seed), and the seat renaming."""
