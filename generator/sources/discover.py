"""Which game folders a command works on.

In this order: the SOURCE arguments (game folders, their game.yaml, or component files
listed in one); else, in the working folder, the game folders under ./components/ or the
folder itself when it holds game.yaml; else the five games cutsheet ships.
"""

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from msgspec import Struct

from generator import shipped
from generator.sources.errors import Loc, SourceError, display_path


class Games(Struct, frozen=True):
    """The game folders chosen, each with the component files named in it (none: the whole
    folder), and whether they are the shipped games because nothing else was found."""

    folders: dict[Path, list[Path]]
    shipped: bool = False

    @property
    def note(self) -> str:
        """The line said on stderr when the shipped games were taken."""
        if not self.shipped:
            return ""
        return "no game here (no SOURCE, ./components/ or ./game.yaml): using the five shipped games"


def find_games(sources: Sequence[str | Path], here: Path | None = None) -> Games:
    """The games named by `sources`, or found in the working folder `here`, or shipped."""
    if sources:
        return Games(_named(sources))
    here = here or Path.cwd()
    if (here / "components").is_dir():
        return Games(game_folders_under(here / "components"))
    if (here / "game.yaml").is_file():
        return Games({here.resolve(): []})
    return Games(game_folders_under(shipped.components_dir()), shipped=True)


def game_folders_under(folder: Path) -> dict[Path, list[Path]]:
    """Every game folder directly under `folder`, in name order."""
    found = sorted(p.resolve() for p in folder.iterdir() if (p / "game.yaml").is_file())
    if not found:
        raise SourceError(None, f"no game folders under {display_path(folder)} (none holds a game.yaml)")
    return {path: [] for path in found}


def _named(sources: Sequence[str | Path]) -> dict[Path, list[Path]]:
    chosen: dict[Path, list[Path]] = {}
    for source in map(Path, sources):
        named = chosen.setdefault(game_folder_of(source).resolve(), [])
        if source.is_file() and source.name != "game.yaml":
            named.append(source.resolve())
    return chosen


def game_folder_of(source: Path) -> Path:
    """The game folder a SOURCE argument names; SourceError when it names none."""
    shown = display_path(source)
    if source.is_dir():
        if not (source / "game.yaml").is_file():
            raise SourceError(None, f"{shown} is not a game folder: it holds no game.yaml")
        return source
    if not source.is_file():
        raise SourceError(None, f"{shown}: no such file or folder")
    if source.suffix not in (".yaml", ".yml"):
        raise SourceError(Loc(shown, 1, 1), "expected a game folder or a YAML file")
    if not (source.parent / "game.yaml").is_file():
        raise SourceError(Loc(shown, 1, 1), "not inside a game folder (no game.yaml beside it)")
    return source.parent


def refuse_inside_games(target: Path, folders: Iterable[Path], what: str) -> None:
    """SourceError when `target`, where a command writes, is, holds or lies inside one of the
    game folders: writing there could overwrite a designer's files, and a later run could
    replace them. cutsheet writes only outside the sources it reads."""
    written = target.resolve()
    for folder in folders:
        source = folder.resolve()
        if written == source:
            relation = "is"
        elif written.is_relative_to(source):
            relation = "lies inside"
        elif source.is_relative_to(written):
            relation = "holds"
        else:
            continue
        outside = _near(source.parent / "output")
        raise SourceError(
            None,
            f"{what} {display_path(target)} {relation} the game folder {display_path(folder)}: "
            f"cutsheet never writes into a game folder; choose a place outside it, such as {what} {outside}",
        )


def _near(path: Path) -> str:
    """`path` relative to the working folder when that is short (`../output`), else whole."""
    relative = os.path.relpath(path)
    return str(path) if relative.startswith(os.pardir + os.sep + os.pardir) else relative
