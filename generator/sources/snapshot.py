"""What a game folder held as a build began to read it: each file's size, times and inode.

A stage's cache key hashes its source files when the key is first worked out, after the
sources were read. A file saved in between (an editor's save while `cutsheet build --watch`
builds) would file the layout of the text read under the key of the text saved, and the
build after that save would print the old text. A build that finds its game folder changed
since it began reading keeps nothing under such keys: the next build reads and lays out the
saved text. Times in nanoseconds, as file systems keep them today; a file system that keeps
them in seconds may not tell a save within the same second.
"""

import os
from pathlib import Path

from msgspec import Struct

#: A file's size, modification and change times (ns) and inode: any save changes one.
Stamp = tuple[int, int, int, int]


class Snapshot(Struct, frozen=True):
    """Every file of a game folder (its hidden folders left out) with its stamp."""

    stamps: tuple[tuple[str, Stamp], ...]

    @classmethod
    def of(cls, folder: Path) -> "Snapshot":
        return cls(tuple(_stamps(folder)))

    def unchanged(self) -> bool:
        """Whether every file is as it was (a file added since is not looked for: the file
        that names it, game.yaml or a component file, changed too)."""
        return all(_stamp(path) == stamp for path, stamp in self.stamps)


def _stamps(folder: Path) -> list[tuple[str, Stamp]]:
    found = []
    for here, folders, files in os.walk(folder):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        for name in sorted(files):
            path = os.path.join(here, name)
            stamp = _stamp(path)
            if stamp is not None:
                found.append((path, stamp))
    return found


def _stamp(path: str) -> Stamp | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino
