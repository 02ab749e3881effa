"""Where the two rulebooks differ: who may play, in which teams, how many cards, how many sequences win.

Sequence: 2 to 12 players, a number divisible by 2 or 3 (2, 3, 4, 6, 8, 9, 10, 12); more than three
play in teams, at most three teams, of equal size, seated alternately; hands of 7 (2 players),
6 (3-4), 5 (6), 4 (8-9), 3 (10-12); two players or teams need TWO sequences, three need ONE; 50
blue, 50 green and 35 red chips (red only for a third team).
Sequence Numbers: 2 to 6 players, more than three in equal teams (so 5 players cannot play);
hands of 5 (2-3 players) or 4 (4-6); two or three players need ONE sequence, four to six need TWO.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ClicktownError, DataError

SEQUENCE_PLAYERS = {2: 7, 3: 6, 4: 6, 6: 5, 8: 4, 9: 4, 10: 3, 12: 3}
NUMBERS_PLAYERS = {2: 5, 3: 5, 4: 4, 5: 4, 6: 4}
TEAM_NAMES = "ABC"
COLOURS = {"A": "blue", "B": "green", "C": "red"}
SEQUENCE_CHIPS = {"A": 50, "B": 50, "C": 35}  # "50 grüne ... 35 rote ... 50 blaue Spielchips"
NUMBERS_CHIPS = 48  # decision: the rulebook gives no number; 48 per colour, half the free cells


def _players_table(game: str) -> dict:
    """Hand size by number of players for a game."""
    return SEQUENCE_PLAYERS if game == "sequence" else NUMBERS_PLAYERS


def table_sizes(game: str) -> tuple[int, ...]:
    """The numbers of players the game seats when the teams are not given: up to three, one each;
    more, in two or three teams of equal size."""
    return tuple(n for n in _players_table(game) if n <= 3 or n % 2 == 0 or n % 3 == 0)


def default_teams(players: int) -> int:
    """Teams when not given: one per player up to three, else two teams if they split evenly, else three."""
    if players <= 3:
        return players
    return 2 if players % 2 == 0 else 3


def check_table(game: str, teams: int, players: int | None = None) -> int:
    """The number of players at the table (default: one per team), or a ClicktownError."""
    if teams not in (2, 3):
        raise ClicktownError(f"{teams} teams: the games are played by 2 or 3 players or teams")
    players = teams if players is None else players
    table = _players_table(game)
    if players not in table:
        raise ClicktownError(f"{players} players: this game is for {', '.join(map(str, table))} players")
    if players < teams or players % teams:
        raise ClicktownError(f"{players} players cannot form {teams} teams of equal size")
    return players


def sequences_needed(game: str, teams: int, players: int | None = None) -> int:
    """How many sequences win: by teams in Sequence, by players in Sequence Numbers."""
    players = check_table(game, teams, players)
    if game == "sequence":
        return 2 if teams == 2 else 1
    return 1 if players <= 3 else 2


def hand_size(game: str, players: int) -> int:
    """How many cards each player holds."""
    return _players_table(game)[players]


def chips_per_team(game: str, team: str) -> int:
    """How many chips of its colour a team has in the box."""
    return SEQUENCE_CHIPS[team] if game == "sequence" else NUMBERS_CHIPS


def check_hand(game: str, cards: int, players: int, source: str = "--hand") -> None:
    """A DataError (the validation layer's format) when a hand holds more cards than the rulebook deals here."""
    size = hand_size(game, players)
    if cards > size:
        raise DataError(f"{source}: cards: expected at most {size} cards (at a table of {players} players each hand "
                        f"holds {size}), found {cards}")


def table_for(game: str, teams_on_board: tuple[str, ...], team: str, teams: int | None = None,
              players: int | None = None) -> "Table":
    """The table for a team to move in a position, made as play and simulate make it (`seat_table`:
    3 players are 3 teams unless --teams says otherwise), checked against the chips on the board.
    Without --players and --teams, one player per team on the board."""
    if players is None:
        players = teams if teams is not None else len(teams_on_board)
    table = seat_table(game, players, teams)
    if table.teams < len(teams_on_board):
        raise ClicktownError(f"the board holds chips of team C, so {table.teams} teams cannot be right")
    if team not in table.team_names:
        raise ClicktownError(f"team {team!r} is not in play (teams are {', '.join(table.team_names)})")
    return table


@dataclass(frozen=True)
class Table:
    """Who plays: players, teams, the team of each seat (alternating), hand size, sequences to win."""

    game: str
    players: int
    teams: int
    hand: int
    needed: int

    @property
    def team_names(self) -> str:
        """The letters of the teams in play."""
        return TEAM_NAMES[:self.teams]

    def team_of(self, seat: int) -> str:
        """The team of a seat: seats alternate between the teams ("abwechselnd")."""
        return TEAM_NAMES[seat % self.teams]

    def as_dict(self) -> dict:
        """Plain form for JSON."""
        return {"game": self.game, "players": self.players, "teams": self.teams, "hand_size": self.hand,
                "sequences_needed": self.needed}


def seat_table(game: str, players: int = 2, teams: int | None = None) -> Table:
    """The checked table for a game with `players` players in `teams` teams."""
    if game not in ("sequence", "numbers"):
        raise ClicktownError(f"unknown game {game!r} (choose sequence or numbers)")
    table = _players_table(game)
    if players not in table:
        raise ClicktownError(f"{players} players: this game is for {', '.join(map(str, table))} players")
    if teams is None and players > 3 and players % 2 and players % 3:
        raise ClicktownError(f"{players} players: more than three play in two or three teams of equal size, "
                             f"and {players} players cannot be split so")
    teams = default_teams(players) if teams is None else teams
    needed = sequences_needed(game, teams, players)
    return Table(game, players, teams, hand_size(game, players), needed)
