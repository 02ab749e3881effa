"""Generated Old Town solo scenarios: unique by both backends, minimal, at their level, reproducible.

Nothing here depends on which predicate each card of the (provisional) catalogue has: every
property is checked on whatever scenarios the generator draws from the loaded catalogue.
"""

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clicktown.oldtown.solve import count, cpsat as model, csp
from clicktown.oldtown.catalogue import load_catalogue, scenario_from_json
from clicktown.oldtown.puzzles.deduce import deduce
from clicktown.oldtown.puzzles.generate import PAIR_TRIES, OldTownGame, generate_scenarios, one_by_one, only_solution
from clicktown.oldtown.puzzles.grade import grade_puzzle
from clicktown.oldtown.solo import PLOTS, clue_holds
from clicktown.puzzles.generate import Tally, add_until_unique, remove_while_unique

LEVELS = ("leicht", "mittel", "schwer")
SEEDS = range(4)
GAME = OldTownGame(load_catalogue())


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()


@pytest.fixture(scope="module")
def generated(catalogue):
    """Two scenarios for each level and seed."""
    return {(level, seed): list(generate_scenarios(catalogue, level, 2, seed)) for level in LEVELS for seed in SEEDS}


def without(scenario, number):
    """The scenario with one card dropped."""
    data = scenario.as_dict()
    for key in ("a", "c"):
        data[key] = [n for n in data[key] if n != number]
    data["b"] = [x for x in data["b"] if x["card"] != number]
    return scenario_from_json(data)


def test_every_generated_scenario_is_unique_by_both_backends(catalogue, generated):
    for (level, seed), found in generated.items():
        assert len(found) == 2
        for g in found:
            puzzle = catalogue.puzzle(g.scenario)
            assert model.solve(puzzle, 3) == [g.solution], g.scenario.id
            assert count.solve(puzzle, 3) == [g.solution], g.scenario.id
            if puzzle.mine_known:
                assert csp.solve(puzzle, 3) == [g.solution], g.scenario.id
            else:
                # python-constraint2 takes minutes on unknown my buildings: it checks the town for
                # the drawn my buildings (CP-SAT and the counter above check the whole question)
                given = dataclasses.replace(puzzle, mine=g.solution.mine)
                assert csp.solve(given, 3) == [g.solution], g.scenario.id
            assert g.scenario.level == level and g.grade.level == level


def test_every_generated_scenario_is_minimal(catalogue, generated):
    for found in generated.values():
        for g in found:
            for number in g.scenario.card_numbers:
                smaller = catalogue.puzzle(without(g.scenario, number))
                assert count.count_solutions(smaller, 2) == 2, (g.scenario.id, number)


def test_one_dropped_card_leaves_several_solutions_by_cpsat(catalogue, generated):
    rng = random.Random(0)
    for found in generated.values():
        g = found[0]
        number = rng.choice(g.scenario.card_numbers)
        assert model.count_solutions(catalogue.puzzle(without(g.scenario, number)), 2) == 2


def test_the_deduction_solver_finishes_every_generated_scenario(catalogue, generated):
    for found in generated.values():
        for g in found:
            deduction = deduce(catalogue.puzzle(g.scenario))
            assert deduction.status == "solved"
            assert deduction.solution() == g.solution
            assert grade_puzzle(catalogue.puzzle(g.scenario)).level == g.scenario.level


def test_each_level_draws_the_rulebook_mix(catalogue, generated):
    game, rng = OldTownGame(catalogue), random.Random(1)
    leicht = [game.draw(rng, "leicht") for _ in range(30)]
    schwer = [game.draw(rng, "schwer") for _ in range(30)]
    assert all(d.mine_known and len(d.mine) == 1 for d in leicht)
    assert all(x is not None for d in leicht for n, x in d.pool if catalogue.cards[n].kind == "B")
    assert any(not d.mine_known for d in schwer) and any(d.mine_known for d in schwer)
    assert all(len(d.mine) == 3 for d in schwer if not d.mine_known)
    assert any(x is None and catalogue.cards[n].kind == "B" for d in schwer for n, x in d.pool)
    for draft in leicht + schwer:
        position = {b: p for p, b in draft.town.items()}
        assert len(position) == 16 and draft.mine <= set(position)
        assert all(clue_holds(catalogue.cards[n].clue(x), position, draft.mine) for n, x in draft.pool)
    kept = [g.scenario for found in generated.values() for g in found]
    assert all(len(s.published) == 16 for s in kept)


