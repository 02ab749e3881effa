"""Many Wild Wild Pattern games between bots, and the summary tables (the running is arena.simulate).

`play_one(index, seed, setup)` plays one game from its own seed and returns a `GameRecord`: the
summary (seats, winners, reason, rounds, turns, Wild Wild Patterns, cents per combination, the turns
each seat was first in the reaction order) and, when the setup asks for a trace, every event. `summarize(records)` adds the games up in the
summary all games share (arena.summary: win rates per seat and per bot, turns per game), then
the game's own figures: rounds per game, how games ended, what the Bank paid per combination, and
each bot's wins split by whether the reaction order favoured its seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache, partial

from ...arena.seating import turned
from ...arena.simulate import GameRecord, run_games
from ...arena.state import play_game
from ...arena.summary import shared_text, spread, summary
from ...errors import ClicktownError
from ..bank import load_bank
from .bots import make_bot
from ..cards import load_deck
from ..analysis import Rules
from .state import MAX_TURNS, GameState, Table, new_table
from .trace import trace_lines


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares (picklable: files by path, rules as a dataclass)."""

    players: int = 3
    mode: str = "saloon"
    bots: tuple[str, ...] = ("greedy", "greedy", "greedy")
    rotate: bool = False
    deck_file: str | None = None
    bank_file: str | None = None
    rules: Rules = Rules()
    trace: bool = False
    max_turns: int = MAX_TURNS

    def seats(self, index: int) -> tuple[str, ...]:
        """The bot of each seat in game `index` (turned one seat per game with `rotate`)."""
        return turned(self.bots, index, self.rotate)


def check_setup(setup: Setup) -> None:
    """Raise a one-line error unless the setup can be played (bots, players, files)."""
    if len(setup.bots) != setup.players:
        raise ClicktownError(f"--bots names {len(setup.bots)} bot(s) for {setup.players} players; "
                             f"give one per seat, separated by commas")
    for name in setup.bots:
        make_bot(name)
    new_table(setup.players, setup.mode, _deck(setup.deck_file), _bank(setup.bank_file), setup.rules)


@lru_cache(maxsize=8)
def _deck(path):
    return load_deck(path)


@lru_cache(maxsize=8)
def _bank(path):
    return load_bank(path)


def start(setup: Setup) -> GameState:
    """A new game for this setup (every game of a run shares one table: its cards' kinds and tallies
    are worked out once)."""
    return GameState(_table(setup.players, setup.mode, setup.deck_file, setup.bank_file, setup.rules, setup.max_turns),
                     setup.trace)


@lru_cache(maxsize=8)
def _table(players: int, mode: str, deck_file, bank_file, rules: Rules, max_turns: int) -> Table:
    return new_table(players, mode, _deck(deck_file), _bank(bank_file), rules, max_turns)


def play_one(index: int, seed: int, setup: Setup) -> GameRecord:
    """One game between the setup's bots, all chance and choices drawn from `seed`."""
    seats = setup.seats(index)
    state = start(setup)
    play_game(state, [make_bot(name) for name in seats], random.Random(seed))
    summary = {"game": index, "seats": list(seats), "winners": state.winners, "reason": state.reason,
               "rounds": state.round, "turns": state.turn, "wilds": state.wilds,
               "paid": {name: {"times": t, "cents": c} for name, (t, c) in state.paid.items()},
               "dollars_cents": list(state.cents), "first_in_order": list(state.firsts)}
    events = trace_lines(state, index, seed, seats, setup.deck_file, setup.bank_file) if setup.trace else []
    return GameRecord(index, seed, summary, events)


def run(setup: Setup, games: int, seed: int, workers: int = 1):
    """The records of `games` games, in game order, the same whatever `workers` is."""
    check_setup(setup)
    return run_games(partial(play_one, setup=setup), games, seed, workers)


def summarize(summaries: list[dict], setup: Setup, seed: int) -> dict:
    """The shared summary (arena.summary), then rounds per game, endings and the Bank's payouts."""
    reasons: dict[str, int] = {}
    paid: dict[str, dict] = {}
    for s in summaries:
        reasons[s["reason"]] = reasons.get(s["reason"], 0) + 1
        for name, line in s["paid"].items():
            total = paid.setdefault(name, {"times": 0, "cents": 0})
            total["times"] += line["times"]
            total["cents"] += line["cents"]
    return summary(summaries, seed=seed, players=setup.players, bots=setup.bots, rotate=setup.rotate,
                   mode=setup.mode, rounds_per_game=spread([s["rounds"] for s in summaries]),
                   wild_wild_patterns=sum(s["wilds"] for s in summaries), endings=dict(sorted(reasons.items())),
                   paid=dict(sorted(paid.items(), key=lambda kv: (-kv[1]["cents"], -kv[1]["times"], kv[0]))),
                   reaction_order=reaction_order_luck(summaries))


def reaction_order_luck(summaries: list[dict]) -> dict:
    """How much the reaction order (a chance draw every turn) decided: per bot, its wins in the games
    in which its seat was the one first in the order most often (no other seat as often), and its
    wins in the other games (each seat a bot held counts once)."""
    from ...arena.rates import Rate

    counts: dict[str, list[int]] = {}          # bot -> [wins first most often, games, wins otherwise, games]
    for s in summaries:
        firsts = s["first_in_order"]
        most = max(firsts)
        luckiest = [seat for seat, times in enumerate(firsts) if times == most]
        for seat, bot in enumerate(s["seats"]):
            tally = counts.setdefault(bot, [0, 0, 0, 0])
            at = 0 if luckiest == [seat] else 2
            tally[at] += seat in s["winners"]
            tally[at + 1] += 1
    return {bot: {"first_most_often": Rate(c[0], c[1]).as_dict(), "otherwise": Rate(c[2], c[3]).as_dict()}
            for bot, c in counts.items()}


def summary_text(result: dict, lang: str) -> str:
    """The summary as plain text tables, worded in `lang` (the combinations keep the names printed on the cards)."""
    from ...messages import decimal, say
    from ...output import table

    rounds = result["rounds_per_game"]
    endings = ", ".join(say(lang, "patterns.simulate.ending", reason=say(lang, f"patterns.simulate.end.{k}"), games=v)
                        for k, v in result["endings"].items())
    lines = [shared_text(result, lang, say(lang, "patterns.simulate.mode", mode=say(lang, f"patterns.mode.{result['mode']}"))),
             say(lang, "patterns.simulate.rounds", mean=decimal(lang, rounds["mean"], 2), wilds=result["wild_wild_patterns"]),
             say(lang, "patterns.simulate.endings", endings=endings)]
    for bot, split in result["reaction_order"].items():
        lucky, other = split["first_most_often"], split["otherwise"]
        lines.append(say(lang, "patterns.simulate.reaction_order", bot=bot, lucky=f"{lucky['hits']}/{lucky['n']}",
                         other=f"{other['hits']}/{other['n']}"))
    lines.append("")
    columns = [say(lang, f"patterns.simulate.column.{name}") for name in ("combination", "times", "paid")]
    lines.append(table([[name, str(line["times"]), decimal(lang, line["cents"] / 100, 2)] for name, line in result["paid"].items()],
                       columns))
    return "\n".join(lines)
