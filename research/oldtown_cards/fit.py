"""Fit the 60 info cards to the rulebook by local search over rival solutions.

The rulebook says every solo scenario has exactly one solution (scenario 7: exactly two). A
catalogue meets that when every *rival* of a scenario's intended solution (another town, or the same
town with other my-buildings) is rejected by some card of the scenario. The search:

  * pools rivals: at first those one small change away from the intended solutions, later every
    one the exact counter (`count.py`) finds;
  * changes one card at a time (min-conflicts): for a surviving rival, the option of one card of
    its scenario that leaves the fewest weighted rivals alive; rivals that outlive a local minimum
    weigh more, and the weights relax now and then; every LNS_EVERY moves, a few cards are set anew
    together by CP-SAT;
  * scores every option of a card at once: for each card and scenario a Boolean matrix says which
    option accepts which pooled rival (numpy), so a move costs a few matrix products;
  * recounts every scenario when no pooled rival survives, and stops when the counter finds none;
    then `polish` tries cheaper options card by card under the same exact check.

Scenario 8 (my buildings not printed) gets the my-buildings that suit its cards; scenario 7 (its
plan partly lost) gets a town, two fixed my-buildings and type-C options planned together by CP-SAT
(`plan_open_town`). Both are then frozen: every card keeps only the options that agree with them.
A town of 7 planned for the cards of the moment can leave the other scenarios no way out, so at
the start and every REPLAN_EVERY moves 7's town and every card are planned anew together, with
every pooled rival rejected (`replan.py`), and frozen again.
Everything random draws from one seeded generator and CP-SAT runs with one worker and deterministic
limits, so a seed and a number of steps fix the result.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from clicktown.oldtown.catalogue import KIND_OF_NUMBER, map_region
from clicktown.oldtown.solve.count import Counter
from .scenarios import (QUOTED, _fits_region, _fits_relation, _rank, _where, card_vocabulary, neighbour_towns,
                        surviving_rows)
from .town_model import PLOTS, footnote_rules, one_worker, open_town_model
from clicktown.oldtown.solo import Clue, Puzzle, Solution, clue_holds

RIVAL_WEIGHT = 100  # one pooled rival that survives
BROKEN_WEIGHT = 1000  # a card that rejects an intended solution of 7 or 8
MAP_COST = 4  # a type-A card given only by its plan (no sentence of the board says it)
TWIN_COST = 30  # two type-A cards naming the same building
ROW_COST = 1  # scenario 7: a building away from the row its surviving cell gives it
QUOTE_REWARD = 2
LNS_EVERY = 50  # every so many moves, a few cards are set anew together by CP-SAT
REPLAN_EVERY = 1000  # every so many moves, scenario 7's town and all cards are planned anew (CP-SAT)
PER_COUNT_OPEN = 200  # rivals the counter pools per scenario and round when 7 is fitted (40 otherwise)


@dataclass
class Option:
    """One thing a card can say: the building it names (A, C) and its plots or pairs."""

    building: str | None
    key: str
    plots: frozenset = frozenset()
    pairs: frozenset = frozenset()
    cost: float = 0.0


@dataclass
class Rivals:
    """The pooled rival solutions of one scenario, as arrays: plot of each building (0 = not in
    town) and whether each building is mine."""

    pos: np.ndarray
    mine: np.ndarray
    weight: np.ndarray
    seen: dict = field(default_factory=dict)  # solution -> its row

    @classmethod
    def empty(cls, n_buildings: int) -> "Rivals":
        return cls(np.zeros((0, n_buildings), dtype=np.int64), np.zeros((0, n_buildings), dtype=bool),
                   np.zeros(0))

    def __len__(self) -> int:
        return len(self.pos)


def town_arrays(solutions, index) -> tuple[np.ndarray, np.ndarray]:
    """Solutions as (plot of each building, my buildings) arrays."""
    pos = np.zeros((len(solutions), len(index)), dtype=np.int64)
    mine = np.zeros((len(solutions), len(index)), dtype=bool)
    for t, sol in enumerate(solutions):
        for p, b in sol.town:
            pos[t, index[b]] = p
        for b in sol.mine:
            mine[t, index[b]] = True
    return pos, mine


def _plot_table(options) -> np.ndarray:
    """options x 17: does the option allow plot p (column 0 = not in town: never)."""
    table = np.zeros((len(options), 17), dtype=bool)
    for i, o in enumerate(options):
        table[i, list(o.plots)] = True
    return table


def _pair_table(options) -> np.ndarray:
    """options x 17 bit masks: the plots of my building the option relates to plot p."""
    table = np.zeros((len(options), 17), dtype=np.int64)
    for i, o in enumerate(options):
        for p, q in o.pairs:
            if p != q:
                table[i, p] |= 1 << q
    return table


class Acceptance:
    """Which option of a card accepts which town, computed for many options and towns at once."""

    def __init__(self, kind: str, options: list[Option], index: dict[str, int]):
        self.kind, self.options = kind, options
        self.column = np.array([index[o.building] if o.building else 0 for o in options], dtype=np.int64)
        self.plots = _plot_table(options) if kind != "C" else None
        self.pairs = _pair_table(options) if kind == "C" else None

    def of(self, pos: np.ndarray, mine: np.ndarray, bound: int | None) -> np.ndarray:
        """options x towns Booleans; `bound` is the building a type-B card is bound to (or None)."""
        if self.kind == "C":
            return self._related(pos, mine)
        if self.kind == "B" and bound is None:
            out = np.zeros((len(self.options), len(pos)), dtype=bool)
            for m in range(pos.shape[1]):
                out |= self.plots[:, pos[:, m]] & mine[:, m]
            return out
        if self.kind == "B":
            return self.plots[:, pos[:, bound]]
        where = pos[:, self.column].T  # options x towns: plot of the named building
        return np.take_along_axis(self.plots, where, axis=1)

    def _related(self, pos, mine) -> np.ndarray:
        bits = np.where(pos > 0, np.left_shift(1, pos), 0) * mine  # towns x buildings
        total = bits.sum(axis=1)  # distinct plots: a plain sum is an OR
        where = pos[:, self.column].T  # options x towns
        others = (total[None, :] - bits[:, self.column].T)  # my plots, the named building's own aside
        rows = np.take_along_axis(self.pairs, where, axis=1)
        return (rows & others) != 0


@dataclass
class Card:
    number: int
    kind: str
    options: list[Option]
    acceptance: Acceptance
    uses: list[tuple[str, int | None]]  # (scenario id, bound building index or None)


@dataclass
class Goal:
    """A scenario as the search sees it: its cards, its intended solutions, its pooled rivals."""

    id: str
    cards: list[tuple[int, int | None]]  # (card number, bound building index)
    mine: frozenset | None
    mine_count: int
    town: dict[int, str]
    chosen_mine: frozenset = frozenset()
    swap: tuple[str, ...] = ()
    rows: list[list[str]] = field(default_factory=list)  # 7: the surviving rows (a hint)
    rivals: Rivals | None = None
    accept: dict = field(default_factory=dict)  # card -> options x rivals Booleans

    def intended(self) -> list[Solution]:
        if self.mine is not None:
            return [Solution.of(self.town, self.mine)]
        if self.swap:
            return [Solution.of(self.town, {*self.chosen_mine, x}) for x in self.swap]
        return [Solution.of(self.town, self.chosen_mine)]


class Search:
    """The min-conflicts search; see the module docstring."""

    def __init__(self, cards: dict[int, Card], goals: dict[str, Goal], buildings: tuple[str, ...],
                 choice: dict[int, int], quoted=(), seed: int = 0):
        self.cards, self.goals, self.buildings = cards, goals, buildings
        self.index = {b: i for i, b in enumerate(buildings)}
        self.choice = dict(choice)
        self.quoted = set(quoted)
        self.random = random.Random(seed)
        self.tabu: dict = {}
        self.step = 0
        self.allowed: dict[int, np.ndarray] = {}  # card -> options that agree with the frozen towns
        self.frozen = False
        self.reweighs = 0
        self.best = None  # (rank, choice, towns and my buildings, rivals left) of the best judged state
        self.broken_now: dict[str, int] = {}
        self.base_allowed: dict[int, np.ndarray] | None = None  # before 7's town froze the options
        self.plan_taken = False  # 7's town came from the start catalogue
        for g in goals.values():
            g.rivals = Rivals.empty(len(buildings))

    # -- the pool of rivals ----------------------------------------------------------------------

    def add_rivals(self, goal: Goal, solutions) -> int:
        """Pool the solutions that are new and not intended; return how many joined."""
        intended = set(goal.intended())
        new = [s for s in solutions if s not in intended and s not in goal.rivals.seen]
        new = list(dict.fromkeys(new))
        if not new:
            return 0
        pos, mine = town_arrays(new, self.index)
        goal.rivals.seen.update((sol, len(goal.rivals) + i) for i, sol in enumerate(new))
        goal.rivals.pos = np.vstack([goal.rivals.pos, pos])
        goal.rivals.mine = np.vstack([goal.rivals.mine, mine])
        goal.rivals.weight = np.concatenate([goal.rivals.weight, np.ones(len(new))])
        for n, bound in goal.cards:
            card = self.cards[n]
            fresh = card.acceptance.of(pos, mine, bound)
            old = goal.accept.get(n)
            goal.accept[n] = fresh if old is None else np.hstack([old, fresh])
        return len(new)

    def surviving(self, goal: Goal, without: int | None = None) -> np.ndarray:
        """Rivals of the goal that every card (but `without`) accepts."""
        alive = np.ones(len(goal.rivals), dtype=bool)
        if not len(goal.rivals):
            return alive
        for n, _ in goal.cards:
            if n != without:
                alive &= goal.accept[n][self.choice[n]]
        if goal.mine is None:  # a pooled rival may have become the intended solution since
            for sol in goal.intended():
                if sol in goal.rivals.seen:
                    alive[goal.rivals.seen[sol]] = False
        return alive

    # -- the score ---------------------------------------------------------------------------------

    def broken(self, goal: Goal, n: int, bound) -> np.ndarray:
        """Per option of card n: how many intended solutions of the goal it rejects."""
        pos, mine = town_arrays(goal.intended(), self.index)
        return (~self.cards[n].acceptance.of(pos, mine, bound)).sum(axis=1)

    def broken_count(self, goal: Goal) -> int:
        """How many (card, intended solution) pairs of the goal disagree under the current options."""
        puzzle = clues_of(self, goal)
        out = 0
        for sol in goal.intended():
            position = sol.position
            out += sum(not clue_holds(c, position, sol.mine) for c in puzzle.clues)
        return out

    def card_cost(self, n: int) -> np.ndarray:
        """Per option of card n: its own cost (map region, quotes) and twins among type-A cards."""
        card = self.cards[n]
        cost = np.array([o.cost - QUOTE_REWARD * ((card.kind, o.building, o.key) in self.quoted)
                         for o in card.options], dtype=float)
        if card.kind == "A":
            named = [self.cards[m].options[self.choice[m]].building for m in self.cards
                     if self.cards[m].kind == "A" and m != n]
            cost += TWIN_COST * np.array([named.count(o.building) for o in card.options])
        return cost

    def option_scores(self, n: int) -> np.ndarray:
        """The whole score change of setting card n to each of its options (lower is better)."""
        card = self.cards[n]
        score = self.card_cost(n)
        if n in self.allowed:
            score[~self.allowed[n]] = np.inf
        for sid, bound in card.uses:
            goal = self.goals[sid]
            others = self.surviving(goal, without=n)
            score += RIVAL_WEIGHT * (goal.accept[n][:, others] @ goal.rivals.weight[others])
            if goal.mine is None and not self.frozen:
                score += BROKEN_WEIGHT * self.broken(goal, n, bound)
        return score

    def repair(self, goal: Goal) -> None:
        """Give every card of the goal that rejects an intended solution its cheapest option that
        does not (left as it is when there is none)."""
        for n, bound in goal.cards:
            broken = self.broken(goal, n, bound)
            if broken[self.choice[n]]:
                allowed = self.allowed.get(n, np.ones(len(broken), dtype=bool))
                cost = self.card_cost(n) + np.where((broken == 0) & allowed, 0, np.inf)
                if np.isfinite(cost.min()):
                    self.choice[n] = int(cost.argmin())

    def freeze(self) -> None:
        """Keep the towns and my-buildings of 7 and 8 from now on: every card keeps only the
        options that agree with them, so no move can break an intended solution again."""
        self.frozen = True
        for goal in self.goals.values():
            if goal.mine is None and len(goal.town) == 16:
                for n, bound in goal.cards:
                    ok = self.broken(goal, n, bound) == 0
                    self.allowed[n] = ok if n not in self.allowed else self.allowed[n] & ok

    def total(self) -> tuple[float, dict[str, int]]:
        """The score of the current state and the surviving rivals per scenario."""
        alive, score = {}, 0.0
        for sid, g in self.goals.items():
            living = self.surviving(g)
            alive[sid] = int(living.sum())
            score += RIVAL_WEIGHT * float(g.rivals.weight[living].sum())
        self.broken_now = {}
        for g in self.goals.values():
            if g.mine is None:
                self.broken_now[g.id] = self.broken_count(g)
                score += BROKEN_WEIGHT * self.broken_now[g.id]
            score += ROW_COST * self.row_misses(g)
        score += sum(self.card_cost(n)[self.choice[n]] for n in self.cards) - self._twin_double_count()
        return score, alive

    def _twin_double_count(self) -> float:
        """card_cost counts each twin pair from both sides; the total counts it once."""
        named = [self.cards[n].options[self.choice[n]].building for n in self.cards if self.cards[n].kind == "A"]
        pairs = sum(named.count(b) * (named.count(b) - 1) // 2 for b in set(named))
        return TWIN_COST * pairs

    def row_misses(self, goal: Goal) -> int:
        if not goal.rows:
            return 0
        where = {b: p for p, b in goal.town.items()}
        return sum(1 for r, row in enumerate(goal.rows) for b in row if (where.get(b, 0) - 1) // 4 != r)

    # -- moves ---------------------------------------------------------------------------------------

    def card_move(self, n: int, rival: int | None = None, goal: Goal | None = None):
        """The best option for card n that is not tabu (and rejects the goal's rival, if given),
        with its score change; (inf, None) when there is none."""
        scores = self.option_scores(n)
        current = scores[self.choice[n]]
        for i, until in list(self.tabu.get(n, {}).items()):
            if until > self.step:
                scores[i] = np.inf
        scores[self.choice[n]] = np.inf
        if rival is not None:
            scores[goal.accept[n][:, rival]] = np.inf
        best = float(scores.min())
        if best == np.inf:
            return np.inf, None
        ties = np.nonzero(scores == best)[0]
        return best - current, int(ties[self.random.randrange(len(ties))])

    def apply_card(self, n: int, option: int) -> None:
        self.tabu.setdefault(n, {})[self.choice[n]] = self.step + self.random.randint(3, 12)
        self.choice[n] = option

    def goal_score(self, goal: Goal) -> float:
        """The part of the score a change of the goal's town or my-buildings can change."""
        living = self.surviving(goal)
        broken = self.broken_count(goal) if goal.mine is None else 0
        return (RIVAL_WEIGHT * float(goal.rivals.weight[living].sum()) + BROKEN_WEIGHT * broken
                + ROW_COST * self.row_misses(goal))

    # -- the loop ------------------------------------------------------------------------------------

    def run(self, puzzle_of, max_steps: int = 20000, per_count: int = 40, seconds: float = 3600,
            progress=None) -> bool:
        """Search until the counter finds no rival (True) or the steps or time run out (False).
        Either way the search ends in the best state the counter has judged (`self.best`): the
        most scenarios without rivals, then the fewest rivals."""
        start = time.monotonic()
        self.judge(puzzle_of, per_count)
        while self.step < max_steps and time.monotonic() - start < seconds:
            self.step += 1
            score, alive = self.total()
            if not self.frozen and not any(self.broken_now.values()):
                self.freeze()
                if progress:
                    progress(self, score, alive, "frozen")
            if not any(alive.values()) and not any(self.broken_now.values()):
                added = self.judge(puzzle_of, per_count)
                if progress:
                    progress(self, score, alive, added)
                if not added:
                    return True
                continue
            if self.step % REPLAN_EVERY == 0 and self.replan():
                continue
            if self.step % LNS_EVERY == 0:
                self.repair_with_cp_sat(alive)
            else:
                self.one_move(alive)
            if self.step % 200 == 0 and progress:
                progress(self, score, alive, None)
        self.choice = dict(self.best[1])
        for sid, (town, mine) in self.best[2].items():
            self.goals[sid].town, self.goals[sid].chosen_mine = dict(town), mine
        return False

    def judge(self, puzzle_of, per_count: int) -> int:
        """Recount every scenario; keep the state if it is the best so far; return the new rivals."""
        found = self.recount(puzzle_of, per_count)
        left = {sid: int(self.surviving(g).sum()) for sid, g in self.goals.items()}
        rank = (-sum(1 for n in left.values() if n), -sum(left.values()))
        if self.best is None or rank > self.best[0]:
            self.best = (rank, dict(self.choice), self._goal_state(), left)
        return sum(found.values())

    def one_move(self, alive: dict[str, int]) -> None:
        """Pick a surviving rival (or a broken open scenario) and take the best change that
        rejects it."""
        conflicts = {s: k + 5 * self.broken_now.get(s, 0) for s, k in alive.items()}
        sid = self.random.choice([s for s, k in conflicts.items() for _ in range(min(k, 50)) if k])
        goal = self.goals[sid]
        if not self.frozen and self.broken_now.get(sid) and self.random.random() < 0.5:
            if self.rebuild_open_town(goal) if goal.rows else self.rechoose_mine(goal):
                return
        living = np.nonzero(self.surviving(goal))[0]
        rival = int(living[self.random.randrange(len(living))]) if len(living) else None
        best = None
        for n, _ in goal.cards:
            delta, option = self.card_move(n, rival, goal)
            if option is not None and (best is None or (delta, self.random.random()) < best[:2]):
                best = (delta, self.random.random(), n, option)
        if best is None:
            return
        delta, _, n, option = best
        if delta >= 0:
            self.reweigh()
        self.apply_card(n, option)

    def repair_with_cp_sat(self, alive: dict[str, int], free: int = 6) -> bool:
        """A large move: a few cards of a scenario with a surviving rival are set anew, together,
        by CP-SAT, so that as few weighted rivals as possible survive (the other cards stay)."""
        from ortools.sat.python import cp_model

        crowded = [s for s, k in alive.items() if k]
        if not crowded:
            return False
        sid = self.random.choice(crowded)
        numbers = [n for n, _ in self.goals[sid].cards]
        chosen = self.random.sample(numbers, min(free, len(numbers)))
        m = cp_model.CpModel()
        x = {}
        for n in chosen:
            allowed = self.allowed.get(n, np.ones(len(self.cards[n].options), dtype=bool))
            cost = self.card_cost(n)
            x[n] = {i: m.new_bool_var("") for i in np.nonzero(allowed & np.isfinite(cost))[0].tolist()}
            if self.choice[n] not in x[n]:
                return False
            m.add_exactly_one(x[n].values())
            for i, v in x[n].items():
                m.add_hint(v, i == self.choice[n])
        penalties = []
        for goal in self.goals.values():
            mine = [n for n, _ in goal.cards if n in x]
            if not mine:
                continue
            needy = np.ones(len(goal.rivals), dtype=bool)
            for n, _ in goal.cards:
                if n not in x:
                    needy &= goal.accept[n][self.choice[n]]
            for t in np.nonzero(needy)[0].tolist():
                rejecting = [v for n in mine for i, v in x[n].items() if not goal.accept[n][i, t]]
                left = m.new_bool_var("")
                m.add_bool_or(rejecting + [left])
                penalties.append((int(100 * RIVAL_WEIGHT * goal.rivals.weight[t]), left))
        costs = [(int(100 * self.card_cost(n)[i]), v) for n in x for i, v in x[n].items()]  # same units
        m.minimize(sum(w * v for w, v in penalties) + sum(c * v for c, v in costs if c))
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_deterministic_time = 5.0
        solver.parameters.random_seed = self.random.randrange(1000)
        if solver.solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return False
        for n, options in x.items():
            self.choice[n] = next(i for i, v in options.items() if solver.boolean_value(v))
        return True

    def replan(self) -> bool:
        """The largest move: scenario 7's town and every card chosen anew together so that no pooled
        rival survives (`replan.py`); then frozen again, with fresh weights. True when CP-SAT found
        such a plan."""
        from .replan import replan_open_town

        open_goals = [g for g in self.goals.values() if g.rows]
        if self.base_allowed is None or not open_goals:
            return False
        if not replan_open_town(self, open_goals[0], self.base_allowed):
            return False
        self.allowed = {n: ok.copy() for n, ok in self.base_allowed.items()}
        self.freeze()
        self.tabu = {}
        for g in self.goals.values():
            g.rivals.weight[:] = 1
        return True

    def reweigh(self) -> None:
        """At a local minimum the surviving rivals weigh more; now and then all weights relax
        towards 1, so old conflicts do not dominate for ever."""
        self.reweighs += 1
        for g in self.goals.values():
            g.rivals.weight[self.surviving(g)] += 1
            if self.reweighs % 20 == 0:
                g.rivals.weight = 1 + 0.7 * (g.rivals.weight - 1)

    def rebuild_open_town(self, goal: Goal) -> bool:
        """Give the open scenario the town and my buildings that suit its cards best (CP-SAT);
        True when that lowers the score."""
        found = best_open_town(self, goal)
        if found is None:
            return False
        before = (dict(goal.town), goal.chosen_mine)
        base = self.goal_score(goal)
        goal.town, goal.chosen_mine = found[0], found[1]
        if self.goal_score(goal) < base:
            return True
        goal.town, goal.chosen_mine = before
        return False

    def rechoose_mine(self, goal: Goal) -> bool:
        """Give a scenario with a printed town (8) the my-buildings that break the fewest cards;
        True when that lowers the score."""
        base, before = self.goal_score(goal), goal.chosen_mine
        scored = []
        for chosen in combinations(sorted(set(goal.town.values())), goal.mine_count):
            goal.chosen_mine = frozenset(chosen)
            scored.append((self.broken_count(goal), self.random.random(), goal.chosen_mine))
        goal.chosen_mine = min(scored)[2]
        if self.goal_score(goal) < base:
            return True
        goal.chosen_mine = before
        return False

    def _goal_state(self):
        return {sid: (dict(g.town), frozenset(g.chosen_mine)) for sid, g in self.goals.items()}

    def recount(self, puzzle_of, per_count: int) -> dict[str, int]:
        """Run the exact counter on every scenario; pool its rivals; return how many are new, per
        scenario."""
        added = {}
        for sid, goal in self.goals.items():
            puzzle = puzzle_of(self, goal)
            found = list(Counter(puzzle).solutions(per_count + len(goal.intended())))
            added[sid] = self.add_rivals(goal, found)
        return added


def clues_of(search: Search, goal: Goal) -> Puzzle:
    """The goal's puzzle under the search's current choice of options."""
    clues = []
    for n, bound in goal.cards:
        card = search.cards[n]
        o = card.options[search.choice[n]]
        building = search.buildings[bound] if bound is not None else (o.building if card.kind != "B" else None)
        clues.append(Clue(n, card.kind, building, frozenset(o.plots), frozenset(o.pairs)))
    return Puzzle(tuple(clues), search.buildings, goal.mine, goal.mine_count)


# -- setting the search up from the rulebook's evidence -----------------------------------------------

def card_uses(scenarios) -> dict[int, list[tuple[str, str | None]]]:
    """Card -> the scenarios that use it, with the building a type-B card is bound to."""
    uses: dict[int, list] = {}
    for s in scenarios:
        for n in [*s.a, *s.c]:
            uses.setdefault(n, []).append((s.id, None))
        for n, x in s.b:
            uses.setdefault(n, []).append((s.id, x))
    return uses


def card_options(n: int, uses, scenarios: dict, a_regions, b_regions, c_relations, rank) -> list[Option]:
    """What card n may say, given the published towns of the scenarios that use it.

    Type A: a sentence of the board, or any four plots that hold the building wherever the card is
    used (a map region, at MAP_COST). Type B: a sentence of seven or eight plots. Type C: a relation
    of the board; where my buildings are printed, the published town must answer it. Scenarios whose
    town or my buildings the search chooses (7, 8) are checked during the search instead.
    """
    kind = KIND_OF_NUMBER[n]
    full = [(scenarios[sid], x) for sid, x in uses if len(scenarios[sid].published) == 16]
    if kind == "B":
        return [Option(None, r.key, r.plots, cost=0.01 * rank(r.key)) for r in b_regions
                if all(_fits_region(r.plots, s, x) for s, x in full)]
    out = []
    for b in _buildings_standing(full, scenarios):
        if kind == "A":
            out += _a_options(b, full, a_regions, rank)
        else:
            out += [Option(b, r.key, pairs=r.pairs, cost=0.01 * rank(r.key)) for r in c_relations
                    if all(_fits_relation(r, s, b) for s, _ in full if s.mine is not None)]
    return out


def _buildings_standing(full, scenarios) -> list[str]:
    every = sorted({b for s in scenarios.values() for b in s.published.values()})
    return [b for b in every if all(b in s.published.values() for s, _ in full)]


def _a_options(b: str, full, a_regions, rank) -> list[Option]:
    need = {_where(s)[b] for s, _ in full}
    if len(need) > 4:
        return []
    out = [Option(b, r.key, r.plots, cost=0.01 * rank(r.key)) for r in a_regions if need <= r.plots]
    sentences = {o.plots for o in out}
    rest = [p for p in PLOTS if p not in need]
    for extra in combinations(rest, 4 - len(need)):
        plots = frozenset(need) | frozenset(extra)
        if plots not in sentences:
            out.append(Option(b, map_region(plots).key, plots, cost=MAP_COST))
    return out


# -- scenario 7: the best town and my buildings for the cards chosen so far (CP-SAT) -----------------

def best_open_town(search: "Search", goal: Goal, seconds: float = 3.0):
    """The town and my buildings of an open scenario (7) that break the fewest of its cards, for the
    options the search holds now (the rows are left to `plan_open_town`: with them CP-SAT is slow).

    Returns (town, chosen my buildings, cards broken) or None when CP-SAT finds nothing in time.
    """
    from ortools.sat.python import cp_model

    m, at, mine, mine_at = open_town_model(search, goal)
    names = search.buildings
    broken = []
    for n, bound in goal.cards:
        card = search.cards[n]
        o = card.options[search.choice[n]]
        if card.kind == "C":
            broken += _open_relation(m, at, mine_at, goal, o, f"{n}")
        else:
            x = names[bound] if bound is not None else o.building
            holds = m.new_bool_var(f"card{n}")
            m.add(sum(at[x, p] for p in o.plots) >= 1).only_enforce_if(holds)
            broken.append(holds.Not())
    m.minimize(sum(broken))
    solver = one_worker(seconds)
    for (b, p), v in at.items():
        m.add_hint(v, goal.town.get(p) == b)
    if solver.solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    town = {p: b for (b, p), v in at.items() if solver.boolean_value(v)}
    chosen = frozenset(b for b, v in mine.items() if solver.boolean_value(v))
    return town, chosen, sum(solver.boolean_value(v) for v in broken)


def _open_relation(m, at, mine_at, goal: Goal, o: Option, tag: str) -> list:
    """Booleans 'this type-C card fails' for each intended solution of the open scenario."""
    fails = []
    for extra in goal.swap or (None,):
        holds = m.new_bool_var(f"c{tag}_{extra}")
        reasons = []
        for p, q in sorted(o.pairs):
            if p == q:
                continue
            r = m.new_bool_var("")
            m.add_implication(r, at[o.building, p])
            if extra:
                m.add_bool_or([mine_at[q], at[extra, q]]).only_enforce_if(r)
            else:
                m.add_implication(r, mine_at[q])
            reasons.append(r)
        m.add_bool_or(reasons).only_enforce_if(holds)
        fails.append(holds.Not())
    return fails


# -- the whole run -----------------------------------------------------------------------------------

ORDER = ("1", "2", "3", "4", "5", "6", "8", "7")  # the scenarios the rulebook makes promises about


def make_search(scenarios: dict, board, buildings: tuple[str, ...], start: dict | None = None,
                seed: int = 0, log=print, forbid: dict | None = None, plans: dict | None = None) -> Search:
    """The search over the rulebook's scenarios, starting from `start` (card -> (building, key));
    `forbid` (card -> buildings) keeps cards from naming some buildings; `plans` (scenario -> (town
    or None, my buildings)) are the towns and my-buildings of 7 and 8 a start catalogue recorded,
    kept when its cards agree with them."""
    index = {b: i for i, b in enumerate(buildings)}
    used = [scenarios[sid] for sid in ORDER if sid in scenarios]
    uses = card_uses(used)
    a_regions, b_regions, c_relations = card_vocabulary(board)
    cards = {}
    for n in sorted(uses):
        kind = KIND_OF_NUMBER[n]
        options = card_options(n, uses[n], scenarios, a_regions, b_regions, c_relations, _rank)
        options = [o for o in options if o.building not in (forbid or {}).get(n, ())]
        if not options:
            raise ValueError(f"card {n}: nothing the board says fits the published solutions")
        bound = [(sid, index[x] if x else None) for sid, x in uses[n]]
        cards[n] = Card(n, kind, options, Acceptance(kind, options, index), bound)
    goals = {s.id: _goal(s, index) for s in used}
    choice = {n: _start_option(card, (start or {}).get(n)) for n, card in cards.items()}
    search = Search(cards, goals, buildings, choice, QUOTED, seed=seed)
    for goal in goals.values():  # 8 first: its my-buildings, then the cards that must agree
        if goal.mine is None and len(goal.town) == 16 and not _take_plan(search, goal, (plans or {}).get(goal.id)):
            search.rechoose_mine(goal)
            search.repair(goal)
    for goal in goals.values():
        if goal.mine is None and len(goal.town) < 16:
            _open_goal(search, goal, surviving_rows(scenarios[goal.id]), (plans or {}).get(goal.id))
    search.freeze()
    for goal in goals.values():
        search.add_rivals(goal, _neighbours(goal, buildings))
    return search


def _goal(s, index) -> Goal:
    cards = [(n, None) for n in s.a] + [(n, index[x] if x else None) for n, x in s.b] + [(n, None) for n in s.c]
    swap = tuple(s.remains.get("two_solutions_differ_in_mine", ()))
    return Goal(s.id, cards, s.mine, s.mine_count, dict(s.published), swap=swap)


def _start_option(card: Card, wanted) -> int:
    """The option the start catalogue gives the card, or the cheapest one."""
    for i, o in enumerate(card.options):
        if wanted and o.key == wanted[1] and (card.kind == "B" or o.building == wanted[0]):
            return i
    return min(range(len(card.options)), key=lambda i: (card.options[i].cost, i))


def _take_plan(search: Search, goal: Goal, plan) -> bool:
    """Give the goal the town and my-buildings a start catalogue recorded, if its cards agree with
    them as they stand; True when taken."""
    if plan is None:
        return False
    before = (dict(goal.town), goal.chosen_mine)
    goal.town, goal.chosen_mine = dict(plan[0] or goal.town), plan[1]
    if len(goal.town) == 16 and len(goal.chosen_mine) == goal.mine_count - len(goal.swap[:1]) \
            and not search.broken_count(goal):
        return True
    goal.town, goal.chosen_mine = before
    return False


def _open_goal(search: Search, goal: Goal, rows: list[list[str]], plan=None) -> None:
    """Scenario 7: its town, my buildings and type-C options planned together (CP-SAT), then every
    other card of it given an option that agrees (or the start catalogue's plan, if its cards agree)."""
    goal.rows = rows
    search.allowed = {}
    search.freeze()  # the options that agree with 8 (7 has no town yet: none of its cards is checked)
    search.base_allowed = {n: ok.copy() for n, ok in search.allowed.items()}
    if _take_plan(search, goal, plan):
        search.plan_taken = True
        return
    if not plan_open_town(search, goal):
        raise ValueError(f"scenario {goal.id}: no town fits its cards and the footnote's two solutions")
    search.repair(goal)


def _neighbours(goal: Goal, buildings) -> list[Solution]:
    """Rivals one small change away from the intended solutions; for unknown my-buildings, also
    the intended town with every other set of them."""
    out = [Solution.of(town, sol.mine) for sol in goal.intended() for town in neighbour_towns(goal.town, buildings)]
    if goal.mine is None:
        out += [Solution.of(goal.town, chosen)
                for chosen in combinations(sorted(set(goal.town.values())), goal.mine_count)]
    return out


OPEN_EXTRA = "Undertaker"  # scenario 7: the one building of its lost cells that a type-A card of it names


def open_town_naming(scenarios: dict, buildings) -> dict[int, set[str]]:
    """Card -> buildings it may not name, for the type-A cards of a scenario whose plan is partly lost
    (7): its town holds the surviving buildings, those its type-B cards are bound to, and one more;
    a type-A card of it must name a building of that town, and we let that one more be OPEN_EXTRA
    (a choice: the Stage Coach Office or the Barber would do as well on the evidence)."""
    forbid: dict[int, set[str]] = {}
    for s in scenarios.values():
        if not s.remains.get("rows") or len(s.published) == 16:
            continue
        standing = {x for row in surviving_rows(s) for x in row} | {x for _, x in s.b if x} | {OPEN_EXTRA}
        for n in s.a:
            forbid.setdefault(n, set()).update(set(buildings) - standing)
    return forbid


def fit(scenarios: dict, board, buildings, start=None, seed: int = 0, steps: int = 200000,
        per_count: int = 40, log=print, progress=None, forbid=None, plans=None):
    """Run the search; return (it found a catalogue the counter accepts, the search)."""
    search = make_search(scenarios, board, buildings, start, seed, log, forbid, plans)
    if any(g.rows for g in search.goals.values()):
        per_count = PER_COUNT_OPEN
        if not search.plan_taken and search.replan():
            log("scenario 7: its town and all cards planned together")
    done = search.run(clues_of, max_steps=steps, per_count=per_count, seconds=float("inf"), progress=progress)
    if done:
        polish(search, log)
    return done, search


def polish(search: Search, log=print) -> int:
    """Once every scenario shows what the rulebook implies: card by card, try the cheaper options
    (a sentence of the board instead of a map region, no twin among type-A cards, a quoted
    sentence) and keep one when the exact counter still finds exactly the intended solutions of
    every scenario that uses the card. Returns how many cards changed."""
    changed = 0
    for n in sorted(search.cards):
        cost = search.card_cost(n)
        allowed = search.allowed.get(n, np.ones(len(cost), dtype=bool))
        current = search.choice[n]
        for i in sorted(np.nonzero(allowed & (cost < cost[current] - 1))[0].tolist(), key=lambda i: (cost[i], i)):
            search.choice[n] = i
            if all(_exactly_intended(search, search.goals[sid]) for sid, _ in search.cards[n].uses):
                changed += 1
                break
            search.choice[n] = current
    log(f"polish: {changed} card(s) now say something simpler")
    return changed


def _exactly_intended(search: Search, goal: Goal) -> bool:
    intended = goal.intended()
    found = list(Counter(clues_of(search, goal)).solutions(len(intended) + 1))
    return set(found) == set(intended)


def chosen_catalogue(search: Search) -> dict:
    """Card -> (building, key) as the search holds them now."""
    out = {}
    for n, card in search.cards.items():
        o = card.options[search.choice[n]]
        out[n] = (o.building if card.kind != "B" else None, o.key)
    return out


def plan_open_town(search: Search, goal: Goal, seconds: float = 60.0) -> bool:
    """Choose scenario 7's town, its two fixed my-buildings and its type-C options together (CP-SAT),
    so that its cards can single out its two solutions at all.

    With one town, the rivals "same town, another third building of mine" are rejected only by a
    type-C card whose building is related to exactly the footnote's two buildings (Saloon, Judge),
    and "another first or second" only by a card related to exactly that building. The plan asks for
    such cards, for every card of 7 to hold in both intended solutions, and keeps the surviving
    rows where it can. Returns False when CP-SAT finds no plan.
    """
    from ortools.sat.python import cp_model

    m, at, mine, mine_at = open_town_model(search, goal)
    outside = _fixed_cards_allow(m, at, search, goal)
    choose = {}
    for n, _ in goal.cards:
        card = search.cards[n]
        if card.kind == "C":
            allowed = search.allowed.get(n, np.ones(len(card.options), dtype=bool))
            choose[n] = {i: m.new_bool_var(f"c{n}_{i}") for i in np.nonzero(allowed)[0].tolist()}
            m.add_exactly_one(choose[n].values())
    footnote_rules(m, at, mine, mine_at, search, goal, choose)
    misses = [at[b, p] for r, row in enumerate(goal.rows) for b in row for p in PLOTS if (p - 1) // 4 != r]
    m.minimize(sum(misses) + MOVED_COST * sum(_moves_off_current(m, search, goal, at))
               + OUTSIDE_COST * sum(outside))
    solver = one_worker(seconds)
    if solver.solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return False
    goal.town = {p: b for (b, p), v in at.items() if solver.boolean_value(v)}
    goal.chosen_mine = frozenset(b for b, v in mine.items() if solver.boolean_value(v))
    for n, options in choose.items():
        search.choice[n] = next(i for i, x in options.items() if solver.boolean_value(x))
    return True


OUTSIDE_COST = 200  # planning 7: a type-A or bound type-B card none of whose options fits
MOVED_COST = 20  # planning 7: a type-A or bound type-B card whose present option would have to change


def _building_cards(search: Search, goal: Goal):
    """The goal's type-A and type-B cards, each with the building it places: (number, card, building)."""
    for n, bound in goal.cards:
        card = search.cards[n]
        if card.kind != "C":
            yield n, card, search.buildings[bound] if bound is not None else card.options[search.choice[n]].building


def _moves_off_current(m, search: Search, goal: Goal, at) -> list:
    """Booleans: the card's building stands in 7 outside what the card says now (the card would
    have to change, and with it what it says in every other scenario that uses it)."""
    out = []
    for n, card, x in _building_cards(search, goal):
        off = m.new_bool_var(f"off{n}")
        m.add(sum(at[x, p] for p in card.options[search.choice[n]].plots) >= 1).only_enforce_if(off.Not())
        out.append(off)
    return out


def _fixed_cards_allow(m, at, search: Search, goal: Goal) -> list:
    """Type-A and type-B cards keep their building: it should stand where one of their options
    allows. Returns the Booleans 'it does not' (each a card that no option of it can mend)."""
    outside = []
    for n, card, x in _building_cards(search, goal):
        allowed = search.allowed.get(n, np.ones(len(card.options), dtype=bool))
        plots = set()
        for i in np.nonzero(allowed)[0].tolist():
            o = card.options[i]
            if card.kind == "B" or o.building == x:
                plots |= o.plots
        off = m.new_bool_var(f"outside{n}")
        m.add(sum(at[x, p] for p in plots) == 1).only_enforce_if(off.Not())
        outside.append(off)
    return outside
