"""Carrying out the event cards: drawing one and doing what its parsed effect says
(grammar.py): moving the token, sending it to the Slidecage, paying or collecting.

Mixed into SlidersState over the movement it moves the token with; the debts it runs up
are the state's to settle.
"""

from mypy_extensions import trait

from generator.games.sliders.movement import MovementMixin
from generator.games.sliders.rules import HOTEL


@trait
class EffectsMixin(MovementMixin):
    def draw(self, p: int, pile_name: str) -> None:
        card = self.piles[pile_name].popleft()
        self.fired[card.fired_name] += 1
        effect = card.effect
        if effect.op == "get_out":
            self.held[p].append(card)
            return
        self.piles[pile_name].append(card)
        op = effect.op
        if op == "advance":
            self.move_to(p, card.target)
        elif op == "nearest":
            self.move_to(p, self._nearest(p, effect.target), effect.amount, effect.basis)
        elif op == "back":
            self.pos[p] = (self.pos[p] - effect.amount) % len(self.deck.squares)
            self.land(p, self.pos[p])
        elif op == "slidecage":
            self.send_to_cage(p)
        elif op == "repairs":
            houses = sum(lv for sq, lv in enumerate(self.level) if self.owner[sq] == p and lv < HOTEL)
            hotels = sum(1 for sq, lv in enumerate(self.level) if self.owner[sq] == p and lv == HOTEL)
            self.owe(p, houses * effect.amount + hotels * effect.hotel_amount, None)
        elif op == "pay":
            self.owe(p, effect.amount, None)
        elif op == "collect":
            self._from_bank(p, effect.amount)
        elif op == "pay_each":
            for other in self._others(p):
                self.owe(p, effect.amount, other)
        elif op == "collect_each":
            for other in self._others(p):
                self.owe(other, effect.amount, p)

    def _others(self, p: int) -> list[int]:
        seats = [(p + k) % self.num_players for k in range(1, self.num_players)]
        return [seat for seat in seats if self.alive[seat]]

    def _nearest(self, p: int, type_: str) -> int:
        size = len(self.deck.squares)
        for step in range(1, size + 1):
            sq = (self.pos[p] + step) % size
            if self.deck.squares[sq].type == type_:
                return sq
        raise AssertionError(f"no {type_} square")  # load_deck refuses such boards
