"""Each rule of Whipped! played out on a small deck whose order the test controls."""

import random

import pytest

from generator.games.whipped import PLUGIN, items
from generator.games.whipped.deck import Deck, Rider, rider_of
from generator.games.whipped.state import Phase, PlacedRider, WhippedState
from generator.sources.frozen import LocMap

ENGINE = PLUGIN.engine
#: Where the test's items were "written": nowhere.
SOURCE = LocMap()


class DeckOrder(random.Random):
    """Shuffles leave piles so that drawing (pop) takes them in deck order; the first
    starting player, drawn at random, is seat 0."""

    def shuffle(self, x, *args) -> None:
        x.reverse()

    def randrange(self, *args) -> int:
        return 0


def level(solid: int, dashed: int = 0) -> items.Level:
    return ("solid",) * solid + ("dashed",) * dashed


def bill(name: str, *levels: items.Level) -> items.Bill:
    return items.Bill(source=SOURCE, name=name, levels=levels)


def rider(name: str, effect: str) -> Rider:
    return rider_of(items.Rider(source=SOURCE, name=name, effect=effect, back="Rider"))


def token(level: int) -> items.BiddingToken:
    side = items.Side(source=SOURCE, label="LEVEL", colour="#000000")
    return items.BiddingToken(source=SOURCE, level=level, front=side, back=side, count=7)


def deck(bills: list[items.Bill], riders: list[Rider] | None = None) -> Deck:
    riders = riders or [rider(f"Earmark {i}", "+1 point") for i in range(40)]
    return Deck(tuple(bills), tuple(riders), (), tuple(token(n) for n in (1, 2, 3)))


def plain_bills(count: int = 20) -> list[items.Bill]:
    """Bills whose level 1 has 3 solid + 1 dashed, level 2 two solid, level 3 one solid."""
    return [bill(f"Act {i}", level(3, 1), level(2), level(1)) for i in range(count)]


def new_state(d: Deck, players: int = 4, timer_passes: int = 4) -> WhippedState:
    return ENGINE.new_game(d, players, DeckOrder(), {"timer_passes": timer_passes})


def play(state: WhippedState, *actions) -> None:
    for action in actions:
        state.apply(action)
        assert state.invariant_violations() == []


def bid_as(state: WhippedState, seat: int, rider_id: int, face_up: bool = True) -> None:
    """Bidders before `seat` stand; `seat` bids one rider and stands."""
    while state.current_player() != seat:
        play(state, ("stand",))
    play(state, ("add", rider_id, face_up), ("stand",))


def stand_all(state: WhippedState) -> None:
    """Every bidder left in this pass stands."""
    while state.phase is Phase.BIDDING:
        play(state, ("stand",))


def test_setup_deals_riders_votes_and_one_bill_per_player():
    state = new_state(deck(plain_bills()), players=5)
    assert [len(hand) for hand in state.hands] == [3] * 5
    assert state.votes == [10] * 5
    assert sorted(state.table) == [0, 1, 2, 3, 4]
    assert state.hands[0] == [0, 1, 2] and state.hands[1] == [3, 4, 5]
    assert state.current_player() == 0 and state.phase is Phase.CHOOSE_BILL


def test_sponsor_claims_level_one_with_own_votes():
    state = new_state(deck(plain_bills()))
    play(state, ("choose_bill", 2))
    assert state.sponsor == 0 and state.occupants == {1: 0}
    assert state.votes[0] == 6  # level 1 has four squares, dashed ones need votes too


def test_auction_bidders_are_the_others_from_the_sponsors_left():
    state = new_state(deck(plain_bills()))
    play(state, ("choose_bill", 0))
    assert state.phase is Phase.BIDDING and state.queue == [1, 2, 3]
    assert state.current_player() == 1


def test_winning_bid_places_votes_and_riders_losers_take_riders_back():
    state = new_state(deck(plain_bills()))
    play(state, ("choose_bill", 0), ("add", 3, True), ("stand",), ("add", 6, False), ("stand",))
    play(state, ("stand",))  # seat 3 does not bid
    assert state.phase is Phase.DECIDING and state.current_player() == 0
    assert state.public_bids() == {1: ("Earmark 3",), 2: (None,)}  # face down stays hidden
    play(state, ("accept", 2))
    assert state.occupants == {1: 0, 2: 2}
    assert state.votes[2] == 8
    assert state.bill_riders == [PlacedRider(seat=2, rider=6, level=2)]
    assert sorted(state.hands[1]) == [3, 4, 5]
    assert state.level == 3 and state.phase is Phase.BIDDING


