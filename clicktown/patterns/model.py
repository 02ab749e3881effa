"""The CP-SAT model of Wild Wild Pattern statements, and the uses no enumerator gives.

The model states the rules of engine.py a second time, as constraints:
- a wheel is 8 x (number of traits) literals `has[i][v]` ("the card at position i shows trait v"),
  fixed for known cards, decided by one-hot card choices for unknown ones;
- a statement is a direction literal and one-hot trigger and target choices, exactly one of the two
  an OBJECT; known statements are constants;
- "<direction> every trigger there is always target": for every position i, trigger at i implies
  target at the neighbour (i + step for "after", i - step for "before"); it is valid when that holds
  and at least `min_occurrences` cards show the trigger; involved = trigger cards and named neighbours.

Uses (a third, `reference.model_patterns`, lists every valid pattern on a full wheel by
enumerating all solutions of the statement: the tests hold the enumerator to it):
- `complete_wild(wheel, card, deck, rules)`: fill the gaps of a partial wheel from the deck so that
  covering some position with `card` creates a Wild Wild Pattern.
- `generate_puzzle(deck, seed, rules)`: a wheel and a drawn card, from the deck, with exactly one
  pattern-creating move (position and statement). Every puzzle is re-checked by the enumerator;
  each extra move the check finds becomes a constraint and the model is solved again.

Counting solutions uses one worker only (more workers miss solutions in OR-Tools 9.15).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass

from ortools.sat.python import cp_model

from ..errors import ClicktownError, TimeUp
from .cards import WHEEL_SIZE, Card, Deck, Wheel, vocabulary
from .analysis import Pattern, Rules, Statement, all_statements, created_patterns, moves


# ---- literals: Python bools for what is known, CP-SAT literals for what is not --------------

class Literals:
    """AND / OR / NOT over literals that may be constants; every new literal is fully reified."""

    def __init__(self, model: cp_model.CpModel):
        self.model = model
        self._cache: dict = {}

    def not_(self, lit):
        """The negation of a literal or constant."""
        return (not lit) if isinstance(lit, bool) else ~lit

    def and_(self, lits):
        """A literal equal to the conjunction of `lits`."""
        if any(l is False for l in lits):
            return False
        rest = [l for l in lits if l is not True]
        return self._gate("and", rest, True)

    def or_(self, lits):
        """A literal equal to the disjunction of `lits`."""
        if any(l is True for l in lits):
            return True
        rest = [l for l in lits if l is not False]
        return self._gate("or", rest, False)

    def _gate(self, op: str, lits, empty: bool):
        """A new (cached) literal equal to AND or OR of non-constant literals."""
        if not lits:
            return empty
        if len(lits) == 1:
            return lits[0]
        key = (op, frozenset(l.index for l in lits))
        if key not in self._cache:
            b = self.model.new_bool_var(f"{op}{len(self._cache)}")
            if op == "and":
                self.model.add_bool_and(lits).only_enforce_if(b)
                self.model.add_bool_or([~l for l in lits]).only_enforce_if(~b)
            else:
                self.model.add_bool_or(lits).only_enforce_if(b)
                self.model.add_bool_and([~l for l in lits]).only_enforce_if(~b)
            self._cache[key] = b
        return self._cache[key]

    def at_least(self, lits, least: int, name: str):
        """A literal for "at least `least` of `lits` are true"."""
        known = sum(1 for l in lits if l is True)
        free = [l for l in lits if not isinstance(l, bool)]
        if known >= least:
            return True
        if known + len(free) < least:
            return False
        b = self.model.new_bool_var(name)
        self.model.add(sum(free) >= least - known).only_enforce_if(b)
        self.model.add(sum(free) <= least - known - 1).only_enforce_if(~b)
        return b

    def require(self, lit, value: bool = True) -> None:
        """Constrain a literal (or check a constant) to `value`; a false constant makes the model infeasible."""
        if isinstance(lit, bool):
            if lit != value:
                self.model.add_bool_or([])
        else:
            self.model.add_bool_and([lit if value else ~lit])


def value_of(solver: cp_model.CpSolver, lit) -> bool:
    """The value of a literal or constant in a solution."""
    return lit if isinstance(lit, bool) else bool(solver.boolean_value(lit))


# ---- wheels and statements as literals --------------------------------------------------------

@dataclass
class StatementLits:
    """A statement as literals: direction (True = after), one-hot trigger and target over traits."""

    after: object
    trigger: list
    target: list


def fixed_statement(statement: Statement) -> StatementLits:
    """A known statement as constants."""
    traits = vocabulary().traits
    return StatementLits(statement.direction == "after",
                         [t == statement.trigger for t in traits], [t == statement.target for t in traits])


def free_statement(model: cp_model.CpModel) -> StatementLits:
    """An unknown statement: direction, trigger and target to be decided; exactly one is an object."""
    traits = vocabulary().traits
    trigger = [model.new_bool_var(f"trigger_{t.value}") for t in traits]
    target = [model.new_bool_var(f"target_{t.value}") for t in traits]
    model.add_exactly_one(trigger)
    model.add_exactly_one(target)
    objects = [i for i, t in enumerate(traits) if t.attribute == "object"]
    model.add(sum(trigger[i] for i in objects) + sum(target[i] for i in objects) == 1)
    return StatementLits(model.new_bool_var("after"), trigger, target)


def read_statement(solver: cp_model.CpSolver, s: StatementLits) -> Statement:
    """The statement a solution chose."""
    traits = vocabulary().traits
    trigger = next(t for t, l in zip(traits, s.trigger) if value_of(solver, l))
    target = next(t for t, l in zip(traits, s.target) if value_of(solver, l))
    return Statement("after" if value_of(solver, s.after) else "before", trigger, target)


def card_lits(card: Card) -> list[bool]:
    """The traits of a known card as constants."""
    return [card.has(t) for t in vocabulary().traits]


def chosen_card_lits(lits: Literals, choice: dict[Card, object]) -> list:
    """The traits of a card picked by one-hot `choice` (card -> literal)."""
    return [lits.or_([l for card, l in choice.items() if card.has(t)]) for t in vocabulary().traits]


def covered_lits(lits: Literals, has: list[list], position, card: list) -> list[list]:
    """The wheel after `card` covers a position: `position` is an int, or a list of one-hot literals."""
    after = []
    for i in range(WHEEL_SIZE):
        here = (position == i) if isinstance(position, int) else position[i]
        after.append([lits.or_([lits.and_([here, c]), lits.and_([lits.not_(here), h])])
                      for h, c in zip(has[i], card)])
    return after


@dataclass
class Validity:
    """A statement on a wheel, as literals: valid, the trigger cards, the involved cards."""

    valid: object
    triggers: list
    involved: list


def validity(lits: Literals, has: list[list], s: StatementLits, rules: Rules, name: str) -> Validity:
    """The literals saying whether statement `s` is a valid pattern on wheel `has`."""
    step = rules.step("after")
    n = WHEEL_SIZE
    triggers = [lits.or_([lits.and_([t, h]) for t, h in zip(s.trigger, has[i])]) for i in range(n)]
    targets = [lits.or_([lits.and_([t, h]) for t, h in zip(s.target, has[i])]) for i in range(n)]
    before = lits.not_(s.after)
    named = [lits.or_([lits.and_([s.after, targets[(i + step) % n]]),
                       lits.and_([before, targets[(i - step) % n]])]) for i in range(n)]
    holds = [lits.or_([lits.not_(triggers[i]), named[i]]) for i in range(n)]
    enough = lits.at_least(triggers, rules.min_occurrences, f"enough_{name}")
    involved = [lits.or_([triggers[i], lits.and_([s.after, triggers[(i - step) % n]]),
                          lits.and_([before, triggers[(i + step) % n]])]) for i in range(n)]
    return Validity(lits.and_(holds + [enough]), triggers, involved)


def one_worker_solver(seed: int = 0, time_limit: float = 30.0) -> cp_model.CpSolver:
    """A deterministic one-worker solver."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed % 2**31  # CP-SAT's seed is a 32-bit signed int; --seed goes to 2**32-1
    solver.parameters.max_time_in_seconds = time_limit
    return solver


