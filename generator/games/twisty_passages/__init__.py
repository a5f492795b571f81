"""Twisty Passages: the maze deck's engine, static checks and component kinds."""

from generator.games.plugin import GamePlugin
from generator.games.twisty_passages.components import KINDS
from generator.games.twisty_passages.engine import TwistyEngine

ENGINE = TwistyEngine()
PLUGIN = GamePlugin(ENGINE, KINDS)
