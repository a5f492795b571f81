"""An output folder replaced as a whole: a build or export writes into a staging copy of the
folder and swaps it into place when everything is written, so a failed or killed run leaves
the previous output as it was, and a finished one leaves no file of the last run that it did
not write again.

The staging copy is a hidden folder beside the output folder, made of hard links to the
output folder's files (a copy where the file system has no hard links): files the run does
not touch, the designer's own among them, come through unchanged. The run replaces the files
it writes (output.py writes each to a temporary file and renames it), and removes those that
the last run wrote and this one did not: the folder's manifest (MANIFEST) lists every file
the tool wrote, so no other file is ever deleted. The swap is one rename on Linux
(renameat2's RENAME_EXCHANGE); elsewhere two renames, which a run killed between them leaves
as a hidden folder that the next run puts back.

A hidden folder left by a killed run is tidied by the next run into the same folder
(`_tidy`): while it holds the STAGING marker it is unfinished work, deleted whole; without
it, it is the previous output as the swap left it, whose links are deleted, whose files the
tool wrote are deleted, and whose other files (one a designer saved there during the run)
are moved into the output folder, or kept where that name is taken.
"""

import ctypes
import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from generator.output import write_atomic

#: The file in an output folder listing the files the tool wrote there, one a line.
MANIFEST = ".cutsheet-files"
#: The file that marks a staging folder as unfinished: everything in it may go.
STAGING = ".cutsheet-staging"
#: The mode of a new output folder (a temporary folder is made for its owner alone).
FOLDER_MODE = 0o755
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


class OutputError(Exception):
    """An output folder that cannot be written (read-only, full, a file in the way); the
    message names it."""


@dataclass(frozen=True)
class Stage:
    """The staging copy of `folder` a run writes into: `path(real)` is where a file meant
    for `real` (inside `folder`) is written, and `keep(*real)` records files as the tool's,
    for the manifest."""

    folder: Path
    root: Path
    written: set[str] = field(default_factory=set, compare=False)

    def path(self, real: Path) -> Path:
        return self.root / real.relative_to(self.folder)

    def keep(self, *real: Path) -> None:
        self.written.update(path.relative_to(self.folder).as_posix() for path in real)


def _prefix(folder: Path) -> str:
    return f".{folder.name}.cutsheet-"


@contextmanager
def staged(folder: Path) -> Iterator[Stage]:
    """A Stage of `folder`, swapped into its place when the block ends without an error and
    deleted when it raises. OSError from the file system becomes OutputError naming it."""
    try:
        if folder.exists() and not folder.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "a file is where the folder goes", str(folder))
        folder.parent.mkdir(parents=True, exist_ok=True)
        _tidy(folder)
        root = Path(tempfile.mkdtemp(prefix=_prefix(folder), dir=folder.parent))
        os.chmod(root, stat.S_IMODE(folder.stat().st_mode) if folder.is_dir() else FOLDER_MODE)
    except OSError as exc:
        raise _output_error(folder, exc) from None
    try:
        (root / STAGING).touch()
        before = _mirror(folder, root)
        stage = Stage(folder, root)
        yield stage
        for name in sorted(before - stage.written):  # the last run's files this one did not write
            _remove_file(root / name)
        write_atomic(root / MANIFEST, "".join(f"{name}\n" for name in sorted(stage.written)).encode())
        (root / STAGING).unlink()
        _swap(root, folder)
    except OSError as exc:
        _discard(root)
        raise _output_error(folder, exc) from None
    except BaseException:
        _discard(root)
        raise
    with suppress(OSError):  # the new output is in place; what is left, the next run tidies
        _settle(root, folder)


def _output_error(folder: Path, exc: OSError) -> OutputError:
    where = exc.filename or folder
    return OutputError(f"cannot write the output folder {folder}: {exc.strerror or exc} ({where})")


def written_by_tool(folder: Path) -> set[str]:
    """The files (relative paths) the manifest of `folder` lists; none without one."""
    try:
        text = (folder / MANIFEST).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return set()
    return {line for line in text.splitlines() if line and not line.startswith("/") and ".." not in line}


