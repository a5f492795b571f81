"""A content-hash cache of build work under <out>/.cache/, so a rebuild redoes only what
changed: a game whose sources are unchanged is not laid out again, and a sheet whose
content is unchanged is not rendered to SVG or PNG again while its files in the output folder
are as the last build left them.

Keys hash everything a result depends on: cutsheet's own code and fonts, then the inputs.
Laid-out faces are keyed by the whole game (every component file, game.yaml, the layouts
and icons it can see), because a kind may read any file of its game (a deck's backs) and
any layout (the register card reads the strip's). A sheet's content is keyed by the sheet
itself and the icon files drawn into it; the PDF is kept here, while the SVG and PNG files in
the output folder serve as their own cache (build/written.py). A missing or damaged entry is
a miss, and an entry that cannot be written is left out; entries are written atomically, so an
interrupted build leaves no half entry.
"""

import hashlib
import pickle
import stat
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from generator import shipped
from generator.output import write_atomic

_CODE_SUFFIXES = (".py", ".j2", ".ttf", ".yaml")


@cache
def code_version() -> str:
    """A hash of the generator package and the fonts: any change to either is a new cache."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent
    for label, folder in (("generator", package), ("fonts", shipped.fonts_dir())):
        for path in sorted(folder.rglob("*")):
            if path.suffix in _CODE_SUFFIXES and "__pycache__" not in path.parts:
                digest.update(f"{label}/{path.relative_to(folder).as_posix()}".encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def files_digest(paths: Iterable[Path]) -> str:
    """A hash of files' names, where each leads, and their contents, in sorted order. Where a
    name leads counts, so a file replaced by a link to the same bytes elsewhere is a change
    (the link may lead out of its game folder, which a build refuses); only regular files
    are read, in blocks, so a named pipe or a huge file costs neither a wait nor memory."""
    digest = hashlib.sha256()
    for path in sorted(set(paths)):
        digest.update(str(path).encode() + b"\0")
        try:
            digest.update(str(path.resolve()).encode() + b"\0")
            if not stat.S_ISREG(path.stat().st_mode):
                raise FileNotFoundError(path)
            with path.open("rb") as file:
                digest.update(hashlib.file_digest(file, "sha256").digest())
        except (OSError, RuntimeError):  # missing, unreadable, a link loop: the build says which
            digest.update(b"<missing>")
    return digest.hexdigest()


def key(*parts: object) -> str:
    digest = hashlib.sha256(code_version().encode())
    for part in parts:
        digest.update(repr(part).encode())
        digest.update(b"\0")
    return digest.hexdigest()


class BuildCache:
    """Entries as files named by their key; None as the root switches the cache off."""

    def __init__(self, root: Path | None):
        self.root = root

    def _path(self, entry: str) -> Path | None:
        return self.root / entry[:2] / entry if self.root is not None else None

    def get(self, entry: str) -> bytes | None:
        """The stored bytes, or None when missing or damaged (each entry carries a checksum)."""
        path = self._path(entry)
        try:
            stored = path.read_bytes() if path is not None else None
        except OSError:
            return None
        if stored is None or len(stored) < 32:
            return None
        check, data = stored[:32], stored[32:]
        return data if hashlib.sha256(data).digest() == check else None

    def put(self, entry: str, data: bytes) -> None:
        """Store `data`, where the cache can be written: an entry that cannot (a read-only or
        full folder, a folder where the entry's file goes) is left out, as the cache only
        saves work; the output it serves reports its own errors."""
        path = self._path(entry)
        if path is not None:
            try:
                write_atomic(path, hashlib.sha256(data).digest() + data)
            except OSError:
                pass

    def get_object(self, entry: str) -> Any | None:
        data = self.get(entry)
        try:
            return pickle.loads(data) if data is not None else None
        except Exception:  # a damaged entry is a miss, never a failed build
            return None

    def put_object(self, entry: str, value: Any) -> None:
        self.put(entry, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
