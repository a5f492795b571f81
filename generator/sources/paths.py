"""The one way a file that a game folder names (or implies) is found: inside the folder.

Every file cutsheet reads because a source names it, or because it stands where a game
folder's own files are looked for, goes through `confined` (a path written in a source) or
`inside` (a path made by joining a folder and a name): component files and their tables,
layouts, icons, art, rules.md, and whatever a later kind of source adds. Each refuses a path
that is absolute, climbs out with `..`, or leads out through a link, and turns what the file
system says of a bad name (a link loop, a name too long) into an error at the place that
names it, instead of a traceback.
"""

import os
from pathlib import Path

from generator.sources.errors import Loc, SourceError, display_path


def confined(base: Path, relative: str, loc: Loc | None, what: str) -> Path:
    """The file that `relative` (as written at `loc`) names under `base`, resolved; refused
    when absolute or when it leads outside `base`."""
    candidate = Path(relative)
    if candidate.is_absolute():
        raise SourceError(loc, f"{what} {relative!r} must be a path inside {display_path(base)}, not absolute")
    return inside(base / candidate, base, loc, what, shown=relative)


def inside(path: Path, base: Path, loc: Loc | None, what: str, shown: str | None = None) -> Path:
    """`path` resolved, which must lie inside `base` (links followed); SourceError at `loc`
    otherwise, or when the file system cannot resolve it."""
    name = shown if shown is not None else display_path(path)
    try:
        resolved = path.resolve()
        root = base.resolve()
        os.stat(resolved)
    except RuntimeError:  # Python's word for a link loop
        raise SourceError(loc, f"{what} {name!r} is a link that leads to itself") from None
    except (FileNotFoundError, NotADirectoryError):
        pass  # no such file: the caller says what it expected there
    except OSError as exc:
        raise SourceError(loc, f"{what} {name!r} cannot be looked up: {exc.strerror or exc}") from None
    if not resolved.is_relative_to(root):
        raise SourceError(loc, f"{what} {name!r} leads outside {display_path(base)}")
    return resolved


def file_inside(path: Path, base: Path, loc: Loc | None, what: str) -> Path | None:
    """`path` resolved when it is a file inside `base`; None when nothing is there; SourceError
    when it leads outside or cannot be looked up."""
    found = inside(path, base, loc, what)
    return found if found.is_file() else None
