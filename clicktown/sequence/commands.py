"""`clicktown sequence`: board analysis (show, count, moves, solve, puzzle) and the whole game (simulate, play)."""

from __future__ import annotations

import sys

import click

from ..errors import ClicktownError
from ..options import (WholeRange, chosen_lang, Seconds, GameGroup, InputFile, bots_option, dealt_seed, games_option, play_seed_option, hints_option, input_file, json_option,
                       lang_option, output_file, played, rotate_option, seed_option, table_bots, time_limit_option, workers_option,
                       write_trace)
from ..arena.trace_commands import replay_command
from ..output import emit_json, progress
from ..svgkit import save_picture


SEQ_MAX_TURNS = 7  # no hand in either rulebook holds more than 7 cards, and nobody draws in a puzzle


@click.group(cls=GameGroup)
def sequence():
    """Sequence and Sequence Numbers (Jax): board analysis, "win in N" puzzles, and the whole game."""


_position_arg = click.argument("position_file", metavar="POSITION", type=InputFile(stdin=True))


def _seq_data(fn):
    """The options choosing the game and its data files."""
    fn = input_file("--deck", "deck_file", help="Your own deck file (JSON).")(fn)
    fn = input_file("--board", "board_file", help="Your own board file.")(fn)
    return click.option("--game", type=click.Choice(["sequence", "numbers"]), default="sequence", show_default=True,
                        help="Sequence or Sequence Numbers (board and deck).")(fn)


def _seq_players(fn):
    """--players and --teams."""
    fn = click.option("--players", type=WholeRange(2, 12), help="Players at the table (Sequence: 2, 3, 4, 6, 8, 9, 10, 12; "
                      "Sequence Numbers: 2, 3, 4, 6).")(fn)
    return click.option("--teams", type=WholeRange(2, 3), help="Number of teams, 2 or 3.")(fn)


def _seq_table(fn):
    """The options saying who moves and how many play."""
    fn = _seq_players(fn)
    fn = click.option("--hand", required=True, help="The cards in hand, e.g. '7h,jd,as' (at most the rulebook's hand size).")(fn)
    return click.option("--team", type=click.Choice(["A", "B", "C"]), default="A", show_default=True, help="The team to move.")(fn)


def _read_position(source: str):
    """The position in a file, or on standard input for '-'."""
    from . import position as seq_position
    from .. import datafiles as seq_files

    if source == "-":
        cap = seq_files.limits.max_bytes
        text = sys.stdin.read(cap + 1)
        if len(text) > cap:
            raise ClicktownError(f"standard input: larger than {cap} bytes (raise the cap with clicktown --max-file-mb N)")
        return seq_position.parse_position(text, "standard input")
    return seq_position.parse_position(seq_files.read_text(source), source)


def _hand_and_goal(game, data, position, team, hand, teams, players):
    """The checked hand and the number of sequences the team needs at this table."""
    from . import cards as seq_game
    from . import rules as seq_rules

    table = seq_rules.table_for(game, position.teams(), team, teams, players)
    cards = seq_game.parse_hand(hand, data.deck)
    seq_rules.check_hand(game, len(cards), table.players)
    return cards, table.needed


@sequence.command("show")
@_position_arg
@_seq_data
@json_option
@output_file("--svg", "svg_file", help="Also draw the board as an SVG picture.")
@output_file("--png", "png_file", help="Also draw it as a PNG picture (needs cairosvg).")
def sequence_show(position_file, game, board_file, deck_file, as_json, svg_file, png_file):
    """Show POSITION on the board.

    Empty cells show their label, chips show as [A] (locked: [a]); then each team's chips and sequences.
    """
    from . import cards as seq_game
    from . import sequences as seq_sequences
    from .render import svg as seq_svg
    from .render import text as seq_render

    data = seq_game.load_game(game, board_file, deck_file)
    position = _read_position(position_file)
    count = seq_sequences.count_sequences(position)
    save_picture(svg_file, png_file, lambda: seq_svg.board_picture(data, position, count, chosen_lang()))
    if as_json:
        emit_json({"game": game, "position": position.rows(), "labels": data.board.rows(), **count.as_dict(),
                   "chips": {t: len(position.chips(t)) for t in position.teams()}})
        return
    click.echo(seq_render.board_view(data, position))
    click.echo(seq_render.chips_and_sequences(position, count, chosen_lang()))


