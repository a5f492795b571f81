"""Movement: tokens moving, salary at GO, and what each square does.

Mixed into SlidersState, whose fields it changes and whose money methods it calls; the
event cards a square draws are carried out by effects.py.
"""

from collections import Counter, deque

from mypy_extensions import trait

from generator.games.sliders.deck import Card, Deck
from generator.games.sliders.rules import TAX
from generator.games.sliders.stats import Stats


@trait
class MovementMixin:
    # The SlidersState (and GameState) fields and methods this mixin uses.
    num_players: int
    fired: Counter[str]
    deck: Deck
    pos: list[int]
    alive: list[bool]
    caged: list[bool]
    cage_tries: list[int]
    held: list[list[Card]]
    owner: list[int]
    level: list[int]
    mortgaged: list[bool]
    piles: dict[str, deque[Card]]
    stats: Stats
    phase: str
    resume: str
    again: bool
    pending_buy: int

    # The SlidersState, PropertyMixin and EffectsMixin methods this mixin calls.
    def owe(self, debtor: int, amount: int, creditor: int | None) -> None:
        raise NotImplementedError

    def rent(self, sq: int, multiplier: int = 1, basis: str = "") -> int:
        raise NotImplementedError

    def _from_bank(self, p: int, amount: int) -> None:
        raise NotImplementedError

    def draw(self, p: int, pile_name: str) -> None:
        """Draw a card from the pile and carry it out (EffectsMixin)."""
        raise NotImplementedError

    def move_by(self, p: int, steps: int) -> None:
        size = len(self.deck.squares)
        target = (self.pos[p] + steps) % size
        if self.pos[p] + steps >= size:
            self._salary(p)
        self.pos[p] = target
        self.land(p, target)

    def move_to(self, p: int, target: int, multiplier: int = 1, basis: str = "") -> None:
        """Advance to a square, collecting the salary when passing or reaching GO."""
        if target <= self.pos[p]:
            self._salary(p)
        self.pos[p] = target
        self.land(p, target, multiplier, basis)

    def _salary(self, p: int) -> None:
        self._from_bank(p, self.deck.squares[self.deck.go].salary)

    def send_to_cage(self, p: int) -> None:
        self.pos[p] = self.deck.slidecage
        self.caged[p], self.cage_tries[p] = True, 0
        self.again = False
        self.fired["rule: sent to the Slidecage"] += 1

    def land(self, p: int, sq: int, multiplier: int = 1, basis: str = "") -> None:
        square = self.deck.squares[sq]
        if square.type == "go-to-slidecage":
            self.fired[square.name] += 1
            self.send_to_cage(p)
            return
        self.fired[square.name] += 1
        if square.type in ("property", "railroad", "utility"):
            self._land_on_deed(p, sq, multiplier, basis)
        elif square.type == "tax":
            if square.percent:
                self.phase, self.resume = TAX, "tax"
            else:
                self.owe(p, square.amount, None)
        elif square.type in ("chance", "community-chest"):
            self.draw(p, square.type)

    def _land_on_deed(self, p: int, sq: int, multiplier: int, basis: str) -> None:
        owner = self.owner[sq]
        if owner < 0:
            self.pending_buy = sq
        elif owner != p and not self.mortgaged[sq]:
            rent = self.rent(sq, multiplier, basis)
            self.stats.rent_by_group[self.deck.deeds[sq].group] += rent
            self.owe(p, rent, owner)
