"""A game's own part of the simulation report, declared as data: each section a name, the
game it belongs to and how it is drawn from that game's figures.

A game lists its sections in its GamePlugin (its report.py); another package may add a
section to any game through the `cutsheet.reports` entry-point group. The report draws
whatever is declared for a game and names no game itself (generator/check/report_html.py).
"""

from collections.abc import Callable, Mapping
from typing import Any

from msgspec import Struct

from generator.charts import Section
from generator.sources.registry import Registry


class Simulated(Struct, frozen=True):
    """What a section is drawn from: one game's simulation as its engine summed it up."""

    #: The game's name, for titles.
    name: str
    #: The engine's figures (Engine.figures and run_figures), by name.
    figures: Mapping[str, Any]
    #: The engine's deck, where a figure needs the components' names (a board's squares).
    deck: Any
    #: Games the rules ended (not capped, stopped or broken).
    completed: int


class ReportSection(Struct, frozen=True):
    """A titled part of one game's report: `draw` gives the Section, or None when the run
    has none of the figures it shows (too few games, a deck without a board)."""

    #: The section's name, unique among installed sections (its entry point's name).
    name: str
    #: The game (game.yaml's `engine:`) whose reports it is part of.
    engine: str
    draw: Callable[[Simulated], Section | None]


#: Sections other packages add to a game's report.
REPORTS: Registry[ReportSection] = Registry("cutsheet.reports", "report section", ReportSection, lambda s: s.name)
