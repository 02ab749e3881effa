"""Hints: the easiest next deduction from a player's board, ending in something to write down.

A player's board is what the page shows: placements (plot -> building) and pencil notes (plot ->
the buildings still allowed there; a plot without notes allows anything). A hint takes both as
known, checks them against the solutions like placements (notes without the plot's true building
are wrong), and climbs the deduction ladder of `deduce.py` from there, cheapest technique first,
until the board reached has something new to write down:

  places   a building with one plot left, or a plot with one building left
  notes    a plot whose buildings narrow to at most NOTE_MAX and below what its notes allow

Steps that conclude nothing writable on their own (a card narrowing a building's markers) are
merged into the hint that uses them, so no hint concludes nothing new, and only the steps the
conclusion rests on are told (traced back marker by marker). Each hint carries the ladder of
rungs a player may open one at a time: `nudge` (the cards to look at), `where` (the plots it is
about), `text` (the whole deduction, ending in its conclusion). A hard step (a case split over
the buildings a card may speak of, or a contradiction chain "if the X stood on plot p ...") is
told as its supposition followed link by link to the impossibility: `chain`, nested where a case
holds links of its own.

Like the step-wise explanations of Bogaerts, Gamba and Guns (AIJ 2021) and the graded solvers
of HoDoKu and Simon Tatham's puzzles, the order is the ladder's cost: fewest and simplest
deductions first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...messages import say, say_n
from ..catalogue import Catalogue, Scenario
from ..solo import PLOTS, Puzzle, town_complete
from .deduce import (CHAIN_STEPS, EMPTY, OUT, TIERS, Change, Contradiction, Markers, Step, answer_cases, basic_finders,
                     next_change, finders_in_order, step_of, apply, start_from)
from .sentences import CASE_SPLITS, Explainer

#: A plot's pencil notes are written once at most this many buildings can still stand on it (the
#: table game's markers: "höchstens 3 Marker auf einem Bauplatz").
NOTE_MAX = 3
#: A hint concludes, besides its easiest conclusion, those resting on at most this many steps more.
FREE_STEPS = 1
#: How many steps past the first conclusion the ladder is climbed looking for a cheaper one.
LOOKAHEAD = 40
#: Hard steps: those told as a supposition followed to its contradiction.
HARD = (*CASE_SPLITS, "chain", "mine-sets")
#: How many steps a hint may merge before it gives up (a safety bound: the ladder ends long before).
MAX_MERGED = 400


@dataclass(frozen=True)
class Link:
    """One link of a hard step in words: a supposition, a step it leads to, or the impossibility."""

    text: str
    cards: tuple[int, ...] = ()
    chain: tuple[Link, ...] = ()

    def as_dict(self) -> dict:
        return {"text": self.text, "cards": list(self.cards), "chain": [c.as_dict() for c in self.chain]}


@dataclass(frozen=True)
class Hint:
    """One hint: its kind ("step", "solved", "wrong", "contradiction", "stuck", "ambiguous"), its ladder
    (nudge, where, text) and what it concludes; kinds other than "step" conclude nothing."""

    kind: str
    text: str
    nudge: str = ""
    where: str = ""
    cards: tuple[int, ...] = ()
    plots: tuple[int, ...] = ()
    buildings: tuple[str, ...] = ()
    places: dict[int, str] = field(default_factory=dict)
    notes: dict[int, tuple[str, ...]] = field(default_factory=dict)
    wrong: tuple[int, ...] = ()
    chain: tuple[Link, ...] = ()
    steps: tuple[Step, ...] = ()  # the deductions told, in order
    after: Markers | None = None  # the marker board the hint's deductions reach

    @property
    def techniques(self) -> list[str]:
        """The techniques of the steps told, in order, each once."""
        return list(dict.fromkeys(s.technique for s in self.steps))

    def as_dict(self) -> dict:
        """The API's answer (see docs/web.md)."""
        return {"kind": self.kind, "nudge": self.nudge, "where": self.where, "text": self.text,
                "cards": list(self.cards), "focus": {"plots": list(self.plots), "buildings": list(self.buildings)},
                "places": {str(p): b for p, b in sorted(self.places.items())},
                "notes": {str(p): list(bs) for p, bs in sorted(self.notes.items())},
                "wrong": list(self.wrong), "chain": [c.as_dict() for c in self.chain],
                "techniques": self.techniques}

    def as_step(self) -> dict:
        """The answer with the board reached, as `oldtown explain --json` lists it (and draws it)."""
        removed = [{"building": b, "plot": p} for s in self.steps for b, p in s.removed]
        board = {} if self.after is None else {
            "candidates": {b: sorted(s) for b, s in self.after.cand.items()},
            "mine": sorted(self.after.sure), "mine_maybe": sorted(self.after.maybe)}
        return {**self.as_dict(), "removed": removed, **board}


