"""Watching a project's sources for edits: what is watched, and which games an edit concerns.

The live preview (`cutsheet serve`) and `cutsheet build --watch` both rebuild on a save, and
both watch the same places with the same settings, written here once.
"""

import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

import watchfiles

from generator import shipped
from generator.games.plugin import plugins

#: Milliseconds the watch waits after a change for more before it reports it: an editor's
#: save is a write or two a few microseconds apart (or a rename), and each millisecond more
#: is one an edit takes to show. At 50 an edit waited 60-100 ms here.
WATCH_STEP = 20
#: Milliseconds the watch gathers changes over at most, however busy the folder is.
WATCH_MOST = 400
#: Milliseconds between the watch's reports of no change (the caller's chance to notice a
#: stop, or that the watch is in place).
WATCH_QUIET = 200


def watched_paths(folders: list[Path]) -> list[Path]:
    """Each game folder, the shared layouts and icons, and each installed game's own (its
    package's layouts/): a layout edit restyles a deck."""
    own = (plugin.layouts() for plugin in plugins().values())
    return [*folders, shipped.layouts_dir(), *(folder for folder in own if folder is not None)]


def changed_path(reported: str) -> Path:
    """Where a change happened, in the terms of the resolved game folders: the file's folder
    resolved, its own name kept, so a picture replaced by a link counts as a change in the
    game that holds the link (whose build reports where it leads), not where it leads."""
    path = Path(reported)
    return path.parent.resolve() / path.name


def affected(folders: list[Path], changed: Iterable[Path]) -> list[Path]:
    """The games (of resolved `folders`) a set of changed files concerns; a shared layout or
    icon concerns all."""
    paths = list(changed)
    hit = [folder for folder in folders if any(path.is_relative_to(folder) for path in paths)]
    return hit or list(folders)


class SourcesFilter(watchfiles.DefaultFilter):
    """What watchfiles counts as a change by default (no editor's swap files, no version
    control), but nothing under `out_dir`. Not its `ignore_paths`, which tells paths apart by
    their first characters alone: an output folder `output` would hide a game `output-deck`."""

    def __init__(self, out_dir: Path):
        super().__init__()
        self.out_dir = out_dir

    def __call__(self, change: watchfiles.Change, path: str) -> bool:
        return not Path(path).is_relative_to(self.out_dir) and super().__call__(change, path)


def edits(folders: list[Path], out_dir: Path, stop: threading.Event | None = None) -> Iterator[list[Path]]:
    """The games each edit concerns (of resolved `folders`), as they are saved, until `stop`
    is set: an empty list after each quiet interval, the first of which says the watch is
    in place. What is written under `out_dir` (a build's own output) is no edit."""
    for changes in watchfiles.watch(
        *watched_paths(folders),
        watch_filter=SourcesFilter(out_dir.resolve()),
        stop_event=stop,
        debounce=WATCH_MOST,
        step=WATCH_STEP,
        rust_timeout=WATCH_QUIET,
        yield_on_timeout=True,
    ):
        yield affected(folders, (changed_path(path) for _, path in changes)) if changes else []
