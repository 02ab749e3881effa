"""What every game engine here shares for playing, simulating and training: the arena.

Each game (Old Town's marker game, Wild Wild Pattern, Sequence) is one engine in the OpenSpiel
shape: a `GameState` with `current_player()`, `legal_actions()`, `apply_action(a)`,
`is_terminal()`, `returns()`, `clone()`, and randomness as explicit chance nodes
(`current_player() == CHANCE`, `chance_outcomes()`). Players stand outside the state: bots, a
person at the terminal, the PettingZoo wrapper. This package holds the parts that are the same for
all three games:

  state    -- the protocol, chance resolution with a seeded generator, one game played by bots
  simulate -- many games, seeded per game, on any number of workers with the same results
  trace    -- JSON Lines traces, one event per line
  rates    -- counted rates with Wilson 95% intervals
  env      -- a thin PettingZoo AEC wrapper around any such state (needs the `rl` extra)
"""
