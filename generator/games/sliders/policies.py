"""Policies for Sliders: uniform random, and a heuristic that plays like a sensible beginner.

The heuristic buys what it can afford above a cash reserve, bids in auctions up to the
printed price, builds on completed groups while keeping the reserve (before or after its
throw), offers up to twice the price for the deed that completes a group, or a swap that
completes both players' groups, and accepts 1.5 times the price or a completing swap;
lifts mortgages when rich, leaves the Slidecage by card (bought for $25 from another
player if it can), or by the fine while most deeds are unsold, mortgaging for the fine if
short; raises cash by mortgaging loose deeds before selling buildings; and declares
bankruptcy only when that is the one legal action. At the Sliding Tax it chooses without
adding up its worth, as the rules require: 10% while it holds no more than two deeds and no
buildings (its worth is then near the $1500 it started with), else the flat amount.
"""

import random
from typing import Final

from generator.games.base import Policy, random_policy
from generator.games.sliders.rules import AUCTION, BUY, CAGE_TRIES, DEBT, OFFER, PLACE, POST, START, TAX, TRANSFER
from generator.games.sliders.state import NumberAction, SlidersAction, SlidersState
from generator.games.sliders.trades import Trade

RESERVE: Final = 150
BUY_RESERVE: Final = 50
#: An owner sells the deed that completes another's group for this much times its price.
ACCEPT_MARKUP: Final = 1.5


def heuristic_policy(state: SlidersState, rng: random.Random) -> SlidersAction:
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    p = state.current_player()
    phase = state.phase
    if phase == START or phase == POST:  # the most frequent decisions first
        return _manage(state, p, actions, "roll" if phase == START else "end")
    if phase == BUY:
        price = state.deck.deeds[state.pending_buy].price
        return "buy" if state.cash[p] - price >= BUY_RESERVE else "decline"
    if phase == AUCTION:
        return _bid(state, p, actions)
    if phase == TAX:
        return _tax_choice(state, p)
    if phase == DEBT:
        return _raise_cash(state, actions)
    if phase == OFFER:
        assert state.offer is not None  # an offer is being answered
        return "accept" if _welcome(state, p, state.offer[1]) else "refuse"
    if phase == PLACE:
        return actions[0]
    if phase == TRANSFER:
        # Lifting a mortgage now, ("lift_now", sq), or "keep".
        return next(
            (a for a in actions if isinstance(a, tuple) and a[0] == "lift_now" and _affordable(state, p, a)), "keep"
        )
    return _manage(state, p, actions, "end")


#: Deeds held up to which the Sliding Tax's 10% is chosen (no buildings either).
FEW_DEEDS: Final = 2


def _tax_choice(state: SlidersState, p: int) -> SlidersAction:
    """The rules forbid adding up one's worth before choosing: judge by what lies in front
    of the player (how many deeds, any buildings), never by a sum."""
    mine = [sq for sq in state.deck.deeds if state.owner[sq] == p]
    if len(mine) <= FEW_DEEDS and not any(state.level[sq] for sq in mine):
        return "percent"
    return "flat"


def _completes(state: SlidersState, seat: int, sq: int) -> bool:
    """Whether receiving deed `sq` would give `seat` its whole group."""
    return all(state.owner[s] == seat for s in state.deck.groups[state.deck.deeds[sq].group] if s != sq)


def _welcome(state: SlidersState, p: int, trade: Trade) -> bool:
    """The partner's answer: a deed for 1.5 times its price, a swap that completes its group,
    a deed that completes its group while keeping the reserve, or a Get Out card."""
    received = trade.cash  # what the partner receives in cash (negative: pays)
    if trade.card > 0:
        return True
    if trade.card < 0:
        return not state.held[p] and state.cash[p] + received >= RESERVE
    if trade.give and trade.take:
        return _completes(state, p, trade.give[0]) and state.cash[p] + received >= RESERVE
    if trade.take:
        return received >= ACCEPT_MARKUP * state.deck.deeds[trade.take[0]].price
    return _completes(state, p, trade.give[0]) and state.cash[p] + received >= RESERVE


