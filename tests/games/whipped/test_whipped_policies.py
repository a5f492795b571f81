"""Whipped!'s greedy player: riders are worth their points and half a point a vote (a "for
each" rider as if three solid squares and one other rider); it sponsors the bill whose level 1
scores most for the fewest votes, bids its most valuable rider face down once, stays out of
a level that scores nothing, accepts the bid of fewest and cheapest riders it can see, and
fills a level itself only when that gains a point. The deck and the deal are fixed here."""

import random

from generator.games.base import random_policy
from generator.games.whipped import items
from generator.games.whipped.deck import Deck, rider_of
from generator.games.whipped.policies import POLICIES, greedy_policy, rider_worth
from generator.games.whipped.state import Phase, WhippedState
from generator.sources.frozen import LocMap

SOURCE = LocMap()


class DeckOrder(random.Random):
    """Piles are drawn in deck order (a shuffle reverses them, a draw pops the end) and seat
    0 starts; any other choice (the greedy player's ties) stays seeded."""

    def shuffle(self, x, *args) -> None:
        x.reverse()

    def randrange(self, *args) -> int:
        return 0


def rider(name: str, effect: str):
    return rider_of(items.Rider(source=SOURCE, name=name, effect=effect, back="Rider"))


def level(solid: int, dashed: int = 0) -> tuple[str, ...]:
    return ("solid",) * solid + ("dashed",) * dashed


def bill(name: str, *levels) -> items.Bill:
    return items.Bill(source=SOURCE, name=name, levels=levels)


def token(n: int) -> items.BiddingToken:
    side = items.Side(source=SOURCE, label="LEVEL", colour="#000000")
    return items.BiddingToken(source=SOURCE, level=n, front=side, back=side, count=7)


#: Dealt three a seat in this order: seat 1 holds Extra Whip, Tax Break and Omnibus Clause,
#: seat 2 Bridge to Nowhere, Earmark and Pork Barrel, seat 3 Caucus Support and two Earmarks.
RIDERS = [
    rider("Earmark", "+1 point"),
    rider("Pork Barrel", "+2 points"),
    rider("Committee Seat", "+1 point for each solid square on your level"),
    rider("Extra Whip", "+1 vote"),
    rider("Tax Break", "+2 points and +1 vote"),
    rider("Omnibus Clause", "+1 point for each other rider on the bill"),
    rider("Bridge to Nowhere", "+3 points"),
    rider("Earmark", "+1 point"),
    rider("Pork Barrel", "+2 points"),
    rider("Caucus Support", "+2 votes"),
] + [rider("Earmark", "+1 point")] * 30
#: The four bills on the table: level 1 scores 2, 3 (of five squares), 3 (of three) and 1.
BILLS = [
    bill("Two", level(2), level(2), level(1)),
    bill("Wide Three", level(3, 2), level(2), level(1)),
    bill("Three", level(3), level(2), level(1)),
    bill("Lean", level(1), level(0, 2), level(1)),
] + [bill(f"Spare {n}", level(1), level(1), level(1)) for n in range(12)]


def new_state(timer_passes: int = 4) -> WhippedState:
    deck = Deck(tuple(BILLS), tuple(RIDERS), (), tuple(token(n) for n in (1, 2, 3)))
    return WhippedState(deck, 4, DeckOrder(), timer_passes)


def greedy(state: WhippedState, seed: int = 0):
    return greedy_policy(state, random.Random(seed))


def test_the_policies_are_random_and_greedy():
    assert POLICIES == {"random": random_policy, "greedy": greedy_policy}


def test_a_riders_worth_is_its_points_and_half_a_point_a_vote():
    worth = {r.item.effect: rider_worth(r) for r in RIDERS}
    assert worth["+1 point"] == 1 and worth["+3 points"] == 3
    assert worth["+1 vote"] == 0.5 and worth["+2 votes"] == 1
    assert worth["+2 points and +1 vote"] == 2.5
    assert worth["+1 point for each solid square on your level"] == 3  # three solid squares
    assert worth["+1 point for each other rider on the bill"] == 1  # one other rider


def test_the_sponsor_claims_the_most_points_for_the_fewest_votes():
    state = new_state()
    assert sorted(state.table) == [0, 1, 2, 3] and state.current_player() == 0
    assert {greedy(state, seed) for seed in range(10)} == {("choose_bill", 2)}


def test_a_bidder_bids_its_most_valuable_rider_face_down_once():
    state = new_state()
    state.apply(("choose_bill", 2))
    assert state.current_player() == 1 and sorted(state.hands[1]) == [3, 4, 5]
    assert greedy(state) == ("add", 4, False)  # Tax Break, 2.5, over Omnibus 1 and Extra Whip 0.5
    state.apply(("add", 4, False))
    assert greedy(state) == ("stand",)


def test_nobody_bids_for_a_level_that_scores_nothing():
    state = new_state()
    state.apply(("choose_bill", 3))  # Lean: level 2 is two dashed squares
    assert state.level == 2 and state.phase is Phase.BIDDING
    assert greedy(state) == ("stand",)


def test_the_auctioneer_accepts_the_fewest_riders_then_the_cheapest_seen():
    state = new_state()
    state.apply(("choose_bill", 2))
    for action in (("add", 4, True), ("stand",)):  # seat 1: Tax Break, 2.5
        state.apply(action)
    for action in (("add", 7, True), ("add", 8, True), ("stand",)):  # seat 2: two riders
        state.apply(action)
    for action in (("add", 9, True), ("stand",)):  # seat 3: Caucus Support, 1
        state.apply(action)
    assert state.phase is Phase.DECIDING and state.current_player() == 0
    assert {greedy(state, seed) for seed in range(10)} == {("accept", 3)}


def test_without_bids_the_auctioneer_waits_then_fills_only_when_it_pays():
    state = new_state()
    state.apply(("choose_bill", 2))
    while state.phase is Phase.BIDDING:
        state.apply(("stand",))
    assert greedy(state) == ("wait",)  # the timer has passes left
    # One pass only. Three: level 1 scores 3 and level 2 would cost a point: 3 - 1 > 0.
    state = new_state(timer_passes=1)
    state.apply(("choose_bill", 2))
    while state.phase is Phase.BIDDING:
        state.apply(("stand",))
    assert ("wait",) not in state.legal_actions() and greedy(state) == ("fill_self",)
    # Lean: level 1 scores 1, so holding level 2 too would leave 1 - 1 = 0: no consensus.
    state = new_state(timer_passes=1)
    state.apply(("choose_bill", 3))
    while state.phase is Phase.BIDDING:
        state.apply(("stand",))
    assert ("fill_self",) in state.legal_actions() and greedy(state) == ("abandon",)
