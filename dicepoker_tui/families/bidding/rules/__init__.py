"""The bidding family: hidden dice under cups, bids on all dice, challenges."""
