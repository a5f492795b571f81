"""Twisty Passages played out: random games hold their invariants; policies; figures."""

import json
import random
from pathlib import Path

import pytest

from generator.check.simulate import simulate, simulation_job
from generator.games import engines, load_game
from generator.games.twisty_passages import PLUGIN
from generator.games.twisty_passages.figures import GAMES, speed_figures
from generator.games.twisty_passages.position import TurnRecord
from generator.games.twisty_passages.rules import parse_cards_to_win
from generator.games.twisty_passages.state import TwistyEnding

ENGINE = PLUGIN.engine

ROOT = Path(__file__).resolve().parents[3]
DECK = ENGINE.load_deck(load_game(ROOT / "components" / "twisty-passages"))
VARIANTS = [
    {},
    {"cards_to_win": parse_cards_to_win("+4"), "double_deck": True},
    {"exit_strategy": True},
    {"through_the_black": True},
    {"gathering_clues": True},
]


def play_out(players: int, seed: int, options: dict, policy=None) -> object:
    rng = random.Random(seed)
    state = ENGINE.new_game(DECK, players, rng, options)
    for _ in range(ENGINE.max_actions):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        assert actions, "a running game must offer an action"
        action = (policy or ENGINE.policies()["random"])(state, rng)
        assert action in actions
        state.apply(action)
        assert state.invariant_violations() == []
    return state


def test_a_card_placed_twice_lost_or_not_of_the_deck_breaks_the_conservation_invariant():
    cards = len(DECK.cards)
    twice = ENGINE.new_game(DECK, 3, random.Random(1), {})
    twice.paths[0].append(twice.deck[-1])
    lost = ENGINE.new_game(DECK, 3, random.Random(1), {})
    lost.deck.pop()
    stranger = ENGINE.new_game(DECK, 3, random.Random(1), {})
    stranger.deck[0] = cards  # as many places as cards, each once, but one is no card's id
    assert twice.invariant_violations() == [f"cards not conserved: {cards + 1} placed of {cards}, 1 twice"]
    assert lost.invariant_violations() == [f"cards not conserved: {cards - 1} placed of {cards}, 0 twice"]
    assert stranger.invariant_violations() == [f"cards not conserved: {cards} placed of {cards}, 0 twice"]


def test_the_registry_finds_the_engine():
    assert engines()["twisty_passages"] is ENGINE


@pytest.mark.parametrize("seed", range(200))
def test_random_games_keep_every_card_and_end(seed):
    players = 2 + seed % 4
    state = play_out(players, seed, VARIANTS[seed % len(VARIANTS)])
    assert state.is_terminal()
    assert sorted(state.returns()) == [0.0] * (players - 1) + [1.0]
    winner = state.returns().index(1.0)
    assert state.length(winner) >= state.needed(winner)


def test_unknown_options_are_refused():
    with pytest.raises(ValueError, match="colour_blind"):
        ENGINE.new_game(DECK, 2, random.Random(1), {"colour_blind": True})


@pytest.mark.parametrize("speed", [1, 4, 10])
def test_fixed_speed_policies_declare_their_speed(speed):
    state = play_out(3, 5, {}, ENGINE.policies()[f"speed-{speed}"])
    declared = {record.speed for record in state.turn_log}
    assert declared <= set(range(1, speed + 1))  # a Net Trap may force a lower one
    assert speed in declared


def test_adaptive_walks_when_near_the_exit():
    rng = random.Random(2)
    state = ENGINE.new_game(DECK, 2, rng, {})
    me = state.current_player()
    state.paths[me] = [c for c in state.deck[:18]]
    del state.deck[:18]
    state.begin()
    assert ENGINE.policies()["adaptive"](state, rng) == ("speed", 2)  # 20 needed, 18 held


def test_speed_figures_from_turn_records():
    class Recorded:
        turn_log = [TurnRecord(0, 3, 3, 3, 3), TurnRecord(1, 3, 4, 2, -1), TurnRecord(0, 5, 5, 1, 0)]

    rows = {row["speed"]: row for row in speed_figures([Recorded()])}
    assert rows[3] == {"speed": 3, "turns": 2, "early_stop_share": 0.5, "mean_path_change": 1.0}
    assert rows[5]["early_stop_share"] == 1.0 and rows[1]["turns"] == 0