# ---- use 2: complete a partial wheel so that a card can make a Wild Wild Pattern -------------

@dataclass(frozen=True)
class WildCompletion:
    """A partial wheel completed so that covering `position` with `card` creates a Wild Wild Pattern."""

    given: Wheel
    card: Card
    wheel: Wheel | None
    position: int | None
    pattern: Pattern | None

    def as_dict(self) -> dict:
        """given, card, possible, wheel (completed), position, covered, pattern."""
        found = self.wheel is not None
        return {"given": self.given.as_dict(), "card": str(self.card), "possible": found,
                "wheel": self.wheel.as_dict() if found else None, "position": self.position,
                "covered": str(self.wheel.cards[self.position]) if found else None,
                "pattern": self.pattern.as_dict() if found else None}


def _spare_cards(deck: Deck, used: list[Card]) -> Counter:
    """The deck's cards left after `used` (raising if the deck does not hold them)."""
    deck.check(used)
    spare = deck.counts()
    spare.subtract(Counter(used))
    return +spare


def _card_choice(model: cp_model.CpModel, cards, name: str) -> dict:
    """One-hot literals choosing one of `cards`."""
    choice = {c: model.new_bool_var(f"{name}_is_{c}") for c in sorted(cards)}
    model.add_exactly_one(choice.values())
    return choice


