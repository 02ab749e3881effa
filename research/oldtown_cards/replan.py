"""Scenario 7's town planned anew together with every card (CP-SAT): the large move the local search
of `fit.py` takes when it stalls on a scenario whose plan is partly lost.

The local search keeps 7's town fixed once planned, and a town planned for the cards of the moment
can leave the other scenarios no way out: with the town of the first plan, scenarios 7 and 1 alone
already have pooled rivals that no choice of options rejects together (CP-SAT proves it in two
seconds). This model lets the town move: its variables are the option of every card, 7's town and
its two fixed my-buildings, and it asks

  * every card of 7 to hold in both of 7's intended solutions (the footnote's two my-buildings);
  * the footnote's structure of type-C cards (`footnote_rules`);
  * every pooled rival of every scenario to be rejected by some card of its scenario (a rival of 7
    may instead become one of 7's intended solutions).

A rival is rejected through *acceptance atoms*: "the card's option names building X and allows plot
q" (type A), "allows plot q" (type B), "names X and relates plot p to plot q" (type C). Each option
implies the atoms it accepts, and a card rejects a rival when every atom the rival would need is
false. Rivals share atoms, so a rival's clause holds one literal per card, where listing the
rejecting options of every card took 25 million literals for the rivals of scenarios 7 and 1 alone
(`benchmarks/bench_oldtown_replan.py` compares the two encodings).
"""

from __future__ import annotations

import numpy as np

from .town_model import PLOTS, footnote_rules, one_worker, open_town_model

REPLAN_SECONDS = 900.0  # deterministic time CP-SAT may take for one plan (one worker)


def replan_open_town(search, goal, base_allowed: dict, seconds: float = REPLAN_SECONDS) -> bool:
    """Choose every card's option and the goal's town and fixed my-buildings together so that every
    pooled rival is rejected; the options are limited by `base_allowed` (what agrees with the other
    scenarios whose my-buildings were chosen, 8). Returns False (and changes nothing) when CP-SAT
    finds no such plan in time."""
    from ortools.sat.python import cp_model

    m, at, mine, mine_at = open_town_model(search, goal)
    choose = _option_vars(m, search, base_allowed)
    _hint_current(m, search, goal, choose, at, mine)
    _cards_hold_in_town(m, at, search, goal, choose)
    footnote_rules(m, at, mine, mine_at, search, goal, {n: choose[n] for n, _ in goal.cards
                                                        if search.cards[n].kind == "C"})
    _reject_pooled_rivals(m, search, goal, choose, at, mine)
    solver = one_worker(seconds)
    if solver.solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return False
    for n, options in choose.items():
        search.choice[n] = next(i for i, v in options.items() if solver.boolean_value(v))
    goal.town = {p: b for (b, p), v in at.items() if solver.boolean_value(v)}
    goal.chosen_mine = frozenset(b for b, v in mine.items() if solver.boolean_value(v))
    return True


def _option_vars(m, search, base_allowed: dict) -> dict[int, dict[int, object]]:
    """Card -> {option: Boolean}, exactly one per card."""
    choose = {}
    for n, card in search.cards.items():
        allowed = base_allowed.get(n, np.ones(len(card.options), dtype=bool))
        choose[n] = {i: m.new_bool_var(f"o{n}_{i}") for i in np.nonzero(allowed)[0].tolist()}
        m.add_exactly_one(choose[n].values())
    return choose


def _hint_current(m, search, goal, choose, at, mine) -> None:
    """Start CP-SAT from the search's present state: most of it usually survives."""
    for n, options in choose.items():
        for i, v in options.items():
            m.add_hint(v, i == search.choice[n])
    for (b, p), v in at.items():
        m.add_hint(v, goal.town.get(p) == b)
    for b, v in mine.items():
        m.add_hint(v, b in goal.chosen_mine)


