"""Pattern tables: every statement as one bit, worked out once for every pair of neighbour cards.

The enumerator in `analysis` reads a wheel trait by trait; this module asks the same questions of
precomputed tables, one wheel at a time in plain Python integers (`batch` does many wheels at
once with numpy on the same tables). Tests hold the two to the same answers under every option.

Glossary:
- kind: a card as a number, 0..79, over every color x suit x object of the vocabulary
  (`card_kinds()`); deck cards and game card ids are turned into kinds once.
- statement set: a Python int with one bit per statement. The 'after' statements sit in bits
  0..111 (in `analysis.all_statements()` order) and the 'before' ones in a second block from bit
  128, so that `batch` can cut a set into four 64-bit words, two per direction.
- keep[a * K + b]: the statements that the neighbours a, b (b the next card clockwise) leave
  standing: no trigger on one side of the pair whose named neighbour on the other side lacks
  the target. A statement holds on a wheel when all eight pairs keep it and its trigger occurs
  often enough; `by_trigger[traits]` is the set of statements whose trigger is one of `traits`
  (a 15-bit trait set, bit i = trait i of the vocabulary).
- a move at p changes the pairs (p-1, p) and (p, p+1) only; the other six pairs are combined once
  per wheel (prefix and suffix ANDs) and the trigger counts change for six traits at most.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache

from .cards import WHEEL_SIZE, Card, Wheel, check_position, vocabulary
from .analysis import (FULL, POPCOUNT, POSITIONS, TURN, Move, Pattern, Rules, Statement, all_statements,
                     require_full)

WORD = 64


# ---- kinds of cards and statement bits ---------------------------------------------------------

@cache
def card_kinds() -> tuple[Card, ...]:
    """Every card the vocabulary can name, ordered by color, then suit, then object."""
    v = vocabulary()
    return tuple(Card(c, o, s) for c in v.values("color") for s in v.values("suit") for o in v.values("object"))


@cache
def _kind_index() -> dict[Card, int]:
    return {card: k for k, card in enumerate(card_kinds())}


def kind_of(card: Card) -> int:
    """The kind number of a card."""
    return _kind_index()[card]


def kinds_of(cards) -> list[int]:
    """The kind numbers of a sequence of cards (a full wheel, a deck)."""
    index = _kind_index()
    return [index[c] for c in cards]


def wheel_of(kinds) -> Wheel:
    """The wheel of cards whose kinds are `kinds`."""
    every = card_kinds()
    return Wheel(tuple(every[k] for k in kinds))


@dataclass(frozen=True)
class Layout:
    """Where each statement's bit lies: (direction block) x (place in the block)."""

    statements: tuple[Statement, ...]   # analysis.all_statements() order
    bits: tuple[int, ...]               # statement i -> its bit
    at_bit: dict                        # bit -> statement number
    block: int                          # bits per direction block (a multiple of 64)
    triggers: tuple[int, ...]           # statement i -> its trigger's trait number
    targets: tuple[int, ...]            # statement i -> its target's trait number

    @property
    def words(self) -> int:
        """How many 64-bit words a statement set takes (two per direction)."""
        return 2 * self.block // WORD