def _mirror(folder: Path, root: Path) -> set[str]:
    """Fill `root` with links to every file of `folder` (symbolic links as themselves);
    return what its manifest says the tool wrote."""
    if not folder.is_dir():
        return set()
    for here, dirs, files in os.walk(folder):
        source = Path(here)
        target = root / source.relative_to(folder)
        links = [d for d in dirs if (source / d).is_symlink()]
        dirs[:] = [d for d in dirs if d not in links]
        for name in dirs:
            (target / name).mkdir(exist_ok=True)
        for name in [*files, *links]:
            _link(source / name, target / name)
    return written_by_tool(folder)


def _link(source: Path, target: Path) -> None:
    if source.is_symlink():
        target.symlink_to(os.readlink(source))
        return
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOTSUP, errno.EOPNOTSUPP):
            raise
        shutil.copy2(source, target, follow_symlinks=False)


def _swap(root: Path, folder: Path) -> None:
    """Put `root` where `folder` is, and what was there at `root`'s name."""
    if not folder.exists():
        os.rename(root, folder)
        os.mkdir(root)  # an empty folder for _settle, as an exchange would leave
        return
    if _exchange(root, folder):
        return
    old = Path(tempfile.mkdtemp(prefix=_prefix(folder), dir=folder.parent))
    os.rmdir(old)
    os.rename(folder, old)
    os.rename(root, folder)
    os.rename(old, root)


@cache
def _renameat2() -> object | None:
    """libc's renameat2, found among the symbols the process has loaded (CDLL(None)): naming
    the library instead (ctypes.util.find_library) forks the build to run `ldconfig -p`."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        call = libc.renameat2
    except (OSError, AttributeError, TypeError):
        return None
    call.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
    call.restype = ctypes.c_int
    return call


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one step; False where the system cannot."""
    call = _renameat2()
    if call is None:
        return False
    done = call(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)  # type: ignore[operator]
    if done == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def _settle(old: Path, folder: Path) -> None:
    """Empty `old`, what the output folder held before the swap: its links to files now in
    `folder` and the files the tool wrote go; any other file moves into `folder`."""
    tool = written_by_tool(old) | {MANIFEST, STAGING}
    for here, dirs, files in os.walk(old, topdown=False):
        source = Path(here)
        for name in [*files, *(d for d in dirs if (source / d).is_symlink())]:
            path = source / name
            relative = path.relative_to(old)
            live = folder / relative
            if relative.as_posix() in tool or _same_file(path, live):
                path.unlink()
            elif not live.exists() and not live.is_symlink():
                live.parent.mkdir(parents=True, exist_ok=True)
                os.rename(path, live)
        _rmdir_if_empty(source)


def _same_file(a: Path, b: Path) -> bool:
    try:
        sa, sb = os.lstat(a), os.lstat(b)
    except OSError:
        return False
    if a.is_symlink():
        return b.is_symlink() and os.readlink(a) == os.readlink(b)
    return (sa.st_ino, sa.st_dev) == (sb.st_ino, sb.st_dev) or _equal_copies(a, b, sa.st_size, sb.st_size)


def _equal_copies(a: Path, b: Path, size_a: int, size_b: int) -> bool:
    """Two files with the same bytes (where _link had to copy)."""
    return size_a == size_b and a.read_bytes() == b.read_bytes()


def _remove_file(path: Path) -> None:
    if path.is_file() or path.is_symlink():
        path.unlink()


def _rmdir_if_empty(path: Path) -> None:
    try:
        path.rmdir()
    except OSError:
        pass


def _discard(root: Path) -> None:
    """Delete an unfinished staging folder: everything in it is a link or the tool's own."""
    shutil.rmtree(root, ignore_errors=True)


def _tidy(folder: Path) -> None:
    """Finish what a killed run left beside `folder`: see the module's docstring."""
    for leftover in sorted(folder.parent.glob(f"{_prefix(folder)}*")):
        if not leftover.is_dir() or leftover.is_symlink():
            continue
        if (leftover / STAGING).exists():
            _discard(leftover)
        elif not folder.exists():
            os.rename(leftover, folder)
        else:
            _settle(leftover, folder)
