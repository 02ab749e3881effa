"""The batch pattern engine: many wheels at once, on the tables of `tables`, with numpy.

Wheels are arrays of card kinds (`tables.card_kinds()`), numpy uint8 of shape (n, 8) in clockwise
order; drawn cards are kinds of shape (n,). A statement set is four uint64 words per wheel (the
bits of `tables.layout()`). Nothing here builds a Pattern: `tables.patterns_of` does that for
the few sets that are printed.

- `valid_sets(wheels, rules)`: every valid pattern of each wheel, as statement sets (n, 4).
- `wild_wheels(wheels, rules)`: which wheels hold a Wild Wild Pattern.
- `created_sets(wheels, cards, rules)`: for each wheel and position, what covering it with the
  wheel's drawn card creates (n, 8, 4); `has_moves` only says whether any position creates one.
- `deal(deck_kinds, n, rng)`: n random deals of 9 different deck cards (8 on the wheel, 1 drawn).

A move at p changes the pairs (p-1, p) and (p, p+1) only: the other six pairs are combined once
per wheel from prefix and suffix ANDs, and the trigger counts change for the six traits of the
covered and the played card only (so the "often enough" trait sets before the move, for the
minimum and one either side of it, give the set after the move).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from .cards import WHEEL_SIZE
from .analysis import Rules
from .tables import COVERS, layout, pattern_tables

CHUNK = 1 << 14


@dataclass(frozen=True)
class ArrayTables:
    """The tables of `tables.PatternTables` as numpy arrays (statement sets as rows of W words).

    Trigger counts are packed four bits a trait into one uint64 per card (`counts`), so a wheel's
    counts are the sum of its eight cards'; `often[m]` reads four packed counts (one uint16) and
    gives the 4-bit set of those shown at least m times. Trait positions are packed eight bits a
    trait into two uint64 per card and position (`placed`).
    """

    kinds: int
    keep: np.ndarray            # (K*K, W) uint64
    by_trigger: np.ndarray      # (2**traits, W) uint64
    triggered: np.ndarray       # (K, W) the statements whose trigger the kind shows
    forward_of: np.ndarray      # (K, W) the forward statements whose trigger the kind shows
    backward_of: np.ndarray     # (K, W) the backward ones
    trait_bits: np.ndarray      # (K,) intp trait set of each kind
    counts: np.ndarray          # (K,) uint64 one in the four bits of each trait the kind shows
    often: np.ndarray           # (10, 65536) intp: four packed counts -> the ones >= m, m = 0..9
    placed: np.ndarray          # (8, K, 2) uint64: the kind at position i, as trait position bits
    covers: np.ndarray          # (2, 256) bool: trait positions that cover the wheel, step +1 / -1
    forward: np.ndarray         # (W,) the forward block
    backward: np.ndarray        # (W,) the backward block


def words(statements: int, count: int) -> list[int]:
    """A statement set cut into `count` 64-bit words (lowest first)."""
    return [(statements >> (64 * w)) & (2**64 - 1) for w in range(count)]


def as_rows(sets, count: int) -> np.ndarray:
    """Statement sets as an (n, count) uint64 array."""
    return np.array([words(s, count) for s in sets], dtype=np.uint64).reshape(-1, count)


def _often() -> np.ndarray:
    """(10, 65536): for m = 0..9 and four counts packed in 16 bits, the 4-bit set of those >= m."""
    packed = np.arange(1 << 16)
    nibbles = np.stack([(packed >> (4 * j)) & 15 for j in range(4)], axis=1)
    return np.stack([((nibbles >= m) << np.arange(4)).sum(axis=1) for m in range(WHEEL_SIZE + 2)]).astype(np.intp)


def _placed(traits) -> np.ndarray:
    """(8, K, 2): for a kind at position i, bit 8t + i of the 128-bit trait positions, per trait t."""
    out = np.zeros((WHEEL_SIZE, len(traits), 2), dtype=np.uint64)
    for i in range(WHEEL_SIZE):
        for k, shown in enumerate(traits):
            for t in shown:
                out[i, k, t // 8] |= np.uint64(1 << (8 * (t % 8) + i))
    return out


@cache
def array_tables(after: str = "clockwise") -> ArrayTables:
    """The numpy tables for one reading of "after" (built once)."""
    t = pattern_tables(after)
    if t.trait_count > 16:
        raise ValueError("the batch engine packs at most 16 traits")
    count = layout().words
    return ArrayTables(
        t.kinds, as_rows(t.keep, count), as_rows(t.by_trigger, count), as_rows(t.triggered, count),
        as_rows([t.forward & s for s in t.triggered], count), as_rows([t.backward & s for s in t.triggered], count),
        np.array(t.trait_bits, dtype=np.intp),
        np.array([sum(1 << (4 * x) for x in shown) for shown in t.traits], dtype=np.uint64),
        _often(), _placed(t.traits), np.array([COVERS[1], COVERS[-1]], dtype=bool),
        as_rows([t.forward], count)[0], as_rows([t.backward], count)[0])


# ---- reading wheels ---------------------------------------------------------------------------

def columns(wheels: np.ndarray) -> np.ndarray:
    """(8, n) intp: the wheels position by position (each row contiguous)."""
    return np.ascontiguousarray(wheels.T, dtype=np.intp)


def often_enough(counts: np.ndarray, least: int, t: ArrayTables) -> np.ndarray:
    """(n,) intp: the trait set of the traits whose packed count is at least `least`."""
    table = t.often[min(max(least, 0), WHEEL_SIZE + 1)]
    quarters = np.take(table, counts.view(np.uint16).reshape(-1, 4))
    return quarters[:, 0] | quarters[:, 1] << 4 | quarters[:, 2] << 8 | quarters[:, 3] << 12


def trait_counts(here: np.ndarray, t: ArrayTables) -> np.ndarray:
    """(n,) uint64: each wheel's trait counts, four bits a trait."""
    return np.take(t.counts, here).sum(axis=0, dtype=np.uint64)


