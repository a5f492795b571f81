"""A content-hash cache of build work under <out>/.cache/, so a rebuild redoes only what
changed: a game whose sources are unchanged is not laid out again, and a sheet whose
content is unchanged is not rendered to SVG or PNG again while its files in the output folder
are as the last build left them.

Every stage of the print pipeline (generator/pipeline/) is kept the same way: its inputs are a
frozen Struct deriving from `Inputs`, which names the stage, and the entry's key is derived
from them (`Inputs.key`): the stage's name, then each input, files (`Files`) by their content
and anything else by its repr. No call site lists a key's parts by hand. cutsheet's own code
and fonts (`code_version`) are not part of a key: each entry's file is named by its key and the
code version (`_entry_file`), so that versions keep their entries side by side and none reads
another's. What one process keeps in memory is made by one version of the code, and a build
that keeps nothing (--no-cache) does not read the code and fonts to hash them. Laid-out faces
are keyed by the whole game (every component file, game.yaml, the layouts and icons it can
see), because a kind may read any file of its game (a deck's backs) and any layout (the
register card reads the strip's); a game laid out again reuses the drawings of its latest
layout that an edit left alone (generator/pipeline/parts.py). A sheet's content is keyed by the
sheet itself and the icon files drawn into it; the PDF is kept here, while the SVG and PNG
files in the output folder serve as their own cache (pipeline/written.py). Entries refer to
objects rather than copy them (generator/pickles.py): the sheets to the layout's faces, the
layout to the game's component files, and a layout's drawings and a PDF's drawn pages are kept
in pieces, so that an edit writes the pieces it changed and no others. A missing or damaged
entry is a miss, and an entry that cannot be written is left out; entries are written
atomically, so an interrupted build leaves no half entry. What earlier runs left is pruned
after each command, the least recently used first (`pruned_after`).
"""

import hashlib
import os
import re
import stat
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, cached_property
from pathlib import Path
from typing import Any, BinaryIO, ClassVar, TypeVar

from msgspec import Struct

from generator import pickles, shipped
from generator.collector import collection_paused, keep_until_done, reads_kept
from generator.output import write_atomic
from generator.pickles import Piece

_CODE_SUFFIXES = (".py", ".j2", ".ttf", ".otf", ".yaml", ".json")  # .json: the shipped faces' index

T = TypeVar("T")


@cache
def code_version() -> str:
    """A hash of the generator package and the fonts: any change to either is a new cache
    (each entry's file is named by it: _entry_file).
    Every file is read whole: a font's size and times would be cheaper to read, but a copy
    that keeps them, or a file system whose times are coarse, would leave a changed font
    printing from a cache of the old one."""
    return version_of(Path(__file__).resolve().parent, shipped.fonts_dir().resolve())


