"""The deduction ladder of `deduce.py` on bit masks: the same deductions, in the same order.

`deduce.py` is the readable solver (markers as sets of slots, each deduction a `Change` with the
buildings and plots it names, every board kept for `explain`). The generator grades every minimal
puzzle it finds, and case splits and contradiction chains follow hundreds of boards each, so it
climbs the same ladder here with each building's markers as one 17-bit int (bit 0 = out of town,
bit p = plot p, as in `solve/count.py`), my buildings as 18-bit ints over the buildings, and each
card compiled once into a plot mask or a relation table (plot of the named building -> mask of the
plots of my building). Every finder returns the first deduction its reference would yield, or
raises where the reference raises, so the steps (technique, card, markers removed, my buildings
found or ruled out, depth) are the reference's, step for step: the tests compare both on the
rulebook's scenarios and on thousands of random puzzles.

Glossary (as in deduce.py): board = (markers per building, sure, maybe); move = one deduction.
"""

from __future__ import annotations

from operator import or_

from .deduce import CHAIN_STEPS, MINE_SETS, OUT_OF_TOWN, SHORT_CASE, TIERS, Contradiction, Ending
from ..solo import Clue, Puzzle, Solution, validate
from ..solve.count import hitting_sets

OUT_BIT = 1
SLOTS = (1 << 17) - 1
PLOT_BITS = SLOTS & ~OUT_BIT
#: The Hall finder's slot nodes: plots 1..16 as bits 0..15, the two places out of town as bits 16, 17.
OUT_NODES = 3 << 16


class Move:
    """One deduction: technique, card, markers removed (building index -> slot mask), my buildings
    found and ruled out (masks over the buildings), and the depth of a case split or chain."""

    __slots__ = ("technique", "card", "removed", "found", "gone", "depth")

    def __init__(self, technique: str, removed: dict[int, int], card: int | None = None, found: int = 0,
                 gone: int = 0, depth: int = 0):
        self.technique, self.card, self.removed = technique, card, removed
        self.found, self.gone, self.depth = found, gone, depth

    @property
    def tier(self) -> int:
        """The technique's tier."""
        return TIERS[self.technique]


def lowest(m: int) -> int:
    """The number of the lowest bit of a mask."""
    return (m & -m).bit_length() - 1


def each_bit(m: int):
    """The single-bit masks of `m`, lowest first."""
    while m:
        low = m & -m
        yield low
        m ^= low


def removal(removed: dict[int, int]) -> dict[int, int]:
    """Only the buildings that lose something."""
    return {b: s for b, s in removed.items() if s}


def apply(board: tuple, move: Move, mine_count: int) -> tuple:
    """The board after a move; raises Contradiction when a building has no slot left or my
    buildings can no longer be chosen (as `deduce.apply`)."""
    cand, sure, maybe = board
    if move.removed:
        cand = list(cand)
        for b, gone in move.removed.items():
            left = cand[b] & ~gone
            if not left:
                raise Contradiction("a building has no slot left")
            cand[b] = left
        cand = tuple(cand)
    sure |= move.found
    maybe &= ~move.gone
    if sure & ~maybe or sure.bit_count() > mine_count or maybe.bit_count() < mine_count:
        raise Contradiction("my buildings cannot be chosen")
    return cand, sure, maybe


def complete(board: tuple) -> bool:
    """Every building placed (or out) and my buildings known."""
    cand, sure, maybe = board
    return sure == maybe and all(not c & (c - 1) for c in cand)


def census(cand) -> tuple[int, int, int, int, int]:
    """The slots some building holds, those two or more hold, the plots of placed buildings, and
    how many buildings are out of town and can be."""
    once = twice = fixed = outs = out_holders = 0
    for c in cand:
        twice |= once & c
        once |= c
        if c & OUT_BIT:
            out_holders += 1
            if c == OUT_BIT:
                outs += 1
        elif not c & (c - 1):
            fixed |= c
    return once, twice, fixed, outs, out_holders


