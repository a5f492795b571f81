"""The invariants of a Sliders game: money against the ledger, buildings and event cards
against their totals, and who may hold what.

The simulation harness checks them after every action, so a sound state is recognised by
a quick test (`_sound`): a comparison of whole lists where one call does the work (have
the holdings changed?), and plain loops over the board, the cash amounts, hands and piles,
which the compiled engine (setup.py) runs natively where a call of sum(), min() or any()
is looked up by name and compares objects one call at a time. What follows from the
holdings alone (owners, buildings, mortgages, seats, held cards) is tested again only
when they differ from the last ones found sound. The quick test tests the same conditions
as the full check (`_violations`), which runs only when the quick test fails, to name
every problem.
"""

from collections import deque
from itertools import compress

from mypy_extensions import trait

from generator.games.sliders.deck import Card, Deck
from generator.games.sliders.rules import HOTEL


@trait
class InvariantsMixin:
    # The SlidersState fields the checks read.
    deck: Deck
    num_players: int
    cash: list[int]
    ledger: int
    owner: list[int]
    level: list[int]
    mortgaged: list[bool]
    alive: list[bool]
    held: list[list[Card]]
    piles: dict[str, deque[Card]]
    card_total: int
    bank_houses: int
    bank_hotels: int
    hotel_at: int

    def _init_invariants(self) -> None:
        """The tables the quick test uses; called once the board is set up."""
        n_squares = len(self.deck.squares)
        deeds = self.deck.deeds
        #: The squares that are no deed (no owner allowed there).
        self._no_deeds = [sq for sq in range(n_squares) if sq not in deeds]
        #: The squares no building may stand on: those that are no deed, railways and utilities.
        self._unbuildable = [sq for sq in range(n_squares) if sq not in deeds or deeds[sq].kind != "deed"]
        #: The owners, buildings, mortgages, seats and held cards last found sound, and the
        #: houses and hotels standing then.
        self._sound_holdings: list[list] = [[], [], [], [], []]
        self._houses_standing = self._hotels_standing = 0
        #: The squares of each colour group of streets: the only groups that take buildings.
        self._group_squares = [members for members in self.deck.groups.values() if deeds[members[0]].kind == "deed"]

    def _sound(self) -> bool:
        """Whether `_violations()` is empty, found quickly (module docstring)."""
        money = 0
        for dollars in self.cash:
            if dollars < 0:
                return False
            money += dollars
        if money != self.ledger:
            return False
        held, in_play = self.held, 0
        for hand in held:
            in_play += len(hand)
        for pile in self.piles.values():
            in_play += len(pile)
        if in_play != self.card_total:
            return False
        owner, level, mortgaged, alive = self.owner, self.level, self.mortgaged, self.alive
        last = self._sound_holdings
        if [owner, level, mortgaged, alive, held] != last:  # one comparison for the usual case
            owners, levels = owner != last[0], level != last[1]
            mortgages, seats, cards = mortgaged != last[2], alive != last[3], held != last[4]
            if not self._holdings_sound(owners, levels, mortgages, seats, cards):
                return False
            # Only what changed is copied: most actions change one of the five.
            if owners:
                last[0] = owner[:]
            if levels:
                last[1] = level[:]
                houses = hotels = 0
                for height in level:  # one native loop (the compiled engine) for both counts
                    if height == HOTEL:
                        hotels += 1
                    else:
                        houses += height
                self._houses_standing, self._hotels_standing = houses, hotels
            if mortgages:
                last[2] = mortgaged[:]
            if seats:
                last[3] = alive[:]
            if cards:
                last[4] = [hand[:] for hand in held]
        return (
            self._houses_standing + self.bank_houses == self.deck.houses
            and self._hotels_standing + self.bank_hotels == self.deck.hotels
        )

    def _holdings_sound(self, owners: bool, levels: bool, mortgages: bool, seats: bool, cards: bool) -> bool:
        """Whether `_holding_problems()` is empty, given which of the owners, buildings,
        mortgages, seats and held cards changed since the last sound state (only the
        conditions on what changed can have changed)."""
        owner, level = self.owner, self.level
        if owners:
            players = self.num_players
            for holder in owner:  # a native loop (the compiled engine), where max() and min() compare objects
                if holder >= players or holder < -1:
                    return False
            for sq in self._no_deeds:  # no owner on a square that is no deed
                if owner[sq] != -1:
                    return False
        if levels:
            for sq in self._unbuildable:
                if level[sq]:
                    return False
        if (owners or mortgages) and -1 in compress(owner, self.mortgaged):  # a deed of the Bank mortgaged
            return False
        alive = self.alive
        if owners or seats:
            for seat in range(self.num_players):
                if not alive[seat] and seat in owner:
                    return False
        if cards:
            for hand in self.held:
                for card in hand:
                    if card.effect.op != "get_out":
                        return False
        return not (owners or levels) or self._buildings_sound()

    def _buildings_sound(self) -> bool:
        """Whether every street group with buildings keeps the building rules
        (_building_problem): one seat owns it whole and its heights differ by one at most.
        Buildings on railways and utilities are _holdings_sound's to find. Worked out afresh,
        in plain loops over the few squares of each group, which the compiled engine runs
        natively: faster there than keeping each group's answer by its owners and buildings."""
        level, owner, hotel = self.level, self.owner, self.hotel_at + 1
        for members in self._group_squares:
            holder = owner[members[0]]
            whole, lowest, highest = holder >= 0, hotel, 0
            for sq in members:
                height = level[sq]
                if height == HOTEL:
                    height = hotel
                if height < lowest:
                    lowest = height
                if height > highest:
                    highest = height
                if owner[sq] != holder:
                    whole = False
            if highest and (not whole or highest - lowest > 1):
                return False
        return True

    def _violations(self) -> list[str]:
        """Every invariant that does not hold, each named."""
        problems = []
        cash, level = self.cash, self.level
        if sum(cash) != self.ledger:
            problems.append(f"players hold ${sum(cash)}, the ledger says ${self.ledger}")
        if min(cash) < 0:
            problems += [f"seat {p} has ${c}" for p, c in enumerate(cash) if c < 0]
        hotels = level.count(HOTEL)
        houses = sum(level) - HOTEL * hotels
        if (houses + self.bank_houses, hotels + self.bank_hotels) != (self.deck.houses, self.deck.hotels):
            problems.append(f"{houses + self.bank_houses} houses and {hotels + self.bank_hotels} hotels exist")
        cards = sum(map(len, self.piles.values())) + sum(map(len, self.held))
        if cards != self.card_total:
            problems.append(f"{cards} event cards exist, not {self.card_total}")
        return problems + self._holding_problems()

    def _holding_problems(self) -> list[str]:
        owner, squares = self.owner, range(len(self.owner))
        problems = [
            f"seat {p} holds {c.fired_name!r}" for p, h in enumerate(self.held) for c in h if c.effect.op != "get_out"
        ]
        if not all(self.alive):
            problems += [
                f"square {sq} owned by the bankrupt seat {o}"
                for sq, o in enumerate(owner)
                if 0 <= o < self.num_players and not self.alive[o]
            ]
        problems += [f"square {sq} is no deed but seat {owner[sq]} owns it" for sq in self._no_deeds if owner[sq] != -1]
        problems += [f"square {sq} takes no buildings but has some" for sq in self._unbuildable if self.level[sq]]
        if max(owner) >= self.num_players or min(owner) < -1:
            problems += [
                f"square {sq} owned by {o}, no seat" for sq, o in enumerate(owner) if not -1 <= o < self.num_players
            ]
        if any(owner[sq] < 0 for sq in compress(squares, self.mortgaged)):
            problems.append("a deed of the Bank is mortgaged")
        deeds = self.deck.deeds
        built = {deeds[sq].group for sq in compress(squares, self.level) if sq in deeds}
        problems += [self._building_problem(group) for group in sorted(built)]
        return [problem for problem in problems if problem]

    def _building_problem(self, group: str) -> str:
        squares = self.deck.groups[group]
        if len({self.owner[sq] for sq in squares}) != 1 or self.owner[squares[0]] < 0:
            return f"buildings on {group} outside a complete group"
        # A hotel stands on its houses: one higher than the most houses a square takes.
        heights = [self.hotel_at + 1 if self.level[sq] == HOTEL else self.level[sq] for sq in squares]
        if max(heights) - min(heights) > 1:
            return f"uneven building on {group}: {heights}"
        return ""