def test_figures_have_the_briefs_keys():
    out = simulate(ENGINE, DECK, games=5, players=4, seed=0).figures
    assert [row["speed"] for row in out["speed"]][:10] == list(range(1, 11))
    assert out["game_length"]["4"]["games"] == 5
    # The figures' own games, played by the harness (Engine.figure_runs).
    by_players = out["game_length_by_players"]["players"]
    assert {players: row["games"] for players, row in by_players.items()} == {n: GAMES for n in ("2", "3", "4", "5")}
    plus4 = out["threshold_plus_4"]
    assert plus4["games"] == GAMES and plus4["played_with"]["policy"] == "random"  # the run's own (the default)
    assert {"single_deck_completed_share", "double_deck_completed_share", "rules_claim_confirmed"} <= set(plus4)


def test_the_figures_own_games_are_played_as_declared():
    """Each run plays its games at its player count and options, seeded by the harness."""
    runs = {run.name: run for run in ENGINE.figure_runs()}
    job = simulation_job(
        ENGINE,
        DECK,
        runs["double_deck"].players,
        runs["double_deck"].seed,
        "adaptive",
        dict(runs["double_deck"].options),
    )
    (outcome,) = job.play(range(1)).outcomes
    assert outcome.state is not None and len(outcome.state.cards) == 2 * len(DECK.cards)
    assert outcome.state.threshold == DECK.thresholds[4] + 4


def test_options_and_variants_are_declared():
    assert [o.name for o in ENGINE.options()] == ["cards_to_win"]
    assert {v.name for v in ENGINE.variants()} == {
        "double_deck",
        "exit_strategy",
        "through_the_black",
        "gathering_clues",
        "house-rules",
    }


@pytest.mark.parametrize(("text", "shown"), [("+4", "+4"), ("-2", "-2"), ("18", "18"), (" +0 ", "+0")])
def test_cards_to_win_parses_changes_and_numbers(text, shown):
    value = ENGINE.options()[0].parse(text)
    assert json.dumps({"cards_to_win": value}) == json.dumps({"cards_to_win": shown})  # a report carries it as given


def test_cards_to_win_sets_the_target_of_a_new_game():
    for given, needed in ((parse_cards_to_win("+4"), 18), (parse_cards_to_win("9"), 9), ("-2", 12)):
        state = ENGINE.new_game(DECK, 4, random.Random(1), {"cards_to_win": given})
        assert state.needed(0) == needed
    assert ENGINE.options()[0].default == "+0"


@pytest.mark.parametrize("text", ["four", "+", "1.5", "0", "+4 cards", ""])
def test_cards_to_win_refuses_other_text(text):
    with pytest.raises(ValueError, match="cards_to_win"):
        ENGINE.options()[0].parse(text)


def test_a_target_above_the_cards_in_the_game_is_stopped_at_once():
    state = ENGINE.new_game(DECK, 4, random.Random(1), {"cards_to_win": parse_cards_to_win("+100")})
    assert state.is_terminal() and not state.ended_by_rules()
    assert state.end_reason() is TwistyEnding.OUT_OF_REACH
    assert (state.fewest_needed(), len(state.cards)) == (114, 104)  # 14 + 100 cards to win, of 104
    doubled = ENGINE.new_game(
        DECK, 4, random.Random(1), {"cards_to_win": parse_cards_to_win("+100"), "double_deck": True}
    )
    assert not doubled.is_terminal()


def test_high_roll_goes_first_so_every_seat_may_start():
    firsts = [ENGINE.new_game(DECK, 4, random.Random(seed), {}).first_player for seed in range(40)]
    assert set(firsts) == {0, 1, 2, 3}
    state = ENGINE.new_game(DECK, 4, random.Random(3), {})
    assert state.turn_log == [] and state.current_player() == state.first_player


def test_faster_turns_get_their_own_speed_row():
    class Recorded:
        turn_log = [TurnRecord(0, 3, 3, 3, 3), TurnRecord(1, 14, 14, 14, 9), TurnRecord(0, 25, 25, 2, -3)]

    rows = speed_figures([Recorded()])
    assert len(rows) == 11 and rows[-1] == {
        "speed": "11+",
        "turns": 2,
        "early_stop_share": 0.5,
        "mean_path_change": 3.0,
    }