def test_the_same_seed_gives_the_same_scenarios(catalogue, generated):
    again = list(generate_scenarios(catalogue, "mittel", 2, 1))
    assert [g.as_dict() for g in again] == [g.as_dict() for g in generated[("mittel", 1)]]
    other = list(generate_scenarios(catalogue, "mittel", 2, 99))
    assert [g.as_dict() for g in other] != [g.as_dict() for g in again]


def test_the_generation_loop_steps(catalogue):
    game, rng = OldTownGame(catalogue), random.Random(5)
    tally = Tally()
    for _ in range(20):
        draft = game.draw(rng, "leicht")
        clues = add_until_unique(game, draft, tally)
        if clues is None:
            assert game.count(draft, draft.pool, 2) == 2
            continue
        assert list(draft.pool[:len(clues)]) == clues
        assert game.count(draft, clues, 2) == 1 and game.count(draft, clues[:-1], 2) == 2
        minimal = remove_while_unique(game, draft, clues, rng, tally)
        assert set(minimal) <= set(clues)
        assert only_solution(game.puzzle(draft, minimal), draft.solution)
        assert all(game.count(draft, [c for c in minimal if c != x], 2) == 2 for x in minimal)


def test_dropping_a_card_is_decided_as_counting_decides_it(catalogue):
    """`unique_without` (the counter looking only where the card is broken) against counting the
    puzzle without the card, for every card of unique sets at every level, my buildings unknown too."""
    game, rng = OldTownGame(catalogue), random.Random(11)
    kinds, tried, unknown = set(), 0, 0
    for level in LEVELS:
        for _ in range(8 if level != "schwer" else 100):
            draft = game.draw(rng, level)
            if level == "schwer" and unknown >= 2 and draft.mine_known:
                continue
            clues = add_until_unique(game, draft, Tally())
            if clues is None:
                continue
            tried += 1
            unknown += not draft.mine_known
            for clue in clues:
                rest = [c for c in clues if c is not clue]
                expected = game.count(draft, rest, 2) == 1
                assert game.unique_without(draft, clues, clue) == expected, (level, clue)
                kinds.add((catalogue.cards[clue[0]].kind, clue[1] is None, draft.mine_known, expected))
    assert tried >= 12 and unknown >= 2
    assert {("A", True, True, True), ("A", True, True, False), ("C", True, True, False),
            ("B", False, True, True), ("C", True, False, False)} <= kinds


def test_removal_with_kept_witnesses_decides_as_counting_decides(catalogue):
    """The removal pass as the loop runs it (the witnesses every earlier proof found kept): each
    answer of `unique_without` against counting the puzzle without the card on a separate game."""
    game, plain, rng = OldTownGame(catalogue), OldTownGame(catalogue), random.Random(13)
    asked = settled = 0
    for level in LEVELS:
        for _ in range(10 if level != "schwer" else 40):
            draft = game.draw(rng, level)
            chosen = add_until_unique(game, draft, Tally())
            if chosen is None:
                continue
            for clue in rng.sample(chosen, len(chosen)):
                rest = [c for c in chosen if c is not clue]
                witnesses, index = game._witnessed(draft)
                settled += witnesses.settles(sum(1 << index[c] for c in chosen), index[clue])
                answer = game.unique_without(draft, chosen, clue)
                assert answer == (plain.count(draft, rest, 2) == 1), (level, clue)
                asked += 1
                chosen = rest if answer else chosen
    assert asked >= 800 and settled >= asked // 3


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), level=st.sampled_from(LEVELS))
def test_swap_witnesses_as_masks_agree_with_the_swaps(seed, level):
    """`Witnesses` (every swap read once, as the mask of the pool's cards it breaks) settles a
    card exactly when `swapped` finds a swap, and keeps the prefix `kept_prefix` finds, for every
    card of a random part of a drawn pool."""
    from clicktown.oldtown.puzzles.witness import Witnesses, kept_prefix, swapped

    rng = random.Random(seed)
    draft = GAME.draw(rng, level)
    slots, mine = GAME._drawn(draft)
    checks = [GAME.compiled(c) for c in draft.pool]
    witnesses = Witnesses(slots, mine, checks)
    assert witnesses.prefix == kept_prefix(slots, mine, checks)
    chosen = rng.sample(range(len(checks)), rng.randint(1, len(checks)))
    mask = sum(1 << i for i in chosen)
    for i in chosen:
        rest = [checks[j] for j in chosen if j != i]
        assert witnesses.settles(mask, i) == (swapped(slots, mine, rest, checks[i]) is not None)
    everything = (1 << len(checks)) - 1  # a question about more cards files the masks again, over them all
    for i in rng.sample(range(len(checks)), 3):
        rest = [checks[j] for j in range(len(checks)) if j != i]
        assert witnesses.settles(everything, i) == (swapped(slots, mine, rest, checks[i]) is not None)


