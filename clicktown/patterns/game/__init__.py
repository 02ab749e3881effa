"""The whole game of Wild Wild Pattern for 2 to 4 players: engine, bots, simulation, play, PettingZoo.

  state     the game in the OpenSpiel shape: deal, the race, Click!, declarations, challenge cards,
            the Bank, Saloon and Alive or Dead
  bots      random, greedy, planner
  simulate  many games, summaries, traces
  race      the race in real time with people: their answers within the bots' reaction time
            (the terminal's `play` and a table in the browser)
  play      a person at the terminal against bots
  env       the PettingZoo AEC environment (needs the `rl` extra)

The rules decisions are written down in docs/wild-wild-pattern-game.md.
"""