class Ladder:
    """One puzzle's cards compiled to masks, and the ladder's finders on its boards."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self._census = (None, ())
        self._basic: dict[tuple, Move | Contradiction | None] = {}
        self._reach: dict[int, dict[int, int]] = {}  # id of a relation table -> markers of x -> reach (`reach`)
        self._main = None  # the board the whole deduction stands on (every board looked at later descends from it)
        self._cards_done = False  # card_narrows found nothing on a board of the whole deduction
        self.names = list(puzzle.buildings)
        index = {b: i for i, b in enumerate(self.names)}
        self.by_name = sorted(range(len(self.names)), key=lambda i: self.names[i])
        self.mine_count = len(puzzle.mine) if puzzle.mine_known else puzzle.mine_count
        self.narrowing = []  # A cards and bound B cards: (card, building, plot mask)
        self.regions = []  # unbound B cards: (card, plot mask)
        self.relations = []  # C cards: (card, building, table)
        self.about_mine = []  # C and unbound B cards in card order: (card, building or None, mask or table)
        for clue in puzzle.clues:
            if clue.kind == "C":
                entry = (clue.card, index[clue.building], partner_table(clue))
                self._reach[id(entry[2])] = {}
                self.relations.append(entry)
                self.about_mine.append(entry)
            elif clue.building is None:
                entry = (clue.card, plot_bits(clue.plots))
                self.regions.append(entry)
                self.about_mine.append((clue.card, None, entry[1]))
            else:
                self.narrowing.append((clue.card, index[clue.building], plot_bits(clue.plots)))
        if puzzle.mine_known:
            self.relation_technique = "my-building" if len(puzzle.mine) == 1 else "one-of-mine"
            self.region_technique = "my-building" if len(puzzle.mine) == 1 else "unbound-card"
        else:
            self.relation_technique = self.region_technique = "unknown-mine"
        tiers = {self.relation_cards: TIERS[self.relation_technique], self.region_cards: TIERS[self.region_technique]}
        finders = ((self.card_narrows, 1), (self.placed_leaves, 1), (self.only_building, 2), (self.relation_cards, None),
                   (self.region_cards, None), (self.confined_pairs, 3), (self.mine_count_known, 4),
                   (self.confined_groups, 4), (self.mine_cases, 5), (self.mine_sets, 5),
                   (self.contradiction_chains, 6))
        self.finders = [f for f, _ in sorted(finders, key=lambda ft: ft[1] if ft[1] is not None else tiers[ft[0]])]
        skipped = (self.mine_cases, self.mine_sets, self.contradiction_chains, self.confined_groups)
        self.basic = [f for f in self.finders if f not in skipped]

    def start(self) -> tuple:
        """Every building on every slot; my buildings, when given, in the town."""
        n = len(self.names)
        if self.puzzle.mine_known:
            mine = sum(1 << i for i, b in enumerate(self.names) if b in self.puzzle.mine)
            return tuple(PLOT_BITS if mine >> i & 1 else SLOTS for i in range(n)), mine, mine
        return (SLOTS,) * n, 0, (1 << n) - 1

    # -- the techniques, each the first move its reference in deduce.py yields --------------------

    def card_narrows(self, board):
        if self._cards_done:  # markers only go: what a card once left, it leaves on every later board
            return None
        cand = board[0]
        for card, b, plots in self.narrowing:
            if cand[b] & ~plots:
                return Move("card", {b: cand[b] & ~plots}, card)
        self._cards_done = board is self._main
        return None

    def census(self, cand) -> tuple[int, int, int, int, int]:
        """`census(cand)`, kept for the last board asked about (two finders read it)."""
        if self._census[0] is not cand:
            self._census = (cand, census(cand))
        return self._census[1]

    def placed_leaves(self, board):
        cand = board[0]
        once, twice, fixed, outs, out_holders = self.census(cand)
        shared = fixed & twice
        if shared:
            for b, c in enumerate(cand):
                if c & shared and not c & (c - 1):
                    return Move("placed", {o: c for o, d in enumerate(cand) if o != b and d & c})
        if outs > OUT_OF_TOWN:
            raise Contradiction("more than two buildings out of town")
        if outs == OUT_OF_TOWN and out_holders > OUT_OF_TOWN:
            return Move("placed", {o: OUT_BIT for o, c in enumerate(cand) if c != OUT_BIT and c & OUT_BIT})
        return None

    def only_building(self, board):
        cand = board[0]
        once, twice, fixed, outs, out_holders = self.census(cand)
        for bit in each_bit((PLOT_BITS & ~once) | (once & ~twice & ~fixed & PLOT_BITS)):
            if not once & bit:
                raise Contradiction("a plot has no building left")
            b = next(i for i, c in enumerate(cand) if c & bit)
            return Move("only-building", {b: cand[b] & ~bit})
        if out_holders < OUT_OF_TOWN:
            raise Contradiction("fewer than two buildings can stay out of town")
        if out_holders == OUT_OF_TOWN and outs < OUT_OF_TOWN:
            return Move("only-building", removal({b: c & ~OUT_BIT for b, c in enumerate(cand) if c & OUT_BIT}))
        return None

    def relation_cards(self, board):
        for card, x, table in self.relations:
            move = self._relation_card(board, card, x, table, self._reach[id(table)])
            if move is not None:
                return move
        return None

    def _relation_card(self, board, card, x, table, reaches):
        cand, sure, maybe = board
        cx = cand[x]
        reach = reaches.get(cx)
        if reach is None:
            reach = self.reach(table, cx)
        others = 0
        supporter, supporters = -1, 0
        rest = maybe & ~(1 << x)
        while rest:
            low = rest & -rest
            rest ^= low
            m = low.bit_length() - 1
            c = cand[m]
            others |= c
            if c & reach:
                supporter, supporters = m, supporters + 1
        if not supporters:
            raise Contradiction(f"card {card} fits none of my buildings")
        support_x = 0
        rest = cx & PLOT_BITS
        while rest:
            bit = rest & -rest
            rest ^= bit
            if table[bit.bit_length() - 1] & others:
                support_x |= bit
        removed = {x: cx & ~support_x} if cx & ~support_x else {}
        found = 0
        if supporters == 1:
            if cand[supporter] & ~reach:
                removed[supporter] = cand[supporter] & ~reach
            found = (1 << supporter) & ~sure
        if not removed and not found:
            return None
        return Move(self.relation_technique, removed, card, found)

    def reach(self, table, cx: int) -> int:
        """Every plot of my building in a relation to some plot of cx (cached per table and cx)."""
        cache = self._reach[id(table)]
        found = cache.get(cx)
        if found is None:
            found = 0
            for bit in each_bit(cx & PLOT_BITS):
                found |= table[bit.bit_length() - 1]
            cache[cx] = found
        return found

    def region_cards(self, board):
        cand, sure, maybe = board
        for card, plots in self.regions:
            viable = [m for m in self.by_name if maybe >> m & 1 and cand[m] & plots]
            if not viable:
                raise Contradiction(f"card {card} fits none of my buildings")
            if len(viable) > 1:
                continue
            m = viable[0]
            removed = removal({m: cand[m] & ~plots})
            found = (1 << m) & ~sure
            if removed or found:
                return Move(self.region_technique, removed, card, found)
        return None

    def confined_pairs(self, board):
        cand = board[0]
        twos = [c for c in cand if c.bit_count() == 2 and not c & OUT_BIT]
        if len(set(twos)) == len(twos):
            return None  # no two buildings down to the same two plots
        open_ = sorted((b for b, c in enumerate(cand) if c.bit_count() == 2 and not c & OUT_BIT),
                       key=lambda b: (cand[b] & -cand[b], cand[b]))
        for i, b in enumerate(open_):
            plots = cand[b]
            for c in open_[i + 1:]:
                if cand[c] != plots:
                    continue
                removed = removal({o: d & plots for o, d in enumerate(cand) if o != b and o != c})
                if removed:
                    return Move("pair", removed)
        return None

    def mine_count_known(self, board):
        """`deduce.mine_count`: unknown my buildings stand in town, and there are mine_count of them."""
        if self.puzzle.mine_known:
            return None
        cand, sure, maybe = board
        out = sum(1 << b for b, c in enumerate(cand) if c == OUT_BIT and maybe >> b & 1)
        if out:
            return Move("unknown-mine", {}, gone=out)
        in_town = removal({b: cand[b] & OUT_BIT for b in range(len(cand)) if sure >> b & 1})
        if in_town:
            return Move("unknown-mine", in_town)
        if sure.bit_count() == self.mine_count and maybe != sure:
            return Move("unknown-mine", {}, gone=maybe & ~sure)
        if maybe.bit_count() == self.mine_count and maybe != sure:
            found = maybe & ~sure
            return Move("unknown-mine", removal({b: cand[b] & OUT_BIT for b in range(len(cand)) if found >> b & 1}),
                        found=found)
        if self.mine_count - sure.bit_count() == 1:
            return self._last_of_mine(board)
        return None

    def _last_of_mine(self, board):
        cand, sure, maybe = board
        open_ = maybe & ~sure
        for card, x, data in self.about_mine:
            answers = self.answering(board, x, data)
            if answers & sure:
                continue
            others = open_ & ~answers
            if others:
                return Move("unknown-mine", {}, card, gone=others)
        return None

    def answering(self, board, x, data) -> int:
        """The buildings (a mask over all of them) that could be the 'my building' a card speaks of."""
        cand = board[0]
        if x is None:
            return sum(1 << m for m, c in enumerate(cand) if c & data)
        reach = self.reach(data, cand[x])
        return sum(1 << m for m, c in enumerate(cand) if m != x and c & reach)

    def confined_groups(self, board):
        cand = board[0]
        nodes = [hall_nodes(c) for c in cand]
        owner = perfect_matching(nodes)
        if owner is None:
            raise Contradiction("the buildings cannot all be placed at once")
        closures: dict[int, tuple[int, int]] = {}
        best = None
        for b, own in enumerate(nodes):
            for n in node_order(own):
                if n not in closures:
                    closures[n] = closure(nodes, owner, n)
                slots, group = closures[n]
                if own & ~slots and (best is None or group.bit_count() < best[1].bit_count()):
                    best = (slots, group)
        if best is None:
            return None
        slots, group = best
        plots = ((slots & ~OUT_NODES) << 1) | (OUT_BIT if slots & OUT_NODES else 0)
        removed = removal({b: c & plots for b, c in enumerate(cand) if not group >> b & 1})
        return Move("pair" if group.bit_count() <= 2 else "group", removed)

    # -- case splits, sets of my buildings and chains -----------------------------------------------

    def next_move(self, board, finders) -> Move | None:
        """The cheapest deduction available."""
        for finder in finders:
            move = finder(board)
            if move is not None:
                return move
        return None

    def next_basic(self, board) -> Move | None:
        """The cheapest deduction of tiers 1 to 4 (raising Contradiction as they do), remembered
        for each board: the cases of successive splits and chains pass the same boards again."""
        found = self._basic.get(board, self)
        if found is self:
            try:
                found = self.next_move(board, self.basic)
            except Contradiction as exc:
                found = exc
            self._basic[board] = found
        if isinstance(found, Contradiction):
            raise found
        return found

    def follow(self, board, move: Move | None = None, limit: int = CHAIN_STEPS):
        """`deduce.follow`: (None, steps) when the case is refuted within `limit` steps, else (board, steps)."""
        if move is not None:
            try:
                board = apply(board, move, self.mine_count)
            except Contradiction:
                return None, 0
        taken = 0
        try:
            while taken < limit:
                found = self.next_basic(board)
                if found is None:
                    return board, taken
                taken += 1
                board = apply(board, found, self.mine_count)
            return board, taken
        except Contradiction:
            return None, taken + 1

    def trail(self, board, move: Move, limit: int = CHAIN_STEPS):
        """`deduce.trail`: a case's boards step by step, and whether it ran into a contradiction."""
        try:
            board = apply(board, move, self.mine_count)
        except Contradiction:
            return [], True
        boards = [board]
        try:
            while len(boards) <= limit:
                found = self.next_basic(board)
                if found is None:
                    return boards, False
                board = apply(board, found, self.mine_count)
                boards.append(board)
            return boards, False
        except Contradiction:
            return boards, True

    def mine_cases(self, board):
        best = None
        for card, x, data in self.about_mine:
            move = self._split_card(board, card, x, data)
            if move is not None and (best is None or move.depth < best.depth):
                best = move
        return best

    def _answer_cases(self, board, x, data):
        """Who may answer the card: (building, its slots, the named building's slots or None)."""
        cand, sure, maybe = board
        if x is None:
            return [(m, data, None) for m in self.by_name if maybe >> m & 1 and cand[m] & data]
        cases = []
        plots = [(bit, data[bit.bit_length() - 1]) for bit in each_bit(cand[x] & PLOT_BITS)]
        for m in self.by_name:
            if m == x or not maybe >> m & 1:
                continue
            own = other = 0
            for bit, near in plots:
                near &= cand[m]
                if near:
                    own |= near
                    other |= bit
            if own:
                cases.append((m, own, other))
        return cases

    def _split_card(self, board, card, x, data):
        cases = self._answer_cases(board, x, data)
        if len(cases) < 2:
            return None
        cand, sure = board[0], board[1]
        trails, depth = [], 0
        for m, own, other in cases:
            removed = {m: cand[m] & ~own}
            if other is not None:
                removed[x] = cand[x] & ~other
            case = Move("", removal(removed), found=(1 << m) & ~sure)
            boards, dead = self.trail(board, case)
            if dead:
                depth = max(depth, len(boards))
            else:
                trails.append((case, boards))
        if not trails:
            raise Contradiction(f"card {card} fits none of my buildings")
        region = x is None
        if len(trails) == 1:
            case = trails[0][0]
            if not case.removed and not case.found:
                return None
            return Move(case_name(depth, region), case.removed, card, case.found, depth=depth)
        for k in range(max(len(b) for _, b in trails)):  # the fewest steps after which the cases agree
            merged = self.merged(board, [b[min(k, len(b) - 1)] for _, b in trails])
            if merged is not None:
                merged.technique, merged.card, merged.depth = case_name(max(depth, k), region), card, max(depth, k)
                return merged
        return None

    def merged(self, board, cases) -> Move | None:
        """What every surviving case agrees on (`deduce._merged`)."""
        cand, sure, maybe = board
        kept = cases[0][0]
        for case in cases[1:]:
            kept = tuple(map(or_, kept, case[0]))
        removed = {b: c & ~k for b, (c, k) in enumerate(zip(cand, kept)) if c & ~k}
        found, kept_maybe = -1, 0
        for case in cases:
            found &= case[1]
            kept_maybe |= case[2]
        found &= ~sure
        gone = maybe & ~kept_maybe
        if not removed and not found and not gone:
            return None
        return Move("", removed, found=found, gone=gone)

    def mine_sets(self, board):
        cand, sure, maybe = board
        if self.puzzle.mine_known or sure == maybe:
            return None
        needs = [self.answering(board, x, data) & maybe for _, x, data in self.about_mine]
        needs += [1 << m for m in range(len(cand)) if sure >> m & 1]
        sets = hitting_sets(needs, maybe, self.mine_count, MINE_SETS + 1)
        if not sets:
            raise Contradiction("no set of my buildings answers every card")
        if len(sets) > MINE_SETS:
            return None
        survivors, depth = [], 0
        for chosen in sets:
            case = Move("", {}, found=chosen & ~sure, gone=maybe & ~chosen)
            reached, taken = self.follow(board, case)
            if reached is None:
                depth = max(depth, taken)
            else:
                survivors.append((reached, case))
        if not survivors:
            raise Contradiction("no set of my buildings answers every card")
        if len(survivors) == 1:
            case = survivors[0][1]
            if not case.found and not case.gone:
                return None
            return Move("mine-sets", {}, found=case.found, gone=case.gone, depth=depth)
        merged = self.merged(board, [c for c, _ in survivors])
        if merged is None:
            return None
        merged.technique, merged.depth = "mine-sets", depth
        return merged

    def contradiction_chains(self, board):
        cand = board[0]
        best = None
        for size in sorted({c.bit_count() for c in cand if c & (c - 1)}):
            for b, slots in enumerate(cand):
                if slots.bit_count() != size:
                    continue
                for slot in each_bit(slots):
                    reached, depth = self.follow(board, Move("", {b: slots & ~slot}))
                    if reached is None and (best is None or depth < best[0]):
                        best = (depth, b, slot)
            if best is not None:
                depth, b, slot = best
                return Move("chain", {b: slot}, depth=depth)
        return None

    # -- the whole deduction ------------------------------------------------------------------------

    def deduce(self, max_steps: int = 500) -> "Climb":
        """`deduce.deduce` from the start: the moves taken and how it ended."""
        board = self.start()
        moves: list[Move] = []
        try:
            while not complete(board) and len(moves) < max_steps:
                self._main = board
                move = self.next_move(board, self.finders)
                if move is None:
                    return Climb(ending(board), moves, board, self)
                board = apply(board, move, self.mine_count)
                moves.append(move)
            if complete(board) and not validate(self.puzzle, self.solution(board)):
                raise Contradiction("the completed town breaks a card")
        except Contradiction:
            return Climb("contradiction", moves, board, self)
        return Climb(ending(board), moves, board, self)

    def solution(self, board) -> Solution:
        """The solution a complete board shows."""
        cand, sure, _ = board
        town = {lowest(c): self.names[b] for b, c in enumerate(cand) if c != OUT_BIT}
        return Solution.of(town, (self.names[b] for b in range(len(cand)) if sure >> b & 1))