def pair_sets(here: np.ndarray, t: ArrayTables) -> np.ndarray:
    """(8, n, W): the statements pair i = (i, i+1) keeps, for every wheel."""
    return np.take(t.keep, here * t.kinds + np.roll(here, -1, axis=0), axis=0)


def _valid(pairs: np.ndarray, counts: np.ndarray, least: int, t: ArrayTables) -> np.ndarray:
    return np.bitwise_and.reduce(pairs, axis=0) & np.take(t.by_trigger, often_enough(counts, least, t), axis=0)


def valid_sets(wheels: np.ndarray, rules: Rules = Rules()) -> np.ndarray:
    """(n, W) uint64: the statements valid on each wheel (every valid pattern)."""
    return _per_chunk(wheels, lambda w: _valid_chunk(columns(w), rules))


def _valid_chunk(here: np.ndarray, rules: Rules) -> np.ndarray:
    t = array_tables(rules.after)
    return _valid(pair_sets(here, t), trait_counts(here, t), rules.min_occurrences, t)


def wild_wheels(wheels: np.ndarray, rules: Rules = Rules()) -> np.ndarray:
    """(n,) bool: whether each wheel holds a Wild Wild Pattern."""
    return _per_chunk(wheels, lambda w: _wild_chunk(columns(w), rules))


def _wild_chunk(here: np.ndarray, rules: Rules) -> np.ndarray:
    t = array_tables(rules.after)
    valid = _valid(pair_sets(here, t), trait_counts(here, t), rules.min_occurrences, t)
    return nonempty(valid & wild_set(here, t))


def trait_positions(here: np.ndarray, t: ArrayTables) -> np.ndarray:
    """(n, 16) uint8: for each wheel and trait, the 8-bit set of positions showing it."""
    where = np.take(t.placed[0], here[0], axis=0)
    for i in range(1, WHEEL_SIZE):
        where |= np.take(t.placed[i], here[i], axis=0)
    return where.view(np.uint8)


def wild_set(here: np.ndarray, t: ArrayTables) -> np.ndarray:
    """(n, W): the statements whose trigger cards and named neighbours cover the whole wheel."""
    where = trait_positions(here, t)
    forward, backward = (np.packbits(np.take(t.covers[side], where), axis=1, bitorder="little").view(np.uint16)[:, 0]
                         for side in (0, 1))
    return (np.take(t.by_trigger, forward, axis=0) & t.forward) | (np.take(t.by_trigger, backward, axis=0) & t.backward)


# ---- moves ------------------------------------------------------------------------------------

def _others(pairs: np.ndarray) -> list[np.ndarray]:
    """For each position p, the AND of the six pairs a move at p leaves alone (pairs p-1 and p)."""
    last = len(pairs) - 1
    prefix, suffix = [pairs[0]], [pairs[last]]
    for i in range(1, last):
        prefix.append(prefix[-1] & pairs[i])
        suffix.append(suffix[-1] & pairs[last - i])
    suffix.reverse()                 # suffix[j] = pairs j+1 .. last
    middle = pairs[1]
    for i in range(2, last):
        middle = middle & pairs[i]
    return [middle, suffix[1]] + [prefix[p - 2] & suffix[p] for p in range(2, last)] + [prefix[last - 2]]


