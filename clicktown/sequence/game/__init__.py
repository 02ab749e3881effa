"""The whole game of Sequence and Sequence Numbers: engine, bots, simulation, play, PettingZoo.

  state     the game in the OpenSpiel shape: teams, the deal, turns, dead cards, locked sequences
  bots      random, greedy, planner
  simulate  many games, summaries, traces
  play      a person at the terminal against bots
  env       the PettingZoo AEC environment (needs the `rl` extra)

The rules decisions are written down in docs/sequence-game.md.
"""
