"""Players for the Sequence engine: random, greedy (a hand-written evaluation of lines), planner.

  random    -- any legal action, uniformly (the arena's RandomBot);
  greedy    -- exchanges a dead card when it holds one, then plays the move whose cell scores best:
               for each line of five through the cell, what the chip adds to the team's own open
               lines (1, 3, 9, 27 for the 1st to 4th chip, 1000 for the 5th) and what it blocks of
               an opponent's (1, 3, 8, 500 for a line holding 1 to 4 of theirs); a jack or a plus
               or minus card is kept unless it is worth clearly more than a plain card;
  planner   -- asks the win-in-N solver (`solve.solve_search`) whether its hand wins within two of
               its own turns, and plays the first move of that line; otherwise, when an opponent
               could win on its next turn by one chip on some cell, it blocks: a chip on that cell,
               or the removal of one of the opponent's chips in the line; otherwise plays as greedy;
  mcts      -- compares greedy's best plays (and its jacks' best uses) in the same dealt worlds,
               each played on by greedy for a few moves and scored by an evaluation fitted to the
               winners of greedy games (sequential halving, docs/bots.md); the worlds deal the
               opponent a hand its last plays allow (`HandReading`).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left

from ...arena.seating import unknown_bot
from ...arena.state import RandomBot
from ..geometry import CONFLICTS_OF, CORNERS_IN, WINDOWS, WINDOWS_BY_CELL
from ..position import EMPTY
from .state import CELL_COUNT, CODE_WEIGHT, CORNER_WEIGHT, MatchState, takes

OWN = (1, 3, 9, 27, 1000)
BLOCK = (0, 1, 3, 8, 500)
SPECIAL_COST = {"wild": 12, "remove": 10}


class GreedyBot:
    """Plays the best-scoring move by the line evaluation; exchanges dead cards first."""

    name = "greedy"

    def choose(self, state: MatchState, rng: random.Random) -> int:
        actions = state.legal_actions()
        match = state.match
        if actions[-1] >= match.exchange:  # exchanges come last (the first is taken), or the lone pass
            return actions[bisect_left(actions, match.exchange)]
        team = match.table.team_of(state.seat)
        worth, by_cell, cards = window_worth(state, team), WINDOWS_BY_CELL, match.actions
        rand = rng.random
        best, top = actions[0], -math.inf
        kind, cost, removal = -1, 0, False
        for action in actions:  # actions come kind by kind; one random tie-break each, in order
            if action // CELL_COUNT != kind:
                kind = action // CELL_COUNT
                removal = cards[kind] == "remove"
                cost = SPECIAL_COST.get(cards[kind], 0)
            cell = action - kind * CELL_COUNT
            if removal:
                score = removal_score(state, team, cell) - cost
            else:
                score = float(sum(map(worth.__getitem__, by_cell[cell]))) - cost  # cell_worth, inline
            score += rand() * 1e-3
            if score > top:  # the first of equal scores, as max then index would pick
                best, top = action, score
        return best


def _window_worth(team: str, code: int) -> tuple[int, int]:
    """(what a chip of `team` adds to a window holding `code`, the part of it that grows the team's own line)."""
    corner, chips = divmod(code, CORNER_WEIGHT)
    held = {t: chips // w % 6 for t, w in CODE_WEIGHT.items()}
    mine, theirs = held[team], [n for t, n in held.items() if t != team and n]
    if not theirs:
        grown = OWN[mine + corner] if mine + corner < len(OWN) else 0  # a full window has no empty cell
        return grown, grown
    if mine == 0:
        return sum(BLOCK[min(4, n + corner)] for n in theirs), 0
    return 0, 0


_WORTH = {t: [_window_worth(t, code) for code in range(2 * CORNER_WEIGHT)] for t in CODE_WEIGHT}
WORTH = {t: [w for w, _ in table] for t, table in _WORTH.items()}  # team -> window code -> worth of a chip there
GROWN = {t: [g for _, g in table] for t, table in _WORTH.items()}  # the part of it that grows the team's line


def window_worth(state: MatchState, team: str) -> list[int]:
    """What a chip of `team` adds to each window, looked up by the window's code.

    A window that clashes with one of the team's sequences can no longer grow into one, so its
    growing part comes off again.
    """
    codes = state.window_code
    worth = list(map(WORTH[team].__getitem__, codes))
    grown = GROWN[team]
    for w in state.barred[team]:
        worth[w] -= grown[codes[w]]
    return worth


def cell_worth(worth: list[int], cell: int) -> float:
    """The worth of a chip on `cell`: the sum over the windows through it (`worth` from `window_worth`)."""
    return float(sum(map(worth.__getitem__, WINDOWS_BY_CELL[cell])))


def placement_score(state: MatchState, team: str, cell: int) -> float:
    """What a chip of `team` on `cell` is worth: its own lines grown, the opponents' lines blocked."""
    return cell_worth(window_worth(state, team), cell)


def _removal_worth(team: str, owner: str, code: int) -> float:
    """What taking a chip of `owner` from a window holding `code` is worth to `team`."""
    corner, chips = divmod(code, CORNER_WEIGHT)
    held = {t: chips // w % 6 for t, w in CODE_WEIGHT.items()}
    others = sum(n for t, n in held.items() if t not in (team, owner))
    mine, theirs = held[team], held[owner]
    if mine == 0 and others == 0:
        return BLOCK[min(4, theirs + corner)]
    if theirs == 1 and others == 0:
        return OWN[min(4, mine + corner)] / 2
    return 0


REMOVAL_WORTH = {(t, o): [_removal_worth(t, o, code) for code in range(2 * CORNER_WEIGHT)]
                 for t in CODE_WEIGHT for o in CODE_WEIGHT if o != t}  # (team, owner) -> window code -> worth


def removal_score(state: MatchState, team: str, cell: int) -> float:
    """What taking the opponent chip on `cell` is worth: their lines broken, ours reopened (looked up by window code)."""
    worth = REMOVAL_WORTH[team, state.board[cell].upper()]
    return float(sum(map(worth.__getitem__, map(state.window_code.__getitem__, WINDOWS_BY_CELL[cell]))))


class PlannerBot:
    """Plays a winning line of the win-in-N solver when its hand has one within `depth` turns, else greedy."""

    name = "planner"

    def __init__(self, depth: int = 2):
        self.depth = depth
        self.greedy = GreedyBot()

    def choose(self, state: MatchState, rng: random.Random) -> int:
        from ..solve import solve_search

        actions = state.legal_actions()
        match = state.match
        if any(match.exchange <= a < match.pass_action for a in actions) or actions == [match.pass_action]:
            return self.greedy.choose(state, rng)
        team = match.table.team_of(state.seat)
        hand = tuple(match.game.deck.cards[k] for k in state.hand_names(state.seat))
        if state.supply[team] >= self.depth:
            found = solve_search(match.game, state.position(), team, hand, self.depth, match.table.needed)
            if found.win and found.line:
                move = found.line[0]
                action = match.play_action(move.card, move.cell)
                if action in actions:
                    return action
        blocks = blocking_actions(state, team, actions)
        if blocks:
            return max(blocks, key=lambda a: (_score(state, team, a), rng.random()))
        return self.greedy.choose(state, rng)


def _score(state: MatchState, team: str, action: int) -> float:
    """The greedy score of one play."""
    kind, cell = divmod(action, CELL_COUNT)
    card = state.match.actions[kind]
    if card == "remove":
        return removal_score(state, team, cell) - SPECIAL_COST["remove"]
    return placement_score(state, team, cell) - SPECIAL_COST.get(card, 0)


def winning_threats(state: MatchState, opponent: str) -> dict[int, list[int]]:
    """Empty cells where one chip of `opponent` would give it the sequences it needs, with the lines it would complete."""
    counts, made = state.window_chips[opponent], state.sequences[opponent]
    short = state.match.table.needed - len(made)
    threats: dict[int, list[int]] = {}
    for w, window in enumerate(WINDOWS):
        if counts[w] + CORNERS_IN[w] != 4 or any(m in CONFLICTS_OF[w] for m in made):
            continue
        gap = [c for c in window.cells if state.board[c] == "."]
        if len(gap) == 1:
            threats.setdefault(gap[0], []).append(w)
    if short <= 1:
        return threats
    return {c: ws for c, ws in threats.items() if _fitting(ws) >= short}


def _fitting(windows: list[int]) -> int:
    """How many of these windows fit together (no two sharing two cells)."""
    chosen: list[int] = []
    for w in windows:
        if not any(c in CONFLICTS_OF[w] for c in chosen):
            chosen.append(w)
    return len(chosen)


def blocking_actions(state: MatchState, team: str, actions: list[int]) -> list[int]:
    """The plays that stop every opponent's one-chip win, if there is such a threat."""
    threats = {}
    for opponent in state.window_chips:
        if opponent != team:
            threats.update(winning_threats(state, opponent))
    if not threats:
        return []
    lines = {c for ws in threats.values() for w in ws for c in WINDOWS[w].cells}
    blocks = []
    for action in actions:
        kind, cell = divmod(action, CELL_COUNT)
        if kind >= len(state.match.kinds):
            continue
        if state.match.actions[kind] == "remove" and cell in lines or state.match.actions[kind] != "remove" and cell in threats:
            blocks.append(action)
    return blocks


# -- mcts: determinized search at the root (clicktown.arena.ismcts.Halving) ---------------------

FEATURES = ("lines1", "lines2", "lines3", "lines4", "gaps", "gaps_in_hand", "forks", "sequences", "ready",
            "wild_in_hand", "remove_in_hand", "gaps_in_hand_to_move", "ready_to_move")


def team_features(state: MatchState, team: str) -> list[float]:
    """What the fitted evaluation reads of one team's position (in the order of `FEATURES`).

    lines1-4        -- open lines of five (no other team's chip, free to become a sequence) holding 1-4
                       of the team's chips (a corner counts as one);
    gaps            -- the empty cells that would complete an open line of four;
    gaps_in_hand    -- those the team's hands reach (a card of that cell, or a two-eyed jack);
    forks           -- empty cells on open lines of three or more along two different directions;
    sequences       -- sequences made;
    ready           -- 1 when the team is one sequence short and its hand reaches a gap: a win next turn
                       unless the opponent answers;
    wild/remove_in_hand -- the jacks in the team's hands;
    gaps_in_hand_to_move, ready_to_move -- the same two when the team is to move (it can fill a gap now).
    """
    table = state.match.table
    lines, gaps, forks = open_lines(state, team)
    hand, cards, wild, reached = team_hand(state, team)
    in_hand = len(gaps) if wild else len(gaps & reached)
    made = len(state.sequences[team])
    ready = float(in_hand > 0 and made == table.needed - 1)
    moving = table.team_of(state.seat) == team
    return [lines[1], lines[2], lines[3], lines[4], len(gaps), in_hand, forks, made, ready, wild,
            cards.count("remove"), in_hand * moving, ready * moving]


def team_hand(state: MatchState, team: str) -> tuple[list[int], list[str], int, set[int]]:
    """(the kinds in the team's hands, what each does, its two-eyed jacks, the cells its plain cards reach)."""
    match, table = state.match, state.match.table
    hand = [k for s, h in enumerate(state.hands) if table.team_of(s) == team for k in h]
    cards = [match.actions[k] for k in hand]
    reached = {c for k, card in zip(hand, cards) if card == "place" for c in match.cells_of_kind[k]}
    return hand, cards, cards.count("wild"), reached


def open_lines(state: MatchState, team: str) -> tuple[list[int], set[int], int]:
    """(open lines of five by the team's chips in them, the gaps of its open fours, the forks): see
    `team_features`."""
    chips, board = state.window_chips, state.board
    others = [counts for t, counts in chips.items() if t != team]
    barred = state.barred[team]
    lines = [0, 0, 0, 0, 0]
    gaps: set[int] = set()
    directions: dict[int, set[int]] = {}
    for w, n in enumerate(chips[team]):
        if not n or w in barred or any(counts[w] for counts in others):
            continue
        k = n + CORNERS_IN[w]
        if k >= 5:
            continue
        lines[k] += 1
        if k >= 3:
            window = WINDOWS[w]
            empty = [c for c in window.cells if board[c] == EMPTY]
            if k == 4:
                gaps.update(empty)
            for c in empty:
                directions.setdefault(c, set()).add(window.line)
    forks = sum(1 for on in directions.values() if len(on) > 1)
    return lines, gaps, forks


# Fitted by research/sequence_eval (6,000 greedy-vs-greedy games, seed 7; a logistic model of the win
# on the difference of the two teams' `team_features`, plus the side to move; research/sequence_eval/data/fit.json).
FITTED_WEIGHTS = (0.0074, 0.0225, 0.0651, 0.0803, 0.2153, 0.3836, -0.0162, 1.3427, 2.2052, 0.1859, 0.2440,
                  0.1046, 2.0730)
TO_MOVE_WEIGHT = 0.1359


def evaluate(state: MatchState, weights: tuple = FITTED_WEIGHTS, to_move: float = TO_MOVE_WEIGHT,
             features=team_features) -> list[float]:
    """Each seat's chance to win by the fitted model: its team's `features` against the best other team's."""
    table = state.match.table
    scores = {t: sum(w * x for w, x in zip(weights, features(state, t))) for t in table.team_names}
    mover = table.team_of(state.seat)
    values = {}
    for team, mine in scores.items():
        rival = max((t for t in scores if t != team), key=scores.__getitem__)
        z = mine - scores[rival] + to_move * ((team == mover) - (rival == mover))
        values[team] = 1 / (1 + math.exp(-z))
    return [values[table.team_of(s)] for s in range(table.players)]


def final_value(state: MatchState) -> list[float]:
    """The returns of a finished game in 0-1 (a draw is 0.5)."""
    return [(r + 1) / 2 for r in state.returns()]


_CELL_SCORES: dict = {}


def cell_scores(state: MatchState, team: str) -> dict[int, float]:
    """The greedy placement score of every empty cell and removal score of every removable chip,
    kept for boards seen again (the search meets the same board in every determinization)."""
    key = ("".join(state.board), team, tuple(len(m) for m in state.sequences.values()))
    found = _CELL_SCORES.get(key)
    if found is None:
        if len(_CELL_SCORES) > 20_000:
            _CELL_SCORES.clear()
        found, worth = {}, window_worth(state, team)
        for cell, chip in enumerate(state.board):
            if chip == EMPTY:
                found[cell] = cell_worth(worth, cell)
            elif takes(chip, team):
                found[cell] = removal_score(state, team, cell)
        _CELL_SCORES[key] = found
    return found


def root_candidates(state: MatchState, rng: random.Random, keep: int = 4) -> list[int]:
    """The moves the root search compares, greedy's own choice first.

    A dead card is exchanged as greedy does (it costs nothing and the turn goes on). Otherwise
    the `keep` best plays by the greedy score, one play per cell (a jack is not spent on a cell a
    plain card in hand reaches), and the best use of each jack when it is not among them already,
    so keeping a jack and spending it are both compared."""
    actions = state.legal_actions()
    match = state.match
    if actions[-1] >= match.exchange:
        return [actions[bisect_left(actions, match.exchange)]]
    plays, jacks = ranked_plays(state, actions)
    ranked = plays[:keep]
    return ranked + [a for a in jacks if a not in ranked]


def ranked_plays(state: MatchState, actions: list[int]) -> tuple[list[int], list[int]]:
    """(the best play on each cell by the greedy score, best first; each jack's best use, best first)."""
    match = state.match
    scores = cell_scores(state, match.table.team_of(state.seat))
    best_by_cell: dict[int, tuple[float, int]] = {}
    best_jack: dict[str, tuple[float, int]] = {}
    for action in actions:
        kind, cell = divmod(action, CELL_COUNT)
        card = match.actions[kind]
        score = (scores[cell] - SPECIAL_COST.get(card, 0), -action)
        key = cell if card != "remove" else -1 - cell
        if score > best_by_cell.get(key, (-1e18, 0)):
            best_by_cell[key] = score
        if card in SPECIAL_COST and score > best_jack.get(card, (-1e18, 0)):
            best_jack[card] = score
    return ([-a for _, a in sorted(best_by_cell.values(), reverse=True)],
            [-a for _, a in sorted(best_jack.values(), reverse=True)])


def open_fours(state: MatchState, team: str) -> list[int]:
    """The windows where one more chip of `team` makes a sequence: four of its chips (a corner counts),
    no other team's chip, not clashing with its sequences."""
    counts, others = state.window_chips[team], [c for t, c in state.window_chips.items() if t != team]
    barred = state.barred[team]
    return [w for w, n in enumerate(counts) if n + CORNERS_IN[w] == 4 and w not in barred
            and not any(c[w] for c in others)]


def answering_kinds(state: MatchState, team: str, rival_fours: list[int], own_fours: list[int]) -> set[int]:
    """The kinds of card with which a seat of `team` would answer these open fours: a chip on a gap (of
    a rival's four, to block it, or of its own, to make a sequence; a card of the cell or a two-eyed
    jack), or a one-eyed jack on a rival chip of such a four that is not locked in a sequence."""
    match, board = state.match, state.board
    gaps = {c for w in rival_fours + own_fours for c in WINDOWS[w].cells if board[c] == EMPTY}
    removable = any(takes(board[c], team) for w in rival_fours for c in WINDOWS[w].cells)
    kinds = set()
    for kind, (card, cells) in enumerate(zip(match.actions, match.cells_of_kind)):
        if card == "remove":
            if removable:
                kinds.add(kind)
        elif state.supply[team] > 0 and gaps and (card == "wild" or gaps.intersection(cells)):
            kinds.add(kind)
    return kinds


def best_use_by_kind(state: MatchState, team: str) -> dict[int, float]:
    """The greedy score of each kind's best play for `team` now (kinds with no play left out)."""
    scores = cell_scores(state, team)
    best = {}
    for kind, card in enumerate(state.match.actions):
        reach = state.card_cells(kind, team)
        if reach:
            best[kind] = max(scores[c] for c in reach) - SPECIAL_COST.get(card, 0)
    return best


class HandReading:
    """What the other seats' last moves say about their hands.

    Any player holding a card that makes a sequence, or that blocks an opponent's open four, plays
    it (greedy always does: 1000 and 500 outweigh every other play). So when the open fours on the
    board after the searching seat's move are all still open at its next turn, untouched, each
    opponent that moved in between held no card answering them; its hand now is those cards but one
    (the card it drew since), which may be anything. `determinize` deals the hidden cards so."""

    def __init__(self, greedy_model: bool = False):
        self.greedy_model = greedy_model
        self.after: MatchState | None = None  # the game just after the searching seat's last play
        self.turn = -1
        self.unlikely: dict[int, list[set[int]]] = {}  # seat -> the kinds it was read not to hold, latest first
        self.history: dict[int, list[set[int]]] = {}  # the greedy model's readings, kept from turn to turn

    def read(self, state: MatchState) -> None:
        """Work out, at the start of the seat's turn, which kinds each opponent held none of."""
        if state.turns == self.turn:  # the same turn again (after an exchange)
            return
        self.turn, self.unlikely = state.turns, {}
        after, self.after = self.after, None
        table = state.match.table
        if after is None or after.match is not state.match or state.turns != after.turns + table.players - 1:
            self.history = {}
            return
        if self.greedy_model and table.players == 2:
            self._read_greedy_move(after, state)
            return
        seat = state.seat
        team = table.team_of(seat)
        fours = {t: open_fours(after, t) for t in table.team_names}
        cells = {c for ws in fours.values() for w in ws for c in WINDOWS[w].cells}
        if not any(fours.values()) or any(after.board[c] != state.board[c] for c in cells):
            return
        for moved in range(seat + 1, seat + table.players):
            other = table.team_of(moved % table.players)
            if other != team:
                kinds = answering_kinds(after, other, [w for t, ws in fours.items() if t != other for w in ws],
                                        fours[other])
                if kinds:
                    self.unlikely[moved % table.players] = [kinds]

    def _read_greedy_move(self, after: MatchState, state: MatchState) -> None:
        """Two players: the opponent's play on `after` was its best by greedy's score, so it held no
        card with a better play; the readings of its earlier plays still hold for its older cards."""
        other = 1 - state.seat
        grew = len(state.discards[other]) - len(after.discards[other])
        unlikely = self._greedy_unlikely(after, state, other) if grew > 0 else None
        past = self.history.get(other, []) if grew == 1 else []  # an exchange drew a second card
        self.history = {} if unlikely is None else {other: ([unlikely] + past)[:state.match.table.hand - 1]}
        self.unlikely = {o: r for o, r in self.history.items() if any(r)}

    @staticmethod
    def _greedy_unlikely(after: MatchState, state: MatchState, other: int) -> set[int] | None:
        """The kinds with a better play than the one `other` made on `after` (None: the play is not clear)."""
        kind = state.discards[other][-1]
        changed = [c for c, (was, now) in enumerate(zip(after.board, state.board)) if was.upper() != now.upper()]
        if len(changed) != 1:
            return None
        match, team, cell = state.match, state.match.table.team_of(other), changed[0]
        chip, card = after.board[cell], match.actions[kind]
        if (card == "remove") != (chip.isupper() and chip != team):
            return None
        played = _score(after, team, kind * CELL_COUNT + cell)
        return {k for k, score in best_use_by_kind(after, team).items() if score > played + 2e-3}

    def remember(self, state: MatchState, action: int) -> None:
        """Keep the board the seat leaves behind after a play (an exchange leaves the turn going on)."""
        if action < state.match.exchange:
            after = state.clone()
            after.apply_action(action)
            self.after = None if after.is_terminal() else after

    def determinize(self, state: MatchState, seat: int, rng: random.Random) -> MatchState:
        """A determinization in which each read opponent's cards avoid what it was read not to hold: the
        card it drew last may be anything, the one before avoids the last reading, the one before that
        the last two, and so on (a card is one turn older at each of its plays)."""
        world = state.determinized(seat, rng)
        for other, readings in self.unlikely.items():
            hand = world.hands[other]
            pool = hand + [k for k, n in enumerate(world.pile) for _ in range(n)]
            rng.shuffle(pool)
            dealt, avoid = [pool.pop()], set()
            for age in range(1, len(hand)):
                avoid = avoid | readings[age - 1] if age <= len(readings) else avoid
                found = next((i for i in range(len(pool) - 1, -1, -1) if pool[i] not in avoid), None)
                if found is None:
                    break
                dealt.append(pool.pop(found))
            if len(dealt) < len(hand):
                continue
            world.hands[other] = dealt
            for k in hand:
                world.pile[k] += 1
            for k in dealt:
                world.pile[k] -= 1
        return world


_GREEDY = GreedyBot()


class MctsBot:
    """Determinized search at the root: greedy's best plays compared in the same dealt worlds, each
    played on by greedy for both sides for `horizon` moves and scored by the fitted evaluation."""

    name = "mcts"
    playouts = 240
    horizon = 6

    def __init__(self, simulations: int | None = None, seconds: float | None = None, read_hands: bool = True,
                 greedy_model: bool = True):
        from ...arena.ismcts import Game, Halving

        self.reading = HandReading(greedy_model) if read_hands else None
        deal = self.reading.determinize if read_hands else _determinize
        game = Game(determinize=deal, evaluate=evaluate, value=final_value, candidates=root_candidates,
                    rollout=_GREEDY.choose)
        self.search = Halving(game, simulations or self.playouts, seconds, horizon=self.horizon)

    def choose(self, state: MatchState, rng: random.Random) -> int:
        if self.reading is None:
            return self.search.choose(state, rng)
        self.reading.read(state)
        action = self.search.choose(state, rng)
        self.reading.remember(state, action)
        return action


def _determinize(state: MatchState, seat: int, rng: random.Random) -> MatchState:
    return state.determinized(seat, rng)


BOTS = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot, "mcts": MctsBot}
ALIASES = {"lookahead": "planner"}  # the planner's former name, still accepted


def make_bot(name: str):
    """A bot by name; mcts takes a budget: mcts:400 (simulations a move) or mcts:0.3s (seconds a move)."""
    from ...arena.ismcts import parse_budget

    name = ALIASES.get(name, name)
    base = name.partition(":")[0]
    if base not in BOTS or (base != name and base != "mcts"):
        raise unknown_bot(name, BOTS)
    return BOTS[base](**parse_budget(name)) if base == "mcts" else BOTS[base]()
