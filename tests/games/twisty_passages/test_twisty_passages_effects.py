"""Twisty Passages card effects with fixed dice and fixed decks, played through the game in
progress; then the rules' modules (cards, effects, steps, turn) called directly, each step
run as a generator with its decisions answered in order."""

import random
from pathlib import Path

import pytest

from generator.games import load_game
from generator.games.twisty_passages import PLUGIN, cards, effects, steps, turn
from generator.games.twisty_passages.deck import Deck
from generator.games.twisty_passages.grammar import Discard, Stop
from generator.games.twisty_passages.rules import parse_cards_to_win
from generator.games.twisty_passages.state import TwistyEnding, TwistyState

ENGINE = PLUGIN.engine

ROOT = Path(__file__).resolve().parents[3]
FULL = ENGINE.load_deck(load_game(ROOT / "components" / "twisty-passages"))
FILLER = "Retrograde"


class Dice(random.Random):
    """A seeded rng whose die rolls (randint) are the given values, in order."""

    def __init__(self, rolls: list[int]):
        super().__init__(7)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)


def card(title: str):
    return next(c for c in FULL.cards if c.item.title == title)


def setup(
    draws: list[str],
    paths: dict[int, list[str]] | None = None,
    rolls: list[int] = (),
    players: int = 2,
    spare: int = 0,
    options: dict | None = None,
) -> tuple[TwistyState, int]:
    """A game whose deck is `draws` (first drawn first) and whose paths hold the given cards.

    Seat keys in `paths` count from the player whose turn it is (0 = them); `spare`
    extra plain cards lie in the discards so nothing is reshuffled by accident.
    """
    paths = paths or {}
    titles = list(draws) + [t for p in paths.values() for t in p] + [FILLER] * spare
    deck = Deck([card(t) for t in titles], dict(FULL.thresholds))
    state = TwistyState(deck, players, Dice(list(rolls)), options or {})
    me = state.active
    ids = iter(range(len(titles)))
    state.deck = [next(ids) for _ in draws][::-1]
    for offset in range(players):
        state.paths[(me + offset) % players] = [next(ids) for _ in paths.get(offset, [])]
    state.discards = list(ids)
    state.begin()
    return state, me


def titles(state: TwistyState, seat: int) -> list[str]:
    return [state.card(c).item.title for c in state.paths[seat]]


def play(state: TwistyState, *actions) -> None:
    for action in actions:
        state.apply(action)


def test_backtracking_discards_one_card_per_five_or_six():
    # Worked example 1: speed 3, dice 5 6 2 -> two discards of the player's choice.
    state, me = setup(
        ["Backtracking", "Retrograde", "Retrograde"], {0: ["Lantern", "Minotaur", "Grue"]}, rolls=[5, 6, 2]
    )
    play(state, ("speed", 3))
    assert state.legal_actions() == [("discard", 0), ("discard", 1), ("discard", 2)]
    play(state, ("discard", 1), ("discard", 0))
    assert titles(state, me) == ["Grue", "Backtracking", "Retrograde", "Retrograde"]
    assert state.invariant_violations() == []


def test_backtracking_without_fives_or_sixes_costs_nothing():
    state, me = setup(["Backtracking", "Retrograde"], {0: ["Lantern"]}, rolls=[1, 2, 3, 4])
    play(state, ("speed", 4))
    assert titles(state, me) == ["Lantern", "Backtracking", "Retrograde"]


def test_oozing_horror_worked_example_two_discards_and_stops_when_die_at_most_speed():
    state, me = setup(["Oozing Horror", "Retrograde"], {0: ["Lantern", "Grue"]}, rolls=[2])
    play(state, ("speed", 2), ("discard", 0))
    assert titles(state, me) == ["Grue", "Oozing Horror"]  # stopped: Retrograde not drawn
    assert state.turn_log[-1].early_stop


def test_oozing_horror_spares_a_slow_player():
    state, me = setup(["Oozing Horror", "Retrograde"], {0: ["Lantern"]}, rolls=[3])
    play(state, ("speed", 2))
    assert titles(state, me) == ["Lantern", "Oozing Horror", "Retrograde"]


def test_minotaur_catches_a_player_slower_than_the_die():
    state, me = setup(["Minotaur"], {0: ["Lantern"]}, rolls=[5])
    play(state, ("speed", 4))
    assert titles(state, me) == ["Minotaur"]


def test_carnivorous_forest_worked_example_three():
    # Stop or roll; roll 2 -> discard an Item (only items are offered).
    state, me = setup(["Carnivorous Forest", "Retrograde"], {0: ["Minotaur", "Lantern", "Grue"]}, rolls=[2])
    play(state, ("speed", 2))
    assert ("outcome", 0, "stop") in state.legal_actions()
    play(state, ("outcome", 1, "roll"))
    assert titles(state, me) == ["Minotaur", "Grue", "Carnivorous Forest", "Retrograde"]


def test_carnivorous_forest_stop_ends_the_turn():
    state, me = setup(["Carnivorous Forest", "Retrograde"], {0: ["Lantern"]})
    play(state, ("speed", 2), ("outcome", 0, "stop"))
    assert titles(state, me) == ["Lantern", "Carnivorous Forest"]


def test_tilting_floors_at_least_one_face_each_row():
    state, me = setup(["Tilting Floors", "Retrograde"], {0: ["Lantern", "Grue"]}, rolls=[1, 1, 3])
    play(state, ("speed", 3), ("discard", 1))
    # one discard for the 1s (however many), none for 2s, and the 3 stops the turn
    assert titles(state, me) == ["Lantern", "Tilting Floors"]