@sequence.command("count")
@_position_arg
@json_option
def sequence_count(position_file, as_json):
    """Count each team's sequences in POSITION.

    The locked chips are completed sequences; a second sequence shares at most one cell with each.
    Where long or crossing lines allow several readings, the count is the largest. Rows and
    columns are numbered 0-9 from the top left.
    """
    from . import sequences as seq_sequences
    from .render import text as seq_render

    count = seq_sequences.count_sequences(_read_position(position_file))
    emit_json(count.as_dict()) if as_json else click.echo(seq_render.count_view(count, chosen_lang()))


@sequence.command("moves")
@_position_arg
@_seq_table
@_seq_data
@json_option
def sequence_moves(position_file, team, hand, teams, players, game, board_file, deck_file, as_json):
    """Legal moves of a hand in POSITION.

    For each card: the free cells it names, any free cell (wild), the opponent chips it may
    remove (remove), or that it is dead (both cells taken).
    """
    from . import cards as seq_game
    from . import moves as seq_moves
    from . import sequences as seq_sequences
    from .render import text as seq_render

    data = seq_game.load_game(game, board_file, deck_file)
    position = _read_position(position_file)
    cards, needed = _hand_and_goal(game, data, position, team, hand, teams, players)
    moves = seq_moves.legal_moves(data, position, team, cards)
    have = seq_sequences.count_sequences(position).sequences.get(team, 0)
    if as_json:
        emit_json({"team": team, "sequences": have, "sequences_needed": needed, "moves": [m.as_dict() for m in moves]})
        return
    click.echo(seq_render.goal_line(team, have, needed, chosen_lang()))
    click.echo(seq_render.moves_view(moves, chosen_lang()))


@sequence.command("solve")
@_position_arg
@_seq_table
@click.option("--turns", type=WholeRange(0, SEQ_MAX_TURNS), required=True, help="Win within this many of the team's own turns.")
@click.option("--method", type=click.Choice(["search", "cp-sat"]), default="search", show_default=True,
              help="The search over moves (refuting early on bitboards, usually the quicker) or the CP-SAT model.")
@click.option("--time-limit", type=Seconds(0.1, 86400), default=60, show_default=True,
              help="Seconds to search; no answer by then is exit code 4 (neither a win nor a proof of none).")
@_seq_data
@json_option
@click.pass_context
def sequence_solve(ctx, position_file, team, hand, teams, players, turns, method, time_limit, game, board_file,
                   deck_file, as_json):
    """Win in N: a shortest winning line, or proof of none (exit code 1).

    Can the team complete the sequences it needs within --turns of its own turns using only the
    hand, while opponents pass and nobody draws? A position where another team has already won
    is refused. A search that has no answer within --time-limit seconds ends with exit code 4.
    """
    from . import cards as seq_game
    from .solve import solve as solve_win
    from .render import text as seq_render

    data = seq_game.load_game(game, board_file, deck_file)
    position = _read_position(position_file)
    cards, needed = _hand_and_goal(game, data, position, team, hand, teams, players)
    solution = solve_win(data, position, team, cards, turns, needed, method, time_limit)
    emit_json({"team": team, **solution.as_dict()}) if as_json else click.echo(seq_render.solution_view(solution, team, turns, chosen_lang()))
    ctx.exit(0 if solution.win else 1)


@sequence.command("puzzle")
@time_limit_option(60, "no puzzle")
@_seq_data
@seed_option
@click.option("--turns", type=WholeRange(1, 5), default=2, show_default=True,
              help="Win in this many turns (1 or 2; up to 5, the Sequence Numbers hand, with --any-first-move).")
@click.option("--any-first-move", is_flag=True, help="Drop the unique-first-move demand (allows --turns 3 and more).")
@click.option("--answer", is_flag=True, help="Also print the answer (as comment lines).")
@json_option
def sequence_puzzle(game, board_file, deck_file, seed, turns, any_first_move, answer, as_json):
    """Generate a win-in-N puzzle with one winning first move.

    Prints a POSITION file whose comment lines give the team, the hand and N (team A to move,
    two teams). Exactly one first move wins; that exists for --turns 1 and 2 only, so larger N
    need --any-first-move.
    """
    from ..messages import say
    from . import cards as seq_game
    from . import puzzle as seq_puzzle

    data = seq_game.load_game(game, board_file, deck_file)
    seq_puzzle.check_turns(data, turns, not any_first_move)
    with progress(range(5000), label=say(chosen_lang(), "sequence.puzzle.generating")) as tries:
        puzzle = seq_puzzle.generate_puzzle(data, seed, turns, not any_first_move, tries)
    if as_json:
        emit_json(puzzle.as_dict())
        return
    lang = chosen_lang()
    click.echo(puzzle.text(lang), nl=False)
    if answer:
        click.echo("\n".join(say(lang, "sequence.puzzle.answer", step=n, move=m.describe(lang))
                             for n, m in enumerate(puzzle.solution.line, 1)))