# -- the player's board ---------------------------------------------------------------------------

def player_board(puzzle: Puzzle, placement: dict[int, str], notes: dict[int, tuple[str, ...]]) -> Markers:
    """The markers a player's placements and notes leave (raises Contradiction when none are left)."""
    board = start_from(puzzle, placement)
    cand = dict(board.cand)
    for p, allowed in notes.items():
        if p not in placement:
            for b in cand:
                if b not in allowed and p in cand[b]:
                    cand[b] = cand[b] - {p}
                    if not cand[b]:
                        raise Contradiction(f"no slot left for the {b}")
    return Markers(cand, board.sure, board.maybe, board.mine_count)


def wrong_plots(placement: dict[int, str], notes: dict[int, tuple[str, ...]], solutions) -> list[int]:
    """The plots whose placement or notes the nearest solution disagrees with."""
    def disagree(town: dict[int, str]) -> list[int]:
        bad = {p for p, b in placement.items() if town.get(p) != b}
        bad |= {p for p, bs in notes.items() if p not in placement and town.get(p) not in bs}
        return sorted(bad)

    return min((disagree(s.placement) for s in solutions), key=len)


def holders(board: Markers, plot: int) -> frozenset[str]:
    """The buildings that can still stand on a plot."""
    return frozenset(b for b, slots in board.cand.items() if plot in slots)


def writable(board: Markers, placement: dict[int, str], notes: dict[int, tuple[str, ...]]):
    """What a board shows that the player has not written: (places, notes). A plot that one building
    is left to once the new places are written waits for the next hint (which tells why)."""
    places = {}
    for b, slots in board.cand.items():
        p = next(iter(slots)) if len(slots) == 1 else OUT
        if p != OUT and placement.get(p) != b:
            places[p] = b
    left = {p: holders(board, p) for p in PLOTS if p not in placement and p not in places}
    places.update({p: next(iter(here)) for p, here in left.items() if len(here) == 1})
    taken = set(placement.values()) | set(places.values())
    written = {}
    for p, here in left.items():
        here = here - taken
        known = (set(notes[p]) if p in notes else set(board.cand)) - set(placement.values())
        if p not in places and here < known and 2 <= len(here) <= NOTE_MAX:
            written[p] = tuple(sorted(here))
    return places, written


# -- the hint -------------------------------------------------------------------------------------

def next_hint(catalogue: Catalogue, scenario: Scenario, placement: dict[int, str],
              notes: dict[int, tuple[str, ...]] | None = None, lang: str = "en", solutions=None) -> Hint:
    """The easiest deduction left from a player's board, or why there is none."""
    from ..solve.count import solve

    notes = {p: tuple(bs) for p, bs in (notes or {}).items()}
    puzzle = catalogue.puzzle(scenario)
    solutions = solve(puzzle, 10) if solutions is None else solutions
    explainer = Explainer(catalogue, scenario, lang)
    if not solutions:
        return Hint("contradiction", say(lang, "oldtown.hint.contradiction"))
    if town_complete(placement, solutions):
        return Hint("solved", say(lang, "oldtown.hint.solved"))
    wrong = wrong_plots(placement, notes, solutions)
    if wrong:
        return _wrong(explainer, placement, wrong)
    try:
        board = player_board(puzzle, placement, notes)
        explainer.fresh = dict(board.cand)
        found = _merged_steps(puzzle, board, placement, notes)
    except Contradiction:  # only a board no solution agrees with runs into one, and those are named above
        return Hint("contradiction", say(lang, "oldtown.hint.contradiction"))
    if found is None:
        kind = "ambiguous" if len(solutions) > 1 else "stuck"
        return Hint(kind, say(lang, f"oldtown.hint.{kind}"))
    steps, befores, places, written = found
    told = _told(puzzle, board, steps, befores, places, written)
    return Teller(explainer, puzzle).hint([steps[i] for i in told], [befores[i] for i in told], places, written,
                                          steps[-1].after if steps else board)


