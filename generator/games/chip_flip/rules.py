"""Chip Flip's fixed numbers, its variants, who moves first and whether a move scores."""

import random

from generator.games.base import Variant
from generator.games.chip_flip.position import NORTH, SOUTH, Move, Position

#: The board is BOARD_SIZE x BOARD_SIZE squares.
BOARD_SIZE = 8
#: The chips each side starts with, on the squares of one hue in its two home rows.
CHIPS_A_SIDE = 8
#: The occurrence of one position that ends the game, scored as any end (an addition to the
#: rules, see the package's docstring).
REPETITIONS_TO_END = 3

ADVANCED, LIGHT_SQUARES, FREE_PLACEMENT = "advanced", "light-squares", "free-placement"
VARIANTS = (
    Variant(ADVANCED, "the rules' advance play: numbered chips jump by value, backward too"),
    Variant(LIGHT_SQUARES, "the rules' other set-up: every chip starts on the light squares of its home rows"),
    Variant(
        FREE_PLACEMENT,
        "advance play whose players place their numbered chips on their home rows themselves, in turn, before play",
    ),
)


def flip(rng: random.Random) -> int:
    """Who moves first, "to decide who will move first, flip a chip": heads
    (rng.random() < 0.5) South, tails North."""
    return SOUTH if rng.random() < 0.5 else NORTH


def scores(position: Position, move: Move) -> bool:
    """Whether the move ends on the mover's far row, scoring a point."""
    if move.is_pass:
        return False
    far = 7 if position.turn == SOUTH else 0
    return move.path[-1] >> 3 == far