class Climb(Ending):
    """A deduction's outcome, with what grading reads (as `deduce.Deduction`)."""

    def __init__(self, status: str, moves: list[Move], final: tuple, ladder: Ladder):
        self.status, self.steps, self.final, self.ladder = status, tuple(moves), final, ladder

    def solution(self) -> Solution | None:
        """The solution reached, when solved."""
        return self.ladder.solution(self.final) if self.status == "solved" else None


def climb(puzzle: Puzzle, max_steps: int = 500) -> Climb:
    """The deduction ladder on bit masks (the same steps as `deduce.deduce(puzzle)`)."""
    return Ladder(puzzle).deduce(max_steps)


def ending(board) -> str:
    """solved; town (every building placed, my buildings still one of several sets); or stuck."""
    if complete(board):
        return "solved"
    return "town" if all(not c & (c - 1) for c in board[0]) else "stuck"


def case_name(depth: int, region: bool) -> str:
    """`deduce._case_name`: long-case past SHORT_CASE steps, else by the card's kind."""
    if depth > SHORT_CASE:
        return "long-case"
    return "unbound-case" if region else "case-split"


def plot_bits(plots) -> int:
    """A set of plots as a slot mask."""
    return sum(1 << p for p in plots)


def partner_table(clue: Clue) -> tuple[int, ...]:
    """A C card as: plot p of the named building -> mask of the plots q (not p) of my building."""
    table = [0] * 17
    for p, q in clue.pairs:
        if p and q and p != q:
            table[p] |= 1 << q
    return tuple(table)


