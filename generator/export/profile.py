"""An export profile, what `cutsheet export --profile NAME` writes of a game, and where the
installed profiles are found.

Profiles are an open set: a package registers an `ExportProfile` in the `cutsheet.exports`
entry-point group of its distribution's metadata, as cutsheet registers its own five
(generator/export/profiles.py) in its pyproject.toml:

    [project.entry-points."cutsheet.exports"]
    myshop = "myshop:PROFILE"

Naming the profiles (`cutsheet export --help`) imports the modules the entry points name and
no more: a profile's `write` imports what it draws with when it runs, and this module names
the pipeline for type checking alone.
"""

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import Struct

from generator.sources.registry import Registry
from generator.staging import staged

if TYPE_CHECKING:
    from generator.pipeline import PrintRun


class ExportSettings(Struct, frozen=True):
    """What `cutsheet export` tells a profile besides the game."""

    #: Tabletop Simulator: the URL the images are found under, the address they will be
    #: hosted at or the export folder's own file:// URL.
    image_base: str = ""


class ExportProfile(Struct, frozen=True):
    """One export profile: its name (`--profile`), a line of help, and the function writing a
    game's export (from the run's stages) into the folder it is given, returning the files."""

    name: str
    help: str
    write: Callable[["PrintRun", Path, ExportSettings], list[Path]]


#: The installed export profiles, by name.
EXPORTS: Registry[ExportProfile] = Registry("cutsheet.exports", "export profile", ExportProfile, lambda p: p.name)


def export_game(run: "PrintRun", profile: ExportProfile, image_base: str | None = None) -> list[Path]:
    """Write the game's export for `profile` into <out_dir>/<game>/<profile>/, through the
    run's stages (and so its build cache); returns the files written. The folder is replaced
    as a whole (generator/staging.py): an export that fails leaves it as it was."""
    folder = run.output.out_dir / run.game.slug / profile.name
    base = image_base or folder.resolve().as_uri()
    with staged(folder) as stage:
        written = profile.write(run, stage.root, ExportSettings(base))
        files = [folder / path.relative_to(stage.root) for path in written]
        stage.keep(*files)
    return files
