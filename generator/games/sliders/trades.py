"""Trades between players: deeds, money and Get Out cards, proposed by the player to move.

The rules let unimproved deeds be sold "to any player as a private transaction for any
amount" (never from a colour group with buildings), a mortgaged deed with 10% interest
due from its new owner, and a Get Out card "at any time, to another player at a price
agreeable to both"; no player may lend money. Any amount and any bundle would make the
choices endless, so the player to move may propose, once between two throws, one trade
of a small menu, which the other player accepts or refuses:

    buy      the one deed of a group the proposer lacks, at 1, 1.5 or 2 times its price
    sell     the one deed of a group another player lacks, at 1.5 or 2 times its price
    swap     a deed another player lacks for the one the proposer lacks in another group,
             the difference in printed prices paid in cash
    card     a Get Out card, for $25 or $50, between a player in the Slidecage and its holder

Every deed in the menu comes from a split group, which cannot have buildings, so the ban
on selling from a built group holds by construction (and the invariants check it). Deeds
handed over by the proposer are unmortgaged; a mortgaged deed the proposer receives costs
the 10% interest at once, and may be lifted then at the bare mortgage (TRANSFER).

The menu is mixed into SlidersState (a trait, as the property moves it builds on), which
keeps the menus worked out in its per-seat caches (_by_owner) and plays an accepted trade
itself.
"""

from typing import Final

from mypy_extensions import trait

from generator.games.sliders.deck import Card
from generator.games.sliders.property import PropertyMixin

#: A deed bought from its owner costs this many times its printed price.
BUY_PRICES: Final = (1.0, 1.5, 2.0)
#: A deed sold to the player who lacks it.
SELL_PRICES: Final = (1.5, 2.0)
#: A Get Out card changes hands for one of these (the fine it saves is $50).
CARD_PRICES: Final = (25, 50)


class Trade:
    """A proposal of the player to move to `partner`: a value, equal to another of the same
    fields. Written out rather than a frozen dataclass, whose generated __init__ and __eq__
    the compiled engine (setup.py) would run as plain Python: menus of trades are made
    anew whenever a deed changes hands, and one took 0.9 µs to make. Its fields are Final:
    mypy refuses a change to one, and so does the compiled class when the code runs."""

    def __init__(
        self, partner: int, give: tuple[int, ...] = (), take: tuple[int, ...] = (), cash: int = 0, card: int = 0
    ) -> None:
        self.partner: Final = partner
        #: Deeds (squares) the proposer hands over.
        self.give: Final = give
        #: Deeds the proposer receives.
        self.take: Final = take
        #: Dollars the proposer pays the partner (negative: receives).
        self.cash: Final = cash
        #: Get Out cards: 1 the proposer receives one from the partner, -1 hands one over.
        self.card: Final = card

    def fields(self) -> tuple[int, tuple[int, ...], tuple[int, ...], int, int]:
        return self.partner, self.give, self.take, self.cash, self.card

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trade) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return (
            f"Trade(partner={self.partner!r}, give={self.give!r}, take={self.take!r}, "
            f"cash={self.cash!r}, card={self.card!r})"
        )

    def __reduce__(self) -> tuple[type["Trade"], tuple]:
        return Trade, self.fields()


#: A deed trade of the menu, cash and mortgages aside: the offer action, the partner, the
#: deed given or -1, the deed taken or -1, the cash the proposer pays and the cash the
#: partner pays.
MenuEntry = tuple[tuple, int, int, int, int, int]


@trait
class TradesMixin(PropertyMixin):
    # The SlidersState fields the menu reads besides the property ones.
    num_players: int
    alive: list[bool]
    caged: list[bool]
    held: list[list[Card]]
    offered: bool
    _interest: dict[int, int]

    def offers(self, p: int) -> list:
        """The proposals p may make now: ("offer", Trade) actions, none once p has proposed
        since the last throw."""
        if self.offered:
            return []
        found = self._deed_offers(p)
        if any(self.held) and any(self.caged):  # a card changes hands only with a caged player
            found += [("offer", trade) for trade in self._card_trades(p)]
        return found

    def _lacked(self, p: int) -> list[tuple[int, int]]:
        """(square, its owner) for each group where p holds all deeds but one, which another
        player owns."""
        found = self._by_owner[p].get("lacked")
        if found is None:
            owner = self.owner
            found = []
            for _, members, mine in self.holdings(p):
                if len(mine) == len(members) - 1:
                    sq = next(sq for sq in members if owner[sq] != p)
                    if owner[sq] >= 0:
                        found.append((sq, owner[sq]))
            self._by_owner[p]["lacked"] = found
        return found

    def _deed_offers(self, p: int) -> list:
        """The menu's deed trades that both sides can pay for now, as actions."""
        menu = self._deed_menu(p)
        if not menu:
            return []
        cash, mortgaged, dues = self.cash, self.mortgaged, self._interest
        cash_p = cash[p]
        return [
            action
            for action, q, given, taken, pays, gets in menu
            if (given < 0 or not mortgaged[given])
            and cash_p >= pays + (dues[taken] if taken >= 0 and mortgaged[taken] else 0)
            and cash[q] >= gets
        ]

    def _deed_menu(self, p: int) -> list[MenuEntry]:
        """Every deed trade of the menu for p, cash and mortgages aside (MenuEntry): it
        follows from the owners alone, so it is kept until an owner changes."""
        menu = self._by_owner[p].get("menu")
        if menu is None:
            menu = self._by_owner[p]["menu"] = [
                (("offer", t), t.partner, *(t.give or (-1,)), *(t.take or (-1,)), max(t.cash, 0), max(-t.cash, 0))
                for t in self._deed_trades(p)
            ]
        return menu

    def _deed_trades(self, p: int) -> list[Trade]:
        """Every deed trade of the menu for p."""
        deeds, menu = self.deck.deeds, []
        wanted = self._lacked(p)
        for sq, q in wanted:
            menu += [Trade(q, take=(sq,), cash=int(deeds[sq].price * k)) for k in BUY_PRICES]
        for q in range(self.num_players):
            if q == p or not self.alive[q]:
                continue
            for given, holder in self._lacked(q):
                if holder != p:
                    continue
                menu += [Trade(q, give=(given,), cash=-int(deeds[given].price * k)) for k in SELL_PRICES]
                for taken, other in wanted:
                    if other == q and deeds[taken].group != deeds[given].group:
                        difference = deeds[taken].price - deeds[given].price
                        menu.append(Trade(q, give=(given,), take=(taken,), cash=difference))
        return menu

    def _card_trades(self, p: int) -> list[Trade]:
        cash, held, caged = self.cash, self.held, self.caged
        trades = []
        for q in range(self.num_players):
            if q == p or not self.alive[q]:
                continue
            if held[p] and caged[q]:
                trades += [Trade(q, card=-1, cash=-price) for price in CARD_PRICES if cash[q] >= price]
            if held[q] and caged[p]:
                trades += [Trade(q, card=1, cash=price) for price in CARD_PRICES if cash[p] >= price]
        return trades
