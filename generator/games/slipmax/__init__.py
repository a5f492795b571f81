"""Slipmax: money, a pawn race round a spiral, and register strips that change the game."""

from generator.games.plugin import GamePlugin
from generator.games.slipmax.components import KINDS
from generator.games.slipmax.engine import SlipmaxEngine

ENGINE = SlipmaxEngine()
PLUGIN = GamePlugin(ENGINE, KINDS)
