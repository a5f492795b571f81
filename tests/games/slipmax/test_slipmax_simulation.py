"""Slipmax under seeded random play: every action legal, invariants after every action,
every game over within the cap, and the same seed giving the same games."""

import random
from pathlib import Path

import pytest

from generator.games import load_game
from generator.games.slipmax.engine import SlipmaxEngine
from generator.games.slipmax.state import SlipmaxEnding

ENGINE = SlipmaxEngine()
DECK = ENGINE.load_deck(load_game(Path(__file__).resolve().parents[3] / "components" / "slipmax"))


def play(seed: int, players: int, policy: str = "random", **options: bool):
    """One game, checking the state after every action; returns the final state."""
    choose = ENGINE.policies()[policy]
    state = ENGINE.new_game(DECK, players, random.Random(seed), options)
    decide = random.Random(seed + 1)
    for _ in range(ENGINE.max_actions):
        if state.is_terminal():
            return state
        actions = state.legal_actions()
        assert actions, f"seed {seed}: no legal action in a live game"
        action = choose(state, decide)
        assert action in actions
        state.apply(action)
        assert state.invariant_violations() == [], f"seed {seed}"
    pytest.fail(f"seed {seed}: not over after {ENGINE.max_actions} actions")


def test_200_random_four_player_games():
    states = [play(seed, 4) for seed in range(200)]
    assert all(s.is_terminal() for s in states)
    fired = sum((s.fired for s in states), start=type(states[0].fired)())
    assert set(fired) <= set(ENGINE.fireable(DECK))


@pytest.mark.parametrize(
    "players, policy, options",
    [
        (2, "random", {}),
        (6, "random", {}),
        (4, "greedy", {}),
        (3, "random", {"tidal": True}),
        (5, "random", {"cycles": True}),
        (4, "greedy", {"tidal": True, "cycles": True}),
    ],
)
def test_other_tables_policies_and_variants(players, policy, options):
    for seed in range(40):
        play(seed, players, policy, **options)


def test_the_same_seed_gives_the_same_game():
    first, again = play(7, 4), play(7, 4)
    assert first.returns() == again.returns()
    assert first.fired == again.fired and first.turns == again.turns


def test_figures_summarise_money_and_every_game_says_how_it_ended():
    states = [play(seed, 3) for seed in range(20)]
    figures = ENGINE.figures(states)
    endings = {state.end_reason() for state in states}
    assert SlipmaxEnding.REACHED_END in endings
    assert endings <= set(SlipmaxEnding)
    assert ENGINE.endings is SlipmaxEnding
    stalemates = [state.stalemate_step() for state in states if not state.ended_by_rules()]
    assert figures["stalemate_steps"] == {name: stalemates.count(name) for name in sorted(set(stalemates))}
    assert set(stalemates) <= {"Life of Chaos (5)", "Life of Chaos (6)"}
    finals = sorted(m for s in states for m in s.money)
    assert figures["final_money"]["max"] == finals[-1]
