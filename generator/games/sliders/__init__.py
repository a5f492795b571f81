"""Sliders: the classic property-trading game re-themed on the Sliders worlds."""

from generator.games.plugin import GamePlugin
from generator.games.sliders.components import KINDS
from generator.games.sliders.engine import SlidersEngine

ENGINE = SlidersEngine()
PLUGIN = GamePlugin(ENGINE, KINDS)

__all__ = ["ENGINE", "PLUGIN", "SlidersEngine"]
