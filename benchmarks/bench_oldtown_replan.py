"""The joint plan of scenario 7 (`oldtown/replan.py`): how it says "some card rejects this rival".

Baseline, measured in the same run: one clause per rival listing every option of every card that
rejects it (found with the numpy acceptance table). The plan's way: acceptance atoms shared by
all rivals. Both build the CP-SAT clauses for the same random cards and rivals; printed are the
build times, the literals each writes, and the ratios. Building the atoms costs more Python time;
what they save is the size of the model CP-SAT must solve.
"""

import random
import time
from types import SimpleNamespace

from ortools.sat.python import cp_model

from clicktown.oldtown.catalogue import load_catalogue
from research.oldtown_cards.fit import Acceptance, Card, Option, town_arrays
from research.oldtown_cards.scenarios import card_vocabulary
from research.oldtown_cards.replan import _Atoms, accepts_atom
from clicktown.oldtown.solo import Solution

RIVALS = 400
CARDS = 6  # type-C cards, 300 options each


def _setup():
    catalogue = load_catalogue()
    names = catalogue.building_names
    rng = random.Random(0)
    _, _, relations = card_vocabulary(catalogue.board)
    index = {b: i for i, b in enumerate(names)}
    cards = {}
    for n in range(19, 19 + CARDS):
        options = [Option(rng.choice(names), r.key, pairs=r.pairs) for r in rng.sample(relations, 300)]
        cards[n] = Card(n, "C", options, Acceptance("C", options, index), [])
    base = dict(zip(range(1, 17), rng.sample(names, 16)))
    rivals = []
    for _ in range(RIVALS):  # rivals near one town, as the pool holds them
        town = dict(base)
        a, b = rng.sample(range(1, 17), 2)
        town[a], town[b] = town[b], town[a]
        rivals.append(Solution.of(town, rng.sample(sorted(town.values()), 3)))
    return SimpleNamespace(cards=cards, buildings=names), index, rivals


def _options(m, search):
    return {n: {i: m.new_bool_var("") for i in range(len(c.options))} for n, c in search.cards.items()}


def listing_rejecting_options(search, index, rivals) -> int:
    m = cp_model.CpModel()
    choose = _options(m, search)
    pos, mine = town_arrays(rivals, index)
    accept = {n: c.acceptance.of(pos, mine, None) for n, c in search.cards.items()}
    literals = 0
    for t in range(len(rivals)):
        clause = [v for n in choose for i, v in choose[n].items() if not accept[n][i, t]]
        m.add_bool_or(clause)
        literals += len(clause)
    return literals


def acceptance_atoms(search, index, rivals) -> int:
    m = cp_model.CpModel()
    choose = _options(m, search)
    atoms = _Atoms(m, search, choose)
    literals = 0
    for sol in rivals:
        clause = [atoms.rejected(n, atoms.needed(n, None, sol.position, sol.mine)) for n in choose]
        m.add_bool_or(clause)
        literals += len(clause)
    # each implication (option -> atom, rejected -> not atom) is a clause of two literals
    option_to_atom = sum(sum(accepts_atom("C", search.cards[n].options[i], key) for i in choose[n])
                         for (n, key), a in atoms.made.items() if a is not False)
    rejected_to_not_atom = sum(sum(atoms.made[n, key] is not False for key in keys) for n, keys in atoms.rejects)
    return literals + 2 * (option_to_atom + rejected_to_not_atom)


def _timed(fn, *args):
    start = time.perf_counter()
    out = fn(*args)
    return time.perf_counter() - start, out


def main() -> None:
    search, index, rivals = _setup()
    base_time, base_literals = _timed(listing_rejecting_options, search, index, rivals)
    atom_time, atom_literals = _timed(acceptance_atoms, search, index, rivals)
    print(f"{CARDS} type-C cards x 300 options, {RIVALS} rivals near one town:")
    print(f"  listing rejecting options (baseline) {base_time * 1000:8.1f} ms  {base_literals:>10,} literals")
    print(f"  acceptance atoms                     {atom_time * 1000:8.1f} ms  {atom_literals:>10,} literals")
    print(f"  ratio baseline / atoms: {base_time / atom_time:.1f}x time, {base_literals / atom_literals:.1f}x literals")


if __name__ == "__main__":
    main()