def test_twisty_passages_goes_to_the_start_of_the_path():
    state, me = setup(["Twisty Passages", "Retrograde"], {0: ["Lantern", "Grue"]}, rolls=[1, 2])
    play(state, ("speed", 2))
    path = titles(state, me)
    assert path[0] == "Twisty Passages" and path[-1] == "Retrograde"
    assert sorted(path[1:3]) == ["Grue", "Lantern"]


def test_losing_three_cards_to_one_card_stops_the_turn():
    state, me = setup(["Backtracking", "Retrograde"], {0: ["Lantern", "Grue", "Minotaur", "Lost"]}, rolls=[5, 5, 6])
    play(state, ("speed", 3), ("discard", 0), ("discard", 0), ("discard", 0))
    assert titles(state, me) == ["Lost", "Backtracking"]  # three lost to one card: stop
    assert state.turn_log[-1].drawn == 1


def test_discarding_with_an_empty_path_ends_the_turn():
    state, me = setup(["Backtracking", "Retrograde"], rolls=[5])
    play(state, ("speed", 1))  # nothing to discard: the turn ends
    assert titles(state, me) == ["Backtracking"]
    assert state.active != me


def test_ball_of_twine_blocks_further_discards_until_the_next_draw():
    state, me = setup(["Backtracking", "Retrograde"], {0: ["Ball Of Twine", "Lantern"]}, rolls=[5, 6])
    play(state, ("speed", 2), ("discard", 0))  # the twine goes: the second 6 discards nothing
    assert titles(state, me) == ["Lantern", "Backtracking", "Retrograde"]


def test_dead_end_and_lost_discard_from_the_ends():
    state, me = setup(["Dead End", "Lost"], {0: ["Lantern", "Grue", "Minotaur"]}, rolls=[5, 3, 1, 3])
    play(state, ("speed", 2))
    assert titles(state, me) == ["Grue", "Dead End", "Lost"]


def test_retrograde_reverses_play_at_the_end_of_the_turn():
    state, me = setup(["Retrograde"], players=3, spare=3)
    play(state, ("speed", 1))
    assert state.active == (me - 1) % 3


def test_sideslip_swaps_as_many_cards_as_there_are():
    # Roll 3: I give my first three (I have two), the other gives their first three.
    state, me = setup(
        ["Sideslip"], {0: ["Lantern", "Grue"], 1: ["Lost", "Minotaur", "Dead End", "Oozing Horror"]}, rolls=[3]
    )
    other = (me + 1) % 2
    play(state, ("speed", 1))
    assert titles(state, me) == ["Lost", "Minotaur", "Dead End", "Sideslip"]
    assert titles(state, other) == ["Oozing Horror", "Lantern", "Grue"]


def test_timeslip_exchanges_one_card_each_way():
    state, me = setup(["Timeslip"], {0: ["Lantern", "Grue"], 1: ["Lost", "Minotaur"]}, players=2)
    other = (me + 1) % 2
    play(state, ("speed", 1), ("take", 1), ("take", 0))
    assert titles(state, me) == ["Grue", "Minotaur", "Timeslip"]
    assert titles(state, other) == ["Lost", "Lantern"]


def test_temporal_anchor_cancels_a_time_card():
    state, me = setup(["Timeslip", "Retrograde"], {0: ["Temporal Anchor", "Grue"], 1: ["Lost"]})
    play(state, ("speed", 2))
    assert state.legal_actions() == [("obey",), ("cancel", "Temporal Anchor")]
    play(state, ("cancel", "Temporal Anchor"))
    assert titles(state, me) == ["Grue", "Timeslip", "Retrograde"]
    assert state.fired["Timeslip"] == 0 and state.fired["Temporal Anchor"] == 1


def test_laying_traps_puts_the_trap_back_in_the_deck():
    state, me = setup(["Pit Trap", "Retrograde"], {0: ["Laying Traps"]})
    trap = state.deck[-1]
    play(state, ("speed", 1), ("cancel", "Laying Traps"))
    assert trap in state.deck and titles(state, me) == []
    assert state.invariant_violations() == []


def test_pit_trap_at_the_end_of_the_path_ends_the_next_turn():
    state, me = setup(["Retrograde"], {0: ["Lantern", "Grue", "Pit Trap"]})
    assert state.legal_actions() == [("trap-to", 0), ("trap-to", 1), ("trap-discard",)]
    play(state, ("trap-to", 1))
    assert titles(state, me) == ["Lantern", "Pit Trap", "Grue"]
    assert state.active != me and state.turn_log == []


def test_net_trap_caps_speed_at_the_lowest_of_three_dice():
    state, me = setup(["Retrograde"], {0: ["Net Trap"]}, rolls=[5, 3, 4])
    assert state.legal_actions() == [("speed", 1), ("speed", 2), ("speed", 3)]


def test_pocket_demon_interrupts_on_a_one():
    # The Demon's holder rolls a 1 for Backtracking: before discarding, they take a card
    # from the other player and the Demon goes to that player.
    state, me = setup(["Pocket Demon", "Backtracking"], {0: ["Lantern"], 1: ["Grue", "Lost"]}, rolls=[1, 5])
    other = (me + 1) % 2
    play(state, ("speed", 2), ("demon-take", 1), ("discard", 0))
    assert titles(state, me) == ["Lost", "Backtracking"]
    assert [state.card(c).item.title for c in state.sides[other]] == ["Pocket Demon"]
    assert state.length(other) == 2


def test_collapsing_walls_adds_a_card_to_draw():
    state, me = setup(["Collapsing Walls", "Retrograde", "Grue"], spare=1)
    play(state, ("speed", 1))
    assert titles(state, me) == ["Collapsing Walls", "Retrograde"]


