"""The Elo fit of the bots' round robin (clicktown.arena.elo, benchmarks/bench_elo.py).

The fit is OpenSpiel's; it must recover known strengths from synthetic results, agree with a
second implementation (scipy's optimiser on the same smoothed Bradley-Terry likelihood), and the
round robin's bookkeeping (pairwise placings, tables, levels) must count what it says.
"""

import math
import random
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
pytest.importorskip("open_spiel.python.algorithms.elo")

from clicktown.arena.elo import Tally, fit, pairwise  # noqa: E402

SCALE = 400 / math.log(10)


def expected_score(a: float, b: float) -> float:
    """The share of games a player rated `a` wins against one rated `b` (Elo's curve)."""
    return 1 / (1 + 10 ** ((b - a) / 400))


def relative(ratings, anchor: int = 0):
    ratings = np.asarray(ratings, dtype=float)
    return ratings - ratings[anchor]


def test_pairwise_reads_a_four_player_game_as_six_results():
    bots = ("random", "greedy", "planner", "mcts")
    # points 5, 3, 3, 1: mcts first, greedy and planner tied, random last
    wins, draws = pairwise({"random": [1], "greedy": [3], "planner": [3], "mcts": [5]}, bots)
    assert wins.tolist() == [[0, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0], [1, 1, 1, 0]]
    assert draws.tolist() == [[0, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 0]]


def test_pairwise_leaves_seats_of_one_bot_uncompared():
    wins, draws = pairwise({"greedy": [1.0, 0.0], "mcts": [0.0]}, ("greedy", "mcts"))
    assert wins.tolist() == [[0, 1], [0, 0]]  # the winning greedy seat beat mcts; the other greedy seat drew
    assert draws.tolist() == [[0, 1], [1, 0]]


def test_fit_recovers_known_strengths_from_exact_counts():
    truth = [0.0, 150.0, -220.0, 410.0]
    n = 1_000_000
    wins = [[0 if i == j else round(n * expected_score(a, b)) for j, b in enumerate(truth)] for i, a in enumerate(truth)]
    got = relative(fit(wins, smoothing=0.0))
    assert np.allclose(got, relative(truth), atol=0.5)


def test_fit_recovers_known_strengths_from_seeded_games():
    truth = {"random": -400.0, "greedy": 0.0, "planner": 80.0, "mcts": 250.0}
    bots = tuple(truth)
    rng = random.Random(11)
    tally = Tally(bots)
    for a, b in [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]]:
        for _ in range(3000):
            won = rng.random() < expected_score(truth[a], truth[b])
            tally.add_game(f"{a} {b}", {a: [float(won)], b: [float(not won)]})
    fitted = tally.fitted(resamples=200, seed=3)
    ratings = {r.bot: r for r in fitted.ratings("greedy")}
    for bot, elo in truth.items():
        assert abs(ratings[bot].elo - elo) < 25, (bot, ratings[bot])
        assert ratings[bot].low <= elo <= ratings[bot].high, (bot, ratings[bot])
        assert ratings[bot].games == 9000
    assert ratings["greedy"].elo == 0.0 and (ratings["greedy"].low, ratings["greedy"].high) == (0.0, 0.0)


def likelihood_fit(wins, draws, smoothing):
    """The same model fitted another way: scipy minimises the negative log-likelihood of the
    Bradley-Terry model (a draw half a win each side, `smoothing` won games added each way)."""
    from scipy.optimize import minimize

    score = np.asarray(wins, float) + np.asarray(draws, float) / 2 + smoothing
    np.fill_diagonal(score, 0.0)
    k = len(score)

    def negative_log_likelihood(free):
        theta = np.concatenate([[0.0], free])
        gap = theta[:, None] - theta[None, :]
        log_p = -np.logaddexp(0.0, -gap)           # log P(i beats j)
        grad_matrix = score - (score + score.T) * np.exp(log_p)
        return -np.sum(score * log_p), -(grad_matrix.sum(axis=1))[1:]

    result = minimize(negative_log_likelihood, np.zeros(k - 1), jac=True, method="BFGS",
                      options={"gtol": 1e-10, "maxiter": 10_000})
    return SCALE * np.concatenate([[0.0], result.x])


