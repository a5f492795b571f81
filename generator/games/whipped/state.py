"""A game of Whipped! in progress: rounds, turns, the sponsor, the auctions and scoring.

Actions (tuples):
    ("choose_bill", b)      sponsor (or rule-5 winner) claims level 1 of table bill b
    ("add", r, face_up)     bidder adds rider r from hand to their bid for this level
    ("take_back", r)        bidder takes rider r back from a bid of two or more riders
    ("withdraw",)           bidder takes their whole bid back
    ("stand",)              bidder ends their part of this bidding pass
    ("accept", seat)        auctioneer turns that bid's token to "accepted"
    ("fill_self",)          sponsor fills level 2 or 3 with their own votes (rule 3)
    ("wait",)               auctioneer lets bidding run another pass (uses the timer)
    ("abandon",)            no consensus: votes and riders go back, the turn is skipped
Within one bidding slot a bidder touches each rider at most once (added or taken back), so
every slot ends.
"""

import random
from collections import Counter
from enum import Enum
from itertools import chain
from typing import Literal

from msgspec import Struct, field

from generator.games.game_state import Ending, GameState
from generator.games.whipped.deck import Deck
from generator.games.whipped.items import Bill, Level
from generator.games.whipped.rules import (
    MAX_BID_RIDERS,
    RIDERS_DEALT,
    TIMER_PASSES,
    VOTES_PER_ROUND,
    level_points,
    occupant_points,
    rider_payout,
    token_component,
    vote_component,
)

#: The actions, as the module docstring lists them: those naming a bill, rider or seat,
IndexAction = tuple[Literal["choose_bill", "take_back", "accept"], int]
#: adding a rider face up or down,
AddAction = tuple[Literal["add"], int, bool]
#: and those naming nothing.
PlainAction = tuple[Literal["withdraw", "stand", "fill_self", "wait", "abandon"]]
WhippedAction = IndexAction | AddAction | PlainAction


class WhippedEnding(Ending):
    """How a game of Whipped! ends: the one way, every player's turn in every round played
    (the rules have no hole that stops a game: see the package's docstring)."""

    ROUNDS_PLAYED = "rules"


class Phase(Enum):
    CHOOSE_BILL = "choose bill"
    BIDDING = "bidding"
    DECIDING = "deciding"
    OVER = "over"


#: The auction for the sponsorship (rule 5) is run with the level 1 tokens.
SPONSOR_AUCTION = 1


class PlacedRider(Struct, frozen=True):
    """A rider bid and accepted: who played it and the level its bid was for. That level is
    the rider's "your level"; the sponsorship auction's riders (rule 5) go with level 1,
    which their winner claims as sponsor."""

    seat: int
    rider: int
    level: int


class Tally(Struct):
    """What happened over a game, for the simulation figures."""

    bills_passed: int = 0
    bills_failed: int = 0
    turns_without_sponsor: int = 0
    sponsor_auctions: int = 0
    self_fills: int = 0
    level_points: Counter = field(default_factory=Counter)
    penalty_points: int = 0
    riders_played: int = 0
    rider_points: int = 0
    rider_votes: int = 0


