"""The fit behind the Sequence mcts bot's evaluation (`clicktown.sequence.game.bots.evaluate`).

`python -m research.sequence_eval [--games 6000] [--seed 7]` plays seeded two-player games between
two greedy bots, records at every decision the features of both teams (`team_features`) and who won
the game, and fits a logistic model of the win: P(team A wins) = sigmoid(w . (f_A - f_B) + m * s),
s = +1 when A is to move, -1 otherwise. The model is symmetric by construction (B's chance is one
minus A's). It prints the weights (the constants of `FITTED_WEIGHTS` in bots.py; `COUNTED_WEIGHTS` in
variants.py for the fit that also reads the features counting cards, `COUNTING`), and on games held out from
the fit the log-loss of both against the hand-made evaluation's lead refitted the same way (one
weight on the lead), so they are compared at their best calibration.
The fit is written to research/sequence_eval/data/fit.json.

Beside it: `strength` (a variant of the bot against greedy), `losses` (how mcts's lost games were
lost), `variants` (what was measured and not adopted), `refit` (the evaluation fitted again on the
games of the bot that plays one move ahead by it) and `duplicate` (each deal played twice, the
seats swapped: how often the cards decide).
"""
