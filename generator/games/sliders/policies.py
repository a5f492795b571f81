"""Policies for Sliders: uniform random, and a heuristic that plays like a sensible beginner.

The heuristic buys what it can afford above a cash reserve, bids in auctions up to the
printed price, builds on completed groups while keeping the reserve, offers up to twice
the price for the deed that completes a group (and sells one for 1.5 times), lifts
mortgages when rich, leaves the Slidecage by card, or by the fine while most deeds are
unsold, and raises cash by mortgaging loose deeds before selling buildings; it declares
bankruptcy only when that is the one legal action.
"""

import random

from generator.games.base import Action, random_policy
from generator.games.sliders.rules import AUCTION, BUY, DEBT, OFFER, PLACE, START, TAX, TRANSFER
from generator.games.sliders.state import SlidersState

RESERVE = 150
BUY_RESERVE = 50
#: An owner sells the deed that completes another's group for this much times its price.
ACCEPT_MARKUP = 1.5


def heuristic_policy(state: SlidersState, rng: random.Random) -> Action:
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    p = state.current_player()
    phase = state.phase
    if phase == BUY:
        price = state.deck.deeds[state.pending_buy].price
        return "buy" if state.cash[p] - price >= BUY_RESERVE else "decline"
    if phase == AUCTION:
        return _bid(state, p, actions)
    if phase == TAX:
        square = state.deck.squares[state.pos[p]]
        return "percent" if state.worth(p) * square.percent // 100 < square.amount else "flat"
    if phase == DEBT:
        return _raise_cash(state, actions)
    if phase == OFFER:
        _, sq, amount, _ = state.offer
        return "accept" if amount >= ACCEPT_MARKUP * state.deck.deeds[sq].price else "refuse"
    if phase == PLACE:
        return actions[0]
    if phase == TRANSFER:
        return next((a for a in actions if a != "keep" and _affordable(state, p, a)), "keep")
    return _manage(state, p, actions, "roll" if phase == START else "end")


def _bid(state: SlidersState, p: int, actions: list) -> Action:
    auction = state.auction
    if auction.item == "deed":
        value = state.deck.deeds[auction.square].price
    else:  # a house or hotel in a shortage: worth up to twice its cost
        value = 2 * max(state.deck.deeds[sq].house_cost for sq in state.places(p, auction.item))
    limit = min(value, state.cash[p] - RESERVE)
    bids = [a for a in actions if a != "pass" and a[1] <= limit]
    return max(bids, key=lambda a: a[1]) if bids else "pass"


def _raise_cash(state: SlidersState, actions: list) -> Action:
    """Mortgage deeds outside completed groups first, then sell buildings, then the rest."""

    def cost(action: Action) -> tuple[int, int]:
        kind, target = action
        if kind == "mortgage":
            deed = state.deck.deeds[target]
            complete = state.owns_group(state.owner[target], deed.group)
            return (2 if complete else 0, deed.price)
        return (1 if kind == "sell" else 3, 0)

    return min(actions, key=cost)


def _affordable(state: SlidersState, p: int, action: Action) -> bool:
    kind, sq = action
    deed = state.deck.deeds[sq]
    price = deed.house_cost if kind == "build" else state.lift_cost(sq)
    if kind == "lift_now":
        price = deed.mortgage
    return state.cash[p] - price >= RESERVE * (1 if kind == "build" else 2)


def _manage(state: SlidersState, p: int, actions: list, default: str) -> Action:
    if state.caged[p] and default == "roll":
        if "card" in actions:
            return "card"
        unowned = state.owner.count(-1) - (len(state.deck.squares) - len(state.deck.deeds))
        if "fine" in actions and unowned > len(state.deck.deeds) // 2:
            return "fine"
    for action in actions:
        if not isinstance(action, tuple) or action[0] not in ("build", "lift"):
            continue
        if _affordable(state, p, action):
            return action
    offers = [a for a in actions if isinstance(a, tuple) and a[0] == "offer" and state.cash[p] - a[2] >= RESERVE]
    return max(offers, key=lambda a: a[2]) if offers else default


def policies() -> dict:
    return {"random": random_policy, "heuristic": heuristic_policy}
