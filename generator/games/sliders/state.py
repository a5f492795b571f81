"""A Sliders game in progress: the rules as a state machine of decisions.

Every decision is an action from legal_actions() made by the seat `current_player()`:

    "roll"  "fine"  "card"            start of a turn (fine and card only in the Slidecage),
                                      with the property moves and trades below
    "end"                             end of the turn, after the last throw, with the
                                      property moves and trades below
    "buy"  "decline"                  on an unowned deed (declining starts an auction)
    ("bid", n)  "pass"                in an auction
    "flat"  "percent"                 the Sliding Tax choice, made before worth is added up
    ("build", sq) ("sell", sq) ("sell_all", group) ("mortgage", sq) ("lift", sq)
                                      managing property, before and after one's throw
                                      (selling and mortgaging also whenever a debt is due)
    "bankrupt"                        only when a debt exceeds all one could raise
    ("lift_now", sq)  "keep"          after receiving mortgaged deeds (from a bankrupt or by
                                      a trade, the 10% interest paid): lift now at the bare
                                      mortgage, or keep them mortgaged
    ("offer", Trade)                  propose a trade of deeds, money or a Get Out card,
                                      one between two throws (the menu: trades.py)
    "accept"  "refuse"                the other player's answer to a trade
    ("place", sq)                     where the winner of a building auction puts it

Chance (dice, shuffles) comes from the injected `dice` function and the state's rng.

The readings of the rules this machine plays by are in the package's docstring
(generator/games/sliders/__init__.py); end_reason() says which of SlidersEnding a game
reached.
"""

import random
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Literal

from generator.games.game_state import STATE_FIELDS, Ending
from generator.games.sliders.deck import Card, Deck
from generator.games.sliders.effects import EffectsMixin
from generator.games.sliders.invariants import InvariantsMixin
from generator.games.sliders.property import SHARED_MOVES, GroupMoves, SeenMoves, moves_basis
from generator.games.sliders.rules import (
    AUCTION,
    BID_STEPS,
    BUY,
    CAGE_TRIES,
    DEBT,
    DOUBLES_TO_CAGE,
    FINE,
    HOTEL,
    OFFER,
    OVER,
    PLACE,
    POST,
    START,
    TAX,
    TRANSFER,
    Rules,
    interest,
)
from generator.games.sliders.stats import Stats
from generator.games.sliders.trades import Trade, TradesMixin

Dice = Callable[[], tuple[int, int]]

#: The actions of the module docstring: plain words ("roll", "buy", "pass", ...), those with
#: a bid or a square, selling a group's buildings, and a trade offer.
NumberAction = tuple[Literal["bid", "build", "sell", "mortgage", "lift", "lift_now", "place"], int]
GroupAction = tuple[Literal["sell_all"], str]
OfferAction = tuple[Literal["offer"], Trade]
SlidersAction = str | NumberAction | GroupAction | OfferAction


class SlidersEnding(Ending):
    """How a game ends: the regular game when one player is left, the short game at its
    second bankruptcy, the time-limit game at its last turn, any game at the turn cap (the
    option max_turns). The rules have no position without a way out (the package's
    docstring), so there is no other ending."""

    LAST_PLAYER_LEFT = "last player left"
    SECOND_BANKRUPTCY = "second bankruptcy"
    TIME_LIMIT = "time limit"
    TURN_CAP = "turn cap (max_turns)"


class Debt:
    """What `debtor` owes `creditor` (None: the Interdimensional Bank). Written out rather
    than a dataclass, whose generated __init__ the compiled engine would run as plain
    Python (Trade says more): most rents, taxes and fines are one."""

    def __init__(self, debtor: int, amount: int, creditor: int | None) -> None:
        self.debtor: Final = debtor
        self.amount: Final = amount
        self.creditor: Final = creditor

    def fields(self) -> tuple[int, int, int | None]:
        return self.debtor, self.amount, self.creditor

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Debt) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return f"Debt(debtor={self.debtor!r}, amount={self.amount!r}, creditor={self.creditor!r})"

    def __reduce__(self) -> tuple[type["Debt"], tuple[int, int, int | None]]:
        return Debt, self.fields()


@dataclass
class Auction:
    """An auction of a deed (`square`) or, in a building shortage, of one house or hotel."""

    square: int
    bidders: list[int]
    turn: int = 0
    high: int = 0
    leader: int = -1
    item: str = "deed"  # "deed", "house" or "hotel"
    #: The phase a building auction returns to (the builder's, before or after the throw).
    back: str = POST