class WhippedState(GameState[WhippedAction]):
    # What a turn has on the table, set by _reset_turn and changed as the turn goes on.
    bill_index: int | None
    sponsor: int | None
    #: The seat running the auction now, and the one who claims the turn's bill.
    auctioneer: int
    chooser: int
    occupants: dict[int, int]
    bill_riders: list[PlacedRider]
    pending_riders: list[PlacedRider]
    bids: dict[int, tuple[tuple[int, bool], ...]]
    queue: list[int]
    touched: set[int]
    #: Riders the rule-5 winner bid for the sponsorship: the only ones allowed on their bill.
    sponsorship_riders: set[int]

    def __init__(self, deck: Deck, num_players: int, rng: random.Random, timer_passes: int = TIMER_PASSES):
        super().__init__(num_players, rng)
        self.deck = deck
        self.timer_passes = timer_passes
        self.tally = Tally()
        self.scores = [0] * num_players
        self.votes = [0] * num_players
        #: Votes a player has had this round: 10 plus what riders gave.
        self.vote_budget = [0] * num_players
        #: Votes a player has on bills passed this round.
        self.votes_on_passed = [0] * num_players
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.draw_pile = list(range(len(deck.riders)))
        rng.shuffle(self.draw_pile)
        self.discards: list[int] = []
        self.bill_pile = list(range(len(deck.bills)))
        rng.shuffle(self.bill_pile)
        #: Bills on the table (deck indexes) still available to sponsor this round.
        self.table: list[int] = []
        self.round = 0
        self.turn_in_round = 0
        #: The rules name no first starting player: drawn at random, as a table would.
        self.start_seat = self.first_player = rng.randrange(num_players)
        self.phase = Phase.CHOOSE_BILL
        for level in sorted(set(deck.token_levels)):  # each player holds one token a level
            self.note_in_play(token_component(level), num_players)
        self._start_round()

    # ----- what the players see -------------------------------------------------------

    @property
    def turn_seat(self) -> int:
        return (self.start_seat + self.turn_in_round) % self.num_players

    def claimed_bill(self) -> Bill:
        """The bill of this turn, which a sponsor has claimed (not during the sponsor auction)."""
        bill_index = self.bill_index
        assert bill_index is not None, "no bill claimed this turn"
        return self.deck.bills[bill_index]

    def claimed_sponsor(self) -> int:
        """The sponsor of this turn's bill, once claimed."""
        sponsor = self.sponsor
        assert sponsor is not None, "no bill claimed this turn"
        return sponsor

    def level_size(self, level: int) -> int:
        bill_index = self.bill_index
        assert bill_index is not None, "no bill claimed this turn"
        return len(self.deck.bills[bill_index].levels[level - 1])

    def public_bids(self) -> dict[int, tuple[str | None, ...]]:
        """Each bid as the table sees it: rider names face up, None face down."""
        riders = self.deck.riders
        return {seat: tuple(riders[r].item.name if up else None for r, up in bid) for seat, bid in self.bids.items()}

    def current_player(self) -> int:
        if self.phase is Phase.BIDDING:
            return self.queue[0]
        if self.phase is Phase.CHOOSE_BILL:
            return self.chooser
        return self.auctioneer

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def returns(self) -> list[float]:
        return [float(score) for score in self.scores]

    def end_reason(self) -> WhippedEnding:
        return WhippedEnding.ROUNDS_PLAYED

    # ----- legal actions ----------------------------------------------------------------

    def legal_actions(self) -> list[WhippedAction]:
        if self.phase is Phase.OVER:
            return []
        if self.phase is Phase.CHOOSE_BILL:
            return [("choose_bill", b) for b in self._affordable(self.chooser)]
        if self.phase is Phase.BIDDING:
            return self._bidder_actions(self.queue[0])
        return self._auctioneer_actions()

    def _affordable(self, seat: int) -> list[int]:
        return [b for b in self.table if len(self.deck.bills[b].levels[0]) <= self.votes[seat]]

    def _bidder_actions(self, seat: int) -> list[WhippedAction]:
        bid = self.bids.get(seat, ())
        actions: list[WhippedAction] = []
        if len(bid) < MAX_BID_RIDERS:
            for r in sorted(set(self.hands[seat]) - self.touched):
                actions += [("add", r, True), ("add", r, False)]
        if len(bid) > 1:
            actions += [("take_back", r) for r, _ in bid if r not in self.touched]
        if bid:
            actions.append(("withdraw",))
        actions.append(("stand",))
        return actions

    def _auctioneer_actions(self) -> list[WhippedAction]:
        actions: list[WhippedAction] = [("accept", seat) for seat in sorted(self.bids)]
        if self.level != SPONSOR_AUCTION and self.votes[self.claimed_sponsor()] >= self.level_size(self.level):
            actions.append(("fill_self",))
        if self.passes_left > 0 and self._eligible_bidders():
            actions.append(("wait",))
        actions.append(("abandon",))
        return actions

    def _eligible_bidders(self) -> list[int]:
        """Seats that may bid now, in order from the auctioneer's left."""
        seats = [(self.auctioneer + k) % self.num_players for k in range(1, self.num_players)]
        if self.level == SPONSOR_AUCTION:
            need = min(len(self.deck.bills[b].levels[0]) for b in self.table)
        else:
            need = self.level_size(self.level)
            seats = [s for s in seats if s != self.sponsor]  # rule 4: no riders on your own bill
        return [s for s in seats if self.votes[s] >= need and (self.hands[s] or self.bids.get(s))]

    # ----- applying ---------------------------------------------------------------------

    def apply(self, action: WhippedAction) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action!r} in phase {self.phase.value}")
        # Tested on action[0] itself, not a copy, so that the type checker knows the action's shape.
        if action[0] == "choose_bill":
            self._choose_bill(action[1])
        elif action[0] == "add":
            self._add(action[1], action[2])
        elif action[0] == "take_back":
            self._take_back(action[1])
        elif action[0] == "withdraw":
            self._return_bid(self.queue[0])
            self._next_bidder()
        elif action[0] == "stand":
            self._next_bidder()
        elif action[0] == "accept":
            self._accept(action[1])
        elif action[0] == "fill_self":
            self.tally.self_fills += 1
            self._return_all_bids()
            self._occupy(self.level, self.claimed_sponsor())
        elif action[0] == "wait":
            self._start_pass()
        else:
            self._abandon()
        self._draw_for_empty_hands()

    def _choose_bill(self, b: int) -> None:
        self.bill_index = b
        self.sponsor = self.auctioneer = self.chooser
        self.bill_riders += self.pending_riders  # rule 5: the winner's riders go on this bill
        self.pending_riders = []
        self._fill(1, self.sponsor)
        self.passes_left = self.timer_passes  # the timer starts
        self._open_auction(2)

    def _add(self, rider: int, face_up: bool) -> None:
        seat = self.queue[0]
        self.hands[seat].remove(rider)
        self.bids[seat] = (*self.bids.get(seat, ()), (rider, face_up))
        self.touched.add(rider)

    def _take_back(self, rider: int) -> None:
        seat = self.queue[0]
        self.bids[seat] = tuple(pair for pair in self.bids[seat] if pair[0] != rider)
        self.hands[seat].append(rider)
        self.touched.add(rider)

    def _next_bidder(self) -> None:
        self.queue.pop(0)
        self.touched = set()
        while self.queue and self.queue[0] not in self._eligible_bidders():
            self.queue.pop(0)
        if not self.queue:
            self.phase = Phase.DECIDING

    def _open_auction(self, level: int) -> None:
        self.level = level
        self.bids = {}
        if self.passes_left > 0 and self._eligible_bidders():
            self._start_pass()
        else:
            self.phase = Phase.DECIDING

    def _start_pass(self) -> None:
        self.passes_left -= 1
        self.queue = self._eligible_bidders()
        self.touched = set()
        self.phase = Phase.BIDDING

    def _accept(self, seat: int) -> None:
        won = self.bids.pop(seat)
        self._return_all_bids()
        if self.level == SPONSOR_AUCTION:
            self.pending_riders = [PlacedRider(seat, r, SPONSOR_AUCTION) for r, _ in won]
            self.sponsorship_riders = {r for r, _ in won}
            self.chooser = seat
            self.phase = Phase.CHOOSE_BILL
            return
        self.bill_riders += [PlacedRider(seat, r, self.level) for r, _ in won]
        self._occupy(self.level, seat)

    def _occupy(self, level: int, seat: int) -> None:
        self._fill(level, seat)
        if level < len(self.claimed_bill().levels):  # three, unless check W001 fails
            self._open_auction(level + 1)
        else:
            self._pass_bill()
            self._end_turn()

    def _fill(self, level: int, seat: int) -> None:
        self.votes[seat] -= self.level_size(level)
        self.occupants[level] = seat

    def _return_bid(self, seat: int) -> None:
        self.hands[seat] += [r for r, _ in self.bids.pop(seat, ())]

    def _return_all_bids(self) -> None:
        for seat in list(self.bids):
            self._return_bid(seat)

    def _abandon(self) -> None:
        """No consensus: every vote and rider goes back to its player; the turn is skipped."""
        self._return_all_bids()
        for placed in chain(self.bill_riders, self.pending_riders):
            self.hands[placed.seat].append(placed.rider)
        if self.bill_index is None:
            self.tally.turns_without_sponsor += 1
        else:
            for level, seat in self.occupants.items():
                self.votes[seat] += self.level_size(level)
            self.tally.bills_failed += 1
        self._end_turn()

    def _pass_bill(self) -> None:
        bill_index = self.bill_index
        assert bill_index is not None, "no bill claimed this turn"
        bill = self.deck.bills[bill_index]
        held: dict[int, dict[int, Level]] = {}
        for level, seat in sorted(self.occupants.items()):
            held.setdefault(seat, {})[level] = bill.levels[level - 1]
            self.votes_on_passed[seat] += len(bill.levels[level - 1])
        for seat, levels in held.items():
            scored, penalty = occupant_points(levels, seat == self.sponsor)
            self.scores[seat] += sum(scored.values()) - penalty
            self.tally.level_points.update(scored)
            self.tally.penalty_points += penalty
        for placed in self.bill_riders:
            rider = self.deck.riders[placed.rider]
            solid = level_points(bill.levels[placed.level - 1])
            points, votes = rider_payout(rider, solid, len(self.bill_riders) - 1)
            self.scores[placed.seat] += points
            self.votes[placed.seat] += votes
            self.vote_budget[placed.seat] += votes
            self._note_votes(placed.seat)
            self.fired[rider.item.name] += 1
            self.tally.riders_played += 1
            self.tally.rider_points += points
            self.tally.rider_votes += votes
            self.discards.append(placed.rider)
        self.bill_riders = []
        self.fired[bill.name] += 1
        self.tally.bills_passed += 1
        self.table.remove(bill_index)

    # ----- turns and rounds -------------------------------------------------------------

    def _reset_turn(self) -> None:
        """Nothing on the table for the turn: no bill claimed, no bids, no riders placed."""
        self.bill_index = None
        self.sponsor = None
        self.occupants = {}
        self.bill_riders = []
        self.pending_riders = []
        self.bids = {}
        self.queue = []
        self.touched = set()
        self.sponsorship_riders = set()
        self.passes_left = self.timer_passes

    def _start_turn(self) -> None:
        self._reset_turn()
        self.auctioneer = self.chooser = self.turn_seat
        self.level = SPONSOR_AUCTION
        if self._affordable(self.turn_seat):
            self.phase = Phase.CHOOSE_BILL
            return
        if not self.table:  # a deck with fewer bills than turns: nothing left to sponsor
            self.tally.turns_without_sponsor += 1
            self._end_turn()
            return
        # Rule 5: nobody sponsors without level 1; auction the sponsorship, timer stopped.
        self.tally.sponsor_auctions += 1
        self._open_auction(SPONSOR_AUCTION)

    def _end_turn(self) -> None:
        self._reset_turn()
        self.turns += 1
        self.turn_in_round += 1
        if self.turn_in_round < self.num_players:
            self._start_turn()
            return
        self.round += 1
        if self.round == self.num_players:
            self.phase = Phase.OVER
            return
        self.start_seat = (self.start_seat + 1) % self.num_players
        self._start_round()

    def _start_round(self) -> None:
        """Clear and replace the bills, discard votes and riders, deal 10 votes and 3 riders."""
        for hand in self.hands:
            self.discards += hand
            hand.clear()
        self.table = []
        for _ in range(self.num_players):
            bill = self._next_bill()
            if bill is not None:
                self.table.append(bill)
        self.votes = [VOTES_PER_ROUND] * self.num_players
        self.vote_budget = [VOTES_PER_ROUND] * self.num_players
        self.votes_on_passed = [0] * self.num_players
        for seat in range(self.num_players):
            self._note_votes(seat)
            for _ in range(RIDERS_DEALT):
                self._draw(seat)
        self.turn_in_round = 0
        self._start_turn()
        self._draw_for_empty_hands()

    def _note_votes(self, seat: int) -> None:
        """Every vote a player has had this round is out of the box until the round ends:
        in their supply, on this turn's bill, or on a bill passed this round."""
        if seat < len(self.deck.colours):
            self.note_in_play(vote_component(self.deck.colours[seat].name), self.vote_budget[seat])

    def _next_bill(self) -> int | None:
        """A fresh bill; once none are left (check W003), any bill not on the table."""
        if not self.bill_pile:
            self.bill_pile = [b for b in range(len(self.deck.bills)) if b not in self.table]
            self.rng.shuffle(self.bill_pile)
        return self.bill_pile.pop() if self.bill_pile else None

    def _draw(self, seat: int) -> None:
        if not self.draw_pile:
            self.draw_pile, self.discards = self.discards, []
            self.rng.shuffle(self.draw_pile)
        if self.draw_pile:
            self.hands[seat].append(self.draw_pile.pop())

    def _draw_for_empty_hands(self) -> None:
        """Rule 1: a player out of riders draws one at once."""
        if self.phase is Phase.OVER:
            return
        for seat in range(self.num_players):
            if not self.hands[seat]:
                self._draw(seat)

    # ----- invariants -------------------------------------------------------------------

    def invariant_violations(self) -> list[str]:
        problems = []
        placed = list(
            chain(
                self.draw_pile,
                self.discards,
                *self.hands,
                (r for bid in self.bids.values() for r, _ in bid),
                (placed.rider for placed in chain(self.bill_riders, self.pending_riders)),
            )
        )
        if sorted(placed) != list(range(len(self.deck.riders))):
            problems.append(f"riders not conserved: {len(placed)} placed of {len(self.deck.riders)}")
        on_bill: Counter[int] = Counter()
        if self.bill_index is not None:
            for level, seat in self.occupants.items():
                on_bill[seat] += self.level_size(level)
        for seat in range(self.num_players):
            held = self.votes[seat] + on_bill[seat] + self.votes_on_passed[seat]
            if self.votes[seat] < 0 or held != self.vote_budget[seat]:
                problems.append(
                    f"seat {seat} votes: {self.votes[seat]} in supply, {held} accounted, "
                    f"{self.vote_budget[seat]} had this round"
                )
        if any(p.seat == self.sponsor and p.rider not in self.sponsorship_riders for p in self.bill_riders):
            problems.append("the sponsor added riders to their own bill (rule 4)")
        if self.sponsor is not None and self.sponsor in self.bids:
            problems.append("the sponsor bids on their own bill (rule 4)")
        return problems
