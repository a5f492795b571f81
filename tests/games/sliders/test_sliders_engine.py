"""The Sliders engine (SlidersEngine, generator/games/sliders/engine.py) as the harness sees
it: the deck it loads from components/sliders (the rules' $1500 split, 32 houses and 12
hotels), the names that can fire (read from the YAML here, not from the deck), fresh games
for each variant, its policies, and the figures it gathers."""

import random
from pathlib import Path

import pytest

from generator.games import load_game
from generator.games.sliders.engine import RULE_EVENTS, SlidersEngine
from generator.games.sliders.figures import SlidersTally
from generator.games.sliders.state import SlidersEnding
from generator.sources.loader import load_yaml

SLIDERS = Path(__file__).resolve().parents[3] / "components" / "sliders"
ENGINE = SlidersEngine()
DECK = ENGINE.load_deck(load_game(SLIDERS))


def test_the_engine_is_named_for_game_yaml_and_seats_two_to_eight():
    assert ENGINE.name == load_yaml(SLIDERS / "game.yaml")["engine"] == "sliders"
    assert (ENGINE.min_players, ENGINE.default_players, ENGINE.max_players) == (2, 4, 8)
    assert ENGINE.endings is SlidersEnding


def test_the_deck_starts_each_player_with_the_rules_split_of_1500():
    # "2 each of $500's, $100's and $50's; 6-$20's; 5 each of $10's, $5's and $1's".
    assert DECK.start_cash == 2 * (500 + 100 + 50) + 6 * 20 + 5 * (10 + 5 + 1) == 1500
    assert len(DECK.squares) == 40


def test_the_supply_is_the_printed_houses_and_hotels_at_their_lines():
    supply = ENGINE.supply(DECK)
    assert (supply["houses"].printed, supply["hotels"].printed) == (32, 12)
    lines = (SLIDERS / "buildings.yaml").read_text().splitlines()
    assert "32" in lines[supply["houses"].loc.line - 1] and "12" in lines[supply["hotels"].loc.line - 1]


def test_what_can_fire_is_every_square_every_card_and_every_rule_event():
    squares = {square["name"] for square in load_yaml(SLIDERS / "board.yaml")["items"]}
    cards = {
        f"{deck}: {card['title']}"
        for deck in ("chance", "community-chest")
        for card in load_yaml(SLIDERS / f"{deck}.yaml")["items"]
    }
    fireable = ENGINE.fireable(DECK)
    assert len(fireable) == len(set(fireable))
    assert set(fireable) == squares | cards | set(RULE_EVENTS)
    # 40 squares, three Chance and three Community Chest among them; 15 Chance titles (the
    # nearest line twice) and 16 Community Chest ones; 13 rule events.
    assert len(fireable) == 36 + 15 + 16 + 13


def test_a_short_game_deals_two_deeds_each_and_builds_hotels_on_three_houses():
    state = ENGINE.new_game(DECK, 4, random.Random(3), {"short": True})
    assert state.hotel_at == 3
    held = [sum(1 for sq in DECK.deeds if state.owner[sq] == seat) for seat in range(4)]
    assert held == [2, 2, 2, 2]
    for seat in range(4):
        paid = sum(DECK.deeds[sq].price for sq in DECK.deeds if state.owner[sq] == seat)
        assert state.cash[seat] == 1500 - paid


def test_options_reach_the_rules_and_unknown_ones_are_refused():
    regular = ENGINE.new_game(DECK, 2, random.Random(0), {})
    assert regular.hotel_at == 4 and all(owner == -1 for owner in regular.owner)
    timed = ENGINE.new_game(DECK, 2, random.Random(0), {"time_limit": True, "time_limit_turns": 30})
    assert timed.rules.time_limit == 30
    rich = ENGINE.new_game(DECK, 3, random.Random(0), {"starting_money": 2000})
    assert rich.cash == [2000] * 3
    with pytest.raises(ValueError, match="unknown Sliders options"):
        ENGINE.new_game(DECK, 2, random.Random(0), {"free_parking_jackpot": True})
    assert {option.name for option in ENGINE.options()} == {"time_limit_turns", "max_turns", "starting_money"}
    assert {variant.name for variant in ENGINE.variants()} == {"short", "time_limit"}


def test_its_policies_play_and_its_tally_gathers_the_figures():
    assert set(ENGINE.policies()) == {"random", "heuristic"}
    rng = random.Random(8)
    state = ENGINE.new_game(DECK, 2, rng, {"max_turns": 6})
    heuristic = ENGINE.policies()["heuristic"]
    while not state.is_terminal():
        state.apply(heuristic(state, rng))
    assert state.end_reason() in (SlidersEnding.TURN_CAP, SlidersEnding.LAST_PLAYER_LEFT)
    tally = ENGINE.figure_tally()
    assert isinstance(tally, SlidersTally)
    tally.add(state)
    assert tally.figures() == ENGINE.figures([state])
    assert sum(tally.landings) == sum(state.stats.landings) > 0
