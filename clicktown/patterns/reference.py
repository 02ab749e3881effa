"""Wild Wild Pattern's reference implementations: the rules judged plainly, slow, and called only by
the tests (and the benchmarks), which hold the fast forms the product uses to the same answers.

  model_patterns  every valid pattern on a full wheel, as all the solutions of the CP-SAT model of
                  `model.py`; of the enumerator `analysis.valid_patterns`
  trial           one random deal judged by the readable engine (`analysis`); of the batch engine
                  `batch`, which `stats.tally` runs
  summarize       the trials judged one by one, counted as `stats.tally` counts them
  hand_tally      a hand's tally card by card; of the Bank's tallies kept from card to card

`analysis` itself (statements, the enumerator, moves, judging) is the readable engine the game and
the commands use, and `Bank.payout` the readable form of `Bank.paid_for`: both stay in the product.
"""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from ..arena.rates import Rate
from ..errors import ClicktownError
from .analysis import DIRECTIONS, Pattern, Rules, has_move, holds_wild
from .bank import card_tally
from .cards import WHEEL_SIZE, Card, Wheel, vocabulary
from .model import (Literals, StatementLits, Validity, card_lits, free_statement, one_worker_solver, read_statement,
                    validity, value_of)


class _PatternCollector(cp_model.CpSolverSolutionCallback):
    """Collects one Pattern per solution of the free statement."""

    def __init__(self, s: StatementLits, v: Validity, rules: Rules):
        super().__init__()
        self.s, self.v, self.rules, self.found = s, v, rules, []

    def on_solution_callback(self):
        statement = read_statement(self, self.s)
        k = sum(value_of(self, t) for t in self.v.triggers)
        involved = tuple(i for i, l in enumerate(self.v.involved) if value_of(self, l))
        self.found.append(Pattern(statement, k, involved, 1 if k == self.rules.min_occurrences else 2,
                                  len(involved) == WHEEL_SIZE))


class _Lister:
    """The listing model built once per rules: the wheel's trait literals are variables whose
    domains are fixed to each wheel's cards before solving."""

    def __init__(self, rules: Rules):
        self.model = cp_model.CpModel()
        lits = Literals(self.model)
        traits = vocabulary().traits
        self.has = [[self.model.new_bool_var(f"pos{i}_{t.value}") for t in traits] for i in range(WHEEL_SIZE)]
        for row in self.has:  # a card shows exactly one trait of each attribute
            for attribute in ("color", "suit", "object"):
                self.model.add_exactly_one(l for l, t in zip(row, traits) if t.attribute == attribute)
        self.statement = free_statement(self.model)
        self.validity = validity(lits, self.has, self.statement, rules, "wheel")
        lits.require(self.validity.valid)
        self.rules = rules

    def patterns(self, wheel: Wheel) -> list[Pattern]:
        """Fix the wheel's cards, then collect every solution."""
        variables = self.model.proto.variables
        for row, card in zip(self.has, wheel.cards):
            for lit, shown in zip(row, card_lits(card)):
                domain = variables[lit.index].domain
                domain[0] = domain[1] = int(shown)
        solver = one_worker_solver()
        solver.parameters.enumerate_all_solutions = True
        collector = _PatternCollector(self.statement, self.validity, self.rules)
        solver.solve(self.model, collector)
        return sorted(collector.found, key=_pattern_order)


_LISTERS: dict = {}


def model_patterns(wheel: Wheel, rules: Rules = Rules()) -> list[Pattern]:
    """Every valid pattern on a full wheel, as all the solutions of the CP-SAT model."""
    if wheel.gaps():
        raise ClicktownError(f"the wheel has gaps at positions {wheel.gaps()}; give all 8 cards")
    key = (rules.after, rules.min_occurrences)
    if key not in _LISTERS:
        _LISTERS[key] = _Lister(rules)
    return _LISTERS[key].patterns(wheel)


def _pattern_order(p: Pattern):
    """The enumerator's order: direction, trigger, target (vocabulary order)."""
    index = {t: i for i, t in enumerate(vocabulary().traits)}
    s = p.statement
    return DIRECTIONS.index(s.direction), index[s.trigger], index[s.target]


@dataclass(frozen=True)
class Trial:
    """One random deal: does the wheel hold a Wild Wild Pattern, is the drawn card without a move?"""

    wild_wheel: bool
    no_move: bool


def trial(wheel: Wheel, card: Card, rules: Rules = Rules()) -> Trial:
    """One deal judged by the readable engine."""
    return Trial(holds_wild(wheel, rules), not has_move(wheel, card, rules))


def summarize(all_trials) -> dict[str, Rate]:
    """Count trials judged one by one: the wheels holding a Wild Wild Pattern, the drawn cards without a move."""
    n = wild = stuck = 0
    for one in all_trials:
        n += 1
        wild += one.wild_wheel
        stuck += one.no_move
    return {"wild_wheel": Rate(wild, n), "no_move": Rate(stuck, n)}


def hand_tally(cards) -> int:
    """The tally of a hand of cards (the sum of theirs)."""
    return sum(map(card_tally, cards))