def test_black_zone_without_its_item_draws_one_fewer():
    state, me = setup(["Time isn't what it used to be.", "Retrograde", "Grue"], spare=1)
    play(state, ("speed", 2))
    assert titles(state, me) == ["Time isn't what it used to be."]


def test_black_zone_with_its_item_may_draw_an_extra_card():
    state, me = setup(["Time isn't what it used to be.", "Retrograde", "Lost"], {0: ["Timepatcher"]}, spare=1)
    play(state, ("speed", 1), ("extra-card",))
    assert titles(state, me) == ["Timepatcher", "Time isn't what it used to be.", "Retrograde"]


def test_the_discards_are_reshuffled_when_the_deck_runs_out():
    state, me = setup(["Retrograde"], spare=3)
    play(state, ("speed", 3))
    assert len(titles(state, me)) == 3 and state.discards == [] and len(state.deck) == 1


@pytest.mark.parametrize("players,needed", [(2, 20), (3, 17), (4, 14), (5, 12)])
def test_the_threshold_by_player_count(players, needed):
    state, _ = setup(["Retrograde"], players=players)
    assert state.needed(state.active) == needed


def test_ending_a_turn_with_enough_cards_wins():
    state, me = setup(["Retrograde"], {0: ["Lantern"] * 19}, spare=1)
    play(state, ("speed", 1))
    assert state.is_terminal() and state.returns()[me] == 1.0


def test_how_long_raises_and_gathering_clues_lowers_the_threshold():
    options = {"cards_to_win": parse_cards_to_win("+4"), "gathering_clues": True}
    state, me = setup(["Retrograde"], {0: ["Minotaur", "Grue", "Nipping Fairies"]}, options=options)
    assert state.needed(me) == 20 + 4 - 2  # blue and green in the path


@pytest.mark.parametrize(("text", "needed"), [("+4", 24), ("-3", 17), ("+0", 20), ("18", 18), ("25", 25)])
def test_cards_to_win_is_a_change_to_the_rules_number_or_a_number(text, needed):
    state, me = setup(["Retrograde"], options={"cards_to_win": parse_cards_to_win(text)})
    assert state.needed(me) == needed


def test_through_the_black_needs_a_black_zone_in_the_path():
    state, me = setup(["Retrograde"], {0: ["Lantern"] * 19}, spare=1, options={"through_the_black": True})
    play(state, ("speed", 1))
    assert not state.is_terminal()


def test_exit_strategy_needs_a_black_zone_drawn_this_turn():
    state, me = setup(
        ["The maze lives!", "Retrograde"], {0: ["Lantern"] * 19}, spare=1, options={"exit_strategy": True}
    )
    play(state, ("speed", 2))  # the Black Zone costs a card to draw: 20 in the path
    assert state.is_terminal() and state.returns()[me] == 1.0


def test_missing_time_ends_the_other_players_turn_at_a_card_of_the_user():
    state, me = setup(["Retrograde", "Retrograde"], {1: ["Missing Time", "Lantern", "Grue"]})
    other = (me + 1) % 2
    play(state, ("speed", 2))
    assert state.current_player() == other
    play(state, ("use", "Missing Time"))
    assert state.current_player() == me  # the player whose turn ends picks the card
    play(state, ("missing-time", 1))
    assert titles(state, other) == ["Lantern"] and titles(state, me) == ["Retrograde"]
    assert state.active == other


def test_caltrops_makes_the_player_draw_one_fewer():
    state, me = setup(["Retrograde", "Retrograde", "Lost"], {1: ["Caltrops"]})
    play(state, ("speed", 3), ("use", "Caltrops"))
    assert titles(state, me) == ["Retrograde", "Retrograde"]


def test_caltrops_adds_a_point_to_a_die_just_rolled():
    state, me = setup(["Backtracking"], {0: ["Caltrops", "Lantern"]}, rolls=[4])
    play(state, ("speed", 1), ("caltrops", 0))  # the 4 becomes a 5: the Lantern goes too
    assert titles(state, me) == ["Backtracking"] and state.fired["Caltrops"] == 1


def test_entropic_vortex_can_be_passed_on():
    state, me = setup(["Retrograde"], {0: ["Entropic Vortex"], 1: ["Lantern"], 2: ["Grue"]}, players=3)
    first, second = (me + 1) % 3, (me + 2) % 3
    play(state, ("sweep", "Entropic Vortex", first))
    assert state.legal_actions() == [("accept",), ("end-effect",), ("redirect", second)]
    play(state, ("redirect", second))
    assert state.legal_actions() == [("accept",), ("end-effect",)]  # it cannot come back
    play(state, ("accept",))
    assert titles(state, second) == [] and titles(state, first) == ["Lantern"]


def test_vortex_mine_makes_the_target_discard_a_card_of_their_choice():
    state, me = setup(["Retrograde"], {0: ["Vortex Mine"], 1: ["Lantern", "Grue"]})
    other = (me + 1) % 2
    play(state, ("sweep", "Vortex Mine", other))
    assert state.current_player() == other
    play(state, ("discard", 1))
    assert titles(state, other) == ["Lantern"] and titles(state, me) == []


def test_exit_strategy_may_force_another_player_to_discard_a_black_zone():
    state, me = setup(
        ["Retrograde"], {0: ["Lantern"] * 19, 1: ["The maze lives!", "Grue"]}, spare=1, options={"exit_strategy": True}
    )
    other = (me + 1) % 2
    play(state, ("speed", 1))
    assert state.legal_actions() == [("no-force",), ("force-black", other)]
    play(state, ("force-black", other))
    assert state.is_terminal() and state.returns()[me] == 1.0
    assert titles(state, other) == ["Grue"]


