"""Property: what a player may build, sell, mortgage or lift, rents and worth.

Mixed into SlidersState, whose fields (owner, level, mortgaged, cash, the Bank's stock)
it reads; the actions that change them live in the state.
"""

from collections.abc import Callable
from typing import Any, Final

from mypy_extensions import trait

from generator.games.sliders.deck import Deck
from generator.games.sliders.rules import HOTEL, interest

#: A seat's property moves with their costs, every move, and the dearest cost.
Moves = tuple[list[tuple[tuple, int]], list, int]
#: A seat's moves as last found (PropertyMixin.manage_actions): the count of changes to its
#: deeds then, the Bank's stock as the moves look at it, and the moves.
SeenMoves = tuple[int, tuple[int, int], Moves]
#: A group's property moves with their costs, by the whole number PropertyMixin._priced_moves
#: makes of what they follow from.
GroupMoves = dict[int, list[tuple[tuple, int]]]

#: The group moves kept at most: a run of 1000 heuristic games meets 2,800 (100 random ones,
#: 700), so the bound is only there for a run with no end.
GROUP_MOVES_KEPT: Final = 1 << 16


#: What the moves of a group read besides the state (moves_basis).
MovesBasis = tuple[int, tuple[tuple[str, tuple[int, ...], tuple[tuple[str, int, int], ...]], ...]]


def moves_basis(deck: Deck, hotel_at: int) -> MovesBasis:
    """What a group's moves follow from besides the position the key of its moves holds: the
    hotel rule (`hotel_at`), and each group's name, squares, and its deeds' kinds, house
    costs and mortgages. Read from the deck's content, so a deck changed in place has moves
    of its own; a game reads those of its deck when it starts, as its basis (the tables of
    SlidersState._init_tables), so a deck changed while it is played never changes the moves
    kept for its basis."""
    deeds = deck.deeds
    return hotel_at, tuple(
        (group, members, tuple([(deeds[sq].kind, deeds[sq].house_cost, deeds[sq].mortgage) for sq in members]))
        for group, members in deck.groups.items()
    )


class SharedMoves:
    """The group moves of the games played on one basis (moves_basis: one deck under one
    hotel rule). A game alone meets each position of a group anew (120 in a heuristic game);
    the games of a run meet the same few again and again. Only the last basis's moves are
    kept: a run plays one deck."""

    def __init__(self) -> None:
        #: The basis and its moves, in one attribute: a thread reads or sets both at once.
        self.kept: tuple[MovesBasis | None, GroupMoves] = (None, {})

    def moves_for(self, basis: MovesBasis) -> GroupMoves:
        """The moves found so far on `basis`, started afresh for another, or once
        GROUP_MOVES_KEPT are kept."""
        kept_basis, moves = self.kept
        if basis != kept_basis or len(moves) >= GROUP_MOVES_KEPT:
            moves = {}
            self.kept = (basis, moves)
        return moves


SHARED_MOVES: Final = SharedMoves()