#: Phases in which the player whose turn it is decides.
_MOVER_PHASES: Final = frozenset((START, POST, BUY, TAX))


def rolled_dice(rng: random.Random) -> Dice:
    """Two fair dice from rng: the numbers rng.randint(1, 6) gives (three random bits, drawn
    again while they make 6 or 7), without its checks of the arguments, as every throw
    calls it."""
    bits = rng.getrandbits

    def throw() -> tuple[int, int]:
        first = bits(3)
        while first > 5:
            first = bits(3)
        second = bits(3)
        while second > 5:
            second = bits(3)
        return first + 1, second + 1

    return throw


#: The game's own data: what a state carried to another process takes along (__reduce__).
#: The rest is the dice, made anew from rng, and the tables and caches, whose names start
#: with an underscore (_init_tables).
GAME_DATA: Final = (
    *STATE_FIELDS,
    *("deck", "rules", "hotel_at", "cash", "pos", "alive", "caged", "cage_tries", "held"),
    *("owner", "level", "mortgaged", "bank_houses", "bank_hotels", "piles", "card_total"),
    *("ledger", "stats", "bust_order", "capped", "phase", "debts", "auction", "bank_sales"),
    *("transfer", "offer", "offered", "placing", "ending", "pending_buy", "resume", "again"),
    *("doubles", "cage_throw", "last_throw", "player"),
)


