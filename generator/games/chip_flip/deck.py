"""Chip Flip's components as the engine sees them, built from the typed items (items.py):
the boards as they are, each chip with its owner's seat and its square read."""

from pathlib import Path

from msgspec import Struct

from generator.games.chip_flip.board import parse_square
from generator.games.chip_flip.items import BoardItem, ChipItem, NumberedChipItem, Side
from generator.games.chip_flip.position import NORTH, SOUTH, Placement
from generator.sources.errors import Loc
from generator.sources.game import Game

OWNERS = {"south": SOUTH, "north": NORTH}


class Chip(Struct, frozen=True):
    """A chip: its item, and the seat and board square its owner and square name."""

    item: ChipItem
    owner: int
    square: int

    @classmethod
    def of(cls, item: ChipItem) -> "Chip":
        return cls(item, OWNERS[item.owner], parse_square(item.square))

    @property
    def loc(self) -> Loc:
        return self.item.loc

    @property
    def front(self) -> Side:
        return self.item.front

    @property
    def back(self) -> Side:
        return self.item.back

    def values(self) -> tuple[int, int] | None:
        """A numbered chip's (front, back) values; None for a basic chip."""
        item = self.item
        return (item.front.value, item.back.value) if isinstance(item, NumberedChipItem) else None

    def placement(self) -> Placement:
        own, other = self.values() or (None, None)
        return Placement(self.owner, self.square, own, other)


class Deck(Struct, frozen=True):
    folder: Path
    boards: list[BoardItem]
    chips: list[Chip]
    #: The numbered chips of advanced play (empty if the game has none).
    numbered: list[Chip]

    def chip_set(self, advanced: bool) -> list[Chip]:
        return self.numbered if advanced else self.chips


def load_deck(game: Game) -> Deck:
    return Deck(
        game.folder,
        game.typed("board", BoardItem),
        [Chip.of(item) for item in game.typed("chip", ChipItem)],
        [Chip.of(item) for item in game.typed("numbered-chip", NumberedChipItem)],
    )
