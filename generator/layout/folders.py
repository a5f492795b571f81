"""Where a game's layouts and icons are looked for."""

from generator import shipped
from generator.layout.context import LayoutContext
from generator.sources.game import Game


def context_for(game: Game) -> LayoutContext:
    """Layouts and icons come from the game folder's own layouts/ and icons/ first (a
    customised deck can restyle itself), then from the shipped ones."""
    return LayoutContext(
        game,
        layout_dirs=[game.folder / "layouts", shipped.layouts_dir()],
        icon_dirs=[game.folder / "icons", shipped.icons_dir()],
    )