SEQ_BOTS = "clicktown.sequence.game.bots"
sequence.add_command(replay_command("sequence"))


def _seq_game_options(fn, seed=seed_option):
    """The options of play and simulate: game, table, bots, seed, trace."""
    fn = output_file("--trace", "trace_file", help="Write every event as JSON Lines to this file.")(fn)
    fn = seed(fn)
    fn = bots_option(SEQ_BOTS)(fn)
    fn = _seq_players(fn)
    return _seq_data(fn)


def _seq_setup(game, players, teams, bots, board_file, deck_file, rotate=False, seat=None, trace=False):
    """The checked setup; with `seat` (play), --bots names the seats other than that one."""
    from .game import simulate as seq_simulate

    players = players or teams or 2
    if seat is None:
        names = table_bots(bots, players, SEQ_BOTS, "players")
    else:
        names = table_bots(bots, players - 1, SEQ_BOTS, "seat(s) besides yours")
    setup = seq_simulate.Setup(game, players, teams, names, board_file, deck_file, rotate, trace)
    seq_simulate.make_match(setup)
    return setup


@sequence.command("simulate")
@_seq_game_options
@games_option
@workers_option
@rotate_option
@json_option
def sequence_simulate(game, board_file, deck_file, players, teams, bots, seed, trace_file, games, workers, rotate,
                      as_json):
    """Bots play many games: win rates per seat, bot and team (95% intervals), turns, jacks, dead cards."""
    from .game import simulate as seq_simulate
    from .render import text as seq_render

    setup = _seq_setup(game, players, teams, bots, board_file, deck_file, rotate, trace=bool(trace_file))
    summaries = [record.summary for record in played(seq_simulate.run(setup, games, seed, workers), games, trace_file)]
    summary = seq_simulate.summarize(summaries, setup, seed)
    emit_json(summary) if as_json else click.echo(seq_render.simulate_view(summary, chosen_lang()))


@sequence.command("play")
@lambda fn: _seq_game_options(fn, play_seed_option)
@click.option("--seat", type=WholeRange(0, 11), default=0, show_default=True, help="Your seat (0 moves first).")
@lang_option
@hints_option
@json_option
def sequence_play(game, board_file, deck_file, players, teams, bots, seed, trace_file, seat, lang, hints, as_json):
    """Play against bots at the terminal: the board in colour, moves typed as '7h 3,4' or '7h 3 4' ('?' lists
    them numbered, and a number picks one).

    The other seats are played by --bots. With --json the board goes to stderr and the result, as
    JSON, to stdout.
    """
    from ..arena.human import played_winners
    from ..arena.trace_commands import Answers
    from .game import play as seq_play
    from .render import text as seq_render

    setup = _seq_setup(game, players, teams, bots, board_file, deck_file, seat=seat)
    if seat >= setup.players:
        raise ClicktownError(f"--seat {seat}: the seats of {setup.players} players are 0 to {setup.players - 1}")
    seed = dealt_seed(seed, lang, as_json)
    show = (lambda text: click.echo(text, err=True)) if as_json else click.echo
    answers = Answers(lambda prompt: click.prompt(prompt, err=as_json))
    human = seq_play.SequenceHuman(answers, show, lang=lang, hints=hints)
    state = seq_play.play_against(setup, seat, human, seed)
    if state.end_reason == "abandoned":
        show(seq_play.board_text(state))
        show(seq_render.result_view(state, lang))
    write_trace(trace_file, state.trace)
    answers.check()
    if as_json:
        emit_json({"winners": played_winners(state, [state.winner] if state.winner else []), "turns": state.turns, "reason": state.end_reason,
                   "sequences": state.sequence_counts(), "board": state.position().rows()})
