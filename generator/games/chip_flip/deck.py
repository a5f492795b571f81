"""Chip Flip's components as the engine sees them, built from the validated YAML items."""

from dataclasses import dataclass
from pathlib import Path

from generator.games.chip_flip.board import parse_square
from generator.games.chip_flip.position import NORTH, SOUTH, Placement
from generator.sources.errors import Loc
from generator.sources.frozen import LocMap
from generator.sources.game import Game

OWNERS = {"south": SOUTH, "north": NORTH}


@dataclass(frozen=True)
class Board:
    name: str
    rows: int
    columns: int
    square_mm: float
    light: str
    dark: str
    item: LocMap


@dataclass(frozen=True)
class Face:
    icon: str
    value: int | None
    item: LocMap


@dataclass(frozen=True)
class Chip:
    owner: int
    square: int
    front: Face
    back: Face
    diameter_mm: float
    item: LocMap

    @property
    def loc(self) -> Loc:
        return self.item.loc

    def placement(self) -> Placement:
        return Placement(self.owner, self.square, self.front.value, self.back.value)


@dataclass(frozen=True)
class Deck:
    folder: Path
    boards: list[Board]
    chips: list[Chip]
    #: The numbered chips of advanced play (empty if the game has none).
    numbered: list[Chip]

    def chip_set(self, advanced: bool) -> list[Chip]:
        return self.numbered if advanced else self.chips


def _face(side: LocMap) -> Face:
    return Face(side["icon"], side.get("value"), side)


def _chip(item: LocMap) -> Chip:
    return Chip(
        OWNERS[item["owner"]],
        parse_square(item["square"]),
        _face(item["front"]),
        _face(item["back"]),
        item["diameter"],
        item,
    )


def _board(item: LocMap) -> Board:
    return Board(item["name"], item["rows"], item["columns"], item["square"], item["light"], item["dark"], item)


def load_deck(game: Game) -> Deck:
    return Deck(
        game.folder,
        [_board(item) for item in game.items("board")],
        [_chip(item) for item in game.items("chip")],
        [_chip(item) for item in game.items("numbered-chip")],
    )