def _wrong(explainer: Explainer, placement: dict[int, str], wrong: list[int]) -> Hint:
    """The hint that names what to take away first."""
    lang = explainer.lang
    items = [say(lang, "oldtown.hint.wrong_item", b=explainer.name(placement[p]), p=p) for p in wrong if p in placement]
    noted = [str(p) for p in wrong if p not in placement]
    if noted:
        items.append(say_n(lang, "oldtown.hint.wrong_notes", len(noted), plots=explainer.listing(noted)))
    text = say_n(lang, "oldtown.hint.take_away", len(wrong), items=explainer.listing(items))
    return Hint("wrong", text, wrong=tuple(wrong), plots=tuple(wrong))


def _merged_steps(puzzle: Puzzle, board: Markers, placement, notes):
    """The ladder's steps from the player's board and the conclusion to tell: (steps, the board before
    each, places, notes), or None when the ladder ends before anything new can be written down.

    The ladder is climbed LOOKAHEAD steps past the first board with something new to write (no higher
    than the hardest technique that board took), and of
    every conclusion met the one resting on the cheapest steps is told (with those resting on at
    most FREE_STEPS steps more): a later conclusion may need fewer cards than the first one.
    """
    places, written = writable(board, placement, notes)
    if places or written:  # the board as sent already shows it
        return [], [], places, written
    finders = finders_in_order(puzzle)
    start, steps, befores, met, first, hardest = board, [], [], {}, None, 0
    while len(steps) < MAX_MERGED and (first is None or len(steps) <= first + LOOKAHEAD):
        change = next_change(puzzle, board, finders)
        if change is None or (first is not None and TIERS[change.technique] > hardest):
            break  # past the first conclusion, the ladder is not climbed into harder techniques
        after = apply(board, change)
        steps.append(step_of(change, after))
        befores.append(board)
        board = after
        places, written = writable(board, placement, notes)
        for p, b in places.items():
            met.setdefault(("place", p), (len(steps), {p: b}, {}))
        for p, bs in written.items():  # with the places that take a building off the plot
            taking = {q: b for q, b in places.items() if b not in bs and p in board.cand[b]}
            met.setdefault(("notes", p, bs), (len(steps), taking, {p: bs}))
        if met and first is None:
            first, hardest = len(steps), max(step.tier for step in steps)
        if board.complete:
            break
    if not met:
        return None
    return _easiest(puzzle, start, steps, befores, list(met.values()))


def _easiest(puzzle: Puzzle, start: Markers, steps, befores, met):
    """Of the conclusions met (steps taken when met, places, notes), the one resting on the cheapest
    steps, with every other one resting on at most FREE_STEPS steps more and every one the steps so
    told imply (a hint never leads to a placement it does not state): (steps, befores, places,
    notes), the steps up to the last conclusion told."""
    cache: dict = {}
    rests = [frozenset(_told(puzzle, start, steps[:k], befores[:k], pl, nt, cache)) for k, pl, nt in met]
    cost = [(sum(steps[i].tier for i in r), len(r), k) for r, (k, _, _) in zip(rests, met)]
    best = min(range(len(met)), key=lambda i: cost[i])
    chosen = [i for i in range(len(met)) if len(rests[i] - rests[best]) <= FREE_STEPS]
    told = frozenset().union(*(rests[i] for i in chosen))
    chosen = [i for i in range(len(met)) if i in chosen or rests[i] <= told]  # all that the steps told imply
    places = {p: b for i in chosen for p, b in met[i][1].items()}
    written: dict[int, tuple[str, ...]] = {}
    for i in sorted(chosen, key=lambda i: met[i][0]):  # later notes on a plot are the narrower
        written.update({p: bs for p, bs in met[i][2].items() if p not in places})
    last = max(met[i][0] for i in chosen)
    return steps[:last], befores[:last], places, written


