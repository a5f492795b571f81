"""Where a game's layouts and icons are looked for."""

from pathlib import Path

from generator import shipped
from generator.layout.context import LayoutContext
from generator.sources.game import Game
from generator.sources.rules import rules_path


def context_for(game: Game) -> LayoutContext:
    """Layouts and icons come from the game folder's own layouts/ and icons/ first (a
    customised deck can restyle itself), then from its engine's package (layouts/ and
    layouts/icons/ beside the game's code), then from the shared ones."""
    return LayoutContext(
        game,
        layout_dirs=[game.folder / "layouts", *game.engine_layouts, shipped.layouts_dir()],
        icon_dirs=[game.folder / "icons", *(folder / "icons" for folder in game.engine_layouts), shipped.icons_dir()],
    )


def seen_files(ctx: LayoutContext) -> list[Path]:
    """Every file a game's layout and rules checks may read: game.yaml, its component files
    and their tables, its own fonts, its rules (whose characters the layout stage checks),
    and the layouts and icons it can see (icons in
    subfolders too: Chip Flip's chips name theirs by path). Not art, which is read by name
    as it is drawn."""
    game = ctx.game
    files = [game.folder / "game.yaml", *(f.path for f in game.files), *(f.table for f in game.files if f.table)]
    files += [p for folder in ctx.layout_dirs if folder.is_dir() for p in folder.glob("*.yaml")]
    files += [p for folder in ctx.icon_dirs if folder.is_dir() for p in folder.rglob("*.svg")]
    files += [*game.fonts.files, *(p for p in [rules_path(game.folder)] if p.is_file())]
    return files
