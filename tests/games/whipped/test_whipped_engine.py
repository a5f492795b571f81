"""The Whipped! engine: the rules' 4 to 7 players and nothing else, the timer option and
what it refuses, the printed supply (read back from the YAML sources themselves: every vote
colour and every token level), every bill and rider able to fire, and the one ending."""

import random
from pathlib import Path

import pytest
import yaml

from generator.games import load_game
from generator.games.whipped import PLUGIN
from generator.games.whipped.engine import WhippedEngine
from generator.games.whipped.figures import WhippedTally
from generator.games.whipped.state import WhippedEnding, WhippedState

ENGINE = WhippedEngine()
GAME = Path(__file__).resolve().parents[3] / "components" / "whipped"
DECK = ENGINE.load_deck(load_game(GAME))


def items(name: str) -> list[dict]:
    return yaml.safe_load((GAME / name).read_text())["items"]


def test_the_plugin_plays_this_engine_for_four_to_seven_players():
    # The rules' header: "4-7 players".
    assert isinstance(PLUGIN.engine, WhippedEngine) and ENGINE.name == "whipped"
    assert (ENGINE.min_players, ENGINE.max_players) == (4, 7)
    for players in (4, 7):
        state = ENGINE.new_game(DECK, players, random.Random(players), {})
        assert isinstance(state, WhippedState) and state.num_players == players
    for players in (3, 8):
        with pytest.raises(ValueError, match=f"4 to 7 players, not {players}"):
            ENGINE.new_game(DECK, players, random.Random(0), {})


def test_the_timer_is_a_whole_number_of_passes_and_no_other_option_is_taken():
    (option,) = ENGINE.options()
    assert option.name == "timer_passes" and option.default == 4
    assert ENGINE.new_game(DECK, 4, random.Random(0), {}).timer_passes == 4
    assert ENGINE.new_game(DECK, 4, random.Random(0), {"timer_passes": 1}).timer_passes == 1
    for passes in (0, True, 1.5, "2"):
        with pytest.raises(ValueError, match="timer_passes must be a whole number"):
            ENGINE.new_game(DECK, 4, random.Random(0), {"timer_passes": passes})
    with pytest.raises(ValueError, match="unknown Whipped! option 'speed'"):
        ENGINE.new_game(DECK, 4, random.Random(0), {"speed": 2})


def test_the_supply_is_each_colours_votes_and_each_levels_tokens_as_printed():
    expected = {f"{vote['name']} votes": vote["count"] for vote in items("votes.yaml")}
    for token in items("bidding-tokens.yaml"):
        key = f"level {token['level']} bidding tokens"
        expected[key] = expected.get(key, 0) + token.get("count", 1)
    supply = ENGINE.supply(DECK)
    assert {name: printed.printed for name, printed in supply.items()} == expected
    assert len([name for name in supply if name.endswith(" votes")]) == 7  # a colour a player


def test_every_bill_and_rider_can_fire():
    names = {bill["name"] for bill in items("bills.yaml")} | {rider["name"] for rider in items("riders.yaml")}
    assert ENGINE.fireable(DECK) == sorted(names)


def test_policies_figures_and_the_one_ending():
    assert set(ENGINE.policies()) == {"random", "greedy"}
    assert isinstance(ENGINE.figure_tally(), WhippedTally)
    assert list(ENGINE.endings) == [WhippedEnding.ROUNDS_PLAYED]
    assert ENGINE.new_game(DECK, 5, random.Random(2), {}).end_reason() is WhippedEnding.ROUNDS_PLAYED