@trait
class PropertyMixin:
    # The SlidersState fields this mixin reads.
    deck: Deck
    owner: list[int]
    level: list[int]
    mortgaged: list[bool]
    cash: list[int]
    bank_houses: int
    bank_hotels: int
    hotel_at: int
    last_throw: int
    dice: Callable[[], tuple[int, int]]
    _by_owner: list[dict[str, Any]]
    _lift_costs: dict[int, int]
    _house_costs: dict[int, int]
    _group_moves: GroupMoves
    _property_changes: list[int]
    _moves_seen: list[SeenMoves | None]

    def owns_group(self, player: int, group: str) -> bool:
        return all(self.owner[sq] == player for sq in self.deck.groups[group])

    def give(self, sq: int, p: int) -> None:
        """Change a deed's owner (-1: the Bank)."""
        group = self.deck.groups[self.deck.deeds[sq].group]
        # The seats holding deeds in the group, before or after: only their holdings, lacks,
        # moves and trade menus change (a menu names other seats only through this group).
        touched = {self.owner[s] for s in group} | {p}
        self.owner[sq] = p
        for seat in touched - {-1}:
            self._by_owner[seat].clear()
            self._property_changes[seat] += 1

    def _count_change(self, sq: int) -> None:
        """Count a change to the buildings or the mortgage on sq, for its owner's moves."""
        if self.owner[sq] >= 0:
            self._property_changes[self.owner[sq]] += 1

    def holdings(self, p: int) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
        """The groups p holds deeds in: (group, its squares, p's squares), cached by owner."""
        found = self._by_owner[p].get("holdings")
        if found is None:
            owner = self.owner
            found = []
            for group, members in self.deck.groups.items():
                mine = tuple([sq for sq in members if owner[sq] == p])
                if mine:
                    found.append((group, members, mine))
            self._by_owner[p]["holdings"] = found
        return found

    def manage_actions(self, p: int) -> list:
        """Lifting, building, selling and mortgaging: p's property moves between turns.

        It runs before and after every throw, so the moves cash aside are kept while the
        owners, buildings and mortgages of p's deeds (_property_changes) and the Bank's stock
        as the moves look at it stay the same, and each group's moves by what they follow
        from (_priced_moves). Only the cash is looked at anew (not at all when p can pay for
        every move: the list returned is then the one kept, which callers must not change).
        """
        seen, changes, stock = self._moves_seen[p], self._property_changes[p], self._stock_seen()
        if seen is not None and seen[0] == changes and seen[1] == stock:
            moves, every, dearest = seen[2]
        else:
            found = self._every_move(p, stock)
            self._moves_seen[p] = (changes, stock, found)
            moves, every, dearest = found
        cash = self.cash[p]
        if dearest <= cash:
            return every
        return [action for action, cost in moves if cost <= cash]

    def _every_move(self, p: int, stock: tuple[int, int]) -> Moves:
        """p's property moves with their costs, every move, and the dearest cost, given the
        Bank's stock as the moves look at it (_stock_seen)."""
        moves = self._priced_moves(p, stock)
        every, dearest = [], 0
        for action, cost in moves:  # one native loop (the compiled engine) for both
            every.append(action)
            if cost > dearest:
                dearest = cost
        return moves, every, dearest

    def _priced_moves(self, p: int, stock: tuple[int, int]) -> list[tuple[tuple, int]]:
        """Every property move of p with the cash it needs (0 for those that raise cash), group
        by group; a group's moves are kept by what they follow from, as most changes (a
        house, a mortgage, a new owner) touch one group and leave the others' moves as they were."""
        moves: list[tuple[tuple, int]] = []
        level, mortgaged, owner, kept = self.level, self.mortgaged, self.owner, self._group_moves
        start = stock[0] * 2 + stock[1]
        for group, members, mine in self.holdings(p):
            # One whole number for the key: the stock, then each square's owner (p or not),
            # mortgage and buildings, five bits a square; then the group's first square.
            key = start
            for sq in members:
                key = key * 32 + (owner[sq] == p) * 16 + mortgaged[sq] * 8 + level[sq]
            key = key * 64 + members[0]
            found = kept.get(key)
            if found is None:
                found = kept[key] = self._group_moves_of(group, members, mine)
            moves += found
        return moves

    def _stock_seen(self) -> tuple[int, int]:
        """The Bank's houses and hotels as the moves look at them: whether a house or a
        hotel is there to be had, and a hotel's houses to break it down into."""
        houses, hotels, most = self.bank_houses, self.bank_hotels, self.hotel_at
        return (houses if houses < most else most, hotels if hotels < 1 else 1)

    def _group_moves_of(self, group: str, members: tuple[int, ...], mine: tuple[int, ...]) -> list[tuple[tuple, int]]:
        moves: list[tuple[tuple, int]] = []
        level, mortgaged, lift_costs = self.level, self.mortgaged, self._lift_costs
        levels = [level[sq] for sq in members]
        highest = max(levels)
        unmortgaged = True
        for sq in mine:
            if mortgaged[sq]:
                unmortgaged = False
                moves.append((("lift", sq), lift_costs[sq]))
            elif not highest:
                moves.append((("mortgage", sq), 0))
        if highest:
            moves += [(action, 0) for action in self._sells(group, members, highest)]
        street = members[0] in self._house_costs  # railroads and utilities take no buildings
        if street and len(mine) == len(members) and unmortgaged:
            cost = self._house_costs[members[0]]
            moves += [(action, cost) for action in self._builds(members, levels)]
        return moves

    def raise_actions(self, p: int) -> list:
        """Selling buildings and mortgaging: the ways to raise cash from the Bank."""
        actions: list = []
        level, mortgaged = self.level, self.mortgaged
        for group, members, mine in self.holdings(p):
            highest = max([level[sq] for sq in members])
            if highest:
                actions += self._sells(group, members, highest)
            else:
                actions += [("mortgage", sq) for sq in mine if not mortgaged[sq]]
        return actions

    def _builds(self, members: tuple[int, ...], levels: list[int]) -> list:
        """Houses or hotels on a whole, unmortgaged group of streets: evenly, within the
        Bank's stock."""
        lowest = min(levels)
        if lowest == HOTEL:
            return []
        stock = self.bank_hotels if lowest == self.hotel_at else self.bank_houses
        if not stock:
            return []
        return [("build", sq) for sq, height in zip(members, levels, strict=True) if height == lowest]

    def _sells(self, group: str, members: tuple[int, ...], highest: int) -> list:
        """Selling evenly, from the highest buildings down; or the whole group at once."""
        if highest == HOTEL and self.bank_houses < self.hotel_at:
            sells = []  # a hotel breaks down to houses only when the Bank has them
        else:
            level = self.level
            sells = [("sell", sq) for sq in members if level[sq] == highest]
        return [*sells, ("sell_all", group)]

    def _group_places(self, members: tuple[int, ...]) -> tuple[str, list[int]]:
        """What the next building on a whole, unmortgaged colour group is, and where it may go
        (evenly); ("", []) when nothing can be built there."""
        if self.deck.deeds[members[0]].kind != "deed":
            return "", []
        if any(self.mortgaged[sq] for sq in members):
            return "", []
        lowest = min(self.level[sq] for sq in members)
        if lowest == HOTEL:
            return "", []
        item = "hotel" if lowest == self.hotel_at else "house"
        return item, [sq for sq in members if self.level[sq] == lowest]

    def places(self, p: int, item: str) -> list[int]:
        """Every square where p could put the next house (or hotel), cash aside."""
        found = []
        for _, members, mine in self.holdings(p):
            if len(mine) == len(members):
                kind, squares = self._group_places(members)
                if kind == item:
                    found += squares
        return found

    def building_value(self, sq: int) -> int:
        """What the buildings on a square cost (a hotel counts its houses turned in)."""
        level = self.level[sq]
        houses = self.hotel_at + 1 if level == HOTEL else level
        return houses * self.deck.deeds[sq].house_cost

    def raisable(self, p: int) -> int:
        """Cash the player could still raise from the Bank: half the buildings, the mortgages."""
        total = 0
        deeds, mortgaged = self.deck.deeds, self.mortgaged
        for _, _, mine in self.holdings(p):
            for sq in mine:
                total += self.building_value(sq) // 2
                if not mortgaged[sq]:
                    total += deeds[sq].mortgage
        return total

    def lift_cost(self, sq: int) -> int:
        """The mortgage plus 10% interest, rounded up to the dollar."""
        return self.deck.deeds[sq].mortgage + interest(self.deck.deeds[sq].mortgage)

    def worth(self, p: int) -> int:
        """The Sliding Tax's total worth: cash, printed prices (mortgaged or not), buildings."""
        return self.cash[p] + sum(
            deed.price + self.building_value(sq) for sq, deed in self.deck.deeds.items() if self.owner[sq] == p
        )

    def valuation(self, p: int) -> int:
        """The short game's valuation: cash, prices (half when mortgaged), buildings at cost."""
        total = self.cash[p]
        for sq, deed in self.deck.deeds.items():
            if self.owner[sq] == p:
                price = deed.price // 2 if self.mortgaged[sq] else deed.price
                total += price + self.building_value(sq)
        return total

    def rent(self, sq: int, multiplier: int = 1, basis: str = "") -> int:
        deed, owner = self.deck.deeds[sq], self.owner[sq]
        if deed.kind == "deed":
            if self.level[sq]:
                return deed.rent[self.level[sq]]
            return deed.rent[0] * (2 if self.owns_group(owner, deed.group) else 1)
        held = sum(1 for s in self.deck.groups[deed.group] if self.owner[s] == owner)
        if deed.kind == "railroad":
            return deed.rent[held - 1] * multiplier
        if basis == "dice":
            return sum(self.dice()) * multiplier
        return self.last_throw * deed.rent[held - 1]
