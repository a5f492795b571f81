"""Free placement (`--variant free-placement`): the players place their numbered chips
themselves before play, as the rules' advance play has it ("Turn each chip to the largest
value and place them on the board; any number on any tile, as described previously").

"As described previously" is the set-up: a player's chips go on the squares of one hue in
that player's two home rows (the dark ones, the light ones with `light-squares`). The rules
name no order of placing: the players place in turn, one chip at a time, South first, each
seeing the chips already down. A chip goes down largest value up (its front: CF031 checks
that is the larger). The chip is flipped for the first move once every chip stands on the
board, as the rules order set-up and flip.
"""

from collections.abc import Iterable

from msgspec import Struct
from msgspec.structs import replace

from generator.games.chip_flip.board import HOME, rotate, squares_of
from generator.games.chip_flip.position import SOUTH, Placement, Position, setup

#: A numbered chip in hand: (the value it shows its owner, the value on its back).
ChipValues = tuple[int, int]


class FreePlacement(Struct, frozen=True):
    """The set-up in progress: the chips placed, the chips each seat still holds, South's
    home squares in the hue played (North's are them turned 180 degrees) and who places next."""

    placed: tuple[Placement, ...]
    hands: tuple[tuple[ChipValues, ...], tuple[ChipValues, ...]]
    home: int = HOME
    turn: int = SOUTH

    @classmethod
    def of(cls, chips: Iterable[Placement], home: int = HOME) -> "FreePlacement":
        """Nothing placed yet, each seat holding its chips of `chips` (their squares unused)."""
        hands: tuple[list[ChipValues], list[ChipValues]] = ([], [])
        for chip in chips:
            hands[chip.owner].append(_values(chip))
        return cls((), (tuple(hands[0]), tuple(hands[1])), home)

    @property
    def done(self) -> bool:
        return not any(self.hands)

    def in_hand(self) -> int:
        return len(self.hands[0]) + len(self.hands[1])

    def squares(self, seat: int) -> int:
        """The squares `seat` places its chips on, as a bitboard."""
        return self.home if seat == SOUTH else rotate(self.home)

    def legal(self) -> list[Placement]:
        """Each different chip the placer holds on each empty square it may place on (two
        chips with the same values are the same choice)."""
        seat = self.turn
        taken = sum(1 << placement.square for placement in self.placed)
        free = squares_of(self.squares(seat) & ~taken)
        return [Placement(seat, sq, own, other) for own, other in dict.fromkeys(self.hands[seat]) for sq in free]

    def push(self, placement: Placement) -> "FreePlacement":
        """The set-up after `placement` (assumed legal): the other seat places next while
        it holds a chip."""
        seat = placement.owner
        hand = list(self.hands[seat])
        hand.remove(_values(placement))
        hands = (tuple(hand), self.hands[1]) if seat == SOUTH else (self.hands[0], tuple(hand))
        turn = 1 - seat if hands[1 - seat] else seat
        return FreePlacement((*self.placed, placement), hands, self.home, turn)

    def position(self) -> Position:
        """The board so far (values on, advanced play), the placer to act."""
        return replace(setup(self.placed, advanced=True), turn=self.turn)


def _values(chip: Placement) -> ChipValues:
    """A numbered chip's values, both of which its item requires."""
    assert chip.own_value is not None and chip.other_value is not None, f"a chip without values: {chip}"
    return chip.own_value, chip.other_value
