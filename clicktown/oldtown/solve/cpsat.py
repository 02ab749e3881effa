"""The CP-SAT model of an Old Town solo puzzle (see `solo.py` for the exact semantics).

One Boolean `at[b][p]` says building b stands on plot p, one `mine[b]` says b is one of my
buildings. Every other variable is fully determined by those two, so enumerating all solutions
of the model enumerates each (town, M) exactly once. Solutions are counted with one worker only:
with more workers OR-Tools 9.15 can miss solutions and still report OPTIMAL.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from ..solo import PLOTS, Clue, Puzzle, Solution


class SoloModel:
    """CP-SAT variables and constraints for one puzzle."""

    def __init__(self, puzzle: Puzzle, guarded: bool = False):
        self.puzzle = puzzle
        self.model = cp_model.CpModel()
        m = self.model
        #: card number -> the Boolean that switches the card on (only when `guarded`): what
        #: `conflicts.py` passes as assumptions to find the cards that cannot hold together
        self.guards: dict[int, cp_model.IntVar] = {}
        self._guarded = guarded
        self.at = {b: {p: m.new_bool_var(f"{b}_on_{p}") for p in PLOTS} for b in puzzle.buildings}
        self.placed = {b: m.new_bool_var(f"{b}_in_town") for b in puzzle.buildings}
        self.pos = {b: m.new_int_var(0, len(PLOTS), f"plot_of_{b}") for b in puzzle.buildings}
        self.mine = {b: m.new_bool_var(f"{b}_is_mine") for b in puzzle.buildings}
        self._town_rules()
        self._my_buildings()
        for clue in puzzle.clues:
            self._add_clue(clue)

    # -- rules of the town ------------------------------------------------------------------

    def _town_rules(self):
        m = self.model
        for b, row in self.at.items():
            m.add(sum(row.values()) == self.placed[b])
            m.add(self.pos[b] == sum(p * v for p, v in row.items()))
        for p in PLOTS:
            m.add_exactly_one(self.at[b][p] for b in self.puzzle.buildings)

    def _my_buildings(self):
        m, puzzle = self.model, self.puzzle
        for b in puzzle.buildings:
            m.add_implication(self.mine[b], self.placed[b])
            if puzzle.mine_known:
                m.add(self.mine[b] == int(b in puzzle.mine))
        if not puzzle.mine_known:
            m.add(sum(self.mine.values()) == puzzle.mine_count)

    # -- the cards -----------------------------------------------------------------------------

    def _add_clue(self, clue: Clue):
        if self._guarded:
            self._guard = self.guards[clue.card] = self.model.new_bool_var(f"card{clue.card}_holds")
        if clue.kind == "C":
            self._relation_clue(clue)
        elif clue.building is None:
            self._my_building_clue(clue)
        else:
            self._building_clue(clue.building, clue.plots)

    def _building_clue(self, building: str, plots):
        """The building stands on one of `plots`."""
        self._require(building)
        self._when_card_holds(self.model.add(sum(self.at[building][p] for p in plots) == 1))

    def _my_building_clue(self, clue: Clue):
        """Some building of mine stands on one of the card's plots."""
        witnesses = []
        for b in self.puzzle.buildings:
            inside = sum(self.at[b][p] for p in clue.plots)
            witnesses.append(self._both(self.mine[b], inside, f"card{clue.card}_by_{b}"))
        self._when_card_holds(self.model.add_bool_or(witnesses))

    def _relation_clue(self, clue: Clue):
        """The named building relates to some other building of mine as the card says."""
        x = clue.building
        self._require(x)
        table = [(p, q, int((p, q) in clue.pairs)) for p in range(17) for q in range(17)]
        witnesses = []
        for b in self.puzzle.buildings:
            if b == x:
                continue
            related = self.model.new_bool_var(f"card{clue.card}_{x}_to_{b}")
            self.model.add_allowed_assignments([self.pos[x], self.pos[b], related], table)
            witnesses.append(self._both(self.mine[b], related, f"card{clue.card}_by_{b}"))
        self._when_card_holds(self.model.add_bool_or(witnesses))

    def _require(self, building: str):
        self._when_card_holds(self.model.add(self.placed[building] == 1))

    def _when_card_holds(self, constraint):
        """In a guarded model, enforce the constraint of the card being added only when its guard is on."""
        if self._guarded:
            constraint.only_enforce_if(self._guard)

    def _both(self, a, b, name: str):
        """A new Boolean equal to (a and b); b may be a 0/1 linear expression."""
        v = self.model.new_bool_var(name)
        self.model.add(v <= a)
        self.model.add(v <= b)
        self.model.add(v >= a + b - 1)
        return v

    # -- reading solutions ---------------------------------------------------------------------

    def solution_from(self, value) -> Solution:
        """The solution described by the current values (`value` maps a variable to its value)."""
        town = {p: b for b, row in self.at.items() for p, v in row.items() if value(v)}
        mine = {b for b, v in self.mine.items() if value(v)}
        return Solution.of(town, mine)


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, solo: SoloModel, limit: int):
        super().__init__()
        self.solo, self.limit, self.found = solo, limit, []

    def on_solution_callback(self):
        self.found.append(self.solo.solution_from(self.boolean_value))
        if len(self.found) >= self.limit:
            self.stop_search()


def solve(puzzle: Puzzle, limit: int = 10) -> list[Solution]:
    """Up to `limit` solutions of the puzzle, in the solver's order (all of them if fewer)."""
    solo = SoloModel(puzzle)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    collector = _Collector(solo, limit)
    solver.solve(solo.model, collector)
    return collector.found


def count_solutions(puzzle: Puzzle, limit: int = 10) -> int:
    """The number of solutions, capped at `limit`."""
    return len(solve(puzzle, limit))