def _created_by_position(here: np.ndarray, card: np.ndarray, rules: Rules):
    """Yield, for p = 0..7, the (n, W) statements covering p with the drawn card creates.

    The trait set shown often enough after the move: a trait the played card adds needs one
    card fewer before the move, a trait the covered card takes away one card more.
    """
    t = array_tables(rules.after)
    pairs = pair_sets(here, t)
    counts = trait_counts(here, t)
    m = rules.min_occurrences
    fewer, same, more = (often_enough(counts, least, t) for least in (m - 1, m, m + 1))
    standing = np.bitwise_and.reduce(pairs, axis=0) & np.take(t.by_trigger, same, axis=0)
    unseen = ~standing
    mine = np.take(t.trait_bits, card)
    involving = np.take(t.triggered, card, axis=0)
    for p, rest in enumerate(_others(pairs)):
        covered, before, after = here[p], here[p - 1], here[(p + 1) % WHEEL_SIZE]
        theirs = np.take(t.trait_bits, covered)
        gain, loss = mine & ~theirs, theirs & ~mine
        often = (same & ~(gain | loss)) | (fewer & gain) | (more & loss)
        created = rest & np.take(t.keep, before * t.kinds + card, axis=0)
        created &= np.take(t.keep, card * t.kinds + after, axis=0)
        created &= np.take(t.by_trigger, often, axis=0)
        created &= (unseen | np.take(t.by_trigger, gain, axis=0)) if rules.extend else unseen
        if not rules.lenient:
            created &= involving | np.take(t.forward_of, before, axis=0) | np.take(t.backward_of, after, axis=0)
        yield created


def created_sets(wheels: np.ndarray, cards: np.ndarray, rules: Rules = Rules()) -> np.ndarray:
    """(n, 8, W): for each wheel and position, the statements covering it with the card creates."""
    return _per_chunk(wheels, lambda w, c: np.stack(list(_created_by_position(columns(w), c, rules)), axis=1),
                      cards)


def has_moves(wheels: np.ndarray, cards: np.ndarray, rules: Rules = Rules()) -> np.ndarray:
    """(n,) bool: whether the card creates a pattern on some position of its wheel."""
    return _per_chunk(wheels, lambda w, c: _any_created(columns(w), c, rules), cards)


def _any_created(here: np.ndarray, cards: np.ndarray, rules: Rules) -> np.ndarray:
    found = None
    for created in _created_by_position(here, cards, rules):
        found = created if found is None else found | created
    return nonempty(found)


def nonempty(sets: np.ndarray) -> np.ndarray:
    """(n,) bool: which statement sets (n, W) hold any statement."""
    joined = sets[:, 0].copy()
    for w in range(1, sets.shape[1]):
        joined |= sets[:, w]
    return joined != 0


# ---- dealing and chunks ------------------------------------------------------------------------

def deal(deck: np.ndarray, n: int, rng: np.random.Generator, size: int = WHEEL_SIZE + 1) -> np.ndarray:
    """(n, size): n random ordered draws of `size` different cards of `deck`, each row the first
    `size` steps of a Fisher-Yates shuffle of the deck's places."""
    places = np.tile(np.arange(len(deck), dtype=np.uint8), (n, 1))
    flat = places.ravel()
    row = np.arange(n, dtype=np.intp) * len(deck)
    for k in range(size):
        here, pick = row + k, row + rng.integers(k, len(deck), size=n)
        flat[here], flat[pick] = flat[pick], flat[here]
    return deck[places[:, :size]]


def _per_chunk(wheels: np.ndarray, work, cards: np.ndarray | None = None) -> np.ndarray:
    """`work` on slices of CHUNK wheels (and their cards), the results joined."""
    wheels = np.asarray(wheels, dtype=np.uint8)
    if wheels.ndim != 2 or wheels.shape[1] != WHEEL_SIZE:
        raise ValueError(f"wheels must be an (n, {WHEEL_SIZE}) array of card kinds, not {wheels.shape}")
    parts = []
    for start in range(0, max(len(wheels), 1), CHUNK):
        part = wheels[start:start + CHUNK]
        parts.append(work(part) if cards is None else
                     work(part, np.asarray(cards, dtype=np.intp)[start:start + CHUNK]))
    return np.concatenate(parts)
