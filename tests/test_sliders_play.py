"""Seeded games played to the end by both policies, invariants checked after every action."""

import random
from pathlib import Path

import pytest

from generator.games.sliders import ENGINE
from generator.sources.game import load_game

DECK = ENGINE.load_deck(load_game(Path(__file__).parents[1] / "components" / "sliders"))


def play_out(seed: int, policy_name: str, players: int, options: dict):
    rng = random.Random(seed)
    state = ENGINE.new_game(DECK, players, rng, options)
    policy = ENGINE.policies()[policy_name]
    for _ in range(ENGINE.max_actions):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        assert actions, f"seed {seed}: no legal action in phase {state.phase}"
        action = policy(state, rng)
        assert action in actions
        state.apply(action)
        assert state.invariant_violations() == [], f"seed {seed} after {action!r}"
    return state


@pytest.mark.parametrize(
    "policy_name, options, games",
    [
        ("random", {}, 40),
        ("heuristic", {}, 80),
        ("random", {"short": True}, 40),
        ("heuristic", {"time_limit": True, "time_limit_turns": 60}, 40),
    ],
)
def test_seeded_games_keep_the_invariants(policy_name, options, games):
    """200 games in all, 2 to 6 players."""
    states = [play_out(seed, policy_name, 2 + seed % 5, options) for seed in range(games)]
    finished = [s for s in states if s.is_terminal()]
    # random play can outlast the action cap (about 1 game in 8 with 2 to 6 players)
    assert len(finished) >= games * (0.75 if policy_name == "random" else 1)
    for state in finished:
        scores = state.returns()
        assert len(scores) == state.num_players
        if not options:
            assert sum(state.alive) == 1 and scores.index(max(scores)) == state.alive.index(True)


def test_heuristic_four_player_games_finish_well_before_the_action_cap():
    states = [play_out(seed, "heuristic", 4, {}) for seed in range(40)]
    assert all(s.is_terminal() and not s.capped for s in states)
    assert max(s.turns for s in states) < 1000


def test_figures_cover_every_square_and_sum_to_one():
    states = [play_out(seed, "heuristic", 4, {}) for seed in range(20)]
    figures = ENGINE.figures(states)
    shares = figures["landing_share"]
    assert len(shares) == 40 and abs(sum(shares) - 1) < 1e-3
    assert shares[30] == 0 and shares[10] == max(shares)  # nobody rests on Go to the Slidecage
    assert set(figures["rent_per_game_by_group"]) <= set(DECK.groups)
    assert figures["turns_to_first_bankruptcy"]["games"] == 20


def test_what_fires_is_what_the_engine_says_can_fire():
    states = [play_out(seed, "heuristic", 4, {}) for seed in range(30)]
    fireable = set(ENGINE.fireable(DECK))
    for state in states:
        assert set(state.fired) <= fireable