# -- which steps the conclusion rests on -----------------------------------------------------------

def _told(puzzle: Puzzle, start: Markers, steps, befores, places, written, cache: dict | None = None) -> list[int]:
    """The indices of the steps the conclusion rests on, traced back from the markers it needs gone
    (`cache`: the premises of hard steps already followed, by step)."""
    if not steps:
        return []
    cache = {} if cache is None else cache
    final = steps[-1].after
    needed = set()
    for p, b in places.items():
        if len(final.cand[b]) == 1:
            needed |= {(b, s) for s in start.cand[b] - {p}}
        else:
            needed |= {(o, p) for o in start.cand if o != b and p in start.cand[o]}
    for p, bs in written.items():
        needed |= {(o, p) for o in start.cand if o not in bs and p in start.cand[o]}
    mine_needed = False
    told = []
    for i in range(len(steps) - 1, -1, -1):
        step = steps[i]
        uses = bool(needed & set(step.removed)) or (mine_needed and bool(step.mine_found or step.not_mine))
        if not uses:
            continue
        told.append(i)
        if id(step) not in cache:
            cache[id(step)] = _premises(puzzle, step, befores[i])
        buildings, plots = cache[id(step)]
        needed |= {(b, s) for b in start.cand for s in start.cand[b] - befores[i].cand[b] if b in buildings or s in plots}
        mine_needed |= step.card is not None or step.technique in ("unknown-mine", *HARD)
    return sorted(told)


def _premises(puzzle: Puzzle, step: Step, before: Markers) -> tuple[set[str], set[int]]:
    """The buildings and the slots whose markers a step reads (a hard step: those its cases read)."""
    if step.technique == "card":
        return set(), set()
    plots = set(step.plots) if step.technique == "only-building" else set()
    if step.technique in HARD:
        return _case_premises(puzzle, step, before)
    if step.technique in ("one-of-mine", "unbound-card", "unknown-mine"):  # every building that may be mine
        return set(step.buildings) | set(before.maybe), plots
    return set(step.buildings) | set(step.mine_found) | set(step.not_mine), plots


def _case_premises(puzzle: Puzzle, step: Step, before: Markers) -> tuple[set[str], set[int]]:
    """What the cases of a case split or a contradiction chain read, followed step by step."""
    cases = supposed_cases(puzzle, step, before)
    if cases is None:  # sets of my buildings: every marker
        return set(before.cand), set()
    buildings = set(step.buildings) | {b for b, _ in step.removed} | set(before.maybe)
    plots: set[int] = set()
    for _, case in cases:
        buildings |= set(case.removed)
        trail, board, error = suppose(puzzle, before, case)
        for s, b4 in trail:
            more, where = _premises(puzzle, s, b4)
            buildings |= more | {b for b, _ in s.removed}
            plots |= where
        why = impossibility(board, error)
        if why is not None and why[0] == "no_plot":
            buildings.add(why[1])
        elif why is not None and why[0] == "no_building":
            plots.add(why[1])
        elif why is not None and why[0] == "out":
            plots.add(OUT)
    return buildings, plots


def supposed_cases(puzzle: Puzzle, step: Step, before: Markers):
    """The suppositions of a hard step: [(building supposed, its change)] (None for sets of my buildings)."""
    if step.technique == "chain":
        b, slot = step.removed[0]
        return [(b, Change("", {b: before.cand[b] - {slot}}))]
    if step.technique not in CASE_SPLITS:
        return None
    clue = next(c for c in puzzle.clues if c.card == step.card)
    cases = []
    for m, own, other in answer_cases(clue, before):
        removed = {m: before.cand[m] - own}
        if other is not None:
            removed[clue.building] = before.cand[clue.building] - other
        cases.append((m, Change("", {k: v for k, v in removed.items() if v}, mine_found=frozenset({m}) - before.sure)))
    return cases


