"""The survey behind docs/oldtown-generation.md: grades of generated Old Town scenarios.

`python -m research.oldtown_survey [--per-level 100] [--mix 1000] [--seed 0]` prints the tables
of the docs page (markdown): the level mix of minimal unique drafts, and for N scenarios per level
their card mix, my buildings, steps and hardest rung beside the rulebook's eight, each scenario
re-checked by CP-SAT (unique) and by the fast counter (minimal; CP-SAT on a sample).
"""
