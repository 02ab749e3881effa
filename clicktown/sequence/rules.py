"""Where the two rulebooks differ: how many sequences win, and how many cards a player holds.

Sequence: two players or teams need TWO sequences, three need ONE; 2 to 12 players, a number
divisible by 2 or 3, in at most three teams; hands of 7 (2 players), 6 (3-4), 5 (6), 4 (8-9), 3 (10-12).
Sequence Numbers: two or three players need ONE sequence, four to six need TWO; hands of 5 (2-3
players) or 4 (4-6 players).
"""

from __future__ import annotations

from ..errors import ClicktownError

SEQUENCE_PLAYERS = {2: 7, 3: 6, 4: 6, 6: 5, 8: 4, 9: 4, 10: 3, 12: 3}
NUMBERS_PLAYERS = {2: 5, 3: 5, 4: 4, 5: 4, 6: 4}


def check_table(game: str, teams: int, players: int | None = None) -> int:
    """The number of players at the table (default: one per team), or a ClicktownError."""
    if teams not in (2, 3):
        raise ClicktownError(f"{teams} teams: the games are played by 2 or 3 players or teams")
    players = teams if players is None else players
    table = SEQUENCE_PLAYERS if game == "sequence" else NUMBERS_PLAYERS
    if players not in table:
        raise ClicktownError(f"{players} players: this game is for {', '.join(map(str, table))} players")
    if players < teams or (game == "sequence" and players % teams):
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
    table = SEQUENCE_PLAYERS if game == "sequence" else NUMBERS_PLAYERS
    return table[players]


def table_for(game: str, teams_on_board: tuple[str, ...], team: str, teams: int | None = None,
              players: int | None = None) -> tuple[int, int]:
    """(number of teams, sequences needed) for a team to move, checked against the chips on the board."""
    teams = len(teams_on_board) if teams is None else teams
    if teams < len(teams_on_board):
        raise ClicktownError(f"the board holds chips of team C, so {teams} teams cannot be right")
    needed = sequences_needed(game, teams, players)
    if team not in "ABC"[:teams]:
        raise ClicktownError(f"team {team!r} is not in play (teams are {', '.join('ABC'[:teams])})")
    return teams, needed
