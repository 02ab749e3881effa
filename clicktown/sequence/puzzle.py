"""Generating "win in N" puzzles with exactly one winning first move.

A puzzle: a position of a two-team game, team A to move, a hand of the game's size for two
players, and N. The generator scatters chips at random, plants a window that team A can complete
in exactly N turns with the hand (an empty gap costs one turn, a gap held by an opponent chip two:
remove it, then fill it), and (in Sequence, where two teams need two sequences) one locked sequence
already made. It keeps a candidate only when the search finds the shortest win is N turns, CP-SAT
agrees, and exactly one first move wins.

Because opponents pass, moves commute except "remove before you fill": a unique first move exists
only for N = 1 (one winning move) and N = 2 (a removal that opens the winning cell). For N >= 3
`unique=False` asks only for a shortest win of exactly N turns.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..errors import ClicktownError
from ..messages import say, say_n
from .cards import Card, Game
from .geometry import CELLS, CORNERS, WINDOWS, conflicting
from .moves import Move
from .position import Position, empty_position
from .rules import hand_size, sequences_needed
from .sequences import count_fast
from .solve import Solution, solve_cpsat, solve_search, winning_first_moves

TEAM, OPPONENT, PLAYERS = "A", "B", 2
DENSITY = 0.25


@dataclass(frozen=True)
class Puzzle:
    """A win-in-N puzzle with its answer."""

    game: str
    seed: int
    position: Position
    hand: tuple[str, ...]
    turns: int
    needed: int
    solution: Solution
    first_moves: tuple[Move, ...]

    def as_dict(self) -> dict:
        """Plain form for JSON."""
        return {"game": self.game, "seed": self.seed, "team": TEAM, "teams": 2, "position": self.position.rows(),
                "hand": list(self.hand), "turns": self.turns, "sequences_needed": self.needed,
                "winning_first_moves": [m.as_dict() for m in self.first_moves],
                "solution": [m.as_dict() for m in self.solution.line]}

    def text(self, lang: str = "en") -> str:
        """The puzzle as a position file whose comment lines state the question."""
        from .cards import GAMES

        head = [say_n(lang, "sequence.puzzle.question", self.needed, title=GAMES[self.game][0],
                      seed=self.seed, team=TEAM),
                say_n(lang, "sequence.puzzle.within", self.turns),
                say(lang, "sequence.puzzle.hand", hand=" ".join(self.hand))]
        return "\n".join(head) + "\n" + self.position.text()


def check_turns(game: Game, turns: int, unique: bool = True) -> None:
    """A ClicktownError unless a puzzle of `turns` turns can exist: 1 or 2 turns, or up to the hand size."""
    if turns < 1:
        raise ClicktownError(f"--turns must be at least 1, got {turns}")
    size = hand_size(game.name, PLAYERS)
    if turns > size:
        raise ClicktownError(f"--turns {turns}: a hand of {game.title} for two players holds {size} cards "
                             "and nobody draws, so a puzzle has at most that many turns")
    if unique and turns > 2:
        raise ClicktownError("a unique winning first move exists only for 1 or 2 turns when opponents pass")


def generate_puzzle(game: Game, seed: int, turns: int = 2, unique: bool = True, attempts=range(5000)) -> Puzzle:
    """The first candidate from random.Random(seed) that passes every check."""
    check_turns(game, turns, unique)
    rng = random.Random(seed)
    needed = sequences_needed(game.name, 2, PLAYERS)
    for _ in attempts:
        candidate = _candidate(rng, game, turns, needed)
        puzzle = candidate and _check(game, seed, *candidate, turns, needed, unique)
        if puzzle:
            return puzzle
    raise ClicktownError(f"no puzzle found for seed {seed}; try another seed")


def _candidate(rng: random.Random, game: Game, turns: int, needed: int):
    """A random (position, hand) with a planted win in `turns`, or None when planting failed."""
    cells = list(empty_position().cells)
    for i in CELLS:
        if i not in CORNERS and rng.random() < DENSITY:
            cells[i] = rng.choice((TEAM, OPPONENT))
    made = None
    if needed == 2:
        made = rng.choice(WINDOWS)
        for c in made.cells:
            if c not in CORNERS:
                cells[c] = TEAM.lower()
    target = rng.choice([w for w in WINDOWS if made is None or not conflicting(w, made)])
    steps = _steps(rng, turns)
    open_cells = [c for c in target.cells if c not in CORNERS and (made is None or c not in made.cells)]
    if len(open_cells) < len(steps):
        return None
    gaps = rng.sample(open_cells, len(steps))
    for c in target.cells:
        if c not in CORNERS and cells[c] != TEAM.lower():
            cells[c] = TEAM
    for c, step in zip(gaps, steps):
        cells[c] = "." if step == 1 else OPPONENT
    position = Position("".join(cells))
    if count_fast(position, TEAM) >= needed or count_fast(position, OPPONENT) >= needed:
        return None
    hand = _deal(rng, game, position, gaps, steps)
    return (position, hand) if hand else None


def _steps(rng: random.Random, turns: int) -> list[int]:
    """Gap costs summing to `turns`: 1 for an empty gap, 2 for one held by an opponent chip."""
    steps = []
    while sum(steps) < turns:
        steps.append(2 if turns - sum(steps) >= 2 and rng.random() < 0.5 else 1)
    return steps if turns != 2 or len(steps) == 1 else [2]


def _deal(rng: random.Random, game: Game, position: Position, gaps: list[int], steps: list[int]):
    """A hand of the two-player size holding what fills the gaps, the rest drawn at random."""
    stock = [card for name, card in game.deck.cards.items() for _ in range(game.deck.copies[name])]
    rng.shuffle(stock)
    hand: list[Card] = []
    for cell, step in zip(gaps, steps):
        label = game.board.label(cell)
        wanted = [lambda c, label=label: c.action == "place" and c.names == label]
        if step == 2:
            wanted.append(lambda c: c.action == "remove")
        for fits in wanted:
            pick = next((c for c in stock if fits(c)), None)
            if pick is None:
                return None
            stock.remove(pick)
            hand.append(pick)
    size = hand_size(game.name, PLAYERS)
    hand.extend(stock[:max(0, size - len(hand))])
    rng.shuffle(hand)
    return tuple(hand)


def _check(game: Game, seed: int, position: Position, hand: tuple[Card, ...], turns: int, needed: int, unique: bool):
    """The puzzle when the shortest win is exactly `turns` (search and CP-SAT) and, if asked, unique."""
    found = solve_search(game, position, TEAM, hand, turns, needed)
    if found.turns != turns or solve_cpsat(game, position, TEAM, hand, turns, needed).turns != turns:
        return None
    first = tuple(winning_first_moves(game, position, TEAM, hand, turns, needed))
    if unique and len(first) != 1:
        return None
    return Puzzle(game.name, seed, position, tuple(c.name for c in hand), turns, needed, found, first)
