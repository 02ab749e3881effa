"""A fitted evaluation for Old Town's mcts at 4 players, measured and not adopted (docs/bots.md).

`python -m research.oldtown_eval [--games 1500] [--seed 7] [--players 4]` plays seeded games
between greedy bots, records at the start of every turn the features of each seat (`seat_features`)
and whether that seat won (a tie counts as a win, as in the win rates), and fits a logistic model of
the win on four fifths of the games. On the games held out it prints the log-loss of the fitted
model, of the points lead over the best other seat alone (the shipped evaluation's one feature,
refitted the same way) and of nested feature sets in between, with their weights.
"""
