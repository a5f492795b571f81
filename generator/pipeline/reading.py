"""A game read for a command that keeps a build cache: its latest reading is kept there
(sources/game.py's SourceMemo, as a live preview keeps it in memory), so that a build after
an edit to one item reads and checks that item alone, and a build with nothing changed reads
no item. Reading and checking every item was a fifth of a rebuild of a 10,000-card deck after
one card's edit, and two fifths of its build with nothing changed."""

import os
from pathlib import Path
from typing import ClassVar

from generator.cache import BuildCache, Inputs
from generator.games import load_game
from generator.sources.errors import display_path
from generator.sources.game import Game, SourceMemo


class LatestSources(Inputs, frozen=True):
    """Where a game folder's latest reading is kept: by where the folder is and how its
    files are named in messages (from the working folder), which the reading's places hold.
    The memo takes nothing from it unchecked: a file is read again unless its text is the
    one the memo holds but for one item."""

    stage: ClassVar[str] = "latest sources"
    latest: ClassVar[bool] = True
    folder: str
    shown: str


def read_game(folder: Path, store: BuildCache) -> Game:
    """The game in `folder` (games.load_game), read with its latest reading in `store`, which
    keeps this one in its place when it changed, or when it lacked an item's fingerprint (a
    reading kept before any layout took them), taken now. A store that keeps nothing
    (--no-cache) has no reading to compare with, and takes no fingerprints."""
    if not store.keeps:
        return load_game(folder)
    latest = LatestSources(os.path.abspath(folder), display_path(folder))
    memo = store.lookup(latest, SourceMemo) or SourceMemo()
    before = dict(memo.files)
    game = load_game(folder, memo)
    changed = memo.files.keys() != before.keys() or any(memo.files[path] is not before[path] for path in before)
    kept = [component for _, envelope in memo.files.values() for component in envelope.components or ()]
    taken = [component.fingerprint for component in kept if not component.fingerprinted]  # to keep them
    if changed or taken:
        store.put(latest, memo)
    return game
