"""Chip Flip: checkers-like, where a jumped chip is turned over and changes sides."""

from generator.games.chip_flip.perft import perft

__all__ = ["perft"]
