"""The bidding family's bots: the levels, beliefs about cups, the solved endgames, `expert`."""