def test_the_living_maze_forbids_the_tattered_map_shuffle():
    # I hold the fewest-cards Living Maze and have the fewest cards: no one may shuffle.
    state, me = setup(["Retrograde"], {0: ["Tattered Map"], 1: ["The Living Maze", "Grue", "Lost"]})
    assert ("map-shuffle",) in state.legal_actions()  # the holder of that Maze has the most
    state, me = setup(["Retrograde"], {0: ["Tattered Map", "Grue", "Lost"], 1: ["The Living Maze"]})
    assert ("map-shuffle",) not in state.legal_actions()


def test_timewarp_takes_a_turn_after_another_players_turn():
    state, me = setup(["Retrograde", "Lost"], {1: ["Timewarp", "Grue"]}, rolls=[3, 4])
    other = (me + 1) % 2
    play(state, ("speed", 1), ("use", "Timewarp"))
    assert state.active == other
    play(state, ("speed", 1))
    assert titles(state, other) == ["Grue", "Lost"]
    assert state.active == other  # play continues as before: it is the other player's turn anyway


def test_whatchmacallit_takes_an_item_being_discarded():
    state, me = setup(["Backtracking", "Retrograde"], {0: ["Lantern"], 1: ["Whatchmacallit"]}, rolls=[6])
    other = (me + 1) % 2
    play(state, ("speed", 1), ("use", "Whatchmacallit"))
    assert titles(state, other) == ["Lantern"]


def test_pocket_angel_punishes_another_players_six():
    # I roll a 6 for Backtracking: first the Angel's holder takes a card of mine and gives
    # me the Angel, then the 6 costs me a card.
    state, me = setup(["Backtracking", "Retrograde"], {0: ["Lantern", "Grue", "Lost"], 1: ["Pocket Angel"]}, rolls=[6])
    other = (me + 1) % 2
    angel = state.paths[other].pop()
    state.sides[other].append(angel)
    state.begin()
    play(state, ("speed", 1))
    assert state.current_player() == other
    play(state, ("angel-take", 1), ("discard", 0))
    assert titles(state, other) == ["Grue"] and state.sides[me] == [angel]
    assert titles(state, me) == ["Lost", "Backtracking"]


def test_crossslip_passes_picked_cards_left():
    state, me = setup(["Crossslip"], {0: ["Lantern"], 1: ["Grue", "Lost"], 2: ["Minotaur"]}, players=3)
    seats = [me, (me + 1) % 3, (me + 2) % 3]
    assert state.card(state.deck[-1]).item.effect.endswith("to his or her left.")
    play(state, ("speed", 1), ("crossslip", 1))  # only the player with two cards has a choice
    assert titles(state, seats[1])[-1] == "Lantern"  # my card went to my left
    assert titles(state, seats[2])[-1] == "Lost"
    assert titles(state, seats[0]) == ["Minotaur", "Crossslip"]


def test_red_zone_story_changes_nothing_and_planting_puts_a_card_mid_path():
    state, me = setup(["Fallen Masonry", "Choking Vines"], {0: ["Lantern", "Grue"], 1: ["Lost", "Minotaur"]})
    other = (me + 1) % 2
    play(state, ("speed", 2), ("story",), ("plant", other), ("plant-card", 1))
    assert titles(state, other) == ["Lost", "Grue", "Minotaur"]
    assert titles(state, me) == ["Lantern", "Fallen Masonry", "Choking Vines"]


def test_nipping_fairies_bite_everyone_with_a_green_zone():
    state, me = setup(["Nipping Fairies"], {0: ["Lantern"], 1: ["Locked Door", "Grue"], 2: ["Lost"]}, players=3)
    second = (me + 1) % 3
    play(state, ("speed", 1), ("discard", 1))
    assert titles(state, second) == ["Locked Door"] and titles(state, (me + 2) % 3) == ["Lost"]
    assert titles(state, me) == ["Lantern", "Nipping Fairies"]


def test_locked_door_stops_unless_someone_helps():
    state, me = setup(["Locked Door", "Retrograde"], {1: ["Grue"]})
    play(state, ("speed", 2), ("refuse",))
    assert titles(state, me) == ["Locked Door"]
    state, me = setup(["Locked Door", "Retrograde"], {1: ["Grue"]})
    play(state, ("speed", 2), ("help", me))
    assert titles(state, me) == ["Locked Door", "Retrograde"] and titles(state, (me + 1) % 2) == []


def test_grue_is_ignored_with_the_lantern():
    state, me = setup(["Grue", "Retrograde"], {0: ["Lantern", "Timepatcher"]})
    play(state, ("speed", 2))
    assert ("ignore", "Lantern") in state.legal_actions()
    play(state, ("outcome", 0, "discard-item"), ("discard", 1))
    assert titles(state, me) == ["Lantern", "Grue", "Retrograde"]


def test_shifting_walls_moves_the_end_card_to_another_player():
    state, me = setup(["Shifting Walls"], {0: ["Lantern", "Grue"], 1: ["Lost"]}, rolls=[6])
    play(state, ("speed", 1))
    assert titles(state, me) == ["Lantern", "Shifting Walls"]
    assert titles(state, (me + 1) % 2) == ["Lost", "Grue"]


def test_sulfurous_spring_at_the_end_of_the_path_is_discarded_and_ends_the_turn():
    state, me = setup(["Retrograde"], {0: ["Lantern", "Sulfurous Spring"]})
    assert titles(state, me) == ["Lantern"] and state.active != me