def pair_as_drawn_card_by_card(rng, x, pairs, others, placed, where, x_room, waiting):
    """The reference for `OldTownGame._pair`: the card's pairs drawn with `one_by_one`, each
    checked in full (x on p, then one of my buildings drawn and checked on q)."""
    x_at = where.get(x)
    for p, q in one_by_one(rng, pairs, PAIR_TRIES):
        if p == q:
            continue
        if x_at is not None or p in placed:
            if x_at != p or placed.get(p) != x:
                continue
        elif len(placed) + 1 + x_room > len(PLOTS):
            continue
        m = others[int(rng.random() * len(others))]
        m_at = where.get(m)
        if m_at is not None or q in placed:
            if m_at != q or placed.get(q) != m:
                continue
        elif len(placed) + waiting > len(PLOTS):
            continue
        return p, q, m
    return None


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_a_c_cards_pair_is_drawn_with_the_same_random_numbers_as_card_by_card(seed):
    """`_pair` (a Fisher-Yates shuffle inline, random numbers burnt unread when no pair can take
    the card's building) picks the same pair and building of mine as the reference, and leaves
    the random generator in the same state, on random half-built towns."""
    rng = random.Random(seed)
    names = GAME.catalogue.building_names
    mine = rng.sample(names, rng.choice((1, 2, 3)))
    placed = dict(zip(rng.sample(PLOTS, 16), rng.sample(names, rng.randint(0, 15))))
    where = {b: p for p, b in placed.items()}
    waiting = sum(1 for b in mine if b not in where)
    n = rng.choice(GAME.c_cards)
    x, pairs, firsts = GAME._relations[n]
    others = [m for m in sorted(mine) if m != x] or [rng.choice(names)]
    x_room = waiting - (x in mine)
    state = rng.getstate()
    fast, slow = random.Random(), random.Random()
    fast.setstate(state)
    slow.setstate(state)
    drawn = GAME._pair(fast, x, pairs, firsts, others, placed, where, x_room, waiting)
    assert drawn == pair_as_drawn_card_by_card(slow, x, pairs, others, placed, where, x_room, waiting)
    assert fast.getstate() == slow.getstate()


def test_a_swap_witness_is_a_solution_that_breaks_the_card(catalogue):
    """Every town `swap_witness` offers is two buildings apart from the drawn one, solves the
    other cards (the reference `validate`) and breaks the card; it turns up for most cards that
    must stay, and never for a card that can go (the counter's answer)."""
    from clicktown.oldtown.solo import Solution, validate

    game, rng = OldTownGame(catalogue), random.Random(23)
    names = catalogue.building_names
    found = stays = 0
    for level in LEVELS:
        for _ in range(12):
            draft = game.draw(rng, level)
            clues = add_until_unique(game, draft, Tally())
            if clues is None:
                continue
            for clue in clues:
                rest = [c for c in clues if c is not clue]
                witness = game.swap_witness(draft, rest, clue)
                must_stay = game.count(draft, rest, 2) == 2
                stays += must_stay
                if witness is None:
                    continue
                found += 1
                assert must_stay
                town = {p: names[i] for i, p in enumerate(witness) if p}
                solution = Solution.of(town, draft.mine)
                assert sum(a != b for a, b in zip(solution.town, draft.solution.town)) == 2 or \
                    len(set(solution.placement.values()) ^ set(draft.town.values())) == 2
                assert validate(game.puzzle(draft, rest), solution)
                assert not clue_holds(game.resolved(clue), solution.position, solution.mine)
    assert stays >= 100 and found >= stays // 2


def test_the_prefix_a_swap_keeps_has_a_second_solution(catalogue):
    """`ambiguous_prefix` names a prefix of the pool with two solutions or more (by the counter),
    so the bisection that starts above it finds the prefix a plain bisection finds."""
    game, rng = OldTownGame(catalogue), random.Random(29)
    above = 0
    for level in LEVELS:
        for _ in range(15):
            draft = game.draw(rng, level)
            known = game.ambiguous_prefix(draft)
            pool = list(draft.pool)
            if known:
                assert game.count(draft, pool[:known], 2) == 2
                above += 1
            plain = type("Plain", (), {"count": game.count})()
            assert add_until_unique(game, draft, Tally()) == add_until_unique(plain, draft, Tally())
    assert above >= 30