def pass_bill(state: WhippedState, level2: int, rider2: int, level3: int, rider3: int) -> None:
    """From the start of a turn: claim bill 0, give level 2 and 3 to the given bidders."""
    play(state, ("choose_bill", 0))
    for lvl, seat, r in ((2, level2, rider2), (3, level3, rider3)):
        assert state.level == lvl
        while state.phase is Phase.BIDDING:
            if state.current_player() == seat and seat not in state.bids:
                play(state, ("add", r, True))
            play(state, ("stand",))
        play(state, ("accept", seat))


def test_passed_bill_scores_solid_squares_and_resolves_riders():
    riders = [rider("Pork Barrel", "+2 points"), rider("Extra Whip", "+1 vote")] * 20
    state = new_state(deck(plain_bills(), riders))
    pass_bill(state, level2=1, rider2=4, level3=2, rider3=7)  # rider 4: +2 points, 7: +1 vote
    assert state.scores == [3, 2 + 2, 1, 0]  # dashed square of level 1 scores nothing
    assert state.votes[2] == 10 - 1 + 1  # spent one on level 3, rider gave one back
    assert state.fired["Act 0"] == 1 and state.fired["Pork Barrel"] == 1
    assert 0 not in state.table  # set aside
    assert state.turn_seat == 1 and state.phase is Phase.CHOOSE_BILL
    assert state.tally.bills_passed == 1 and state.tally.riders_played == 2


def test_riders_counting_squares_and_other_riders():
    riders = [
        rider("Committee Seat", "+1 point for each solid square on your level"),
        rider("Omnibus Clause", "+1 point for each other rider on the bill"),
    ] * 20
    bills = [bill(f"Act {i}", level(2), level(3, 2), level(1)) for i in range(8)]
    state = new_state(deck(bills, riders))
    pass_bill(state, level2=1, rider2=4, level3=2, rider3=7)  # 4: per square, 7: per rider
    assert state.scores == [2, 3 + 3, 1 + 1, 0]


def test_no_consensus_returns_votes_and_riders_and_skips_the_turn():
    state = new_state(deck(plain_bills()))
    play(state, ("choose_bill", 0), ("add", 3, True), ("stand",))
    stand_all(state)
    play(state, ("accept", 1))
    bid_as(state, 2, 6)
    stand_all(state)
    play(state, ("abandon",))
    assert state.votes == [10] * 4
    assert sorted(state.hands[1]) == [3, 4, 5] and sorted(state.hands[2]) == [6, 7, 8]
    assert 0 in state.table  # the bill stays available
    assert state.scores == [0] * 4 and state.turn_seat == 1
    assert state.tally.bills_failed == 1


def test_an_abandoned_bill_stays_on_the_table_for_a_later_sponsor():
    # Only a passed bill "is set aside, unavailable for selection".
    state = new_state(deck(plain_bills()))
    play(state, ("choose_bill", 0))
    stand_all(state)
    play(state, ("abandon",))
    assert state.turn_seat == 1 and ("choose_bill", 0) in state.legal_actions()
    pass_bill(state, level2=2, rider2=6, level3=3, rider3=9)  # seat 1 sponsors the same bill
    assert state.fired["Act 0"] == 1 and 0 not in state.table
    assert state.scores == [0, 3, 2 + 1, 1 + 1]
    assert (state.tally.bills_failed, state.tally.bills_passed) == (1, 1)


def test_round_end_resets_bills_votes_riders_and_moves_the_start_left():
    state = new_state(deck(plain_bills()))
    seats = []
    for _ in range(5):
        seats.append(state.turn_seat)
        play(state, ("choose_bill", state.table[0]))
        stand_all(state)
        play(state, ("abandon",))
    assert seats == [0, 1, 2, 3, 1]
    assert state.round == 1 and state.start_seat == 1
    assert sorted(state.table) == [4, 5, 6, 7]  # fresh bills
    assert [len(hand) for hand in state.hands] == [3] * 4
    assert state.hands[0] == [12, 13, 14]  # new riders, the old ones discarded
    assert state.votes == [10] * 4


def test_game_ends_after_as_many_rounds_as_players():
    state = new_state(deck(plain_bills()))
    while not state.is_terminal():
        play(state, ("choose_bill", state.table[0]))
        stand_all(state)
        play(state, ("abandon",))
    assert state.turns == 16 and state.round == 4
    assert state.legal_actions() == []


def test_rule1_a_player_out_of_riders_draws_one():
    state = new_state(deck(plain_bills()))
    play(state, ("choose_bill", 0), ("add", 3, True), ("add", 4, True), ("add", 5, False))
    assert state.hands[1] == [12]  # the next card of the rider deck
    assert state.bids[1] == ((3, True), (4, True), (5, False))