def suppose(puzzle: Puzzle, before: Markers, supposed: Change):
    """A supposition followed through the basic techniques: its steps (each with the board before it),
    the board reached, and the Contradiction a finder raised (or None)."""
    board, basic, trail = apply_unchecked(before, supposed), basic_finders(puzzle), []
    while impossibility(board) is None and len(trail) <= CHAIN_STEPS + 2:
        try:
            change = next_change(puzzle, board, basic)
        except Contradiction as error:
            return trail, board, error
        if change is None:
            break
        after = apply_unchecked(board, change)
        trail.append((step_of(change, after), board))
        board = after
    return trail, board, None


def impossibility(board: Markers, error: Contradiction | None = None) -> tuple | None:
    """What makes a board impossible: ("card", n), ("no_plot", building), ("no_building", plot),
    ("out",), ("mine",) or ("cards",); None when nothing is seen to."""
    card = getattr(error, "card", None)
    if card is not None:
        return ("card", card)
    empty = [b for b, s in board.cand.items() if not s]
    if empty:
        return ("no_plot", empty[0])
    lost = next((p for p in PLOTS if not holders(board, p)), None)
    if lost is not None:
        return ("no_building", lost)
    if len(holders(board, OUT)) < 2 or sum(1 for s in board.cand.values() if s == {OUT}) > 2:
        return ("out",)
    if not board.sure <= board.maybe or len(board.maybe) < board.mine_count or len(board.sure) > board.mine_count:
        return ("mine",)
    return ("cards",) if error is not None else None


# -- telling: the hint's ladder and its text ---------------------------------------------------------

class Teller:
    """Puts a hint's steps into words: the sentences of `Explainer`, hard steps as their suppositions."""

    def __init__(self, explainer: Explainer, puzzle: Puzzle):
        self.ex, self.puzzle, self.lang = explainer, puzzle, explainer.lang

    def say(self, key: str, **facts) -> str:
        return say(self.lang, f"oldtown.hint.{key}", **facts)

    def hint(self, steps, befores, places, written, after) -> Hint:
        """The hint of kind "step" telling `steps` and concluding `places` and `written` notes."""
        links = [self.link(s, b) for s, b in zip(steps, befores)]
        cards = tuple(sorted({c for link in links for c in link.cards}))
        plots = tuple(sorted({*places, *written}))
        buildings = tuple(sorted(set(places.values())))
        parts = [say(self.lang, "oldtown.hint.stands", b=self.ex.name(b), p=p) for p, b in sorted(places.items())]
        parts += [say_n(self.lang, "oldtown.hint.holds", len(bs), p=p, bs=self.ex.names(bs, joiner="or"))
                  for p, bs in sorted(written.items())]
        conclusion = self.say("so", what=self.ex.listing(parts))
        if not links:  # what the placements and notes sent already leave
            links = [Link(self.board_sentence(after, p, b)) for p, b in sorted(places.items())]
            links += [Link(say_n(self.lang, "oldtown.hint.board_holds", len(bs), p=p, bs=self.ex.names(bs, joiner="or")))
                      for p, bs in sorted(written.items())]
        text = " ".join([*(link.text for link in links), conclusion])
        nudge = (say_n(self.lang, "oldtown.hint.nudge", len(cards), cards=self.ex.listing([str(c) for c in cards]))
                 if cards else self.say("nudge_board"))
        where = say_n(self.lang, "oldtown.hint.where", len(plots), plots=self.ex.listing([str(p) for p in plots]))
        chain = tuple(link for link, s in zip(links, steps) if s.technique in HARD)
        return Hint("step", text, nudge, where, cards, plots, buildings, dict(places), dict(written),
                    chain=chain, steps=tuple(steps), after=after)

    def board_sentence(self, board: Markers, p: int, b: str) -> str:
        """Why the board sent already places a building: it has one plot left, or the plot one building."""
        key = "board_building" if board.cand[b] == {p} else "board_plot"
        return self.say(key, b=self.ex.name(b), p=p)

    def link(self, step: Step, before: Markers) -> Link:
        """One step in words; a hard step with its suppositions as nested links."""
        if step.technique == "chain":
            return self.refuted_place(step, before)
        if step.technique in CASE_SPLITS:
            return self.cases(step, before)
        card = (step.card,) if step.card is not None else ()
        return Link(self.ex.sentence(step, before), card)

    def refuted_place(self, step: Step, before: Markers) -> Link:
        """'Suppose the X stood on plot p. Then: ... Impossible. So the X does not stand on plot p.'"""
        (b, supposed), = supposed_cases(self.puzzle, step, before)
        slot = step.removed[0][1]
        name, where = self.ex.name(b), self.ex.where({slot})
        inner, _ = self.followed(self.say("suppose_place", b=name, where=where), before, supposed)
        end = self.say("not_there", b=name, B=self.ex.name(b, True), where=where)
        return Link(f"{inner.text} {end}", inner.cards, inner.chain)

    def cases(self, step: Step, before: Markers) -> Link:
        """A card split by the building of mine it speaks of: each case followed; the refuted ones drop."""
        ex, cases = self.ex, supposed_cases(self.puzzle, step, before)
        intro = self.say("cases", card=step.card, bs=ex.names([m for m, _ in cases], joiner="or"))
        links = [self.followed(self.say("suppose_answer", b=ex.name(m), B=ex.name(m, True), card=step.card), before, case)
                 for m, case in cases]
        end = (self.say("answered", b=ex.name(step.answer), B=ex.name(step.answer, True), card=step.card)
               if step.answer is not None else self.say("agree"))
        shown = [link for link, dead in links if dead] if step.answer is not None else [link for link, _ in links]
        text = " ".join([intro, *(link.text for link in shown), end, ex.sentence(step, before)])
        cards = tuple(sorted({step.card, *(c for link in shown for c in link.cards)}))
        return Link(text, cards, tuple(shown))

    def followed(self, opening: str, before: Markers, supposed: Change) -> tuple[Link, bool]:
        """A supposition followed through the basic techniques: its links, and whether it ran into a
        contradiction (the last link then says which)."""
        trail, board, error = suppose(self.puzzle, before, supposed)
        links = [Link(say(self.lang, "oldtown.hint.then", step=self.ex.sentence(s, b4)),
                      (s.card,) if s.card is not None else ()) for s, b4 in trail]
        why = impossibility(board, error)
        if why is not None:
            links.append(Link(self.say("impossible", why=self.why(why)), (why[1],) if why[0] == "card" else ()))
        cards = tuple(sorted({c for link in links for c in link.cards}))
        return Link(" ".join([opening, *(link.text for link in links)]), cards, tuple(links)), why is not None

    def why(self, found: tuple) -> str:
        """An impossibility (see `impossibility`) in words."""
        kind = found[0]
        if kind == "card":
            return self.say("why_card", card=found[1])
        if kind == "no_plot":
            return self.say("why_no_plot", b=self.ex.name(found[1]), B=self.ex.name(found[1], True))
        if kind == "no_building":
            return self.say("why_no_building", p=found[1])
        return self.say({"out": "why_out", "mine": "why_mine"}.get(kind, "why_cards"))