def test_sulfurous_spring_drawn_means_one_fewer_card():
    state, me = setup(["Sulfurous Spring", "Retrograde", "Lost"], spare=1)
    play(state, ("speed", 2))
    assert titles(state, me) == ["Sulfurous Spring"]


def test_bad_air_at_the_end_of_the_path_takes_the_card_next_to_it():
    state, me = setup(["Retrograde"], {0: ["Lantern", "Grue", "Bad Air"]})
    assert titles(state, me) == ["Lantern"]
    assert state.legal_actions()[0] == ("speed", 1)


def test_giant_glowing_fungus_takes_a_card_from_the_discards():
    state, me = setup(["Giant Glowing Fungus"], rolls=[5], spare=2)
    play(state, ("speed", 1), ("take-discard", 0))
    assert titles(state, me) == ["Retrograde", "Giant Glowing Fungus"]


def test_timepatcher_rerolls_every_die():
    state, me = setup(["Backtracking", "Retrograde"], {0: ["Timepatcher", "Lantern"]}, rolls=[5, 6, 1, 2])
    play(state, ("speed", 2), ("use", "Timepatcher"))
    assert titles(state, me) == ["Lantern", "Backtracking", "Retrograde"]


def test_timeblast_rolls_two_extra_dice():
    state, me = setup(["Backtracking", "Retrograde"], {0: ["Timeblast", "Lantern", "Grue"]}, rolls=[1, 2, 6])
    play(state, ("speed", 1), ("use", "Timeblast"), ("discard", 0))
    assert titles(state, me) == ["Grue", "Backtracking"]


def test_distant_wailing_discards_a_die_of_cards_from_a_random_players_start():
    state, me = setup(
        ["Distant Wailing"], {0: ["Lantern", "Grue", "Lost"], 1: ["Minotaur", "Oozing Horror"]}, rolls=[2]
    )
    play(state, ("speed", 1))
    lengths = sorted(state.length(s) for s in range(2))
    assert lengths in ([0, 4], [2, 2])  # whoever it was lost their first two cards


def test_timeshuffle_lets_the_picked_player_choose_their_end_card():
    state, me = setup(["Timeshuffle"], {0: ["Lantern", "Grue"], 1: ["Lost"]})
    play(state, ("speed", 1), ("timeshuffle", me), ("to-end", 0))
    assert titles(state, me) == ["Grue", "Lantern", "Timeshuffle"]


def test_helpful_node_cancels_a_speed_dice_card():
    state, me = setup(["Backtracking", "Retrograde"], {0: ["Helpful Node", "Lantern"]})
    play(state, ("speed", 2), ("cancel", "Helpful Node"))  # no dice are rolled at all
    assert titles(state, me) == ["Lantern", "Backtracking", "Retrograde"]


def test_greased_slide_trap_stops_on_two_sixes():
    state, me = setup(["Greased Slide Trap", "Retrograde"], {0: ["Lantern"]}, rolls=[6, 6])
    play(state, ("speed", 2))
    assert titles(state, me) == ["Lantern", "Greased Slide Trap"]


def test_shortcut_makes_a_random_player_obey_the_top_card():
    state, me = setup(["Shortcut", "Backtracking"], {0: ["Lantern"], 1: ["Grue"]}, rolls=[6])
    other = (me + 1) % 2
    play(state, ("speed", 1))  # the 6 costs whoever obeyed Backtracking their one card
    outcome = (titles(state, me), titles(state, other))
    assert outcome in [(["Backtracking", "Shortcut"], ["Grue"]), (["Lantern", "Shortcut"], ["Backtracking"])]


# The rules-fidelity fixes: each with the rule line it follows.


def test_laying_traps_is_not_a_trap_card():
    # 'when you draw a "Trap" card': Laying Traps has "Trap" in its title but is no Trap.
    state, me = setup(["Laying Traps", "Retrograde"], {0: ["Laying Traps"]})
    play(state, ("speed", 1))
    assert titles(state, me) == ["Laying Traps", "Laying Traps"]  # drawn and kept, nothing offered
    state, me = setup(["Snapping Turtle Trap!", "Retrograde"], {0: ["Laying Traps"]})
    play(state, ("speed", 1))
    assert ("cancel", "Laying Traps") in state.legal_actions()


def test_an_item_spent_for_its_effect_can_be_taken_by_a_whatchmacallit():
    # "Take an item that's being discarded": a Vortex Mine discarded to cause its effect too.
    state, me = setup(["Retrograde"], {0: ["Vortex Mine"], 1: ["Whatchmacallit", "Grue", "Lantern"]})
    other = (me + 1) % 2
    play(state, ("sweep", "Vortex Mine", other))
    assert state.legal_actions() == [("let-go",), ("use", "Whatchmacallit")]
    assert state.current_player() == other
    play(state, ("use", "Whatchmacallit"), ("discard", 0))  # then the Mine still goes off
    assert titles(state, other) == ["Lantern", "Vortex Mine"]
    assert state.invariant_violations() == []


def test_ball_of_twine_stops_a_player_spending_cards_until_they_draw():
    # "it prohibits you from discarding any more cards until you draw another card"
    state, me = setup(["Retrograde"], {0: ["Vortex Mine", "Ball Of Twine"], 1: ["Grue"]})
    other = (me + 1) % 2
    assert ("sweep", "Vortex Mine", other) in state.legal_actions()
    state.twine_block[me] = True
    state.begin()
    assert [a for a in state.legal_actions() if a[0] == "sweep"] == []