def test_rule2_a_bid_is_at_least_one_rider():
    state = new_state(deck(plain_bills()))
    play(state, ("choose_bill", 0))
    assert {a[0] for a in state.legal_actions()} == {"add", "stand"}
    play(state, ("add", 3, True))
    assert ("take_back", 3) not in state.legal_actions()
    play(state, ("add", 4, True), ("stand",))
    stand_all(state)
    assert state.legal_actions() == [("accept", 1), ("fill_self",), ("wait",), ("abandon",)]
    play(state, ("wait",))
    assert ("take_back", 3) in state.legal_actions()  # a two-rider bid may shrink
    play(state, ("take_back", 3))
    assert ("take_back", 4) not in state.legal_actions()  # but never to nothing
    assert state.bids[1] == ((4, True),)


def test_rule3_sponsor_fills_a_level_scores_one_level_and_loses_a_point():
    # The seed's example: levels 1 (5 points) and 2 (3 points) give 5 - 1 = 4.
    bills = [bill(f"Act {i}", level(5), level(3), level(2)) for i in range(8)]
    state = new_state(deck(bills))
    play(state, ("choose_bill", 0))
    stand_all(state)
    play(state, ("fill_self",))
    assert state.occupants == {1: 0, 2: 0} and state.votes[0] == 2
    bid_as(state, 2, 6)
    stand_all(state)
    play(state, ("accept", 2))
    assert state.scores == [4, 0, 2 + 1, 0]
    assert state.tally.penalty_points == 1


def test_rule3_sponsor_on_all_three_levels_loses_two():
    bills = [bill(f"Act {i}", level(3), level(2), level(4)) for i in range(8)]
    state = new_state(deck(bills))
    play(state, ("choose_bill", 0))
    stand_all(state)
    play(state, ("fill_self",))
    stand_all(state)
    play(state, ("fill_self",))
    assert state.scores[0] == 4 - 2
    assert state.tally.level_points[3] == 4  # the level that scored


def test_rule3_a_bidder_who_wins_both_auctions_scores_both_levels():
    # Rule 3 is the sponsor's: a bidder who wins levels 2 and 3 declined no bids.
    state = new_state(deck(plain_bills()))
    pass_bill(state, level2=1, rider2=3, level3=1, rider3=4)
    assert state.scores == [3, 2 + 1 + 1 + 1, 0, 0]  # both levels and both +1 riders
    assert state.tally.penalty_points == 0
    assert state.tally.level_points == {1: 3, 2: 2, 3: 1}


def test_a_riders_level_is_the_level_its_bid_won():
    # "+1 point for each solid square on your level", for a bidder holding two levels.
    riders = [rider("Committee Seat", "+1 point for each solid square on your level")] * 40
    bills = [bill(f"Act {i}", level(2), level(4), level(1)) for i in range(8)]
    state = new_state(deck(bills, riders))
    pass_bill(state, level2=1, rider2=3, level3=1, rider3=4)
    assert state.scores[1] == (4 + 1) + (4 + 1)  # levels 2 and 3, a rider on each


def test_rule3_fill_self_needs_enough_votes():
    bills = [bill(f"Act {i}", level(5), level(5), level(2)) for i in range(8)]
    state = new_state(deck(bills))
    play(state, ("choose_bill", 0))
    stand_all(state)
    assert ("fill_self",) in state.legal_actions()
    play(state, ("fill_self",))
    stand_all(state)
    assert ("fill_self",) not in state.legal_actions()  # no votes left for level 3


def test_rule4_the_sponsor_never_bids_on_their_own_bill():
    state = new_state(deck(plain_bills()))
    play(state, ("choose_bill", 0))
    seen = set()
    while state.phase is Phase.BIDDING:
        seen.add(state.current_player())
        play(state, ("stand",))
    play(state, ("fill_self",))
    while state.phase is Phase.BIDDING:  # the sponsor holds level 2 and still cannot bid
        seen.add(state.current_player())
        play(state, ("stand",))
    assert seen == {1, 2, 3}