# -- Hall sets on the building-slot graph (the `group` rung) ----------------------------------------

def hall_nodes(c: int) -> int:
    """A building's markers as Hall slot nodes: plot p as bit p-1, out of town as bits 16 and 17."""
    return (c >> 1) | (OUT_NODES if c & OUT_BIT else 0)


def node_order(nodes: int):
    """The slot nodes in deduce's order: out of town first, then the plots upwards."""
    if nodes & OUT_NODES:
        yield 16
        yield 17
    for bit in each_bit(nodes & ~OUT_NODES):
        yield bit.bit_length() - 1


def perfect_matching(nodes: list[int]) -> dict[int, int] | None:
    """A slot node for every building (augmenting paths), as slot node -> building; None when
    the buildings cannot all be placed at once."""
    owner: dict[int, int] = {}

    def augment(b: int, seen: int) -> tuple[bool, int]:
        for bit in each_bit(nodes[b] & ~seen):
            seen |= bit
            n = bit.bit_length() - 1
            if n not in owner:
                owner[n] = b
                return True, seen
            done, seen = augment(owner[n], seen)
            if done:
                owner[n] = b
                return True, seen
        return False, seen

    return owner if all(augment(b, 0)[0] for b in range(len(nodes))) else None


def closure(nodes: list[int], owner: dict[int, int], n: int) -> tuple[int, int]:
    """The slot nodes reachable from n in deduce's matching graph (slot -> the building matched to
    it -> that building's other slots), and the buildings matched to them: the smallest Hall set
    holding n, the same whatever the matching."""
    slots, group, todo = 0, 0, 1 << n
    while todo:
        bit = todo & -todo
        todo ^= bit
        slots |= bit
        b = owner[bit.bit_length() - 1]
        group |= 1 << b
        todo |= nodes[b] & ~slots
    return slots, group