def _limit_copies(model: cp_model.CpModel, choices: list[dict], spare: Counter) -> None:
    """No card chosen more often than the deck has copies to spare."""
    for card, copies in spare.items():
        picks = [ch[card] for ch in choices if card in ch]
        if len(picks) > copies:
            model.add(sum(picks) <= copies)


def complete_wild(wheel: Wheel, card: Card, deck: Deck, rules: Rules = Rules()) -> WildCompletion:
    """Fill the gaps from the deck so that covering some position with `card` makes a Wild Wild Pattern."""
    spare = _spare_cards(deck, [c for c in wheel.cards if c is not None] + [card])
    model = cp_model.CpModel()
    lits = Literals(model)
    choices = {i: _card_choice(model, spare, f"gap{i}") for i in wheel.gaps()}
    _limit_copies(model, list(choices.values()), spare)
    has = [chosen_card_lits(lits, choices[i]) if c is None else card_lits(c) for i, c in enumerate(wheel.cards)]
    position = [model.new_bool_var(f"play_at_{i}") for i in range(WHEEL_SIZE)]
    model.add_exactly_one(position)
    s = free_statement(model)
    after = validity(lits, covered_lits(lits, has, position, card_lits(card)), s, rules, "after")
    lits.require(after.valid)
    for inv in after.involved:
        lits.require(inv)
    before = validity(lits, has, s, rules, "before")
    grew = [lits.and_([position[i], after.triggers[i], lits.not_(before.triggers[i])]) for i in range(WHEEL_SIZE)]
    lits.require(lits.or_([lits.not_(before.valid)] + (grew if rules.extend else [])))
    solver = one_worker_solver()
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        if status != cp_model.INFEASIBLE:
            raise ClicktownError("the solver found no answer within its time limit")
        return WildCompletion(wheel, card, None, None, None)
    filled = Wheel(tuple(c if c is not None else next(k for k, l in choices[i].items() if solver.boolean_value(l))
                         for i, c in enumerate(wheel.cards)))
    where = next(i for i, l in enumerate(position) if solver.boolean_value(l))
    statement = read_statement(solver, s)
    pattern = next((p for p in created_patterns(filled, where, card, rules)
                    if p.statement == statement and p.wild), None)
    if pattern is None:  # the model and the enumerator disagree: never report a false answer
        raise ClicktownError(f"internal check failed: {statement.text_en()} is not a Wild Wild Pattern "
                             f"on the completed wheel {filled}")
    return WildCompletion(wheel, card, filled, where, pattern)


# ---- use 3: a training puzzle with exactly one pattern-creating move --------------------------

@dataclass(frozen=True)
class Puzzle:
    """A wheel and a drawn card with exactly one pattern-creating move (position and statement)."""

    seed: int
    wheel: Wheel
    card: Card
    position: int
    pattern: Pattern
    rounds: int

    def as_dict(self) -> dict:
        """seed, wheel, card and the solution (position, covered card, pattern, reward)."""
        return {"seed": self.seed, "wheel": self.wheel.as_dict(), "card": str(self.card),
                "solution": {"position": self.position, "covered": str(self.wheel.cards[self.position]),
                             "pattern": self.pattern.as_dict(), "reward": self.pattern.reward().as_dict()},
                "solver_rounds": self.rounds}


