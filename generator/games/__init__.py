"""The games: the plugin protocol (base.py, plugin.py) and one package per shipped game.

Each game package exposes a GamePlugin as `PLUGIN`; games are found through the
`cutsheet.games` entry-point group (plugin.py), never by folder name.
"""

from generator.games.plugin import (
    GamePlugin,
    all_kinds,
    engine_of,
    engines,
    game_kinds,
    kind_items,
    load_game,
    plugins,
)

__all__ = ["GamePlugin", "all_kinds", "engine_of", "engines", "game_kinds", "kind_items", "load_game", "plugins"]