def test_vortex_mine_can_be_used_by_another_player_during_my_turn():
    # Vortex Mine has no timing on it: usable at any time, here after a card I drew.
    state, me = setup(["Retrograde", "Retrograde"], {0: ["Lantern", "Grue"], 1: ["Vortex Mine"]})
    other = (me + 1) % 2
    play(state, ("speed", 2))
    assert state.current_player() == other
    assert state.legal_actions() == [("pass",), ("sweep", "Vortex Mine", me)]
    play(state, ("sweep", "Vortex Mine", me), ("discard", 0))
    assert titles(state, me) == ["Grue", "Retrograde", "Retrograde"]


def test_entropic_vortex_can_be_used_mid_turn_by_the_player_drawing():
    state, me = setup(["Retrograde", "Retrograde"], {0: ["Entropic Vortex"], 1: ["Grue", "Lost"]})
    other = (me + 1) % 2
    play(state, ("speed", 2))
    assert state.current_player() == me and ("sweep", "Entropic Vortex", other) in state.legal_actions()


def test_another_players_timeblast_changes_my_roll():
    # Timeblast: "Roll two extra dice for any roll" - anyone's roll.
    state, me = setup(["Backtracking", "Retrograde"], {0: ["Lantern", "Grue"], 1: ["Timeblast"]}, rolls=[1, 5, 6])
    other = (me + 1) % 2
    play(state, ("speed", 1))
    assert state.current_player() == other and state.legal_actions() == [("keep-dice",), ("use", "Timeblast")]
    play(state, ("use", "Timeblast"), ("discard", 0))  # a 5 and a 6: the second discard is forced
    assert titles(state, me) == ["Backtracking"]


def test_another_players_timesink_leaves_me_fewer_dice():
    state, me = setup(["Backtracking", "Retrograde", "Retrograde"], {0: ["Lantern"], 1: ["Timesink"]}, rolls=[6])
    play(state, ("speed", 3), ("use", "Timesink"))  # three dice less two: one six, the Lantern goes
    assert titles(state, me) == ["Backtracking", "Retrograde", "Retrograde"]


def test_another_players_timepatcher_and_caltrops_act_on_my_roll():
    state, me = setup(["Backtracking", "Retrograde"], {0: ["Lantern"], 1: ["Timepatcher", "Caltrops"]}, rolls=[2, 4])
    play(state, ("speed", 1), ("use", "Timepatcher"))  # the 2 is re-rolled: a 4
    assert state.legal_actions()[0] == ("keep-roll",) and ("caltrops", 0) in state.legal_actions()
    play(state, ("caltrops", 0))  # the 4 becomes a 5: I lose the Lantern
    assert titles(state, me) == ["Backtracking"] and state.fired["Caltrops"] == 1


def test_another_players_temporal_anchor_cancels_the_card_i_draw():
    # "Ignore the effects of a card with "time" or "slip" in its name": any such card.
    state, me = setup(["Timeslip", "Retrograde"], {0: ["Grue"], 1: ["Temporal Anchor", "Lost"]})
    other = (me + 1) % 2
    play(state, ("speed", 2))
    assert state.current_player() == other
    assert state.legal_actions() == [("obey",), ("cancel", "Temporal Anchor")]
    play(state, ("cancel", "Temporal Anchor"))
    assert titles(state, me) == ["Grue", "Timeslip", "Retrograde"] and titles(state, other) == ["Lost"]
    assert state.fired["Timeslip"] == 0


def test_a_temporal_anchor_cancels_a_spent_time_card():
    # Timeblast has "time" in its name: my Anchor cancels the other player's Timeblast.
    state, me = setup(["Backtracking", "Retrograde"], {0: ["Temporal Anchor", "Grue"], 1: ["Timeblast"]}, rolls=[2])
    play(state, ("speed", 1), ("use", "Timeblast"), ("cancel", "Temporal Anchor"))
    assert titles(state, me) == ["Grue", "Backtracking"]  # one die, a 2: nothing lost
    assert state.fired["Timeblast"] == 1 and state.fired["Temporal Anchor"] == 1


def test_speed_up_adds_dice_to_later_rolls():
    # Collapsing Walls ":speed: +1": speed 1 becomes 2, so Backtracking rolls two dice.
    state, me = setup(["Collapsing Walls", "Backtracking", "Retrograde"], {0: ["Lantern", "Grue"]}, rolls=[6, 6])
    play(state, ("speed", 1), ("discard", 0), ("discard", 0))
    assert titles(state, me) == ["Collapsing Walls", "Backtracking"]
    assert state.turn_log[-1].speed == 1 and state.turn_log[-1].target == 2


def test_draw_one_fewer_changes_the_cards_not_the_dice():
    # Sulfurous Spring: "Draw one fewer card this turn" - the speed (and its dice) stay.
    state, me = setup(["Sulfurous Spring", "Backtracking", "Retrograde"], {0: ["Lantern"]}, rolls=[1, 2, 3])
    play(state, ("speed", 3))
    assert titles(state, me) == ["Lantern", "Sulfurous Spring", "Backtracking"]
    assert state.rng.rolls == []  # three dice were rolled for Backtracking


def test_speed_has_no_highest_value():
    # "You can pick any number": ten speeds at a time, and always a faster page.
    state, me = setup(["Retrograde"], spare=30)
    assert state.legal_actions() == [("speed", n) for n in range(1, 11)] + [("faster",)]
    play(state, ("faster",), ("faster",))
    assert state.legal_actions() == [("speed", n) for n in range(21, 31)] + [("faster",)]
    play(state, ("speed", 25))
    assert state.turn_log[-1].speed == 25 and len(titles(state, me)) == 25