class _PuzzleModel:
    """A wheel and a drawn card from the deck, with constraints on which moves create patterns."""

    def __init__(self, deck: Deck, rules: Rules):
        self.model = cp_model.CpModel()
        self.lits = Literals(self.model)
        self.rules = rules
        spare = deck.counts()
        self.slots = [_card_choice(self.model, spare, f"pos{i}") for i in range(WHEEL_SIZE)]
        self.drawn = _card_choice(self.model, spare, "drawn")
        _limit_copies(self.model, self.slots + [self.drawn], spare)
        self.has = [chosen_card_lits(self.lits, ch) for ch in self.slots]
        self.card = chosen_card_lits(self.lits, self.drawn)
        self._after: dict[int, list] = {}
        self._valid: dict = {}

    def _validity(self, position: int | None, statement: Statement) -> Validity:
        """The statement on the wheel before the move (position None) or after covering `position`."""
        key = (position, statement)
        if key not in self._valid:
            if position is None:
                wheel = self.has
            else:
                if position not in self._after:
                    self._after[position] = covered_lits(self.lits, self.has, position, self.card)
                wheel = self._after[position]
            self._valid[key] = validity(self.lits, wheel, fixed_statement(statement), self.rules,
                                        f"{position}_{len(self._valid)}")
        return self._valid[key]

    def creates(self, position: int, statement: Statement):
        """A literal: covering `position` with the drawn card creates `statement`."""
        after, before = self._validity(position, statement), self._validity(None, statement)
        new = [self.lits.not_(before.valid)]
        if self.rules.extend:  # one more trigger card than before
            new.append(self.lits.and_([after.triggers[position], self.lits.not_(before.triggers[position])]))
        parts = [after.valid, self.lits.or_(new)]
        if not self.rules.lenient:
            parts.append(after.involved[position])
        return self.lits.and_(parts)

    def hint(self, wheel: list[Card], card: Card) -> None:
        """Suggest a starting deal to the solver (the seed's random deal)."""
        for ch, wanted in zip(self.slots + [self.drawn], wheel + [card]):
            for c, l in ch.items():
                self.model.add_hint(l, c == wanted)

    def read(self, solver: cp_model.CpSolver) -> tuple[Wheel, Card]:
        """The wheel and the drawn card of a solution."""
        pick = lambda ch: next(c for c, l in ch.items() if solver.boolean_value(l))  # noqa: E731
        return Wheel(tuple(pick(ch) for ch in self.slots)), pick(self.drawn)


def creating_moves(wheel: Wheel, card: Card, rules: Rules) -> list[tuple[int, Pattern]]:
    """Every (position, pattern) the card creates on the wheel, by the enumerator."""
    return [(m.position, p) for m in moves(wheel, card, rules) for p in m.patterns]


def generate_puzzle(deck: Deck, seed: int = 0, rules: Rules = Rules(),
                    attempts: int = 20, rounds: int = 40, time_limit: float = 60.0) -> Puzzle:
    """A puzzle with exactly one pattern-creating move, for this seed (the same seed, the same puzzle).

    The search is bounded: `attempts` goals, `rounds` solver calls each, `time_limit` seconds in all.
    """
    _check_possible(deck, rules)
    rng = random.Random(seed)
    statements = all_statements()
    deadline = time.monotonic() + time_limit
    for _ in range(attempts):
        goal, where = rng.choice(statements), rng.randrange(WHEEL_SIZE)
        deal = rng.sample(list(deck.cards), WHEEL_SIZE + 1)
        puzzle = _solve_for(deck, rules, goal, where, deal, seed, rounds, deadline)
        if puzzle is not None:
            return puzzle
        if time.monotonic() >= deadline:
            raise TimeUp(f"no answer within {time_limit:g} s: no puzzle found for seed {seed} (raise --time-limit "
                         f"or try another seed)")
    raise ClicktownError(f"no puzzle found for seed {seed} in {attempts} attempts; try another seed")


def _check_possible(deck: Deck, rules: Rules) -> None:
    """Raise when no wheel from this deck can hold a pattern occurring `min_occurrences` times.

    A pattern with k occurrences shows its object on k different cards (the k trigger cards when the
    trigger is the object, else the k cards after them), so it needs k cards of one object.
    """
    most = max(Counter(card.object for card in deck.cards).values())
    k = rules.min_occurrences
    if k > most:
        raise ClicktownError(f"no puzzle exists with --min-occurrences {k}: a pattern occurring {k} times needs "
                             f"{k} cards with the same object, and the deck holds at most {most} cards of any object")


def _solve_for(deck, rules, goal: Statement, where: int, deal, seed: int, rounds: int,
               deadline: float) -> Puzzle | None:
    """Solve for a deal where only (where, goal) creates a pattern; None when there is none (or time is up)."""
    pm = _PuzzleModel(deck, rules)
    pm.lits.require(pm.creates(where, goal))
    pm.hint(deal[:WHEEL_SIZE], deal[WHEEL_SIZE])
    for round_ in range(1, rounds + 1):
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        solver = one_worker_solver(seed, min(30.0, left))
        if solver.solve(pm.model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        wheel, card = pm.read(solver)
        found = creating_moves(wheel, card, rules)
        extra = [(p, pat.statement) for p, pat in found if (p, pat.statement) != (where, goal)]
        if not extra:
            pattern = next(pat for p, pat in found if p == where and pat.statement == goal)
            return Puzzle(seed, wheel, card, where, pattern, round_)
        for p, statement in extra:
            pm.lits.require(pm.creates(p, statement), False)
    return None