@pytest.mark.parametrize("ident", ["1", "4", "6"])
def test_the_counter_finds_exactly_the_solutions_that_break_a_card(catalogue, ident):
    """`broken` keeps exactly the solutions that break the card; `hint` changes only the order."""
    from clicktown.oldtown.solo import Puzzle

    puzzle = catalogue.puzzle(catalogue.scenarios[ident])
    checked = 0
    for card in puzzle.clues:
        rest = Puzzle(tuple(c for c in puzzle.clues if c is not card), puzzle.buildings, puzzle.mine,
                      puzzle.mine_count)
        every = count.solve(rest, 300)
        if len(every) == 300:
            continue  # too many to list: the card carries much of the puzzle
        checked += 1
        breaking = [s for s in every if not clue_holds(card, s.position, s.mine)]
        found = list(count.Counter(rest, broken=card).solutions())
        assert len(found) == len(set(found)) and set(found) == set(breaking), (ident, card.card)
        hinted = list(count.Counter(rest, broken=card, hint=every[-1]).solutions())  # another branching order
        assert sorted(hinted, key=repr) == sorted(found, key=repr)
        assert count.Counter(rest, broken=card).exists() == bool(breaking)
        assert sorted(count.Counter(rest, hint=every[-1]).solutions(), key=repr) == sorted(every, key=repr)
        assert found or len(every) == 1
    assert checked >= len(puzzle.clues) // 2


def test_a_card_about_unknown_my_buildings_cannot_be_broken_by_the_counter(catalogue):
    puzzle = catalogue.puzzle(catalogue.scenarios["8"])
    card = next(c for c in puzzle.clues if c.kind == "C")
    with pytest.raises(ValueError, match="my buildings are not given"):
        count.Counter(puzzle, broken=card)


def test_removal_gives_up_once_the_mix_is_out_of_range(catalogue):
    """A set short of A cards stays short: the loop stops counting, and agrees with the full pass."""
    game, rng = OldTownGame(catalogue), random.Random(3)
    stopped = 0
    for _ in range(30):
        draft = game.draw(rng, "schwer")
        clues = add_until_unique(game, draft, Tally())
        if clues is None or not game.may_fit(draft, clues, clues):
            continue
        seed = rng.random()
        full = remove_while_unique(game, draft, clues, random.Random(seed), Tally())
        early_tally = Tally()
        early = remove_while_unique(game, draft, clues, random.Random(seed), early_tally, game.may_fit)
        if early is None:
            stopped += 1
            assert not game.fits(draft, full)
        else:
            assert early == full
    assert stopped >= 1


def test_only_solution_rejects_a_wrong_or_ambiguous_solution(catalogue, generated):
    g = generated[("leicht", 0)][0]
    puzzle = catalogue.puzzle(g.scenario)
    assert only_solution(puzzle, g.solution)
    town = dict(g.solution.placement)
    town[1], town[2] = town[2], town[1]
    from clicktown.oldtown.solo import Solution

    assert not only_solution(puzzle, Solution.of(town, g.solution.mine))
    loose = catalogue.puzzle(without(g.scenario, g.scenario.card_numbers[0]))
    assert not only_solution(loose, g.solution)


# -- the command line ------------------------------------------------------------------------------

def test_generate_json_has_the_scenarios_shape(run_json, generated):
    from clicktown.oldtown.puzzles.code import scenario_code

    data = run_json("oldtown", "generate", "--level", "schwer", "--count", "2", "--seed", "3")
    catalogue = load_catalogue()
    assert data == [{**g.as_dict(), "code": scenario_code(catalogue, g.scenario)} for g in generated[("schwer", 3)]]
    assert len(data) == 2
    for item in data:
        assert set(item) >= {"id", "level", "a", "b", "c", "mine", "published", "solution", "grade"}
        assert set(item["grade"]) >= {"id", "level", "techniques", "steps", "needs_search"}
        assert item["grade"]["level"] == "schwer" and item["grade"]["needs_search"] is False
        assert set(item["solution"]) == {"placement", "mine"} and len(item["solution"]["placement"]) == 16


