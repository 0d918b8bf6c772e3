"""The scoresheet family's bots: levels, the solver's policy, the `winner` bot and the
analysis of a game. No Textual."""
