"""Seeded random and greedy games of Whipped! on the shipped deck, invariants after every action."""

import random
from pathlib import Path

import pytest

from generator.games import load_game
from generator.games.whipped import PLUGIN
from generator.games.whipped.state import WhippedState

ENGINE = PLUGIN.engine

GAME = Path(__file__).resolve().parents[3] / "components" / "whipped"


@pytest.fixture(scope="module")
def deck():
    return ENGINE.load_deck(load_game(GAME))


def play_out(deck, players: int, seed: int, policy: str) -> WhippedState:
    rng = random.Random(seed)
    state = ENGINE.new_game(deck, players, rng, {})
    choose = ENGINE.policies()[policy]
    actions = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, f"no legal action, seed {seed}"
        action = choose(state, rng)
        assert action in legal
        state.apply(action)
        actions += 1
        assert state.invariant_violations() == [], f"seed {seed}, action {actions}"
        assert actions < ENGINE.max_actions
    return state


@pytest.fixture(scope="module")
def random_games(deck) -> list[WhippedState]:
    return [play_out(deck, 4 + seed % 4, seed, "random") for seed in range(200)]


@pytest.fixture(scope="module")
def greedy_games(deck) -> list[WhippedState]:
    return [play_out(deck, 4 + seed % 4, seed, "greedy") for seed in range(40)]


def test_random_games_end_after_n_rounds_of_n_turns(random_games):
    for state in random_games:
        n = state.num_players
        assert state.turns == n * n and state.round == n
        assert len(state.returns()) == n


def test_greedy_games_end_and_pass_bills(greedy_games):
    for state in greedy_games:
        assert state.turns == state.num_players**2
    assert sum(state.tally.bills_passed for state in greedy_games) > 0


def test_scores_are_level_points_plus_rider_points_less_penalties(random_games, greedy_games):
    for state in random_games + greedy_games:
        t = state.tally
        expected = sum(t.level_points.values()) + t.rider_points - t.penalty_points
        assert sum(state.scores) == expected


def test_every_turn_is_a_bill_passed_failed_or_without_sponsor(random_games):
    for state in random_games:
        t = state.tally
        assert t.bills_passed + t.bills_failed + t.turns_without_sponsor == state.turns


def test_figures_for_each_player_count(random_games):
    figures = ENGINE.figures(random_games)
    for key in ("bills_per_game", "points_by_level_per_game", "riders_per_game", "whipped_totals"):
        assert sorted(figures[key]) == ["4", "5", "6", "7"]
    for players, totals in figures["whipped_totals"].items():
        states = [s for s in random_games if s.num_players == int(players)]
        assert totals["games"] == len(states) == 50
        assert totals["bills_passed"] == sum(s.fired[b] for s in states for b in _bills(s))
        assert totals["riders_played"] == sum(s.fired[r] for s in states for r in _riders(s))
        bills = figures["bills_per_game"][players]
        assert bills["passed"] == round(totals["bills_passed"] / 50, 3)
        turns = bills["passed"] + bills["failed"] + bills["without_sponsor"]
        assert turns == pytest.approx(int(players) ** 2)
        levels = figures["points_by_level_per_game"][players]
        assert levels["1"] == round(totals["points_level_1"] / 50, 3)


def _bills(state: WhippedState) -> set[str]:
    return {bill.name for bill in state.deck.bills}


def _riders(state: WhippedState) -> set[str]:
    return {rider.item.name for rider in state.deck.riders}


def test_fireable_names_every_bill_and_rider(deck, random_games):
    names = set(ENGINE.fireable(deck))
    fired = set().union(*(state.fired for state in random_games))
    assert fired <= names
    assert {"Earmark", "Clean Rivers Act"} <= names


def test_supply_names_each_colour_and_token_level_at_its_count(deck):
    supply = ENGINE.supply(deck)
    assert supply["Black votes"].printed == 36 and supply["White votes"].printed == 36
    assert supply["Black votes"].loc.file.endswith("votes.yaml") and supply["Black votes"].loc.line == 10
    assert supply["level 2 bidding tokens"].printed == 7
    assert supply["level 2 bidding tokens"].loc.file.endswith("bidding-tokens.yaml")


def test_peak_votes_in_play_is_ten_plus_what_riders_paid_in_the_round(random_games):
    for state in random_games:
        colours = [c.name for c in state.deck.colours[: state.num_players]]
        peaks = [state.peak_in_play[f"{name} votes"] for name in colours]
        assert min(peaks) >= 10
        assert state.peak_in_play["level 1 bidding tokens"] == state.num_players
    # Riders do push players past the 10 dealt (and past the 15 once printed).
    assert max(state.peak_in_play["Black votes"] for state in random_games) > 15


def test_no_random_seven_player_game_needs_more_votes_than_printed(deck):
    supply = ENGINE.supply(deck)
    for seed in range(60):
        state = play_out(deck, 7, seed, "random")
        for name, peak in state.peak_in_play.items():
            assert peak <= supply[name].printed, (seed, name)


def test_the_first_starting_player_is_drawn_at_random(random_games):
    firsts = {state.first_player for state in random_games if state.num_players == 4}
    assert firsts == {0, 1, 2, 3}
    for state in random_games:
        assert state.start_seat == (state.first_player + state.num_players - 1) % state.num_players
