"""Twisty Passages: the maze deck's engine, static checks and component kinds."""

from generator.games.twisty_passages.engine import TwistyEngine

ENGINE = TwistyEngine()
