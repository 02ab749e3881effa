"""Wild Wild Pattern (Kaleidos Games): the wheel of 8 cards, its patterns, moves and declarations.

Modules: `cards` (traits, cards, deck, wheel), `bank` (Bank, Target and challenge cards), `schema`;
`analysis` (statements, the enumerator, moves, rewards, judging), `declare` (spoken declarations),
`model` (the CP-SAT model: listing, Wild Wild Pattern completion, puzzles), `stats` (random wheels);
`render/` (text and JSON reports, SVG); `commands` (the `clicktown patterns` group).
The whole game lives in `game/`: `state` (the engine in the OpenSpiel shape), `bots`, `simulate`,
`play` (a person at the terminal), `env` (PettingZoo).
Rules decisions: docs/rules-wild-wild-pattern.md and docs/wild-wild-pattern-game.md.
"""

from .cards import Card, Deck, Trait, Wheel, load_deck, parse_card, parse_wheel
from .declare import parse_declaration
from .analysis import Move, Pattern, Reward, Rules, Statement, Verdict, best_move, judge, moves, valid_patterns

__all__ = ["Card", "Deck", "Trait", "Wheel", "load_deck", "parse_card", "parse_wheel", "parse_declaration",
           "Move", "Pattern", "Reward", "Rules", "Statement", "Verdict", "best_move", "judge", "moves",
           "valid_patterns"]
