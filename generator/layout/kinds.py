"""The kinds a game may use: the built-in ones and those its game package lists.

Each game package lists its kinds in `KINDS` (generator/games/<game>/components.py). The
kind base class is in generator/layout/component.py, what drawing needs besides the item
in generator/layout/context.py; both are named here too, where kinds are looked up.
"""

import importlib
from functools import cache
from pathlib import Path

from generator.layout.card import BUILTIN_KINDS
from generator.layout.component import ComponentKind as ComponentKind
from generator.layout.component import Faces as Faces
from generator.layout.context import LayoutContext as LayoutContext
from generator.layout.context import find_icon as find_icon
from generator.layout.context import forget_layouts as forget_layouts

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"


@cache
def game_kinds(engine: str) -> dict[str, ComponentKind]:
    """The kinds a game may use, by name: the built-in ones and those of the game package
    its engine names (generator/games/<engine>/components.py `KINDS`). Kinds are per game, so
    two games may both have a `bill` that looks nothing alike."""
    found: dict[str, ComponentKind] = {kind.name: kind for kind in BUILTIN_KINDS}
    if (GAMES_DIR / engine / "components.py").is_file():
        components = importlib.import_module(f"generator.games.{engine}.components")
        found.update({kind.name: kind for kind in components.KINDS})
    return found


def all_kinds() -> dict[str, dict[str, ComponentKind]]:
    """Every game package's kinds, by package name (importing them all)."""
    return {folder.name: game_kinds(folder.name) for folder in sorted(GAMES_DIR.iterdir()) if folder.is_dir()}
