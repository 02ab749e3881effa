"""The deduction ladder on bit masks (`ladder.py`) against the readable one (`deduce.py`): the same
steps (technique, card, markers removed, my buildings found and ruled out, depth), the same ending
and solution, on the rulebook's scenarios, on random puzzles (true cards and random cards, so
contradictions too) and on the minimal puzzles the generator grades."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.puzzles.deduce import TIERS, deduce
from clicktown.oldtown.puzzles.generate import OldTownGame
from clicktown.oldtown.puzzles.grade import grade_puzzle
from clicktown.oldtown.puzzles.ladder import Ladder, climb, closure, hall_nodes, perfect_matching
from clicktown.oldtown.solo import Puzzle

CATALOGUE = load_catalogue()
GAME = OldTownGame(CATALOGUE)


def reference_steps(deduction):
    return [(s.technique, s.card, frozenset(s.removed), frozenset(s.mine_found), frozenset(s.not_mine), s.depth)
            for s in deduction.steps]


def ladder_steps(result, names):
    def members(mask):
        return frozenset(names[i] for i in range(len(names)) if mask >> i & 1)

    return [(m.technique, m.card,
             frozenset((names[b], p) for b, gone in m.removed.items() for p in range(17) if gone >> p & 1),
             members(m.found), members(m.gone), m.depth) for m in result.steps]


def same_climb(puzzle: Puzzle) -> set[str]:
    """Assert both ladders take the same steps to the same end; the techniques used."""
    reference, fast = deduce(puzzle), climb(puzzle)
    assert ladder_steps(fast, list(puzzle.buildings)) == reference_steps(reference)
    assert fast.status == reference.status
    assert fast.solution() == reference.solution()
    assert (fast.techniques, fast.hardest) == (reference.techniques, reference.hardest)
    assert grade_puzzle(puzzle, solutions=1, deduction=fast) == grade_puzzle(puzzle, solutions=1, deduction=reference)
    return set(reference.techniques)


@pytest.mark.parametrize("ident", sorted(CATALOGUE.scenarios))
def test_the_rulebook_scenarios_climb_the_same_steps(ident):
    same_climb(CATALOGUE.puzzle(CATALOGUE.scenarios[ident]))


def random_cards(rng: random.Random, draft, take: int) -> list:
    """`take` cards of the catalogue, B cards bound to a random building or left unbound."""
    names = CATALOGUE.building_names
    cards = rng.sample(sorted(CATALOGUE.cards), take)
    return [(n, None if CATALOGUE.cards[n].kind != "B" else rng.choice([None, *names])) for n in cards]


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**9), level=st.sampled_from(["leicht", "mittel", "schwer"]),
       shape=st.sampled_from(["prefix", "subset", "random"]))
def test_random_puzzles_climb_the_same_steps(seed, level, shape):
    rng = random.Random(seed)
    draft = GAME.draw(rng, level)
    take = rng.randint(1, len(draft.pool))
    if shape == "prefix":
        clues = list(draft.pool[:take])
    elif shape == "subset":
        clues = rng.sample(list(draft.pool), take)
    else:
        clues = random_cards(rng, draft, rng.randint(1, 16))
    same_climb(GAME.puzzle(draft, clues))


def test_the_generators_minimal_puzzles_climb_the_same_steps():
    graded = []
    game = OldTownGame(CATALOGUE)
    game.grade = lambda draft, clues: graded.append(game.puzzle(draft, clues)) or OldTownGame.grade(game, draft, clues)
    from clicktown.oldtown.puzzles.generate import generate_scenarios

    for seed in (3, 6):
        list(generate_scenarios(CATALOGUE, "schwer", 4, seed, game=game))
    used = set().union(*(same_climb(p) for p in graded))
    assert {"case-split", "long-case", "unbound-case", "chain", "group", "pair", "unknown-mine"} <= used
    assert len(graded) == 21


@pytest.mark.parametrize("seed, take", [(725, 34), (1136, 29), (1153, 28), (1196, 34)])
def test_unknown_my_buildings_split_by_sets_climb_the_same_steps(seed, take):
    draft = GAME.draw(random.Random(seed), "schwer")
    assert not draft.mine_known
    assert "mine-sets" in same_climb(GAME.puzzle(draft, list(draft.pool[:take])))


def test_hall_sets_are_the_smallest_tight_sets():
    # three buildings on plots 1-3, the other fifteen anywhere else (plots 4-16 and out of town)
    everywhere_else = (1 << 17) - 1 & ~0b1110
    nodes = [hall_nodes(c) for c in [0b1110] * 3 + [everywhere_else] * 15]
    owner = perfect_matching(nodes)
    assert owner is not None and sorted(owner.values()) == list(range(18))
    assert closure(nodes, owner, 0) == (0b111, 0b111)  # from plot 1: the three buildings on plots 1-3
    rest = (1 << 18) - 1 & ~0b111
    assert closure(nodes, owner, 16) == (rest, rest)  # from out of town: the fifteen others
    assert perfect_matching([hall_nodes(0b10)] * 2 + nodes[2:]) is None  # two buildings with plot 1 alone