def apply_unchecked(board: Markers, change: Change) -> Markers:
    """The board after a change even when it leaves a building no slot (to say which one)."""
    cand = {b: s - change.removed.get(b, EMPTY) for b, s in board.cand.items()}
    return Markers(cand, board.sure | change.mine_found, board.maybe - change.not_mine, board.mine_count)


# -- a whole puzzle, hint by hint ------------------------------------------------------------------------

def walk(catalogue: Catalogue, scenario: Scenario, lang: str = "en", solutions=None, limit: int = 200):
    """Ask for hints from the empty board, writing down each one's places and notes, until a hint is
    not a step: (the hints given, the last answer, the placement reached)."""
    placement: dict[int, str] = {}
    notes: dict[int, tuple[str, ...]] = {}
    given = []
    while len(given) < limit:
        found = next_hint(catalogue, scenario, placement, notes, lang, solutions)
        if found.kind != "step":
            return given, found, placement
        given.append(found)
        write_down(found, placement, notes)
    raise RuntimeError(f"scenario {scenario.id}: no end after {limit} hints")


def write_down(found: Hint, placement: dict[int, str], notes: dict[int, tuple[str, ...]]) -> None:
    """What "fill in" does: the places as placements, the notes as pencil notes."""
    placement.update(found.places)
    for p in found.places:
        notes.pop(p, None)
    notes.update(found.notes)