@st.composite
def results(draw):
    k = draw(st.integers(2, 5))
    wins = [[0 if i == j else draw(st.integers(0, 30)) for j in range(k)] for i in range(k)]
    draws = [[0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1, k):
            draws[i][j] = draws[j][i] = draw(st.integers(0, 5))
    return wins, draws, draw(st.sampled_from([0.5, 1.0, 2.0]))


@settings(max_examples=60)
@given(results())
def test_fit_agrees_with_a_direct_likelihood_fit(case):
    wins, draws, smoothing = case
    ours = relative(fit(wins, draws, smoothing=smoothing))
    other = likelihood_fit(wins, draws, smoothing)
    assert np.allclose(ours, other, atol=0.5), (ours, other)


def test_bootstrap_is_the_same_for_the_same_seed_and_resamples_whole_games():
    bots = ("greedy", "mcts", "random")
    tally = Tally(bots)
    rng = random.Random(5)
    for _ in range(40):
        points = [rng.randint(0, 9) for _ in bots]
        tally.add_game("all three", dict(zip(bots, ([p] for p in points))))
    first, again = tally.fitted(resamples=50, seed=9), tally.fitted(resamples=50, seed=9)
    assert np.array_equal(first.spread, again.spread)
    assert not np.array_equal(first.spread, tally.fitted(resamples=50, seed=10).spread)
    assert first.spread.shape == (50, 3)
    for rating in first.ratings("greedy"):
        assert rating.low <= rating.elo <= rating.high
        assert rating.games == 40


def test_matrices_count_each_game_as_often_as_asked():
    tally = Tally(("a", "b"))
    tally.add_game("t", {"a": [1.0], "b": [0.0]})
    tally.add_game("t", {"a": [0.0], "b": [0.0]})
    tally.add_game("u", {"a": [0.0], "b": [1.0]})
    wins, draws = tally.matrices()
    assert wins.tolist() == [[0, 1], [1, 0]] and draws.tolist() == [[0, 1], [1, 0]]
    wins, draws = tally.matrices({"t": [3, 0], "u": [2]})
    assert wins.tolist() == [[0, 3], [2, 0]] and draws.tolist() == [[0, 0], [0, 0]]


def test_round_robin_tables_and_levels():
    from benchmarks import bench_elo

    two = bench_elo.tables(2, 40)
    assert two == [(("random", "greedy"), 400), (("random", "planner"), 400), (("random", "mcts"), 40),
                   (("greedy", "planner"), 400), (("greedy", "mcts"), 40), (("planner", "mcts"), 40)]
    four = bench_elo.tables(4, 40)
    assert len(four) == 6
    assert {t for t, _ in four} == {("random",) + p for p in permutations(("greedy", "planner", "mcts"))}
    assert [n for _, n in four] == [16] * 6  # 2 x 40 = 80 games, rounded up to whole turns of the 6 tables
    assert bench_elo.nearer_medium(["strong", "strong"]) == "strong"
    assert bench_elo.nearer_medium(["strong", "medium"]) == "medium"
    assert bench_elo.nearer_medium(["easy", "strong"]) == "medium"


def test_levels_read_the_interval_against_greedy():
    from benchmarks import bench_elo

    bots = bench_elo.BOTS
    truth = {"random": -500.0, "greedy": 0.0, "planner": 10.0, "mcts": 300.0}
    tally = Tally(bots)
    rng = random.Random(2)
    for i, a in enumerate(bots):
        for b in bots[i + 1:]:
            for _ in range(400):
                won = rng.random() < expected_score(truth[a], truth[b])
                tally.add_game(f"{a} {b}", {a: [float(won)], b: [float(not won)]})
    fitted = tally.fitted(resamples=200, seed=1)
    assert {b: bench_elo.level(fitted, b) for b in bots} == {"random": "easy", "greedy": "medium",
                                                             "planner": "medium", "mcts": "strong"}
    assert ("planner", "greedy") in bench_elo.as_strong(fitted)
    assert ("mcts", "planner") not in bench_elo.as_strong(fitted)


@pytest.mark.parametrize("group, game", [(["oldtown"], "oldtown"), (["patterns"], "patterns"),
                                         (["sequence"], "sequence")])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_help_names_each_bot_with_its_level(group, game, command):
    from click.testing import CliRunner

    from clicktown.cli import cli
    from clicktown.games import GAMES, bot_levels
    from clicktown.messages import say

    shown = " ".join(CliRunner().invoke(cli, [*group, command, "--help"], terminal_width=400).output.split())
    levels = bot_levels()[game]
    if game == "sequence" and levels != bot_levels()["numbers"]:
        for bot in levels:
            told = ", ".join(f"{GAMES[g].title}: {say('en', 'bots.level.' + bot_levels()[g][bot])}"
                             for g in ("sequence", "numbers"))
            assert f"{bot} ({told})" in shown
        return
    listed = ", ".join(f"{bot} ({say('en', 'bots.level.' + level)})" for bot, level in levels.items())
    assert f"The bots: {listed}." in shown


@pytest.mark.parametrize("game", ["oldtown", "patterns", "sequence", "numbers"])
def test_round_robin_scores_are_the_games_results_whatever_the_workers(game):
    from benchmarks.bench_elo import seat_scores

    bots = ("random", "greedy")
    one, two = seat_scores(game, bots, 4, 7, 1), seat_scores(game, bots, 4, 7, 2)
    assert one == two
    assert [sorted(s) for s in one] == [["greedy", "random"]] * 4
    assert all(len(scores) == 1 for game_scores in one for scores in game_scores.values())
    if game != "oldtown":
        assert all(sorted(s["random"] + s["greedy"]) in ([0.0, 1.0], [0.0, 0.0], [1.0, 1.0]) for s in one)


def test_old_town_scores_are_the_points_of_each_bots_seat():
    from benchmarks.bench_elo import seat_scores
    from clicktown.oldtown.game.simulate import Setup, run

    bots = ("random", "greedy", "random", "planner")
    records = [r.summary for r in run(Setup(4, bots, rotate=True), 4, 5, 1)]
    for scores, record in zip(seat_scores("oldtown", bots, 4, 5, 1), records):
        for bot in set(bots):
            assert scores[bot] == [p for seat, p in enumerate(record["points"]) if record["seats"][seat] == bot]


def test_write_levels_keeps_the_other_games_and_names_the_command(tmp_path, monkeypatch):
    import json

    from benchmarks import bench_elo
    from clicktown.games import bot_levels

    kept = tmp_path / "levels.json"
    kept.write_text(bench_elo.LEVELS_FILE.read_text())
    monkeypatch.setattr(bench_elo, "LEVELS_FILE", kept)
    new = {"random": "easy", "greedy": "medium", "planner": "strong", "mcts": "strong"}
    bench_elo.write_levels({"patterns": new}, "python -m benchmarks elo --games 2 --seed 1 --write")
    data = json.loads(kept.read_text())
    assert data["games"] == {**bot_levels(), "patterns": new}
    assert data["levels"] == ["easy", "medium", "strong"]
    assert data["command"] == "python -m benchmarks elo --games 2 --seed 1 --write"
    assert f'    "patterns": {json.dumps(new)},' in kept.read_text().splitlines()  # one line a game


def test_help_names_each_game_s_level_where_games_sharing_bots_differ(monkeypatch):
    import clicktown.games as games
    from clicktown.options import leveled

    levels = {name: {"random": "easy", "greedy": "medium", "planner": "medium", "mcts": "medium"} for name in games.GAMES}
    levels["sequence"] = {**levels["sequence"], "mcts": "strong"}
    monkeypatch.setattr(games, "_LEVELS", levels)
    assert leveled("clicktown.sequence.game.bots", ["greedy", "mcts"]) == [
        "greedy (medium)", "mcts (Sequence: strong, Sequence Numbers: medium)"]
    assert leveled("clicktown.oldtown.game.bots", ["random", "mcts"]) == ["random (easy)", "mcts (medium)"]
