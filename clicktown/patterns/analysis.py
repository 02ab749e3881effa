"""The pattern engine: statements, the direct enumerator of valid patterns, moves and rewards.

Rules implemented (docs/rules-wild-wild-pattern.md quotes the rulebook for each and names the option):
- A statement is (direction, trigger, target): "AFTER every <trigger> there is always <target>".
  One of trigger and target is an OBJECT, the other a COLOR or a SUIT.
- "After" is the next card clockwise, "before" the previous one (French rules); the wheel is given
  clockwise. `Rules(after="counterclockwise")` gives the German text's reverse reading.
- Occurrences k = the wheel cards with the trigger. A statement is a valid pattern when the card after
  (before) every trigger card has the target and k >= the minimum (default 2: "occurs at least twice").
- Tier 1 ("repeats once") when k equals the minimum, tier 2 ("twice or more") when it is larger.
- Involved cards: the trigger cards and their named neighbours; all 8 involved = Wild Wild Pattern.
- A move (a card covering position p) creates a pattern when the statement is valid after the move,
  is new, and the played card is involved (`lenient` drops the last condition). "New" by default
  (`extend=True`) means not valid before the move, or valid with fewer trigger cards: the move adds
  an occurrence (the rulebook's Martha Jane example needs this). `extend=False` is the strict
  reading, where a pattern valid before the move is never new (see the docs page).
- Rewards: OBJECT+SUIT tier 1 the covered card, tier 2 the covered and the played card; OBJECT+COLOR
  tier 1 one wheel card of choice (not the played one), tier 2 two wheel cards (played one allowed);
  Wild Wild Pattern wins the game. A false declaration: the played card is discarded and every
  opponent takes a wheel card.

The enumerator works on bit masks: for each trait, the 8-bit set of positions showing it; a statement
holds when the trigger set, turned one step, lies inside the target set.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ..errors import ClicktownError
from ..messages import say
from .cards import WHEEL_SIZE, Card, Trait, Wheel, check_position, vocabulary
from .wording import Reason, Refusal, statement_words

DIRECTIONS = ("after", "before")
SIDES = ("clockwise", "counterclockwise")
FULL = (1 << WHEEL_SIZE) - 1


USED_CHALLENGES = ("out", "back")  # the default first


@dataclass(frozen=True)
class Rules:
    """The rules options: which way is "after", the minimum occurrences, lenient and extending moves,
    and (the game only) what becomes of a used challenge card: "out" of the game for good
    ("Herausforderungskarten, die einmal verwendet wurden, scheiden aus dem Spiel aus") or "back"
    in the new deck at a rebuild ("die zuvor aus dem Spiel genommenen Karten")."""

    after: str = "clockwise"
    min_occurrences: int = 2
    lenient: bool = False
    extend: bool = True
    used_challenges: str = "out"

    def __post_init__(self):
        if self.after not in SIDES:
            raise ClicktownError(f"--after must be clockwise or counterclockwise, not {self.after}")
        if self.used_challenges not in USED_CHALLENGES:
            raise ClicktownError(f"--used-challenges must be out or back, not {str(self.used_challenges)[:40]}")
        if not 1 <= self.min_occurrences <= WHEEL_SIZE:
            raise ClicktownError(f"--min-occurrences must be 1-8, not {self.min_occurrences}")

    def step(self, direction: str) -> int:
        """+1 or -1: how the neighbour a statement names lies from its trigger card."""
        clockwise = 1 if self.after == "clockwise" else -1
        return clockwise if direction == "after" else -clockwise


# ---- statements and patterns ---------------------------------------------------------------

@dataclass(frozen=True, order=True)
class Statement:
    """ "<direction> every <trigger> there is always <target>"; one side is an OBJECT."""

    direction: str
    trigger: Trait
    target: Trait

    def __post_init__(self):
        if self.direction not in DIRECTIONS:
            raise ClicktownError(f"direction must be after or before, not {self.direction}")
        objects = [t for t in (self.trigger, self.target) if t.attribute == "object"]
        if len(objects) != 1:
            raise ClicktownError(statement_form_error(self.trigger, self.target))

    @property
    def kind(self) -> str:
        """ "object+color" or "object+suit"."""
        other = self.target if self.trigger.attribute == "object" else self.trigger
        return f"object+{other.attribute}"

    def text_en(self) -> str:
        """The statement as an English sentence."""
        return f"{self.direction} every {self.trigger.value} there is always {self.target.value}"

    def told(self, lang: str) -> str:
        """The statement as players of `lang` say it ("NACH jeder BLAUEN Karte gibt es immer eine BEUTE-Karte")."""
        return statement_words(self.direction, self.trigger.value, self.target.value, lang)

    def kind_told(self, lang: str) -> str:
        """The kind in the words of `lang` ("object+color", "Objekt+Farbe")."""
        return say(lang, f"patterns.kind.{self.kind}")

    def as_dict(self) -> dict:
        """Direction, trigger, target and kind."""
        return {"direction": self.direction, "trigger": self.trigger.as_dict(),
                "target": self.target.as_dict(), "kind": self.kind, "text_en": self.text_en()}


def statement_form_error(first: Trait, second: Trait) -> str:
    """Why two traits cannot form a statement (both objects, or no object)."""
    if first.attribute == second.attribute:
        return Refusal("same_kind", first.attribute, first.value, second.value)
    return Refusal("needs_object", first.value, second.value, first.attribute, second.attribute)


def all_statements() -> list[Statement]:
    """Every well-formed statement (2 directions x object with color/suit, both ways round)."""
    traits = vocabulary().traits
    return [Statement(d, t, g) for d in DIRECTIONS for t in traits for g in traits
            if (t.attribute == "object") != (g.attribute == "object")]


@dataclass(frozen=True)
class Reward:
    """What a declaration earns: cards won, which ones (the catalog's `patterns.reward.<kind>`), or the game."""

    cards_won: int
    kind: str
    wins_game: bool = False

    @property
    def text(self) -> str:
        """The reward in English words (the JSON's `text`)."""
        return self.told("en")

    def told(self, lang: str) -> str:
        """The reward in the words of `lang`."""
        return say(lang, f"patterns.reward.{self.kind}")

    def as_dict(self) -> dict:
        """cards_won, wins_game and the reward in words."""
        return {"cards_won": self.cards_won, "wins_game": self.wins_game, "text": self.text}


PENALTY = Reward(0, "penalty")


@dataclass(frozen=True)
class Pattern:
    """A valid statement on a wheel, with its occurrences, involved positions, tier and wildness."""

    statement: Statement
    occurrences: int
    involved: tuple[int, ...]
    tier: int
    wild: bool

    def reward(self) -> Reward:
        """The reward for declaring this pattern after creating it."""
        ordinary = self._cards_reward()
        if self.wild:
            return Reward(ordinary.cards_won, "wild", True)
        return ordinary

    def _cards_reward(self) -> Reward:
        """The reward in cards by kind and tier, leaving the Wild Wild Pattern aside."""
        if self.statement.kind == "object+suit":
            if self.tier == 1:
                return Reward(1, "covered")
            return Reward(2, "covered_and_played")
        if self.tier == 1:
            return Reward(1, "one_of_choice")
        return Reward(2, "two_of_choice")

    def as_dict(self) -> dict:
        """The JSON pattern shape other tools read."""
        s = self.statement
        return {"direction": s.direction, "trigger": s.trigger.as_dict(), "target": s.target.as_dict(),
                "kind": s.kind, "occurrences": self.occurrences, "involved": list(self.involved),
                "tier": self.tier, "wild": self.wild, "text_en": s.text_en()}


# ---- the enumerator (bit masks) -------------------------------------------------------------

def _turn(mask: int, step: int) -> int:
    """The position set `mask` moved `step` (+1/-1) places round the wheel."""
    if step == 1:
        return ((mask << 1) | (mask >> (WHEEL_SIZE - 1))) & FULL
    return ((mask >> 1) | (mask << (WHEEL_SIZE - 1))) & FULL


TURN = {s: [_turn(m, s) for m in range(FULL + 1)] for s in (1, -1)}
POPCOUNT = [bin(m).count("1") for m in range(FULL + 1)]
POSITIONS = [tuple(i for i in range(WHEEL_SIZE) if m >> i & 1) for m in range(FULL + 1)]


@dataclass(frozen=True)
class _Tables:
    """Trait order, and for each trait the traits it may pair with."""

    traits: tuple[Trait, ...]
    index: dict
    partners: tuple[tuple[int, ...], ...]


def _tables() -> _Tables:
    """The trait tables of the vocabulary (computed once)."""
    global _TABLES
    if _TABLES is None:
        traits = vocabulary().traits
        partners = tuple(tuple(j for j, g in enumerate(traits)
                               if (t.attribute == "object") != (g.attribute == "object")) for t in traits)
        _TABLES = _Tables(traits, {t: i for i, t in enumerate(traits)}, partners)
    return _TABLES


_TABLES: _Tables | None = None


@cache
def trait_numbers(card: Card) -> tuple[int, ...]:
    """The numbers (vocabulary order) of the card's three traits."""
    index = _tables().index
    return tuple(index[trait] for trait in card.traits())


def trait_masks(cards) -> list[int]:
    """For each trait (vocabulary order), the positions whose card shows it, as a bit mask."""
    masks = [0] * len(_tables().traits)
    for i, card in enumerate(cards):
        for t in trait_numbers(card):
            masks[t] |= 1 << i
    return masks


def _valid_keys(masks: list[int], rules: Rules):
    """Yield (direction, trigger index, target index, trigger mask, neighbour mask) of valid patterns."""
    partners = _tables().partners
    least = rules.min_occurrences
    steps = [(d, TURN[rules.step(d)]) for d in DIRECTIONS]
    for direction, turn in steps:
        for t, trig in enumerate(masks):
            if POPCOUNT[trig] < least:
                continue
            nbr = turn[trig]
            for g in partners[t]:
                if nbr & ~masks[g] == 0:
                    yield direction, t, g, trig, nbr


def _pattern(direction: str, t: int, g: int, trig: int, nbr: int, rules: Rules) -> Pattern:
    """A Pattern from the enumerator's masks."""
    traits = _tables().traits
    k = POPCOUNT[trig]
    involved = trig | nbr
    return Pattern(Statement(direction, traits[t], traits[g]), k, POSITIONS[involved],
                   1 if k == rules.min_occurrences else 2, involved == FULL)


def valid_patterns(wheel: Wheel, rules: Rules = Rules()) -> list[Pattern]:
    """Every valid pattern on a full wheel (direction, then trigger, then target order)."""
    require_full(wheel)
    return [_pattern(*key, rules) for key in _valid_keys(trait_masks(wheel.cards), rules)]


def require_full(wheel: Wheel) -> None:
    """Raise when the wheel has gaps."""
    if wheel.gaps():
        raise ClicktownError(f"the wheel has gaps at positions {wheel.gaps()}; give all 8 cards")


# ---- moves ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Move:
    """Covering `position` with the played card: the patterns it creates and the best reward."""

    position: int
    covered: Card
    patterns: tuple[Pattern, ...] = field(default_factory=tuple)

    @property
    def reward(self) -> Reward | None:
        """The best reward among the created patterns (a Wild Wild Pattern first)."""
        rewards = [p.reward() for p in self.patterns]
        return max(rewards, key=lambda r: (r.wins_game, r.cards_won), default=None)

    @property
    def wild(self) -> bool:
        """Whether the move creates a Wild Wild Pattern."""
        return any(p.wild for p in self.patterns)

    @property
    def cards_won(self) -> int:
        """The most cards one declaration of this move wins (0 when it creates nothing)."""
        return self.reward.cards_won if self.patterns else 0

    def as_dict(self) -> dict:
        """position, covered, patterns, cards_won, wild (and the reward in words)."""
        return {"position": self.position, "covered": str(self.covered),
                "patterns": [p.as_dict() for p in self.patterns], "cards_won": self.cards_won,
                "wild": self.wild, "reward": self.reward.as_dict() if self.patterns else None}


def created_patterns(wheel: Wheel, position: int, card: Card, rules: Rules = Rules()) -> list[Pattern]:
    """The patterns that covering `position` with `card` creates."""
    require_full(wheel)
    check_position(position)
    masks = trait_masks(wheel.cards)
    return _created(masks, _before(masks, rules), wheel.cards[position], position, card, rules)


def _before(masks: list[int], rules: Rules) -> dict:
    """The statements valid on the wheel before a move, with their trigger masks."""
    return {key[:3]: key[3] for key in _valid_keys(masks, rules)}


def _created(masks: list[int], before: dict, covered: Card, position: int, card: Card, rules: Rules) -> list[Pattern]:
    """The patterns created when `card` covers `covered` at `position` (masks: the wheel before)."""
    bit = 1 << position
    after = list(masks)
    for t in trait_numbers(covered):
        after[t] &= ~bit
    for t in trait_numbers(card):
        after[t] |= bit
    return [_pattern(*key, rules) for key in _valid_keys(after, rules)
            if _is_new(key, before, rules) and (rules.lenient or (key[3] | key[4]) & bit)]


def _is_new(key, before: dict, rules: Rules) -> bool:
    """Whether a pattern valid after a move is new: not there before (or, with `extend`, grown)."""
    if key[:3] not in before:
        return True
    return rules.extend and POPCOUNT[key[3]] > POPCOUNT[before[key[:3]]]


def moves(wheel: Wheel, card: Card, rules: Rules = Rules()) -> list[Move]:
    """For each position, the move of covering it with `card`."""
    require_full(wheel)
    masks = trait_masks(wheel.cards)
    before = _before(masks, rules)
    return [Move(p, wheel.cards[p], tuple(_created(masks, before, wheel.cards[p], p, card, rules)))
            for p in range(WHEEL_SIZE)]


def best_move(all_moves: list[Move]) -> Move | None:
    """The move with the best reward (Wild Wild Pattern, then most cards, then lowest position)."""
    scoring = [m for m in all_moves if m.patterns]
    return max(scoring, key=lambda m: (m.wild, m.cards_won, -m.position), default=None)


def has_move(wheel: Wheel, card: Card, rules: Rules = Rules()) -> bool:
    """Whether `card` creates a pattern anywhere on the wheel (the "Click!" question)."""
    return any(m.patterns for m in moves(wheel, card, rules))


def holds_wild(wheel: Wheel, rules: Rules = Rules()) -> bool:
    """Whether some valid pattern on the wheel involves all 8 cards."""
    return any(key[3] | key[4] == FULL for key in _valid_keys(trait_masks(wheel.cards), rules))


# ---- judging one statement -----------------------------------------------------------------

@dataclass(frozen=True)
class Verdict:
    """A judged declaration: valid or not, why not, the pattern and the reward (or penalty)."""

    statement: Statement
    valid: bool
    reasons: tuple[str, ...]
    pattern: Pattern | None
    reward: Reward

    def as_dict(self) -> dict:
        """statement, valid, reasons, pattern, reward."""
        return {"statement": self.statement.as_dict(), "valid": self.valid,
                "reasons": list(self.reasons),
                "pattern": self.pattern.as_dict() if self.pattern else None,
                "reward": self.reward.as_dict()}


def evaluate(wheel: Wheel, statement: Statement, rules: Rules = Rules()) -> tuple[Pattern | None, list[str]]:
    """The statement as a pattern on a full wheel, or None and the reasons it is not valid."""
    require_full(wheel)
    step = rules.step(statement.direction)
    triggers = [i for i, c in enumerate(wheel.cards) if c.has(statement.trigger)]
    reasons = []
    for i in triggers:
        j = (i + step) % WHEEL_SIZE
        if not wheel.cards[j].has(statement.target):
            reasons.append(Reason("other_neighbour", statement.direction, statement.trigger.value, i,
                                  str(wheel.cards[j]), j, statement.target.value))
    if len(triggers) < rules.min_occurrences:
        reasons.append(Reason("too_few", statement.trigger.value, len(triggers), rules.min_occurrences))
    if reasons:
        return None, reasons
    involved = set(triggers) | {(i + step) % WHEEL_SIZE for i in triggers}
    k = len(triggers)
    return Pattern(statement, k, tuple(sorted(involved)), 1 if k == rules.min_occurrences else 2,
                   len(involved) == WHEEL_SIZE), []


def judge(wheel: Wheel, statement: Statement, rules: Rules = Rules(),
          played: tuple[int, Card] | None = None) -> Verdict:
    """Judge a declaration on the wheel, or on the move `played` = (position, card) on it."""
    if played is None:
        pattern, reasons = evaluate(wheel, statement, rules)
    else:
        position, card = played
        check_position(position)
        pattern, reasons = evaluate(wheel.covered(position, card), statement, rules)
        if pattern is not None:
            old, _ = evaluate(wheel, statement, rules)
            if old is not None and not (rules.extend and pattern.occurrences > old.occurrences):
                reasons.append(Reason("not_new"))
            if not rules.lenient and position not in pattern.involved:
                reasons.append(Reason("played_card_left_out", position))
    if reasons:
        return Verdict(statement, False, tuple(reasons), None, PENALTY)
    return Verdict(statement, True, (), pattern, pattern.reward())