def _cards_hold_in_town(m, at, search, goal, choose) -> None:
    """A chosen option of a type-A or type-B card of the goal allows its building's plot; a type-C
    card's building stands (its relation is asked for by `footnote_rules`)."""
    for n, bound in goal.cards:
        card = search.cards[n]
        for i, v in choose[n].items():
            o = card.options[i]
            if card.kind == "C":
                m.add_bool_or([at[o.building, p] for p in PLOTS]).only_enforce_if(v)
            else:
                x = search.buildings[bound] if bound is not None else o.building
                m.add_bool_or([at[x, p] for p in o.plots]).only_enforce_if(v)


class _Atoms:
    """Acceptance atoms of the cards, made when a rival first needs them."""

    def __init__(self, m, search, choose):
        self.m, self.search, self.choose = m, search, choose
        self.made: dict = {}
        self.rejects: dict = {}
        self.named = {n: sorted({search.cards[n].options[i].building for i in options} - {None})
                      for n, options in choose.items()}

    def atom(self, n: int, key: tuple):
        """A Boolean every option of card n that accepts `key` implies (False: no option does)."""
        if (n, key) not in self.made:
            card = self.search.cards[n]
            accepting = [v for i, v in self.choose[n].items() if accepts_atom(card.kind, card.options[i], key)]
            a = self.m.new_bool_var(f"a{n}") if accepting else False
            for v in accepting:
                self.m.add_implication(v, a)
            self.made[n, key] = a
        return self.made[n, key]

    def rejected(self, n: int, keys: tuple):
        """A Boolean that implies card n rejects a rival needing `keys` (any one of them would do)."""
        if (n, keys) not in self.rejects:
            r = self.m.new_bool_var(f"r{n}")
            for key in keys:
                a = self.atom(n, key)
                if a is not False:
                    self.m.add_implication(r, a.Not())
            self.rejects[n, keys] = r
        return self.rejects[n, keys]

    def needed(self, n: int, bound, position: dict, mine) -> tuple:
        """The atoms of card n any one of which lets it accept the rival."""
        holder = self.search.buildings[bound] if bound is not None else None
        return needed_atoms(self.search.cards[n].kind, self.named[n], holder, position, mine)


def needed_atoms(kind: str, named, holder, position: dict, mine) -> tuple:
    """The atoms a card of this kind (naming one of `named`; a type-B card bound to `holder`, or
    speaking of my buildings when None) needs to accept a town: any one of them will do."""
    if kind == "A":
        return tuple((x, position[x]) for x in named if x in position)
    if kind == "B":
        holders = [holder] if holder is not None else sorted(mine)
        return tuple((position[b],) for b in holders if b in position)
    return tuple((x, position[x], position[b]) for x in named if x in position
                 for b in sorted(mine) if b != x and b in position)


def accepts_atom(kind: str, option, key: tuple) -> bool:
    """Does the option accept the atom?"""
    if kind == "A":
        return option.building == key[0] and key[1] in option.plots
    if kind == "B":
        return key[0] in option.plots
    return option.building == key[0] and (key[1], key[2]) in option.pairs and key[1] != key[2]


def _reject_pooled_rivals(m, search, open_goal, choose, at, mine) -> None:
    """Every pooled rival of every scenario is rejected by a card, or (a rival of the open goal) is
    one of its intended solutions under the new plan."""
    atoms = _Atoms(m, search, choose)
    for goal in search.goals.values():
        for sol in goal.rivals.seen:
            position = sol.position
            clause = [atoms.rejected(n, atoms.needed(n, bound, position, sol.mine)) for n, bound in goal.cards]
            if goal is open_goal:
                clause += _becomes_intended(m, goal, sol, at, mine)
            m.add_bool_or(clause)


def _becomes_intended(m, goal, sol, at, mine) -> list:
    """[a Boolean that implies the plan makes `sol` an intended solution], or [] when it cannot."""
    footnote = set(goal.swap)
    if len(sol.mine & footnote) != 1 or len(sol.position) != 16:
        return []
    v = m.new_bool_var("intended")
    for b, p in sol.position.items():
        m.add_implication(v, at[b, p])
    for b in sol.mine - footnote:
        m.add_implication(v, mine[b])
    return [v]