def test_a_maze_with_nothing_to_draw_and_nothing_to_move_is_stopped():
    # The rules reshuffle the discards when the deck runs out, and say nothing when both are empty.
    state, me = setup([], {0: ["Lantern", "Lost"], 1: ["Grue"]})
    assert state.is_terminal() and not state.ended_by_rules()
    assert state.end_reason() is TwistyEnding.STALLED
    assert state.end_reason().value == "the deck and the discards are empty and no card can move"
    assert state.returns() == [0.0, 0.0]


def test_house_rules_give_the_stalled_game_to_the_longest_path():
    state, me = setup([], {0: ["Lantern", "Lost"], 1: ["Grue"]}, options={"house-rules": True})
    assert state.is_terminal() and state.ended_by_rules()
    assert state.returns()[me] == 1.0 and sum(state.returns()) == 1.0
    assert state.end_reason() is TwistyEnding.MOST_CARDS
    assert state.end_reason().value == "most cards when the maze ran out (house rules)"


def test_an_empty_maze_is_not_stalled_while_a_card_can_still_move():
    # A Vortex Mine can still send a card to the discards, and then there is something to draw.
    state, me = setup([], {0: ["Vortex Mine", "Lost"], 1: ["Grue"]})
    assert not state.is_terminal()
    # A Pit Trap at the end of a path acts at the start of its owner's turn.
    state, me = setup([], {0: ["Lantern", "Pit Trap"], 1: ["Grue"]})
    assert not state.is_terminal()


def test_taking_the_top_card_for_shortcut_is_drawing_for_ball_of_twine():
    # "until you draw another card": the randomly-selected player draws the Shortcut card.
    seen = set()
    for seed in range(30):
        state, me = setup(["Shortcut", "Retrograde"], {0: ["Lantern"], 1: ["Grue"]})
        other = (me + 1) % 2
        state.twine_block = [True, True]
        state.rng.seed(seed)
        state.begin()
        play(state, ("speed", 1))
        took = "Retrograde" in titles(state, other)
        assert state.twine_block[other] is not took
        seen.add(took)
    assert seen == {True, False}


# The rules' modules called directly: each step run as the generator it is, its decisions
# answered in order.


def drive(rules, *answers):
    """Run one of the rules' generators to its end, answering its decisions in order: what it
    returned, and the decisions it asked (a choice of one option is asked too: only the game
    in progress takes those at once)."""
    answers, asked = list(answers), []
    try:
        decision = next(rules)
        while True:
            asked.append(decision)
            decision = rules.send(answers.pop(0))
    except StopIteration as done:
        return done.value, asked


def test_cards_resolve_obeys_a_drawn_card_then_adds_it_to_the_end_of_the_path():
    state, me = setup(["Retrograde", "Lost"], {0: ["Lantern"]})
    stop, asked = drive(cards.resolve(state, me, state.draw()))
    assert (stop, asked) == (False, [])
    assert titles(state, me) == ["Lantern", "Retrograde"] and state.limbo == []
    assert state.reverse_at_turn_end and state.fired["Retrograde"] == 1  # play reverses at the turn's end


def test_cards_locked_door_stops_unless_another_player_discards_for_you():
    # "Stop unless another player discards a card from his or her path for you": nobody else
    # has a card, so nobody is asked, and the turn stops.
    state, me = setup(["Locked Door"], players=3)
    stop, asked = drive(cards.resolve(state, me, state.draw()))
    assert stop and asked == [] and titles(state, me) == ["Locked Door"]
    state, me = setup(["Locked Door"], {2: ["Grue"]}, players=3)
    helper = (me + 2) % 3
    stop, asked = drive(cards.resolve(state, me, state.draw()), ("help", me), ("discard", 0))
    assert not stop and [decision.player for decision in asked] == [helper, helper]
    assert asked[0].options == [("refuse",), ("help", me)]
    assert titles(state, helper) == [] and titles(state, me) == ["Locked Door"]


def test_cards_prose_is_obeyed_by_title_while_held_or_by_zone():
    state, _ = setup(["Locked Door", "Fallen Masonry"])
    locked, masonry = state.deck[-1], state.deck[-2]
    assert cards.handler_for(state, locked) is cards.locked_door
    assert cards.handler_for(state, masonry) is cards.red_zone  # every Red Zone tells a story
    assert cards.obeys_prose("Locked Door", "green") and cards.obeys_prose("Fallen Masonry", "red")
    assert cards.obeys_prose("Lantern", None)  # acts while held: turn.py and steps.py
    assert not cards.obeys_prose("Backtracking", None)  # dice lines only: the grammar's
    assert not cards.obeys_prose("A Card Nobody Printed", "blue")


def test_effects_a_die_against_the_speed():
    # Minotaur: ":roll-a-die: > :speed: = :discard: :stop:." At speed 4 a 5 beats it, a 2 does not.
    state, me = setup(["Retrograde"], {0: ["Lantern", "Grue"]}, rolls=[5, 2])
    state.speed = 4
    minotaur = card("Minotaur").effect.lines
    stop, asked = drive(effects.obey_lines(state, me, minotaur), ("discard", 1))
    assert stop and asked[0].options == [("discard", 0), ("discard", 1)] and titles(state, me) == ["Lantern"]
    stop, asked = drive(effects.obey_lines(state, me, minotaur))
    assert (stop, asked) == (False, []) and titles(state, me) == ["Lantern"]


