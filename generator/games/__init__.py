"""One package per game: its engine (rules), static checks and component kinds.

Each game package exposes `ENGINE` (an Engine) in its __init__; the registry finds them by
import so that adding a game is adding a package.
"""

import importlib
import pkgutil
from functools import cache

from generator.games.base import Engine


@cache
def engines() -> dict[str, Engine]:
    """Every registered engine by its name."""
    found: dict[str, Engine] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{module.name}")
        engine = getattr(package, "ENGINE", None)
        if isinstance(engine, Engine):
            found[engine.name] = engine
    return dict(sorted(found.items()))
