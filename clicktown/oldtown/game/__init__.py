"""Old Town's marker game for 2 to 4 players: the referee engine, bots, simulation, PettingZoo.

  town      markers, built buildings and the supply; settling what follows by itself
  deduce    the building-plot marker graph: feasibility by matching, forced markers by Régin's
            filter (augmenting paths, Tarjan's components), and the same questions asked of
            CP-SAT to cross-check
  rules     verdicts on cards (playable, confirmation, contradiction, forbidden and why),
            taking a marker, judging "stop" claims
  state     the game in the OpenSpiel shape: setup, turns, stops, refilling, the end
  bots      random, greedy, planner
  simulate  many games, summaries, traces
  referee   one disputed move judged from a saved state file
  (the board and a hand as terminal text: ..render.markers)
  env       the PettingZoo AEC environment (needs the `rl` extra)

The rules decisions are written down in docs/oldtown-marker-game.md.
"""