def test_rule5_special_auction_when_the_sponsor_cannot_afford_level_one():
    # Level 1 of the first bill takes 4 votes; the others take 9. Seat 1 wins level 2 and
    # level 3 of bill 0 (2 + 1 votes), keeping 7: not enough for any level 1 left.
    bills = [bill("Act 0", level(4), level(2), level(1))]
    bills += [bill(f"Act {i}", level(9), level(1), level(1)) for i in range(1, 12)]
    state = new_state(deck(bills))
    pass_bill(state, level2=1, rider2=3, level3=1, rider3=4)
    assert state.turn_seat == 1 and state.votes[1] == 7
    assert state.phase is Phase.BIDDING and state.level == 1  # the sponsorship auction
    assert state.queue == [2, 3] and state.tally.sponsor_auctions == 1
    play(state, ("add", 6, False), ("stand",), ("add", 9, True), ("add", 10, True), ("stand",))
    play(state, ("accept", 2))
    assert state.phase is Phase.CHOOSE_BILL and state.current_player() == 2
    assert sorted(state.hands[3]) == [9, 10, 11]  # the losing bid went back
    play(state, ("choose_bill", 1))
    assert state.sponsor == 2 and state.bill_riders == [PlacedRider(2, 6, level=1)]  # riders on the chosen bill
    assert state.votes[2] == 1
    assert 2 not in state._eligible_bidders()  # and now rule 4 holds for the new sponsor
    assert state.passes_left == 3  # the timer started afresh for this bill


def test_rule5_the_sponsors_riders_go_with_level_one():
    # As in the test above, seat 1 cannot afford a level 1 (8 votes) and seat 2 wins the
    # sponsorship; seat 2 then fills level 2 (2 solid squares) too and scores it, but the
    # rider they bid for the sponsorship counts level 1's single solid square.
    riders = [rider("Committee Seat", "+1 point for each solid square on your level")] * 40
    bills = [bill("Act 0", level(4), level(2), level(1))]
    bills += [bill(f"Act {i}", level(1, 7), level(2), level(1)) for i in range(1, 12)]
    state = new_state(deck(bills, riders))
    pass_bill(state, level2=1, rider2=3, level3=1, rider3=4)
    assert state.phase is Phase.BIDDING and state.level == 1
    bid_as(state, 2, 6)
    stand_all(state)
    play(state, ("accept", 2), ("choose_bill", 1))
    stand_all(state)
    play(state, ("fill_self",))
    bid_as(state, 3, 9)
    stand_all(state)
    play(state, ("accept", 3))
    assert state.fired["Act 1"] == 1
    assert state.scores[2] == (2 - 1) + 1  # rule 3: level 2 less a point; the rider: level 1
    assert state.scores[3] == 1 + 1


def test_rule5_no_winner_skips_the_turn():
    bills = [bill("Act 0", level(4), level(2), level(1))]
    bills += [bill(f"Act {i}", level(9), level(1), level(1)) for i in range(1, 12)]
    state = new_state(deck(bills))
    pass_bill(state, level2=1, rider2=3, level3=1, rider3=4)
    stand_all(state)
    assert ("fill_self",) not in state.legal_actions()
    play(state, ("abandon",))
    assert state.tally.turns_without_sponsor == 1 and state.turn_seat == 2


def test_timer_bounds_the_bidding_passes_of_a_turn():
    state = new_state(deck(plain_bills()), timer_passes=2)
    play(state, ("choose_bill", 0))
    stand_all(state)
    play(state, ("wait",))  # the second and last pass
    stand_all(state)
    assert ("wait",) not in state.legal_actions()
    play(state, ("fill_self",))
    # Level 3 opens with the timer out: no bidding, the sponsor fills it or gives up.
    assert state.phase is Phase.DECIDING
    assert state.legal_actions() == [("fill_self",), ("abandon",)]


def test_a_bidder_touches_each_rider_once_per_pass():
    state = new_state(deck(plain_bills()))
    play(state, ("choose_bill", 0), ("add", 3, True), ("add", 4, True))
    assert ("take_back", 4) not in state.legal_actions()  # added in this slot
    play(state, ("stand",))
    stand_all(state)
    play(state, ("wait",), ("take_back", 4))
    assert ("add", 4, True) not in state.legal_actions()  # taken back in this slot
    assert ("add", 5, True) in state.legal_actions()


def test_illegal_action_is_refused():
    state = new_state(deck(plain_bills()))
    with pytest.raises(ValueError, match="illegal action"):
        state.apply(("accept", 1))


def test_player_count_outside_four_to_seven_is_refused():
    with pytest.raises(ValueError, match="4 to 7"):
        ENGINE.new_game(deck(plain_bills()), 3, random.Random(0), {})


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"timer_passes": 0}, "1 or more"),
        ({"timer_passes": "4"}, "whole number"),
        ({"tidal": 1}, "tidal"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        ENGINE.new_game(deck(plain_bills()), 4, random.Random(0), options)


def test_timer_passes_option_is_declared_and_parsed():
    (option,) = ENGINE.options()
    assert option.name == "timer_passes" and option.default == 4
    assert option.parse("6") == 6
    for bad in ("0", "four"):
        with pytest.raises(ValueError, match="1 or more"):
            option.parse(bad)