def test_generated_files_work_with_every_command(run_cli, run_json, tmp_path):
    code, out, err = run_cli("oldtown", "generate", "--count", "2", "--seed", "3", "--out", tmp_path, "--solutions")
    assert code == 0, err
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == ["leicht-3-1.json", "leicht-3-2.json"]
    assert "Solution of leicht-3-1" in out and out.index("Solution of") > out.index("grade:")
    path = files[0]
    saved = json.loads(path.read_text())
    verdict = run_json("oldtown", "verify", path)
    assert verdict[0]["solutions"] == 1 and verdict[0]["matches_published"]
    solved = run_json("oldtown", "solve", path)
    assert solved["solutions"] == [saved["solution"]]
    assert run_json("oldtown", "grade", path) == {**saved["grade"], "printed": "leicht"}
    explained = run_json("oldtown", "explain", path)
    assert explained["status"] == "solved" and explained["solution"] == saved["solution"]
    assert all(step["text"] for step in explained["steps"])
    code, out, _ = run_cli("oldtown", "explain", path, "--lang", "de")
    assert code == 0 and "Karte" in out and "Die Stadt ist vollständig." in out


def test_generate_text_prints_rows_and_sentences(run_cli):
    code, out, _ = run_cli("oldtown", "generate", "--seed", "1")
    assert code == 0
    assert out.splitlines()[0].split()[:3] == ["scenario", "level", "type"]
    assert "leicht-1-1" in out and " A  The " in out and "grade: leicht" in out
    assert "Solution of" not in out


def test_grade_reports_the_calibration(run_cli, run_json):
    code, out, _ = run_cli("oldtown", "grade")
    assert code == 0 and "land in their printed level" in out
    data = run_json("oldtown", "grade")
    fit = data["calibration"]
    assert set(data) == {"grades", "calibration"}
    assert (fit["in_printed_level"], fit["of"], fit["contradictory"]) == (8, 8, ["5-first-printing"])


@pytest.mark.parametrize("args", [
    ("oldtown", "generate", "--level", "hard"),
    ("oldtown", "generate", "--count", "0"),
    ("oldtown", "grade", "nine"),
    ("oldtown", "explain", "nine"),
    ("oldtown", "explain", "1", "--lang", "fr"),
    ("oldtown", "generate", "--cards", "/nonexistent/cards.json"),
])
def test_bad_input_is_one_line_and_exit_2(run_cli, args):
    code, out, err = run_cli(*args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "error" in err


def test_a_broken_scenario_file_is_one_line(run_cli, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('[{"id": "x", "level": "leicht", "a": [99], "mine": ["Hotel"]}]')
    for command in ("grade", "explain"):
        code, _, err = run_cli("oldtown", command, bad)
        assert code == 2 and len(err.strip().splitlines()) == 1 and "99" in err
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    code, _, err = run_cli("oldtown", "grade", broken)
    assert code == 2 and "not valid JSON" in err


def test_out_directory_that_cannot_be_written(run_cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, _, err = run_cli("oldtown", "generate", "--out", blocker / "sub")
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_every_generated_scenario_has_the_rulebook_card_mix(catalogue, generated):
    from clicktown.oldtown.puzzles.generate import SHAPE, card_mix

    assert SHAPE == {"A": (11, 15), "B": (0, 8), "C": (3, 7)}  # the rulebook's eight scenarios' ranges
    for (level, _), found in generated.items():
        for g in found:
            mix = card_mix(catalogue, g.scenario.card_numbers)
            assert 11 <= mix["A"] <= 15 and 0 <= mix["B"] <= 8 and 3 <= mix["C"] <= 7, (g.scenario.id, mix)
            assert 1 <= g.scenario.mine_count <= 3
            assert (g.scenario.mine is None) <= (level == "schwer")  # unknown my buildings only at schwer
            assert sum(1 for _, x in g.scenario.b if x is None) <= 1  # at most one unbound B card, as in 6


def test_the_level_is_the_graders_not_the_format(catalogue, generated):
    from clicktown.oldtown.puzzles.deduce import TIERS

    for (level, _), found in generated.items():
        for g in found:
            hardest = max(TIERS[t] for t in g.grade.techniques)
            assert {"leicht": hardest <= 2, "mittel": hardest == 3, "schwer": hardest >= 4}[level] or g.grade.steps > 60


def test_the_cpsat_recheck_keeps_the_same_scenarios(catalogue, generated):
    again = list(generate_scenarios(catalogue, "leicht", 2, 0, recheck="cpsat"))
    assert [g.as_dict() for g in again] == [g.as_dict() for g in generated[("leicht", 0)]]
    with pytest.raises(Exception, match="unknown re-check"):
        list(generate_scenarios(catalogue, "leicht", 1, 0, recheck="sat"))
