"""What `cutsheet serve` and `cutsheet build --watch` watch: the game folders, the shared
layouts, and each installed game's own layouts (package data beside its code), so that an
edit to any layout a deck can use restyles it; which games an edit concerns; and that what a
build writes into its output folder is no edit."""

import threading
import time
from pathlib import Path

from watchfiles import Change

from generator import shipped
from generator.games.plugin import plugins
from generator.watching import SourcesFilter, affected, edits, watched_paths
from tests.conftest import COMPONENTS

ROOT = Path(__file__).resolve().parents[2]


def test_the_watch_covers_the_game_folders_and_every_layouts_folder_a_deck_can_use():
    folder = COMPONENTS / "sliders"
    watched = watched_paths([folder])
    assert watched[:2] == [folder, shipped.layouts_dir()]
    # Each shipped game's kinds are drawn from layouts in its package, which is watched.
    for name in ("sliders", "whipped", "chip_flip", "slipmax", "twisty_passages"):
        own = plugins()[name].layouts()
        assert own is not None and own in watched
        assert any(own.glob("*.yaml"))


def test_an_edit_concerns_only_its_own_game_and_a_shared_layout_all(tmp_path):
    games = [tmp_path / "one", tmp_path / "two"]
    assert affected(games, iter([games[1] / "strips.yaml"])) == [games[1]]
    assert affected(games, iter([games[0] / "a.yaml", games[1] / "b.yaml"])) == games
    assert affected(games, iter([ROOT / "layouts" / "strip.yaml"])) == games


def test_what_is_written_into_the_output_folder_is_no_edit(tmp_path):
    """Even an output folder inside a watched folder, which the commands refuse for a game
    folder but not, say, for a folder of shared layouts."""
    game = (tmp_path / "game").resolve()
    out = game / "output"
    out.mkdir(parents=True)
    stop, seen = threading.Event(), []

    def watch() -> None:
        for games in edits([game], out, stop):
            seen.append(games)

    watching = threading.Thread(target=watch, daemon=True)
    watching.start()
    deadline = time.monotonic() + 30
    while not seen and time.monotonic() < deadline:  # the watch in place: its first report
        time.sleep(0.05)
    assert seen
    (out / "game.pdf").write_bytes(b"%PDF")
    time.sleep(1)  # five of the watch's quiet intervals
    assert all(games == [] for games in seen)
    (game / "cards.yaml").write_text("kind: card\n")
    while [game] not in seen and time.monotonic() < deadline:
        time.sleep(0.05)
    stop.set()
    watching.join(10)
    assert [games for games in seen if games] == [[game]]


def test_a_folder_whose_name_begins_with_the_output_folders_is_watched(tmp_path):
    out, game = (tmp_path / "output").resolve(), (tmp_path / "output-deck").resolve()
    skip = SourcesFilter(out)
    assert not skip(Change.modified, str(out / "deck" / "deck.pdf"))
    assert not skip(Change.added, str(out))
    assert skip(Change.modified, str(game / "cards.yaml"))
    assert not skip(Change.modified, str(game / ".git" / "index"))  # watchfiles' own default