class SlidersState(InvariantsMixin, TradesMixin, EffectsMixin):
    """A game in progress (module docstring), a GameState[SlidersAction]. A compiled class
    when the wheel is built (setup.py): the mixins are traits, and a trait lists the fields
    it uses. A compiled class cannot derive from the plain GameState, so this one has its
    members itself: the fields GameState.__init__ sets, and the defaults it keeps."""

    def __init__(self, deck: Deck, num_players: int, rng: random.Random, rules: Rules, dice: Dice | None = None):
        self.num_players, self.rng = num_players, rng
        self.turns = self.first_player = 0
        self.fired: Counter[str] = Counter()
        self.peak_in_play: Counter[str] = Counter()
        self.deck, self.rules = deck, rules
        self.dice: Dice = dice or rolled_dice(rng)
        self.hotel_at = 3 if rules.short else 4
        n_squares = len(deck.squares)
        start_cash = deck.start_cash if rules.starting_money is None else rules.starting_money
        self.cash = [start_cash] * num_players
        self.pos = [deck.go] * num_players
        self.alive = [True] * num_players
        self.caged = [False] * num_players
        self.cage_tries = [0] * num_players
        self.held: list[list[Card]] = [[] for _ in range(num_players)]
        self.owner = [-1] * n_squares
        self.level = [0] * n_squares
        self.mortgaged = [False] * n_squares
        self.bank_houses, self.bank_hotels = deck.houses, deck.hotels
        self.piles = {name: deque(rng.sample(cards, len(cards))) for name, cards in deck.cards.items()}
        self.card_total = sum(map(len, deck.cards.values()))
        self.ledger = start_cash * num_players  # cash the players should hold in all
        self.stats: Stats = Stats(landings=[0] * n_squares)
        self.bust_order: list[int] = []
        self.capped = False
        self.phase = START
        self.debts: deque[Debt] = deque()
        self.auction: Auction | None = None
        self.bank_sales: deque[int] = deque()
        self.transfer: tuple[int, list[int], str] | None = None  # receiver, squares, phase after
        self.offer: tuple[int, Trade, str] | None = None  # proposer, trade, phase after
        self.offered = False  # the player to move proposed a trade since the last throw
        self.placing: tuple[int, str, str] | None = None  # winner of a building auction, item, phase after
        self.ending: SlidersEnding | None = None  # how the game ended, once over
        self.pending_buy = -1
        self.resume = ""  # what follows once debts and auctions are settled
        self.again = False  # the last throw was doubles: the player throws again
        self.doubles = 0
        self.cage_throw = 0
        self.last_throw = 0
        self._init_tables()
        if rules.short or rules.time_limit:
            self._deal_two_deeds()
        self.player = self.first_player = self.opening_roll()

    def _init_tables(self) -> None:
        """The tables worked out from the deck and the caches of what follows from the board:
        none of it is the game's own data, so a state carried to another process leaves it
        behind (__reduce__) and makes it anew."""
        deck = self.deck
        self._interest = {sq: interest(deed.mortgage) for sq, deed in deck.deeds.items()}
        self._lift_costs = {sq: self.lift_cost(sq) for sq in deck.deeds}
        #: The house cost of each street (railroads and utilities take no buildings).
        self._house_costs = {sq: deed.house_cost for sq, deed in deck.deeds.items() if deed.kind == "deed"}
        self._moves_basis = moves_basis(deck, self.hotel_at)
        self._init_caches()
        self._init_invariants()

    def _init_caches(self) -> None:
        """The caches of the moves, empty but for the group moves the deck's games share:
        each is filled as the moves are looked at."""
        self._legal: list[SlidersAction] | None = None
        #: By seat, what follows from the deeds' owners, kept until give() changes an owner
        #: that matters to the seat: "holdings" (property.py), "lacked" and "menu" (trades.py).
        self._by_owner: list[dict[str, Any]] = [{} for _ in range(self.num_players)]
        #: A group's property moves by a whole number made of the owner's deeds in it, its
        #: buildings, its mortgages and the Bank's stock as the moves look at it: see
        #: PropertyMixin._priced_moves. Shared with the other games of the deck.
        self._group_moves: GroupMoves = SHARED_MOVES.moves_for(self._moves_basis)
        #: By seat, the changes so far to its deeds' owners, buildings and mortgages, and
        #: the count and the Bank's stock when its moves were last found, with them
        #: (PropertyMixin.manage_actions).
        self._property_changes = [0] * self.num_players
        self._moves_seen: list[SeenMoves | None] = [None] * self.num_players

    def drop_caches(self) -> None:
        """Empty the caches of the moves, the group moves shared with the deck's other games
        aside: they hold about 100 KB by the end of a game, which a run of thousands of games
        kept for its report would otherwise keep with every game."""
        self._init_caches()

    def __reduce__(self) -> tuple[Callable[[dict[str, Any]], "SlidersState"], tuple[dict[str, Any]]]:
        """Pickled as its game data (GAME_DATA). The compiled class cannot be made without
        running __init__, so unpickling makes a game of the same deck and players and puts
        the data into it (restored_state)."""
        return restored_state, ({name: getattr(self, name) for name in GAME_DATA},)

    def _take(self, data: dict[str, Any]) -> None:
        """Take on another game's data: its dice come from its rng, its tables are made anew."""
        for name, value in data.items():
            setattr(self, name, value)
        self.dice = rolled_dice(self.rng)
        self._init_tables()

    # ---- setup ------------------------------------------------------------------------------

    def _deal_two_deeds(self) -> None:
        """Short and time-limit games: each player is dealt two deeds and pays their price."""
        pack = self.rng.sample(sorted(self.deck.deeds), len(self.deck.deeds))
        for seat in range(self.num_players * 2):
            if not pack:
                break
            square, player = pack.pop(), seat % self.num_players
            self.give(square, player)
            self._to_bank(player, self.deck.deeds[square].price)

    def opening_roll(self) -> int:
        """Everyone throws; the highest total starts, ties throwing again among themselves."""
        contenders = list(range(self.num_players))
        while len(contenders) > 1:
            totals = {seat: sum(self.dice()) for seat in contenders}
            best = max(totals.values())
            contenders = [seat for seat in contenders if totals[seat] == best]
        return contenders[0]

    # ---- the protocol -----------------------------------------------------------------------

    def current_player(self) -> int:
        if self.phase in _MOVER_PHASES:
            return self.player
        if self.phase == DEBT:
            return self.debts[0].debtor
        # Each phase below has its field set (the field is None in the other phases).
        if self.phase == AUCTION:
            auction = self.auction
            assert auction is not None
            return auction.bidders[auction.turn]
        if self.phase == TRANSFER:
            transfer = self.transfer
            assert transfer is not None
            return transfer[0]
        if self.phase == OFFER:
            offer = self.offer
            assert offer is not None
            return offer[1].partner
        if self.phase == PLACE:
            placing = self.placing
            assert placing is not None
            return placing[0]
        return self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def ended_by_rules(self) -> bool:
        return True

    def note_in_play(self, component: str, count: int) -> None:
        if count > self.peak_in_play[component]:
            self.peak_in_play[component] = count

    def end_reason(self) -> SlidersEnding:
        """How the game ended; ValueError while it goes on."""
        if self.ending is None:
            raise ValueError("the game goes on: it has not ended")
        return self.ending

    def returns(self) -> list[float]:
        """Survivors score their worth (short-game valuation); the bankrupt score below zero,
        the earliest lowest."""
        scores: list[float] = [float(self.valuation(p)) for p in range(self.num_players)]
        for order, seat in enumerate(self.bust_order):
            scores[seat] = float(order - self.num_players)
        return scores

    def invariant_violations(self) -> list[str]:
        """The quick test, then the full check only when it fails (invariants.py)."""
        return [] if self._sound() else self._violations()

    def legal_actions(self) -> list[SlidersAction]:
        if self._legal is None:
            self._legal = self._actions()
        return self._legal

    def _actions(self) -> list[SlidersAction]:
        phase, p = self.phase, self.current_player()
        if phase == START:
            actions: list[SlidersAction] = ["roll"]
            if self.caged[p]:
                if self.cage_tries[p] < CAGE_TRIES - 1 and self.cash[p] >= FINE:
                    actions.append("fine")
                if self.held[p]:
                    actions.append("card")
            return actions + self.manage_actions(p) + self.offers(p)
        if phase == POST:
            return ["end", *self.manage_actions(p), *self.offers(p)]
        if phase == BUY:
            deed = self.deck.deeds[self.pending_buy]
            return ["buy", "decline"] if self.cash[p] >= deed.price else ["decline"]
        if phase == AUCTION:
            assert self.auction is not None
            high, cash = self.auction.high, self.cash[p]
            bids: list[SlidersAction] = [("bid", high + step) for step in BID_STEPS if high + step <= cash]
            return bids + ["pass"]
        if phase == TAX:
            return ["flat", "percent"]
        if phase == DEBT:
            debt = self.debts[0]
            if self.cash[p] + self.raisable(p) < debt.amount:
                return ["bankrupt"]
            return self.raise_actions(p)
        if phase == TRANSFER:
            assert self.transfer is not None
            creditor, squares, _ = self.transfer
            lifts: list[SlidersAction] = [
                ("lift_now", sq)
                for sq in squares
                if self.mortgaged[sq] and self.cash[creditor] >= self.deck.deeds[sq].mortgage
            ]
            return [*lifts, "keep"]
        if phase == OFFER:
            return ["accept", "refuse"]
        if phase == PLACE:
            assert self.placing is not None
            return [("place", sq) for sq in self.places(p, self.placing[1])]
        return []

    def apply(self, action: SlidersAction) -> None:
        if not self._is_legal(action):
            raise ValueError(f"illegal action {action!r} in phase {self.phase}")
        self._legal = None
        p = self.current_player()
        if type(action) is str:
            _HANDLERS[action](self, p)
        else:
            _HANDLERS[action[0]](self, p, action[1])  # every other action is (kind, argument)
        self._settle()

    def _is_legal(self, action: SlidersAction) -> bool:
        """Whether action is among legal_actions(). A policy hands back one of the list's
        own actions, found by identity before any is compared by value (a string with a
        tuple compares slowly)."""
        legal = self.legal_actions()
        for candidate in legal:
            if candidate is action:
                return True
        return action in legal

    # ---- actions ----------------------------------------------------------------------------

    def _do_build(self, p: int, sq: int) -> None:
        item = "hotel" if self.level[sq] == self.hotel_at else "house"
        stock = self.bank_hotels if item == "hotel" else self.bank_houses
        wanting = []
        if stock < sum(self.alive):  # else the Bank has enough for everyone
            seats = [(p + k) % self.num_players for k in range(self.num_players)]
            wanting = [q for q in seats if self.alive[q] and self.cash[q] > 0 and self.places(q, item)]
        if len(wanting) > 1 and stock < len(wanting):
            self.auction = Auction(-1, wanting, item=item, back=self.phase)
            self.fired["rule: building auction"] += 1
            return
        self._put(sq, item)
        self._to_bank(p, self.deck.deeds[sq].house_cost)

    def _do_place(self, p: int, sq: int) -> None:
        """The winner of a building auction puts it up; the bid was its price."""
        placing = self.placing
        assert placing is not None
        self._put(sq, placing[1])
        self.placing, self.phase = None, placing[2]

    def _put(self, sq: int, item: str) -> None:
        if item == "hotel":
            self.bank_hotels -= 1
            self.bank_houses += self.hotel_at
            self.level[sq] = HOTEL
            self.fired["rule: hotel built"] += 1
        else:
            self.bank_houses -= 1
            self.level[sq] += 1
            self.fired["rule: house built"] += 1
        self._count_change(sq)
        self._note_buildings()

    def _note_buildings(self) -> None:
        self.note_in_play("houses", self.deck.houses - self.bank_houses)
        self.note_in_play("hotels", self.deck.hotels - self.bank_hotels)

    def _do_sell(self, p: int, sq: int) -> None:
        if self.level[sq] == HOTEL:
            self.bank_hotels += 1
            self.bank_houses -= self.hotel_at
            self.level[sq] = self.hotel_at
            self._note_buildings()
        else:
            self.bank_houses += 1
            self.level[sq] -= 1
        self._count_change(sq)
        self._from_bank(p, self.deck.deeds[sq].house_cost // 2)

    def _do_sell_all(self, p: int, group: str) -> None:
        for sq in self.deck.groups[group]:
            self._from_bank(p, self.building_value(sq) // 2)
            self._clear_buildings(sq)

    def _clear_buildings(self, sq: int) -> None:
        if self.level[sq] == HOTEL:
            self.bank_hotels += 1
        else:
            self.bank_houses += self.level[sq]
        self.level[sq] = 0
        self._count_change(sq)

    def _do_mortgage(self, p: int, sq: int) -> None:
        self.mortgaged[sq] = True
        self._count_change(sq)
        self._from_bank(p, self.deck.deeds[sq].mortgage)

    def _do_lift(self, p: int, sq: int) -> None:
        self._to_bank(p, self.lift_cost(sq))
        self.mortgaged[sq] = False
        self._count_change(sq)

    def _do_lift_now(self, p: int, sq: int) -> None:
        """Lifting at once a mortgage received from a bankrupt: the interest is already paid."""
        self._to_bank(p, self.deck.deeds[sq].mortgage)
        self.mortgaged[sq] = False
        self._count_change(sq)
        assert self.transfer is not None
        self.transfer[1].remove(sq)

    def _do_keep(self, p: int) -> None:
        assert self.transfer is not None
        self.phase, self.transfer = self.transfer[2], None

    def _do_offer(self, p: int, trade: Trade) -> None:
        self.offered = True
        self.offer = (p, trade, self.phase)

    def _do_accept(self, partner: int) -> None:
        """The exchange; a mortgaged deed costs its new owner 10% interest now (TRANSFER)."""
        assert self.offer is not None
        proposer, trade, back = self.offer
        self.offer, self.phase = None, back
        for sq in trade.give:
            self.give(sq, partner)
        for sq in trade.take:
            self.give(sq, proposer)
        if trade.cash >= 0:
            self._move_cash(proposer, partner, trade.cash)
        else:
            self._move_cash(partner, proposer, -trade.cash)
        if trade.card:
            source, target = (partner, proposer) if trade.card > 0 else (proposer, partner)
            self.held[target].append(self.held[source].pop(0))
            self.fired["rule: Get Out card sold"] += 1
        if trade.give or trade.take:
            self.fired["rule: private sale"] += 1
        taken = [sq for sq in trade.take if self.mortgaged[sq]]
        for sq in taken:
            self.owe(proposer, self._interest[sq], None)
        if taken:
            self.transfer = (proposer, taken, back)

    def _do_refuse(self, partner: int) -> None:
        assert self.offer is not None
        self.phase = self.offer[2]
        self.offer = None

    def _do_roll(self, p: int) -> None:
        first, second = self.dice()
        throw, doubles = first + second, first == second
        self.last_throw = throw
        self.offered = False
        if self.caged[p]:
            self._cage_roll(p, throw, doubles)
            return
        self.again = doubles
        if doubles:
            self.doubles += 1
            if self.doubles == DOUBLES_TO_CAGE:
                self.fired["rule: three doubles"] += 1
                self.send_to_cage(p)
                self.resume = "turn"
                self._throw_ended(p)
                return
        self.resume = "turn"
        self.move_by(p, throw)
        self._throw_ended(p)

    def _throw_ended(self, p: int) -> None:
        """Count where a throw left the token, once any card has moved it."""
        self.stats.landings[self.pos[p]] += 1
        if self.caged[p]:
            self.stats.in_cage += 1

    def _cage_roll(self, p: int, throw: int, doubles: bool) -> None:
        self.again = False
        self.resume = "turn"
        if doubles:
            self.fired["rule: doubles out of the Slidecage"] += 1
            self._leave_cage(p)
            self.move_by(p, throw)
            self._throw_ended(p)
            return
        self.cage_tries[p] += 1
        if self.cage_tries[p] == CAGE_TRIES:
            self.fired["rule: third try fine"] += 1
            self.cage_throw = throw
            self.resume = "cage_move"
            self.owe(p, FINE, None)
        else:
            self._throw_ended(p)

    def _leave_cage(self, p: int) -> None:
        self.caged[p] = False
        self.cage_tries[p] = 0

    def _do_fine(self, p: int) -> None:
        self._to_bank(p, FINE)
        self._leave_cage(p)
        self.fired["rule: fine paid"] += 1

    def _do_card(self, p: int) -> None:
        card = self.held[p].pop(0)
        self.piles[card.deck].append(card)
        self._leave_cage(p)
        self.fired["rule: Get Out card used"] += 1

    def _do_end(self, p: int) -> None:
        self.resume = "next"

    def _do_buy(self, p: int) -> None:
        sq, self.pending_buy = self.pending_buy, -1
        self.give(sq, p)
        self._to_bank(p, self.deck.deeds[sq].price)

    def _do_decline(self, p: int) -> None:
        sq, self.pending_buy = self.pending_buy, -1
        self.start_auction(sq, p)

    def start_auction(self, sq: int, first: int) -> None:
        order = [(first + k) % self.num_players for k in range(self.num_players)]
        self.auction = Auction(sq, [seat for seat in order if self.alive[seat]])
        self.fired["rule: auction"] += 1

    def _do_bid(self, p: int, amount: int) -> None:
        auction = self.auction
        assert auction is not None
        auction.high, auction.leader = amount, p
        auction.turn = (auction.turn + 1) % len(auction.bidders)

    def _do_pass(self, p: int) -> None:
        auction = self.auction
        assert auction is not None
        del auction.bidders[auction.turn]
        if auction.bidders:
            auction.turn %= len(auction.bidders)

    def _close_auction(self) -> None:
        auction, self.auction = self.auction, None
        assert auction is not None
        if auction.leader >= 0:
            self._to_bank(auction.leader, auction.high)
            if auction.item == "deed":
                self.give(auction.square, auction.leader)
            else:
                self.placing = (auction.leader, auction.item, auction.back)
        if auction.item != "deed":
            self.phase = auction.back  # the builder's phase, before or after the throw

    def _auction_over(self) -> bool:
        auction = self.auction
        assert auction is not None
        bidders = auction.bidders
        return not bidders or bidders == [auction.leader]

    def _do_flat(self, p: int) -> None:
        self.resume = "turn"
        self.owe(p, self.deck.squares[self.pos[p]].amount, None)

    def _do_percent(self, p: int) -> None:
        self.resume = "turn"
        percent = self.deck.squares[self.pos[p]].percent
        assert percent is not None  # the choice is offered only on a square with a percentage
        self.owe(p, self.worth(p) * percent // 100, None)

    def _do_bankrupt(self, p: int) -> None:
        debt = self.debts.popleft()
        self.fired["rule: bankruptcy"] += 1
        self.stats.bankrupt_turns.append(self.turns)
        self.bust_order.append(p)
        self.alive[p] = False
        final = self.rules.short and len(self.bust_order) == 2
        if debt.creditor is None:
            self._bust_to_bank(p, final)
        else:
            self._bust_to_player(p, debt.creditor, final)
        self.debts = deque(d for d in self.debts if p not in (d.debtor, d.creditor))
        for card in self.held[p]:
            if debt.creditor is None:
                self.piles[card.deck].append(card)
            else:
                self.held[debt.creditor].append(card)
        self.held[p] = []
        if final or sum(self.alive) == 1:
            self.phase = OVER
            self.ending = SlidersEnding.SECOND_BANKRUPTCY if final else SlidersEnding.LAST_PLAYER_LEFT
        elif p == self.player:
            self.pending_buy, self.again, self.resume = -1, False, "next"

    def _bust_to_bank(self, p: int, final: bool) -> None:
        self._to_bank(p, self.cash[p])
        for sq in self.deck.deeds:
            if self.owner[sq] == p:
                self._clear_buildings(sq)
                self.give(sq, -1)
                self.mortgaged[sq] = False  # give() counted the change
                if not final:
                    self.bank_sales.append(sq)

    def _bust_to_player(self, p: int, creditor: int, final: bool) -> None:
        mortgaged = []
        for sq in self.deck.deeds:
            if self.owner[sq] != p:
                continue
            if not final:
                self._from_bank(p, self.building_value(sq) // 2)
                self._clear_buildings(sq)
            self.give(sq, creditor)
            if self.mortgaged[sq]:
                mortgaged.append(sq)
        self._move_cash(p, creditor, self.cash[p])
        if final:
            return
        for sq in mortgaged:
            self.owe(creditor, interest(self.deck.deeds[sq].mortgage), None)
        if mortgaged:
            self.transfer = (creditor, mortgaged, POST)

    # ---- settling what an action left open ----------------------------------------------------

    def _settle(self) -> None:
        """Pay what can be paid, run auctions and resumes until a decision is needed."""
        while self.phase != OVER:
            if self.debts:
                debt = self.debts[0]
                if self.cash[debt.debtor] < debt.amount:
                    self.phase = DEBT
                    return
                self.debts.popleft()
                self._pay(debt)
            elif self.auction is not None:
                if not self._auction_over():
                    self.phase = AUCTION
                    return
                self._close_auction()
            elif self.bank_sales:
                sq = self.bank_sales.popleft()
                self.start_auction(sq, (self.player + 1) % self.num_players)
            elif self.transfer is not None:
                if not self.transfer[1] or not self.alive[self.transfer[0]]:
                    self.phase, self.transfer = self.transfer[2], None
                    continue
                self.phase = TRANSFER
                return
            elif self.offer is not None:
                self.phase = OFFER
                return
            elif self.placing is not None:
                self.phase = PLACE
                return
            elif self.pending_buy >= 0:
                self.phase = BUY
                return
            elif self.phase == TAX and self.resume == "tax":
                return
            elif not self._resume():
                return

    def _resume(self) -> bool:
        """Continue the turn; False when a decision of the player is due."""
        resume, self.resume = self.resume, ""
        p = self.player
        if resume == "cage_move":
            self._leave_cage(p)
            self.resume = "turn"
            self.move_by(p, self.cage_throw)
            self._throw_ended(p)
            return True
        if resume == "turn":
            self.phase = START if self.again and not self.caged[p] else POST
            return False
        if resume == "next":
            self._next_turn()
            return False
        return False

    def _next_turn(self) -> None:
        self.turns += 1
        if self.rules.time_limit and self.turns >= self.rules.time_limit:
            self.phase, self.ending = OVER, SlidersEnding.TIME_LIMIT
            return
        if self.rules.max_turns and self.turns >= self.rules.max_turns:
            self.capped = True
            self.phase, self.ending = OVER, SlidersEnding.TURN_CAP
            return
        self.player = (self.player + 1) % self.num_players
        while not self.alive[self.player]:
            self.player = (self.player + 1) % self.num_players
        self.again, self.doubles, self.phase = False, 0, START
        self.offered = False

    # ---- money ------------------------------------------------------------------------------

    def owe(self, debtor: int, amount: int, creditor: int | None) -> None:
        if amount > 0:
            self.debts.append(Debt(debtor, amount, creditor))

    def _pay(self, debt: Debt) -> None:
        if debt.creditor is None:
            self._to_bank(debt.debtor, debt.amount)
        else:
            self._move_cash(debt.debtor, debt.creditor, debt.amount)

    def _to_bank(self, p: int, amount: int) -> None:
        self.cash[p] -= amount
        self.ledger -= amount

    def _from_bank(self, p: int, amount: int) -> None:
        self.cash[p] += amount
        self.ledger += amount

    def _move_cash(self, source: int, target: int, amount: int) -> None:
        self.cash[source] -= amount
        self.cash[target] += amount


def restored_state(data: dict[str, Any]) -> SlidersState:
    """A pickled state (SlidersState.__reduce__): a game of the same deck and players, dealt
    with a throwaway rng, given the pickled game's data."""
    state = SlidersState(data["deck"], data["num_players"], random.Random(0), data["rules"])
    state._take(data)
    return state


#: The action handlers by kind: "roll" -> SlidersState._do_roll, ...
_HANDLERS: Final[dict[str, Callable[..., None]]] = {
    name.removeprefix("_do_"): handler for name, handler in vars(SlidersState).items() if name.startswith("_do_")
}
