"""Why the marker game refuses an action (`refusals.refusal`), from the engine's own verdicts, and the
seat view's words for it in English and German (`view.refused`)."""

from __future__ import annotations

import random

import pytest

from clicktown import messages
from clicktown.arena.state import resolve_chance
from clicktown.oldtown.catalogue import load_catalogue
from clicktown.oldtown.game.bots import make_bot
from clicktown.oldtown.game.refusals import KINDS, Refusal, kind_of, refusal
from clicktown.oldtown.game.rule_options import RuleOptions
from clicktown.oldtown.game.state import DISCARD, NUM_ACTIONS, PASS, TAKE, new_game
from clicktown.oldtown.game.view import refused, tell_refusal, Words

OPTIONS = (RuleOptions(), RuleOptions(held_plots="card", break_pair="forbidden", empty_pile="end"))


@pytest.fixture(scope="module")
def cat():
    return load_catalogue()


def decisions(cat, games: int, every: int = 1, also: tuple[str, ...] = ()):
    """Decision nodes of seeded games (2, 3 and 4 players, random and greedy bots, both option sets):
    every `every`-th node, and every node of the phases `also`."""
    for seed in range(games):
        players, options = 2 + seed % 3, OPTIONS[seed % 2]
        state = new_game(cat, players, record=False, options=options)
        rng, bot, node = random.Random(seed), make_bot("random" if seed % 4 < 2 else "greedy"), 0
        while True:
            resolve_chance(state, rng)
            if state.is_terminal():
                break
            node += 1
            if node % every == 0 or state.phase in also:
                yield state
            state.apply_action(bot.choose(state, rng))


def test_every_card_not_playable_is_refused_with_its_verdicts_status(cat):
    """For every card in the hand of the seat to move, for each building it may be played for (its
    own for type A, every building for B and C): refused exactly when the engine does not list the
    play, and then with the verdict's status (contradiction or forbidden) and the verdict's reason."""
    seen: dict[str, int] = {}
    for state in decisions(cat, 60):
        if state.phase != "turn":
            continue
        seat, legal = state.seat, set(state.legal_actions())
        for number in state.hands[seat]:
            card = cat.card(number)
            for building in (card.building,) if card.kind == "A" else state.names:
                action = state.play_action(number, building)
                found = refusal(state, action)
                assert (found is None) == (action in legal)
                verdict = state.verdicts(seat).get((number, None if card.kind == "A" else building))
                if verdict is None:  # a building not the seat's: the same verdicts say "forbidden"
                    assert (found.reason, found.facts["why"].key) == ("forbidden", "not_mine")
                elif found is None:
                    assert verdict.allowed
                else:
                    assert found.reason == verdict.status and found.facts["why"] == verdict.reason
                    assert verdict.status in ("contradiction", "forbidden")
                key = "allowed" if found is None else found.reason
                seen[key] = seen.get(key, 0) + 1
    assert seen["allowed"] >= 500 and seen["contradiction"] >= 100 and seen["forbidden"] >= 2000, seen


def test_refused_exactly_when_not_legal_for_every_action(cat):
    """Every action number at a sample of decision nodes: refused exactly when the engine does not
    list it (a "stop" round's pass is always legal), and for a reason that fits the action."""
    reasons: set[str] = set()
    for state in decisions(cat, 24, every=9, also=("take", "discard")):
        legal = set(state.legal_actions())
        for action in range(-1, NUM_ACTIONS + 1):
            found = refusal(state, action)
            assert (found is None) == (action in legal or (state.phase == "stop" and action == PASS)), action
            if found is None:
                continue
            reasons.add(found.reason)
            kind = kind_of(action)
            if kind not in KINDS[state.phase]:
                assert found.reason == ("unknown" if kind is None else "not_now")
            elif kind == "discard":
                number = action - DISCARD + 1
                if number in state.hands[state.seat] and number != state.first_discard:
                    discardable = number in state.discardable(state.seat)
                    assert (found.reason == "not_discardable") == (not discardable)
            elif kind == "take":
                building, plot = state.decode_marker(action, TAKE)
                if plot in state.town.markers.get(building, ()):
                    assert (found.reason == "marker") == (not state.taking(building, plot).ok)
    assert {"unknown", "not_now", "not_in_hand", "wrong_building", "forbidden", "contradiction", "not_discardable",
            "no_marker", "marker", "must_act"} <= reasons, reasons


def test_the_seat_view_words_every_refusal_in_both_languages(cat):
    """Each reason met in play, and each built by hand, is worded from the catalogs in English and German."""
    met: dict[str, Refusal] = {}
    for state in decisions(cat, 24, every=5):
        for action in range(0, NUM_ACTIONS, 7):
            found = refusal(state, action)
            if found is not None and found.reason not in met:
                met[found.reason] = found
                for lang in messages.LANGS:
                    text = tell_refusal(Words(state, state.actor, lang), found, lang)
                    assert text and "{" not in text
    by_hand = [Refusal("over"), Refusal("not_your_turn"), Refusal("not_now", {"phase": "chance"}),
               Refusal("two_cards", {"count": 1}), Refusal("no_marker_to_take"), Refusal("same_card", {"card": 4}),
               Refusal("held_pair", {"building": "Bank"}), Refusal("no_own_pile"),
               Refusal("empty_pile", {"pile": "shared"}), Refusal("empty_pile", {"pile": "own"}),
               Refusal("not_in_stack", {"building": "Church"})]
    state = new_game(cat, 2)
    for found in by_hand:
        english, german = (tell_refusal(Words(state, 0, lang), found, lang) for lang in ("en", "de"))
        assert english and german and english != german and "{" not in english + german
    told = {lang: tell_refusal(Words(state, 0, lang), Refusal("not_in_stack", {"building": "Church"}), lang)
            for lang in ("en", "de")}
    assert told == {"en": "the Church is not in the stack of buildings",
                    "de": "das Gebäude Kirche liegt nicht im Gebäudestapel"}


def test_a_contradiction_card_refused_in_german_names_the_rulebook(cat):
    """The first contradiction card met: the German refusal names the card and the verdict's reason in German."""
    for state in decisions(cat, 40):
        if state.phase != "turn":
            continue
        for (number, my), verdict in state.verdicts(state.seat).items():
            if verdict.status == "contradiction":
                action = state.play_action(number, my)
                german = refused(state, action, "de")
                english = refused(state, action, "en")
                what = f"Karte {number}" + (f" für dein Gebäude {cat.buildings[my].de}" if my else "")
                assert german.startswith(f"der Schiedsrichter sagt nein: {what} ist eine Widerspruchskarte: ")
                assert "Beispiel" in german and "the " not in german
                assert english == (f"the referee says no: card {number}" + (f" for your {my}" if my else "")
                                   + f" is a contradiction card: {verdict.reason}")
                return
    pytest.fail("no contradiction card met")
