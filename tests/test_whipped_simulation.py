"""Seeded random and greedy games of Whipped! on the shipped deck, invariants after every action."""

import random
from pathlib import Path

import pytest

from generator.games.whipped import ENGINE
from generator.games.whipped.state import WhippedState
from generator.sources.game import load_game

GAME = Path(__file__).resolve().parents[1] / "components" / "whipped"


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
    return {rider.name for rider in state.deck.riders}


def test_fireable_names_every_bill_and_rider(deck, random_games):
    names = set(ENGINE.fireable(deck))
    fired = set().union(*(state.fired for state in random_games))
    assert fired <= names
    assert {"Earmark", "Clean Rivers Act"} <= names
