"""Chip Flip's fixed numbers, its variant, and whether a move scores."""

from generator.games.base import Variant
from generator.games.chip_flip.position import SOUTH, Move, Position

#: The board is BOARD_SIZE x BOARD_SIZE squares.
BOARD_SIZE = 8
#: The chips each side starts with, on the dark squares of its two home rows.
CHIPS_A_SIDE = 8
#: The occurrence of one position that ends the game, scored as any end (an addition to the
#: rules, see the package's docstring).
REPETITIONS_TO_END = 3

VARIANTS = (Variant("advanced", "the rules' advance play: numbered chips jump by value, backward too"),)


def scores(position: Position, move: Move) -> bool:
    """Whether the move ends on the mover's far row, scoring a point."""
    if move.is_pass:
        return False
    far = 7 if position.turn == SOUTH else 0
    return move.path[-1] >> 3 == far
