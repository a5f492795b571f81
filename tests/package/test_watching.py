"""What the live preview watches: the game folders, the shared layouts, and each installed
game's own layouts (package data beside its code), so that an edit to any layout a deck can
use restyles the preview."""

from generator import shipped
from generator.games.plugin import plugins
from generator.watching import watched_paths
from tests.conftest import COMPONENTS


def test_the_preview_watches_the_game_folders_and_every_layouts_folder_a_deck_can_use():
    folder = COMPONENTS / "sliders"
    watched = watched_paths([folder])
    assert watched[:2] == [folder, shipped.layouts_dir()]
    # Each shipped game's kinds are drawn from layouts in its package, which is watched.
    for name in ("sliders", "whipped", "chip_flip", "slipmax", "twisty_passages"):
        own = plugins()[name].layouts()
        assert own is not None and own in watched
        assert any(own.glob("*.yaml"))
