"""Which sheet files a build wrote into its output folder, so that the next build into the
same folder keeps those that still hold what it would write, instead of drawing them again.

Each file is recorded, when the build ends, with the cache key of its content and its
signature: its size, modification and change times, and inode. A later build keeps a file
only when the key it wants there is the one recorded and the signature is unchanged, so a
file someone edited, replaced or deleted since is drawn again. The change time is in the
signature because no tool can set it back: an edit whose tool restores the modification
time (`touch -r`, `rsync -t`) still shows. The files themselves are the cache: their bytes
are not copied into <out>/.cache. A copy of every SVG and PNG there doubled the bytes a first
build wrote, and made the first build of 1000 cards an eighth slower than one without the
cache.
"""

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import ClassVar

from msgspec import Struct

from generator.cache import BuildCache, Inputs

#: A file's size, modification and change times (ns), and inode.
Signature = tuple[int, int, int, int]


class SheetFile(Struct, frozen=True):
    """One file to write for sheet `index` of a build (its page in the PDF), and the cache
    key of its content."""

    path: Path
    entry: str
    index: int


class WrittenFiles(Struct, frozen=True):
    """The sheet files of one game's folder as the last build wrote them: for each (by its
    path in the folder), its content's key and its signature."""

    folder: Path
    files: Mapping[str, tuple[str, Signature]]

    def holds(self, file: SheetFile) -> bool:
        """Whether `file` is there as the last build wrote it, with the content it wants."""
        recorded = self.files.get(_name(self.folder, file))
        return recorded is not None and recorded == (file.entry, signature(file.path))


def signature(path: Path) -> Signature | None:
    """The file's signature; None when there is no file."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino


class WrittenInto(Inputs, frozen=True):
    """What the record of a game's folder is kept under: the folder's name is enough, as each
    output folder has its own cache."""

    stage: ClassVar[str] = "written sheet files"
    latest: ClassVar[bool] = True
    folder: str


def read_written(store: BuildCache, folder: Path) -> WrittenFiles:
    """What the last build into `folder` recorded (nothing, without a cache)."""
    return WrittenFiles(folder, store.lookup(WrittenInto(folder.name), dict) or {})


def record_written(store: BuildCache, folder: Path, files: Iterable[SheetFile]) -> None:
    """Record `files` as they are now, for the next build into `folder`."""
    signed = ((file, signature(file.path)) for file in files)
    record = {_name(folder, file): (file.entry, stat) for file, stat in signed if stat is not None}
    store.put(WrittenInto(folder.name), record)


def _name(folder: Path, file: SheetFile) -> str:
    return file.path.relative_to(folder).as_posix()
