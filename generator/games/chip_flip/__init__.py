"""Chip Flip: checkers-like, where a jumped chip is turned over and changes sides.

The engine plays the seed rules as the issue settles them: chips on the dark squares of
each player's two home rows, South first; steps diagonal and forward, chains of forward
jumps (every prefix a move, never compulsory) that turn the jumped chips over; a chip
reaching the far row scores and leaves; pass when only the opponent can move; the game ends
when a side has no chip or neither can move. Advanced play jumps by value, backward too.
"""

from generator.games.chip_flip.engine import ChipFlipEngine
from generator.games.chip_flip.perft import perft

ENGINE = ChipFlipEngine()

__all__ = ["ENGINE", "perft"]