@cache
def layout() -> Layout:
    """The statement bits of the vocabulary (computed once)."""
    statements = tuple(all_statements())
    half = len(statements) // 2
    block = WORD * -(-half // WORD)
    bits = tuple(i + (block - half) * (i >= half) for i in range(len(statements)))
    index = {t: i for i, t in enumerate(vocabulary().traits)}
    return Layout(statements, bits, {b: i for i, b in enumerate(bits)}, block,
                  tuple(index[s.trigger] for s in statements), tuple(index[s.target] for s in statements))


# ---- the tables for one reading of "after" -----------------------------------------------------

@dataclass(frozen=True)
class PatternTables:
    """The tables for one side of "after" (see the module docstring)."""

    after: str
    kinds: int                          # K, the number of card kinds
    traits: tuple[tuple[int, ...], ...] # kind -> its three trait numbers
    trait_bits: tuple[int, ...]         # kind -> its trait set
    keep: tuple[int, ...]               # a * K + b -> the statements the neighbours a, b keep
    triggered: tuple[int, ...]          # kind -> the statements whose trigger it shows
    forward: int                        # the direction block whose named neighbour is clockwise
    backward: int                       # the other block
    by_trigger: list[int]               # trait set -> the statements whose trigger is in it
    steps: tuple[int, int]              # the step (+1 or -1) of each direction block
    trait_count: int                    # how many traits the vocabulary has


def _union(masks: list[int], traits: int) -> int:
    """The union of masks[t] over the traits t in a trait set."""
    out, t = 0, 0
    while traits:
        if traits & 1:
            out |= masks[t]
        traits >>= 1
        t += 1
    return out


@cache
def pattern_tables(after: str = "clockwise") -> PatternTables:
    """The tables for `Rules(after=...)` (computed once per side)."""
    lay = layout()
    n_traits = len(vocabulary().traits)
    by_trait = [0] * n_traits
    by_target = [0] * n_traits
    for i, bit in enumerate(lay.bits):
        by_trait[lay.triggers[i]] |= 1 << bit
        by_target[lay.targets[i]] |= 1 << bit
    blocks = [((1 << lay.block) - 1) << (lay.block * d) for d in range(2)]
    rules = Rules(after=after)
    steps = (rules.step("after"), rules.step("before"))
    forward, backward = (blocks[0], blocks[1]) if steps[0] == 1 else (blocks[1], blocks[0])
    index = {t: i for i, t in enumerate(vocabulary().traits)}
    traits = tuple(tuple(index[t] for t in card.traits()) for card in card_kinds())
    trait_bits = tuple(sum(1 << t for t in ts) for ts in traits)
    triggered = tuple(_union(by_trait, b) for b in trait_bits)
    shown = tuple(_union(by_target, b) for b in trait_bits)
    every = blocks[0] | blocks[1]
    # the neighbours a, b break a forward statement whose trigger a shows and whose target b lacks,
    # and a backward statement whose trigger b shows and whose target a lacks
    keep = tuple(every & ~(forward & triggered[a] & ~shown[b]) & ~(backward & triggered[b] & ~shown[a])
                 for a in range(len(traits)) for b in range(len(traits)))
    return PatternTables(after, len(traits), traits, trait_bits, keep, triggered, forward, backward,
                         trigger_sets(tuple(by_trait)), steps, n_traits)


@cache
def trigger_sets(by_trait: tuple[int, ...]) -> list[int]:
    """For every trait set (bit t = trait t), the union of by_trait[t] over its traits.

    Built as the unions of the low half's traits crossed with those of the high half (the table
    is read at start-up by every command that looks at a wheel)."""
    half = len(by_trait) // 2
    lows = _subset_unions(by_trait[:half])
    return [high | low for high in _subset_unions(by_trait[half:]) for low in lows]


def _subset_unions(masks) -> list[int]:
    """For every subset (bit i = masks[i]), the union of its masks."""
    out = [0]
    for mask in masks:
        out += [union | mask for union in out]
    return out


# ---- one wheel ---------------------------------------------------------------------------------

COVERS = {step: tuple(m | TURN[step][m] == FULL for m in range(FULL + 1)) for step in (1, -1)}
WILD_LEAST = min(POPCOUNT[m] for m in range(FULL + 1) if COVERS[1][m])     # 4 trigger cards at least


@dataclass
class WheelCensus:
    """One full wheel read through the tables: its pairs, trait positions and valid statements."""

    kinds: list[int]
    pairs: list[int]          # pair i = (i, i+1) -> the statements it keeps
    positions: list[int]      # trait -> the 8-bit set of positions showing it
    at_least: list[int]       # j -> the trait set of traits shown on at least j positions (j = 0..10)
    valid: int                # the statements valid on the wheel
    covers: list[int] | None = None   # see covering(); filled on first use
    created: dict = field(default_factory=dict)     # card kind -> created_sets(), kept for this wheel

    def covering(self) -> list[int]:
        """covering(self.positions), computed once."""
        if self.covers is None:
            self.covers = covering(self.positions)
        return self.covers

    def created_by(self, card: int, rules: Rules) -> list[int]:
        """created_sets(self, card, rules) for every position, computed once per card kind (`rules`
        are the ones the census was read with)."""
        found = self.created.get(card)
        if found is None:
            found = self.created[card] = created_sets(self, card, rules)
        return found


def shown_at_least(positions: list[int]) -> list[int]:
    """For j = 0..10, the trait set of the traits shown on at least j of the positions (a move
    asks about the minimum and two more)."""
    by_count = [0] * (WHEEL_SIZE + 3)
    for t, where in enumerate(positions):
        by_count[POPCOUNT[where]] |= 1 << t
    for j in range(WHEEL_SIZE - 1, -1, -1):
        by_count[j] |= by_count[j + 1]
    return by_count


def census(kinds: list[int], rules: Rules) -> WheelCensus:
    """Read a wheel of kinds: the pairs' statements, each trait's positions, the valid statements.

    The last wheels read are kept: a game asks about the same wheel for each seat's best cover
    and then for the patterns the cover creates.
    """
    return _census(tuple(kinds), rules)


@lru_cache(maxsize=16)
def _census(kinds: tuple[int, ...], rules: Rules) -> WheelCensus:
    after, least = rules.after, rules.min_occurrences
    tables = pattern_tables(after)
    keep, size = tables.keep, tables.kinds
    pairs = [keep[kinds[i - 1] * size + kinds[i]] for i in range(1, WHEEL_SIZE)]
    pairs.append(keep[kinds[-1] * size + kinds[0]])
    positions = [0] * tables.trait_count
    for i, k in enumerate(kinds):
        bit = 1 << i
        for t in tables.traits[k]:
            positions[t] |= bit
    at_least = shown_at_least(positions)
    valid = tables.by_trigger[at_least[least]]
    for mask in pairs:
        valid &= mask
    return WheelCensus(list(kinds), pairs, positions, at_least, valid)


def statement_numbers(statements: int):
    """The statement numbers (analysis.all_statements() order) of a statement set, in order."""
    at_bit = layout().at_bit
    while statements:
        low = statements & -statements
        yield at_bit[low.bit_length() - 1]
        statements ^= low


def _pattern(number: int, positions: list[int], tables: PatternTables, rules: Rules) -> Pattern:
    """Statement `number` as a Pattern on a wheel whose trait positions are `positions`."""
    lay = layout()
    trig = positions[lay.triggers[number]]
    step = tables.steps[number >= len(lay.statements) // 2]
    involved = trig | TURN[step][trig]
    k = POPCOUNT[trig]
    return Pattern(lay.statements[number], k, POSITIONS[involved], 1 if k == rules.min_occurrences else 2,
                   involved == FULL)


def patterns_of(statements: int, positions: list[int], rules: Rules) -> list[Pattern]:
    """The Pattern of each statement in a set, on a wheel whose trait positions are `positions`."""
    tables = pattern_tables(rules.after)
    return [_pattern(n, positions, tables, rules) for n in statement_numbers(statements)]


def valid_patterns(wheel: Wheel, rules: Rules = Rules()) -> list[Pattern]:
    """Every valid pattern on a full wheel (as analysis.valid_patterns, from the tables)."""
    require_full(wheel)
    seen = census(kinds_of(wheel.cards), rules)
    return patterns_of(seen.valid, seen.positions, rules)


def holds_wild(wheel: Wheel, rules: Rules = Rules()) -> bool:
    """Whether some valid pattern on the wheel involves all 8 cards."""
    require_full(wheel)
    seen = census(kinds_of(wheel.cards), rules)
    return wild_statements(seen.covering(), pattern_tables(rules.after)) & seen.valid != 0


def covering(positions: list[int]) -> list[int]:
    """For steps +1 and -1 (indices 0, 1): the trait set of traits whose cards and their neighbours
    one step on cover the whole wheel."""
    out = [0, 0]
    for t, where in enumerate(positions):
        if COVERS[1][where]:
            out[0] |= 1 << t
        if COVERS[-1][where]:
            out[1] |= 1 << t
    return out


def wild_statements(cover: list[int], tables: PatternTables) -> int:
    """The statements whose trigger cards and named neighbours cover the whole wheel."""
    return tables.forward & tables.by_trigger[cover[0]] | tables.backward & tables.by_trigger[cover[1]]


# ---- moves on one wheel ----------------------------------------------------------------------

def others(pairs: list[int]) -> list[int]:
    """For each position p, the AND of the six pairs a move at p leaves alone (pairs p-1 and p)."""
    n = len(pairs)
    prefix, suffix = [-1] * (n + 1), [-1] * (n + 1)
    for i in range(n):
        prefix[i + 1] = prefix[i] & pairs[i]
        suffix[n - 1 - i] = suffix[n - i] & pairs[n - 1 - i]
    middle = -1
    for mask in pairs[1:n - 1]:
        middle &= mask
    return [middle] + [prefix[p - 1] & suffix[p + 1] for p in range(1, n)]


def rest_at(pairs: list[int], position: int) -> int:
    """The AND of the six pairs a move at `position` leaves alone."""
    rest = -1
    for i, mask in enumerate(pairs):
        if i != position and i != position - 1 and i != position - 1 + len(pairs):
            rest &= mask
    return rest


def created_sets(seen: WheelCensus, card: int, rules: Rules, where: tuple[int, ...] | None = None) -> list[int]:
    """For each position (or each one of `where`), the statements that covering it with card kind
    `card` creates.

    After the move a statement must hold (the six other pairs, the two new pairs, its trigger
    often enough), be new (not valid before, or with `extend` one more trigger card), and name
    the played card as a trigger card or a neighbour (unless `lenient`).
    """
    tables = pattern_tables(rules.after)
    keep, size, trait_bits, by_trigger = tables.keep, tables.kinds, tables.trait_bits, tables.by_trigger
    kinds, m = seen.kinds, rules.min_occurrences
    fewer, same, more = seen.at_least[m - 1], seen.at_least[m], seen.at_least[m + 1]
    mine = trait_bits[card]
    involving = tables.triggered[card]
    forward, backward, triggered = tables.forward, tables.backward, tables.triggered
    valid, extend, strict = seen.valid, rules.extend, not rules.lenient
    out = []
    rests = others(seen.pairs) if where is None else [rest_at(seen.pairs, p) for p in where]
    for p, rest in zip(range(WHEEL_SIZE) if where is None else where, rests):
        before_card, after_card = kinds[p - 1], kinds[(p + 1) % WHEEL_SIZE]
        created = rest & keep[before_card * size + card] & keep[card * size + after_card]
        if created:  # the eight pairs keep something: now the trigger counts and what is new
            covered = trait_bits[kinds[p]]
            gain, loss = mine & ~covered, covered & ~mine
            often = (same & ~(gain | loss)) | (fewer & gain) | (more & loss)
            created &= by_trigger[often] & ~(valid & ~by_trigger[gain] if extend else valid)
        if created and strict:
            created &= involving | forward & triggered[before_card] | backward & triggered[after_card]
        out.append(created)
    return out


def moved_positions(positions: list[int], position: int, covered: int, card: int, tables: PatternTables) -> list[int]:
    """The trait positions after `card` covers `covered` at `position`."""
    after = list(positions)
    bit = 1 << position
    for t in tables.traits[covered]:
        after[t] &= ~bit
    for t in tables.traits[card]:
        after[t] |= bit
    return after


def created_patterns(wheel: Wheel, position: int, card: Card, rules: Rules = Rules()) -> list[Pattern]:
    """The patterns that covering `position` with `card` creates (as analysis.created_patterns)."""
    require_full(wheel)
    check_position(position)
    return created_by_kinds(kinds_of(wheel.cards), position, kind_of(card), rules)


def created_by_kinds(kinds: list[int], position: int, card: int, rules: Rules) -> list[Pattern]:
    """The patterns created when card kind `card` covers `position` of the wheel `kinds`."""
    seen = census(kinds, rules)
    return _patterns_at(seen, position, card, created_sets(seen, card, rules, (position,))[0], rules)


def _patterns_at(seen: WheelCensus, position: int, card: int, created: int, rules: Rules) -> list[Pattern]:
    if not created:
        return []
    after = moved_positions(seen.positions, position, seen.kinds[position], card, pattern_tables(rules.after))
    return patterns_of(created, after, rules)


def moves(wheel: Wheel, card: Card, rules: Rules = Rules()) -> list[Move]:
    """For each position, the move of covering it with `card` (as analysis.moves)."""
    require_full(wheel)
    seen, played = census(kinds_of(wheel.cards), rules), kind_of(card)
    return [Move(p, wheel.cards[p], tuple(_patterns_at(seen, p, played, created, rules)))
            for p, created in enumerate(created_sets(seen, played, rules))]


def has_move(wheel: Wheel, card: Card, rules: Rules = Rules()) -> bool:
    """Whether `card` creates a pattern anywhere on the wheel (the "Click!" question)."""
    require_full(wheel)
    return any(created_sets(census(kinds_of(wheel.cards), rules), kind_of(card), rules))


def best_cover(kinds: list[int], card: int, rules: Rules) -> int | None:
    """The position of analysis.best_move(moves(...)) without building patterns: a Wild Wild Pattern
    first, then the most cards one declaration wins, then the lowest position; None without a move."""
    seen = census(kinds, rules)
    tables, least = pattern_tables(rules.after), rules.min_occurrences
    best, best_score = None, (False, 0)
    for p, created in enumerate(seen.created_by(card, rules)):
        if created:
            twice, wild = tiers(seen, p, card, created, least, tables)
            score = (True, 2 if wild & twice else 1) if wild else (False, 2 if twice else 1)
            if score > best_score:
                best, best_score = p, score
    return best


def tiers(seen: WheelCensus, position: int, card: int, created: int, least: int,
          tables: PatternTables) -> tuple[int, int]:
    """(twice, wild) of the statements `created` by covering `position` with card kind `card` (at
    least `least` trigger cards, the tables of the rules' "after"): those whose trigger shows more
    often than the minimum after the move (tier 2; their Pattern.tier), and the Wild Wild Patterns."""
    trait_bits, by_trigger, at_least = tables.trait_bits, tables.by_trigger, seen.at_least
    covered = trait_bits[seen.kinds[position]]
    mine = trait_bits[card]
    gain, loss = mine & ~covered, covered & ~mine
    same = ~(gain | loss)
    twice = created & by_trigger[(at_least[least + 1] & same) | (at_least[least] & gain) | (at_least[least + 2] & loss)]
    wild = 0
    if created & by_trigger[(at_least[WILD_LEAST] & same) | (at_least[WILD_LEAST - 1] & gain)
                            | (at_least[WILD_LEAST + 1] & loss)]:
        wild = created & wild_statements(moved_covering(seen, position, gain | loss, tables), tables)
    return twice, wild


def cover_sets(kinds: list[int], position: int, card: int, rules: Rules) -> tuple[int, int, int]:
    """(created, twice, wild) statement sets of covering `position` of the wheel `kinds` with card kind
    `card` (see created_sets and tiers): what a declaration wins, without building patterns."""
    seen = census(kinds, rules)
    created = seen.created_by(card, rules)[position]
    if not created:
        return 0, 0, 0
    return (created, *tiers(seen, position, card, created, rules.min_occurrences, pattern_tables(rules.after)))


def best_statement(created: int, twice: int, wild: int) -> int:
    """The number (analysis.all_statements() order) of the statement with the best reward among
    `created`: a Wild Wild Pattern, then two cards, the first in statement order; -1 for none."""
    for chosen in (wild & twice, wild, twice, created):
        if chosen:
            return layout().at_bit[(chosen & -chosen).bit_length() - 1]
    return -1


def moved_covering(seen: WheelCensus, position: int, changed: int, tables: PatternTables) -> list[int]:
    """covering() of the wheel after a move at `position` that adds or takes away the traits in
    `changed` there (only those traits' positions change)."""
    forward, backward = seen.covering()
    bit, t = 1 << position, 0
    while changed:
        if changed & 1:
            where = seen.positions[t] ^ bit
            flag = 1 << t
            forward = forward | flag if COVERS[1][where] else forward & ~flag
            backward = backward | flag if COVERS[-1][where] else backward & ~flag
        changed >>= 1
        t += 1
    return [forward, backward]