def test_effects_speed_and_draws_change_for_the_player_whose_turn_it_is_only():
    state, me = setup(["Retrograde"], spare=1)
    other = (me + 1) % 2
    state.speed = state.target = 2
    effects.change_speed(state, me, 1)  # ":speed: +1": one more die and one more card
    assert (state.speed, state.target) == (3, 3)
    effects.change_speed(state, other, 5)
    effects.change_draws(state, other, 5)
    assert (state.speed, state.target) == (3, 3)
    effects.change_draws(state, me, -1)  # "draw one fewer card": the speed stays
    assert (state.speed, state.target) == (3, 2)
    effects.change_speed(state, me, -5)  # never below nothing
    assert (state.speed, state.target) == (0, 0)


def test_effects_name_holders_and_outcomes():
    state, me = setup(["Retrograde"], {0: ["Locked Door", "Lantern"]})
    assert effects.holds(state, me, "a Green Zone card") and not effects.holds(state, me, "a Blue Zone card")
    assert effects.holds(state, me, "a Lantern") and not effects.holds(state, me, "a Timepatcher")
    assert [effects.title_of(h) for h in ("a Timepatcher", "an Item", "The Living Maze")] == [
        "Timepatcher",
        "Item",
        "The Living Maze",
    ]
    assert effects.label((Discard(), Stop())) == "discard+stop"


def test_steps_time_cards_have_time_or_slip_in_their_name():
    # Temporal Anchor: "Ignore the effects of a card with 'time' or 'slip' in its name".
    timed = ("Timeslip", "Sideslip", "Crossslip", "Missing Time", "Timewarp", "Timeblast", "Timeshuffle")
    assert all(steps.is_time_card(title) for title in timed)
    assert not any(steps.is_time_card(title) for title in ("Temporal Anchor", "Retrograde", "Shortcut", "Lost"))


def test_steps_discard_from_either_end_or_of_the_kind_named():
    state, me = setup(["Retrograde"], {0: ["Lantern", "Grue", "Lost", "Timepatcher"]})
    assert drive(steps.discard(state, me, "from the end of your path")) == (False, [])
    assert drive(steps.discard(state, me, "from the start of your path")) == (False, [])
    assert titles(state, me) == ["Grue", "Lost"]
    assert [state.card(c).item.title for c in state.discards[-2:]] == ["Timepatcher", "Lantern"]
    assert drive(steps.discard(state, me, "choice", "an Item")) == (True, [])  # none to discard
    empty, asked = drive(steps.discard(state, me), ("discard", 1))
    assert not empty and asked[0].options == [("discard", 0), ("discard", 1)] and titles(state, me) == ["Grue"]


def test_steps_a_ball_of_twine_blocks_discards():
    state, me = setup(["Retrograde"], {0: ["Lantern", "Grue"]})
    state.twine_block[me] = True
    assert drive(steps.discard(state, me, "from the end of your path")) == (False, [])
    assert titles(state, me) == ["Lantern", "Grue"] and not steps.can_spend(state, me, "Lantern")


def test_steps_roll_gives_the_dice_and_caltrops_add_a_point_to_one():
    state, me = setup(["Retrograde"], rolls=[4, 2, 6])
    assert drive(steps.roll(state, me, 3)) == ([4, 2, 6], []) and state.last_die == 6
    # "Add one point to one die that was just rolled": not to a 6.
    state, me = setup(["Retrograde"], {0: ["Caltrops", "Grue"]}, rolls=[6, 3])
    dice, asked = drive(steps.roll(state, me, 2), ("caltrops", 1))
    assert asked[0].options == [("keep-roll",), ("caltrops", 1)]
    assert dice == [6, 4] and state.last_die == 4 and titles(state, me) == ["Grue"]  # spent


def test_turn_is_stalled_only_with_nothing_to_draw_and_no_card_to_act():
    state, me = setup([], {0: ["Lantern", "Lost"], 1: ["Grue", "Pit Trap"]})
    other = (me + 1) % 2
    assert not turn.stalled(state)  # the Pit Trap ends the other's path: it acts at their turn
    state.paths[other].insert(0, state.paths[other].pop())
    assert turn.stalled(state)
    state.discards.append(state.paths[me].pop())
    assert not turn.stalled(state)  # a discard to reshuffle and draw


def test_turn_start_of_turn_cards_at_the_end_of_a_path():
    state, me = setup(["Retrograde"], {1: ["Lantern", "Sulfurous Spring"]}, rolls=[5, 3, 4])
    other = (me + 1) % 2
    # Sulfurous Spring: discarded, and the turn ends (no speed may be declared: 0).
    assert drive(turn.start_of_turn(state, other)) == (0, [])
    assert titles(state, other) == ["Lantern"] and state.fired["Sulfurous Spring (start of turn)"] == 1
    assert drive(turn.start_of_turn(state, other)) == (None, [])  # a Lantern does nothing
    state, me = setup(["Retrograde"], {1: ["Grue", "Lantern", "Net Trap"]}, rolls=[5, 3, 4])
    assert drive(turn.start_of_turn(state, (me + 1) % 2)) == (3, [])  # the lowest of 5, 3, 4


def test_turn_sweeps_and_forcing_a_black_zone():
    state, me = setup(["Retrograde"], {0: ["Vortex Mine", "Entropic Vortex"], 1: ["Grue"]}, players=3)
    first = (me + 1) % 3  # the other holds no card: no target
    assert turn.sweeps(state, me) == [("sweep", "Vortex Mine", first), ("sweep", "Entropic Vortex", first)]
    # Exit Strategy: 20 cards (two players) and another player holds a Black Zone card.
    paths = {0: ["Lantern"] * 20, 1: ["The maze lives!"]}
    state, me = setup(["Retrograde"], paths, options={"exit_strategy": True})
    assert turn.forcible(state, me) == [(me + 1) % 2]
    state, me = setup(["Retrograde"], paths)
    assert turn.forcible(state, me) == []
