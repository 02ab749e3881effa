"""Wild Wild Pattern (Kaleidos Games): the wheel of 8 cards, its patterns, moves and declarations.

Modules: `cards` (traits, cards, deck, wheel), `bank` (Bank, Target and challenge cards), `schema`;
`analysis` (statements, the enumerator, moves, rewards, judging: the readable reference), `tables`
(the same answers from precomputed tables of neighbour pairs, one wheel at a time), `batch` (the
tables over numpy arrays of many wheels), `declare` (spoken declarations),
`model` (the CP-SAT model: listing, Wild Wild Pattern completion, puzzles), `stats` (random wheels);
`render/` (text and JSON reports, SVG); `commands` (the `clicktown patterns` group).
The whole game lives in `game/`: `state` (the engine in the OpenSpiel shape), `bots`, `simulate`,
`play` (a person at the terminal), `env` (PettingZoo).
Rules decisions: docs/rules-wild-wild-pattern.md and docs/wild-wild-pattern-game.md.
"""

from ..lazy import exports

# The public names, each imported from its module on first use (PEP 562), so that running one command
# (`clicktown.patterns.commands`) does not load the whole package.
_HOME = {
    "Card": "cards",
    "Deck": "cards",
    "Move": "analysis",
    "Pattern": "analysis",
    "Reward": "analysis",
    "Rules": "analysis",
    "Statement": "analysis",
    "Trait": "cards",
    "Verdict": "analysis",
    "Wheel": "cards",
    "best_move": "analysis",
    "judge": "analysis",
    "load_deck": "cards",
    "moves": "analysis",
    "parse_card": "cards",
    "parse_declaration": "declare",
    "parse_wheel": "cards",
    "valid_patterns": "analysis",
}

__all__ = sorted(_HOME)

__getattr__ = exports(__name__, _HOME)