def version_of(package: Path, fonts: Path) -> str:
    """code_version of the package and the fonts in these folders (a wheel's fonts are a
    folder of its package: read once, as fonts)."""
    digest = hashlib.sha256()
    for label, files in (("generator", _code_files(package, fonts)), ("fonts", _code_files(fonts))):
        for name, path in files:
            digest.update(f"{label}/{name}".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _code_files(folder: Path, leave_out: Path | None = None) -> list[tuple[str, Path]]:
    """The files of `folder` code_version reads (by their suffixes), each by its path there,
    in the order of their paths' parts; `leave_out` (a wheel's fonts, inside the package) and
    compiled bytecode are not among them."""
    found: list[tuple[tuple[str, ...], Path]] = []
    for here, folders, files in os.walk(folder):
        at = Path(here)
        folders[:] = [name for name in folders if name != "__pycache__" and at / name != leave_out]
        parts = at.relative_to(folder).parts
        found += [((*parts, name), at / name) for name in files if name.endswith(_CODE_SUFFIXES)]
    return [("/".join(parts), path) for parts, path in sorted(found)]


#: No file a build reads may be larger (fonts and pictures are the largest it takes); a
#: file's digest reads no more of it than this, and its size besides.
MAX_SOURCE_BYTES = 64 * 1024 * 1024


def files_digest(paths: Iterable[Path]) -> str:
    """A hash of files' names, where each leads, their sizes and their contents, in sorted
    order. Where a name leads counts, so a file replaced by a link to the same bytes
    elsewhere is a change (the link may lead out of its game folder, which a build refuses).
    Only regular files are read, in blocks and no further than MAX_SOURCE_BYTES: a larger
    file is refused by the reader it is for, so a named pipe or a huge file costs neither a
    wait nor memory."""
    digest = hashlib.sha256()
    for path in sorted(set(paths)):
        digest.update(str(path).encode() + b"\0")
        try:
            digest.update(str(path.resolve()).encode() + b"\0")
            status = path.stat()
            if not stat.S_ISREG(status.st_mode):
                raise FileNotFoundError(path)
            digest.update(f"{status.st_size}\0".encode())
            with path.open("rb") as file:
                digest.update(_head_digest(file))
        except (OSError, RuntimeError):  # missing, unreadable, a link loop: the build says which
            digest.update(b"<missing>")
    return digest.hexdigest()


def _head_digest(file: BinaryIO) -> bytes:
    """The hash of a file's first MAX_SOURCE_BYTES."""
    digest, left = hashlib.sha256(), MAX_SOURCE_BYTES
    while left and (block := file.read(min(left, 1 << 20))):
        digest.update(block)
        left -= len(block)
    return digest.digest()


def key(*parts: object) -> str:
    """A digest of `parts`, each by its repr."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(repr(part).encode())
        digest.update(b"\0")
    return digest.hexdigest()


class Files(Struct, frozen=True):
    """Files as an input of a stage: their names, where each leads, and their contents
    (files_digest), so that an edit to any of them is a new key."""

    paths: tuple[Path, ...]


class Inputs(Struct, frozen=True, dict=True):
    """What one stage's result is made from, as a frozen Struct deriving from this one
    that names its stage (`stage`): its key, and so its cache entry, is derived from it."""

    stage: ClassVar[str]
    #: Whether the stage's entry is the latest of its place, replaced by each build (its key
    #: names a game folder, not a content: its latest reading, layout, sheets, pages, files
    #: written), and checked against the sources before any of it is used.
    latest: ClassVar[bool] = False

    @cached_property
    def key(self) -> str:
        """The stage's name, then each input by name: Files by their contents, anything else
        by its repr. Worked out once for each value, as Files are read to be hashed."""
        values = ((name, getattr(self, name)) for name in self.__struct_fields__)
        return key(self.stage, *((name, _digested(value)) for name, value in values))


def _digested(value: object) -> object:
    return files_digest(value.paths) if isinstance(value, Files) else value


def _always(_value: object) -> bool:
    return True


#: A piece's signature (Piece.signature): the identities of the objects it holds.
Signature = tuple[tuple[object, int], ...]


class Carried:
    """The entries the stores of one command read or wrote, in memory, for the next command
    in the same process (see `carried_over`): the values the stores hold and the pieces' names
    by their signatures, and which of them this command has used."""

    def __init__(self) -> None:
        self.memory: dict[str, object] = {}
        self.piece_names: dict[Signature, tuple[str, Piece]] = {}
        self.used: set[str] = set()
        #: The cache folders of the stores that carry entries over.
        self.roots: set[Path] = set()
        #: The latest entries (Inputs.latest) put since they were last written, each with its
        #: cache folder and the shared objects it refers to: written when a command no longer
        #: uses them (an edit to a layout puts the game's latest layout under another key), or
        #: as the last command ends, where each command would rewrite them whole.
        self.unwritten: dict[str, tuple[Path, Sequence[object]]] = {}

    def command_done(self) -> None:
        """Write the latest entries the command did not use, mark what it used in memory alone
        as used in the cache folder too (pruning, which comes next, keeps it), and keep what
        it used and nothing else: the next command starts from it."""
        self.write_unwritten([name for name in self.unwritten if name not in self.used])
        for root in self.roots:
            for name in self.used:
                _used(_entry_file(root, name))
        kept = self.used | self.unwritten.keys()
        self.memory = {name: value for name, value in self.memory.items() if name in kept}
        self.piece_names = {sign: named for sign, named in self.piece_names.items() if named[0] in kept}
        self.used.clear()

    def write_unwritten(self, names: Iterable[str] | None = None) -> None:
        """Write the latest entries named (default: all) that are still in memory alone."""
        for name in list(self.unwritten) if names is None else names:
            root, shared = self.unwritten.pop(name)
            BuildCache(root)._write(name, self.memory[name], shared)


def _unnoted(name: str) -> None:
    """Outside carried_over, what a command uses is not noted."""


#: The entries carried over from one command to the next, within carried_over().
_carried: ContextVar[Carried | None] = ContextVar("carried", default=None)


@contextmanager
def carried_over() -> Iterator[None]:
    """Commands run within it (`cutsheet build --watch` builds after each edit) each start
    from what the last one used of the cache, in memory: an edit to one card in a 1000-card
    deck then unpickles none of the deck's reading, layout, sheets and pages, which was a
    third of such a rebuild. Memory stays bounded: a command carries over only the entries
    it used. An entry's value never goes stale by being kept: a content-hashed stage's is
    its key's for good, and the latest stages' (Inputs.latest) are checked against the
    sources before any of them is used, as they are when read from a file that another build
    may have rewritten.

    The latest entries are written to their files once, when a command no longer uses them
    or as the last command ends (Ctrl-C or SIGTERM included), not by every command: each
    command would rewrite them whole, and at 10,000 cards that was half of a build after one
    card's edit. A process ended otherwise (SIGKILL, a closed terminal) leaves the last of them
    unwritten: a later build checks what it finds as ever, and redoes more.
    Only stores with a folder carry entries over: --no-cache reuses nothing of earlier builds."""
    carried = Carried()
    token = _carried.set(carried)
    try:
        yield
    finally:
        try:
            carried.write_unwritten()
        finally:
            _carried.reset(token)


class BuildCache:
    """Entries as files named by their key under `root` (None switches the files off), and
    every result this store has read or made, in memory: a run asks for a stage's result as
    often as it needs it, and the work and the unpickling are done once. Within carried_over,
    that memory is shared by every store of a command and carried over to the next.

    An entry may refer to objects instead of holding copies of them (generator/pickles.py):
    to `shared` objects the caller has at hand, and to the pieces of a mapping kept in
    pieces (Pieces), each its own entry, which this store writes only when it did not read
    or write the same piece before.

    A store that holds its writes (`hold`) keeps what it makes in memory alone until
    `release`: a live preview shows its first phase before it pickles a large game."""

    def __init__(self, root: Path | None, hold: bool = False):
        self.root = root
        self._held: list[tuple[str, Sequence[object]]] | None = [] if hold else None
        carried = _carried.get() if root is not None else None
        if carried is not None and root is not None:
            carried.roots.add(root)
        #: Every entry read or made, by name: this store's own, or the command's (carried).
        self._memory: dict[str, object] = {} if carried is None else carried.memory
        #: The name of each piece read or written, with the piece, by its signature
        #: (Piece.signature): held here, its values keep the identities the signature holds.
        self._piece_names: dict[Signature, tuple[str, Piece]] = {} if carried is None else carried.piece_names
        #: What is carried over to the next command, within carried_over.
        self._carried = carried
        #: Mark a name used by this command: carried over to the next, where memory is.
        self._note: Callable[[str], object] = _unnoted if carried is None else carried.used.add

    @property
    def keeps(self) -> bool:
        """Whether what this store is given outlives it, in its folder: without one
        (--no-cache), no later build looks up what this one makes, so the digests that would
        name it for them are not worked out at all."""
        return self.root is not None

    def cached(
        self,
        inputs: Inputs,
        kind: type[T],
        make: Callable[[], T],
        keep: Callable[[T], bool] = _always,
        fresh: Callable[[T], bool] = _always,
        shared: Sequence[object] = (),
    ) -> T:
        """The stage's result for `inputs`: from this store when it holds one of `kind` that
        is still `fresh` (what the key cannot cover, such as the art files a layout read), else
        make() kept here when `keep` says it may be. The result's file refers to the objects
        of `shared` that it holds, rather than holding copies of them (generator/pickles.py)."""
        kept = self.lookup(inputs, kind, shared)
        if kept is not None and fresh(kept):
            return kept
        made = make()
        if keep(made):
            self.put(inputs, made, shared)
        return made

    def lookup(self, inputs: Inputs, kind: type[T], shared: Sequence[object] = ()) -> T | None:
        """The result kept for `inputs`, when it is one of `kind`; None on a miss."""
        return self.entry(inputs.key, kind, shared)

    def entry(self, name: str, kind: type[T], shared: Sequence[object] = ()) -> T | None:
        """The result kept under the key `name` (an Inputs.key), when it is one of `kind`;
        None on a miss."""
        if name not in self._memory:
            found = self._read(name, shared)
            if found is None:
                return None
            self._memory[name] = found
        self._note(name)
        kept = self._memory[name]
        return kept if isinstance(kept, kind) else None

    def put(self, inputs: Inputs, value: object, shared: Sequence[object] = ()) -> None:
        """Keep `value` as the result for `inputs` (its file written now, or at `release`)."""
        entry = inputs.key
        self._memory[entry] = value
        self._note(entry)
        if self._carried is not None and inputs.latest:
            assert self.root is not None  # only a store with a folder carries entries over
            self._carried.unwritten[entry] = (self.root, shared)
        elif self._held is None:
            self._write(entry, value, shared)
        else:
            self._held.append((entry, shared))

    def release(self) -> None:
        """Write what this store held, and from now on write as it goes."""
        held, self._held = self._held or [], None
        for entry, shared in dict(held).items():
            self._write(entry, self._memory[entry], shared)

    def touch(self, inputs: Inputs) -> None:
        """Mark the entry for `inputs`, when there is one, used without reading it, and the
        pieces it holds (read from its header alone): one a later run may want, though this
        run did not (pruning deletes it last)."""
        if self.root is None:
            return
        self._note(inputs.key)
        path = _entry_file(self.root, inputs.key)
        _used(path)
        try:
            names = pickles.pieces_named(path.read_bytes()[32:])
        except Exception:  # missing or damaged: its read will be a miss
            return
        for name in names:
            if _ENTRY.fullmatch(name):  # a damaged header names nothing outside the cache
                _used(_entry_file(self.root, name))

    def _path(self, entry: str) -> Path | None:
        return _entry_file(self.root, entry) if self.root is not None else None

    def _read(self, entry: str, shared: Sequence[object]) -> Any | None:
        """The stored value, or None when missing or damaged (each entry carries a checksum,
        and one that does not unpickle, that was written against another number of shared
        objects, or whose pieces are missing or damaged, is a miss, never a failed build)."""
        path = self._path(entry)
        if path is None:
            return None
        try:
            stored = path.read_bytes()
        except OSError:
            return None
        if len(stored) < 32:
            return None
        check, data = stored[:32], stored[32:]
        if hashlib.sha256(data).digest() != check:
            return None
        try:
            with collection_paused():
                found = pickles.loads(data, shared, self._piece)
                keep_until_done()  # the collector need not pass over what the command keeps
        except Exception:
            return None
        _used(path)
        return found

    def _write(self, entry: str, value: object, shared: Sequence[object]) -> None:
        """Store `value`, where the cache can be written: an entry that cannot (a read-only or
        full folder, a folder where the entry's file goes, or one of its pieces') is left out,
        as the cache only saves work; the output it serves reports its own errors."""
        path = self._path(entry)
        if path is not None:
            try:
                with collection_paused():
                    data = pickles.dumps(value, shared, self._stored)
                _write_entry(path, data)
            except OSError:
                return

    def _piece(self, name: str) -> Piece:
        """The piece stored under `name`, read once (LookupError when it cannot be)."""
        if name not in self._memory:
            found = self._read(name, ())
            if not isinstance(found, Piece):
                raise LookupError(f"no piece {name}")
            self._memory[name] = found
            self._piece_names[found.signature()] = (name, found)
        self._note(name)
        found = self._memory[name]
        assert isinstance(found, Piece)
        return found

    def _stored(self, piece: Piece) -> str:
        """The name of `piece`'s entry, named by its content: written now, unless this store
        read or wrote a piece of the same objects, which is marked used now (another command
        may have pruned since it was read). OSError when it cannot be written. Only a store
        with a folder writes."""
        assert self.root is not None
        signature = piece.signature()
        if signature in self._piece_names:
            name = self._piece_names[signature][0]
            if _used(_entry_file(self.root, name)):  # else pruned since: written again below
                self._note(name)
                return name
        data = pickles.dumps(piece, (), self._stored)
        name = key("piece", hashlib.sha256(data).hexdigest())
        _write_entry(_entry_file(self.root, name), data)
        self._memory.setdefault(name, piece)
        self._piece_names[signature] = (name, piece)
        self._note(name)
        return name


def _entry_file(root: Path, name: str) -> Path:
    """Where the entry named `name` is kept by this version of cutsheet: a file named by the
    name and the code version, in the folder of its first two characters. Each version keeps
    its own entries, beside another's in the same folder, and never reads another's."""
    file = hashlib.sha256(f"{code_version()}\0{name}".encode()).hexdigest()
    return root / file[:2] / file


def _write_entry(path: Path, data: bytes) -> None:
    """An entry's file: its checksum, then `data` (OSError when it cannot be written)."""
    write_atomic(path, hashlib.sha256(data).digest() + data)
    _used(path)  # written, or found holding these bytes already (write_atomic leaves those)


def _used(path: Path) -> bool:
    """Mark an entry as used now (its modification time), so that pruning keeps it longest;
    False when it is not there (pruned by another command)."""
    try:
        os.utime(path)
    except FileNotFoundError:
        return False
    except OSError:  # a read-only cache is read as it is
        pass
    return True


#: What the cache keeps of earlier runs: every entry the latest command used, whatever their
#: size, and then the most recently used of the others up to this many bytes in all. An edit
#: to one card of a 10,000-card deck writes about 7 MB of new entries (its PDF, its layout and
#: the pieces of its drawings and pages that changed), and the entries they replace are never
#: read again (its sheets and its reading are rewritten in their places).
KEPT_BYTES = 512 * 1024 * 1024

#: A command's entries count as used from this long before it started: a file system may
#: keep modification times as coarse as two seconds.
TIME_SLACK_S = 2.0

_ENTRY = re.compile(r"[0-9a-f]{64}")


@contextmanager
def used_by_command(root: Path | None) -> Iterator[None]:
    """A command using the cache at `root` (None: no cache), as `build`, `export` and each
    preview rebuild are: what it reads stays out of the collector's passes until it is done
    (collector.reads_kept), and then the cache is pruned (pruned_after)."""
    with pruned_after(root), reads_kept():
        try:
            yield
        finally:
            carried = _carried.get()
            if carried is not None:
                carried.command_done()


@contextmanager
def pruned_after(root: Path | None) -> Iterator[None]:
    """A command using the cache at `root` (None: no cache), then the cache pruned of what
    earlier runs left beyond KEPT_BYTES (prune), however the command ended."""
    since = time.time() - TIME_SLACK_S
    try:
        yield
    finally:
        if root is not None:
            prune(root, since)


def prune(root: Path, since: float, limit: int | None = None) -> None:
    """Delete the cache's entries last used before `since`, least recently used first, until
    all it holds takes at most `limit` bytes (KEPT_BYTES). Only the cache's own entries are
    ever deleted: regular files named by a key in the folder of its first two characters.
    Anything else in the folder stays, and an entry that cannot be deleted is passed over."""
    limit = KEPT_BYTES if limit is None else limit
    entries = sorted(_entries(root))
    total = sum(size for _, size, _ in entries)
    for used, size, path in entries:
        if total <= limit or used >= since:
            break
        try:
            path.unlink(missing_ok=True)
        except OSError:  # not ours to delete (another user's), say: the next one may be
            continue
        total -= size


def _entries(root: Path) -> Iterator[tuple[float, int, Path]]:
    """(last used, size, path) of each of the cache's own entries under `root`; a folder
    that cannot be listed, or an entry gone meanwhile (another run pruning), is passed over."""
    for folder in _listed(root):
        if len(folder.name) != 2 or not folder.is_dir() or folder.is_symlink():
            continue
        for path in _listed(folder):
            if _ENTRY.fullmatch(path.name) and path.name[:2] == folder.name:
                try:
                    status = path.lstat()
                except OSError:
                    continue
                if stat.S_ISREG(status.st_mode):
                    yield status.st_mtime, status.st_size, path


def _listed(folder: Path) -> list[Path]:
    """What a folder holds; nothing when it cannot be listed (missing, unreadable)."""
    try:
        return list(folder.iterdir())
    except OSError:
        return []