def _proposal(state: SlidersState, p: int, trades: list[Trade]) -> SlidersAction | None:
    """Buy a Get Out card when in the Slidecage, or sell a spare one for $50 to a player who
    is; else the best swap, else the highest offer for a missing deed that keeps the reserve.
    Never a sale of its own deeds."""
    if not trades:
        return None
    cash = state.cash[p]
    affordable = [t for t in trades if cash - max(t.cash, 0) >= RESERVE]
    cards = [t for t in affordable if t.card > 0]
    if cards and not state.held[p]:
        return ("offer", min(cards, key=lambda t: t.cash))
    sales = [t for t in trades if t.card < 0]
    if sales and not state.caged[p]:
        return ("offer", min(sales, key=lambda t: t.cash))
    swaps = [t for t in affordable if t.give and t.take]
    if swaps:
        return ("offer", max(swaps, key=lambda t: state.deck.deeds[t.take[0]].price))
    buys = [t for t in affordable if t.take and not t.give]
    return ("offer", max(buys, key=lambda t: t.cash)) if buys else None


def _bid(state: SlidersState, p: int, actions: list[SlidersAction]) -> SlidersAction:
    auction = state.auction
    assert auction is not None  # the auction phase has one
    if auction.item == "deed":
        value = state.deck.deeds[auction.square].price
    else:  # a house or hotel in a shortage: worth up to twice its cost
        value = 2 * max(state.deck.deeds[sq].house_cost for sq in state.places(p, auction.item))
    limit = min(value, state.cash[p] - RESERVE)
    # The actions are ("bid", amount) and "pass".
    bids: list[NumberAction] = [a for a in actions if isinstance(a, tuple) and a[0] == "bid" and a[1] <= limit]
    return max(bids, key=lambda a: a[1]) if bids else "pass"


def _raise_cash(state: SlidersState, actions: list[SlidersAction]) -> SlidersAction:
    """Mortgage deeds outside completed groups first, then sell buildings, then the rest."""

    def cost(action: SlidersAction) -> tuple[int, int]:
        # ("mortgage", sq), ("sell", sq) or ("sell_all", group): raise_actions() gives no plain words.
        if isinstance(action, tuple) and action[0] == "mortgage":
            target = action[1]
            return (2 if _in_whole_group(state, target) else 0, state.deck.deeds[target].price)
        return (1 if action[0] == "sell" else 3, 0)

    return min(actions, key=cost)


def _in_whole_group(state: SlidersState, sq: int) -> bool:
    return state.owns_group(state.owner[sq], state.deck.deeds[sq].group)


def _affordable(state: SlidersState, p: int, action: NumberAction) -> bool:
    kind, sq = action
    deed = state.deck.deeds[sq]
    price = deed.house_cost if kind == "build" else state.lift_cost(sq)
    if kind == "lift_now":
        price = deed.mortgage
    return state.cash[p] - price >= RESERVE * (1 if kind == "build" else 2)


def _manage(state: SlidersState, p: int, actions: list[SlidersAction], default: str) -> SlidersAction:
    if state.caged[p] and default == "roll":
        if "card" in actions:
            return "card"
        unowned = state.owner.count(-1) - (len(state.deck.squares) - len(state.deck.deeds))
        if unowned > len(state.deck.deeds) // 2:
            if "fine" in actions:
                return "fine"
            if state.cage_tries[p] < CAGE_TRIES - 1:  # mortgage a loose deed for the fine
                loose = [a for a in actions if isinstance(a, tuple) and a[0] == "mortgage"]
                loose = [a for a in loose if not _in_whole_group(state, a[1])]
                if loose:
                    return loose[0]
    # The first build or lift that keeps the reserve (_affordable, with the costs looked up
    # once: this loop runs for nearly every decision), else a trade.
    trades = []
    cash, deeds, lift_costs = state.cash[p], state.deck.deeds, state._lift_costs
    for action in actions:
        if type(action) is tuple:
            if action[0] == "offer":
                trades.append(action[1])
            elif action[0] == "build":
                if cash - deeds[action[1]].house_cost >= RESERVE:
                    return action
            elif action[0] == "lift" and cash - lift_costs[action[1]] >= 2 * RESERVE:
                return action
    return _proposal(state, p, trades) or default


def policies() -> dict[str, Policy[SlidersState]]:
    return {"random": random_policy, "heuristic": heuristic_policy}
