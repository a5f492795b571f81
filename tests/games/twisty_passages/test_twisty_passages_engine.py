"""The Twisty Passages engine: the player counts, options and policies the rules and the
package's readings give, the deck's cards counted from the YAML sources themselves (one
deck, or two for the double-deck variant), no printed supply to run out of, and what it
refuses."""

import random
from pathlib import Path

import pytest
import yaml

from generator.games import load_game
from generator.games.twisty_passages import PLUGIN
from generator.games.twisty_passages.engine import TwistyEngine
from generator.games.twisty_passages.figures import TwistyTally
from generator.games.twisty_passages.state import TwistyEnding, TwistyState

ENGINE = TwistyEngine()
GAME = Path(__file__).resolve().parents[3] / "components" / "twisty-passages"
DECK = ENGINE.load_deck(load_game(GAME))


def source_cards() -> list[dict]:
    """Every maze card of the deck files, one entry per physical card, read as plain YAML."""
    cards = []
    for name in ("maze.yaml", "zones.yaml"):
        for item in yaml.safe_load((GAME / name).read_text())["items"]:
            cards += [item] * item.get("count", 1)
    return cards


def test_the_plugin_plays_this_engine_for_two_to_five_players():
    # "A game of risk-tolerance and management for two to five players", one threshold each.
    assert isinstance(PLUGIN.engine, TwistyEngine) and ENGINE.name == "twisty_passages"
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 5)
    assert ENGINE.min_players <= ENGINE.default_players <= ENGINE.max_players
    assert sorted(DECK.thresholds) == [2, 3, 4, 5]


def test_the_deck_is_every_physical_card_and_the_double_deck_twice_that():
    cards = source_cards()
    assert len(cards) == 104  # as game.yaml says: "One maze deck of 104 cards"
    assert sorted(card.item.title for card in DECK.cards) == sorted(card["title"] for card in cards)
    state = ENGINE.new_game(DECK, 3, random.Random(4), {"double_deck": True})
    assert isinstance(state, TwistyState) and len(state.cards) == 2 * len(cards)
    assert sorted(state.deck) == list(range(2 * len(cards)))  # every card in the shuffled deck


def test_nothing_printed_can_run_out():
    # The discards are reshuffled into the deck, and the dice are not printed.
    assert ENGINE.supply(DECK) == {}


def test_every_card_title_and_every_start_of_turn_effect_can_fire():
    titles = {card["title"] for card in source_cards()}
    at_start = {f"{title} (start of turn)" for title in ("Pit Trap", "Greased Slide Trap", "Net Trap")}
    at_start |= {"Sulfurous Spring (start of turn)", "Bad Air (start of turn)"}
    fireable = ENGINE.fireable(DECK)
    assert fireable == sorted(fireable) and set(fireable) == titles | at_start


def test_policies_are_random_one_per_speed_and_adaptive():
    assert set(ENGINE.policies()) == {"random", "adaptive"} | {f"speed-{n}" for n in range(1, 11)}


def test_unknown_options_are_refused_naming_the_known_ones():
    with pytest.raises(ValueError) as refused:
        ENGINE.new_game(DECK, 2, random.Random(1), {"speed_limit": 3})
    expected = "cards_to_win, double_deck, exit_strategy, gathering_clues, house-rules, through_the_black"
    assert "speed_limit" in str(refused.value) and f"(expected: {expected})" in str(refused.value)


def test_a_number_of_cards_to_win_above_the_deck_stops_the_game_before_it_starts():
    state = ENGINE.new_game(DECK, 2, random.Random(1), {"cards_to_win": "105"})
    assert state.is_terminal() and state.end_reason() is TwistyEnding.OUT_OF_REACH
    # Gathering Clues lowers the need by up to one per Zone colour (four): 108 is in reach.
    state = ENGINE.new_game(DECK, 2, random.Random(1), {"cards_to_win": "108", "gathering_clues": True})
    assert not state.is_terminal()


def test_figures_are_gathered_by_a_twisty_tally_and_the_runs_are_declared():
    assert isinstance(ENGINE.figure_tally(), TwistyTally)
    runs = {run.name: run for run in ENGINE.figure_runs()}
    assert set(runs) == {"players-2", "players-3", "players-4", "players-5", "single_deck", "double_deck"}
    assert runs["double_deck"].options["double_deck"] and not runs["single_deck"].options.get("double_deck")
