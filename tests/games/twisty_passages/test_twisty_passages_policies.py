"""Twisty Passages' policies: a fixed speed declares its speed or the nearest one allowed
(a Net Trap caps it), the adaptive one cruises at ADAPTIVE_CRUISE far from the exit, walks
near it and mines a leader about to win, and the prudent default keeps cards and items."""

import random
from pathlib import Path

from generator.games import load_game
from generator.games.twisty_passages.engine import TwistyEngine
from generator.games.twisty_passages.policies import ADAPTIVE_CRUISE, POLICIES, adaptive, fixed_speed, prudent
from generator.games.twisty_passages.state import TwistyState

ENGINE = TwistyEngine()
#: Passage cards that do nothing at the start of a turn and are no Items: paths of any length.
FILLER = (
    ["Retrograde"] * 4 + ["Twisty Passages"] * 4 + ["Lost", "Dead End", "Timeshuffle", "Shortcut", "Backtracking"] * 2
)
DECK = ENGINE.load_deck(load_game(Path(__file__).resolve().parents[3] / "components" / "twisty-passages"))


class Dice(random.Random):
    """A seeded rng whose die rolls (randint) are the given values, in order."""

    def __init__(self, rolls: list[int]):
        super().__init__(11)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)


def table(paths: dict[int, list[str]], players: int = 2, rolls: list[int] = ()) -> tuple[TwistyState, int]:
    """A new game whose paths hold these cards, taken from the deck (seat keys count from the
    player whose turn it is), restarted at the start of that player's turn."""
    state = ENGINE.new_game(DECK, players, Dice(list(rolls)), {})
    me = state.active
    for offset, titles in paths.items():
        for title in titles:
            cid = next(c for c in state.deck if state.card(c).item.title == title)
            state.deck.remove(cid)
            state.paths[(me + offset) % players].append(cid)
    state.begin()
    return state, me


def test_one_fixed_speed_a_speed_up_to_ten_and_adaptive():
    assert list(POLICIES) == [f"speed-{n}" for n in range(1, 11)] + ["adaptive"]
    assert POLICIES["adaptive"] is adaptive


def test_a_fixed_speed_declares_itself_or_the_highest_a_net_trap_allows():
    state, _ = table({})
    assert fixed_speed(4)(state, random.Random(0)) == ("speed", 4)
    # Net Trap at the end of the path: the lowest of three dice, 5 3 4, caps the speed at 3.
    state, _ = table({0: ["Net Trap"]}, rolls=[5, 3, 4])
    assert [a for a in state.legal_actions() if a[0] == "speed"] == [("speed", 1), ("speed", 2), ("speed", 3)]
    assert POLICIES["speed-5"](state, random.Random(0)) == ("speed", 3)
    assert POLICIES["speed-2"](state, random.Random(0)) == ("speed", 2)


def test_adaptive_cruises_far_from_the_exit_and_walks_near_it():
    state, _ = table({0: ["Lantern"]})  # 2 players need 20 cards: 19 to go
    assert adaptive(state, random.Random(0)) == ("speed", ADAPTIVE_CRUISE)
    state, _ = table({0: FILLER[:17]})
    assert state.length(state.active) == 17
    assert adaptive(state, random.Random(0)) == ("speed", 3)  # 20 - 17


def test_adaptive_mines_the_leader_only_when_they_are_three_cards_from_winning():
    leader_cards = FILLER[:14]
    # Three players need 17: the leader holds 14 (3 to go), the other 1.
    state, me = table({0: ["Vortex Mine"], 1: ["Grue"], 2: leader_cards}, players=3)
    leader = (me + 2) % 3
    assert ("sweep", "Vortex Mine", (me + 1) % 3) in state.legal_actions()
    assert adaptive(state, random.Random(0)) == ("sweep", "Vortex Mine", leader)
    # One card fewer (4 to go): no mine, the cruising speed.
    state, me = table({0: ["Vortex Mine"], 1: ["Grue"], 2: leader_cards[1:]}, players=3)
    assert adaptive(state, random.Random(0)) == ("speed", ADAPTIVE_CRUISE)


def test_prudent_cancels_keeps_its_dice_and_lets_items_go():
    state, _ = table({})
    assert prudent(state, [("obey",), ("cancel", "Temporal Anchor")]) == ("cancel", "Temporal Anchor")
    assert prudent(state, [("use", "Timeblast"), ("keep-dice",)]) == ("keep-dice",)
    assert prudent(state, [("use", "Missing Time"), ("pass",)]) == ("pass",)
    assert prudent(state, [("no-force",), ("force-black", 1)]) == ("force-black", 1)
    assert prudent(state, [("take", 1), ("take", 0)]) == ("take", 1)  # nothing preferred: the first


def test_prudent_stops_rather_than_discard_from_a_short_path():
    options = [("outcome", 0, "discard"), ("outcome", 1, "stop")]
    short, _ = table({0: ["Grue", "Lost"]})
    assert prudent(short, options) == ("outcome", 1, "stop")
    long, _ = table({0: ["Grue", "Lost", "Retrograde"]})
    assert prudent(long, options) == ("outcome", 0, "discard")


def test_prudent_discards_a_card_that_is_not_an_item():
    state, me = table({0: ["Lantern", "Vortex Mine", "Grue", "Timepatcher"]})
    options = [("discard", i) for i in range(4)]
    assert prudent(state, options) == ("discard", 2)  # Grue: the only card not an Item
    state, me = table({0: ["Lantern", "Vortex Mine"]})
    assert prudent(state, [("discard", 0), ("discard", 1)]) == ("discard", 0)
