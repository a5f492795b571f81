"""Sliders: the classic property-trading game re-themed on the Sliders worlds."""

from generator.games.sliders.engine import SlidersEngine

ENGINE = SlidersEngine()

__all__ = ["ENGINE", "SlidersEngine"]
