"""The export profiles by name, each writing one game into out_dir/<game>/<profile>/.

Each exporter imports its module when it runs: naming the profiles (for `cutsheet --help`)
loads none of the PDF and image libraries."""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.cache import BuildCache
from generator.project import Project
from generator.sheets.paper import Paper
from generator.sources.game import Game
from generator.staging import staged


@dataclass(frozen=True)
class ExportSettings:
    #: The sheet size (the cutter profile imposes onto sheets).
    paper: Paper
    #: Where laid-out faces are taken from when a build (or export) into the same folder
    #: already laid out the unchanged game.
    store: BuildCache
    #: Tabletop Simulator: the URL the images are found under, the address they will be
    #: hosted at or the export folder's own file:// URL.
    image_base: str = ""


Exporter = Callable[[Game, Path, ExportSettings], list[Path]]


def _drivethrucards(game: Game, out: Path, settings: ExportSettings) -> list[Path]:
    from generator.export import shops
    from generator.export.faces import decks

    found, ctx = decks(game, settings.store)
    return shops.export_drivethrucards(found, out, ctx, game.name)


def _thegamecrafter(game: Game, out: Path, settings: ExportSettings) -> list[Path]:
    from generator.export import shops
    from generator.export.faces import decks

    found, ctx = decks(game, settings.store)
    return shops.export_thegamecrafter(found, out, ctx)


def _makeplayingcards(game: Game, out: Path, settings: ExportSettings) -> list[Path]:
    from generator.export import shops
    from generator.export.faces import decks

    found, ctx = decks(game, settings.store)
    return shops.export_makeplayingcards(found, out, ctx)


def _tts(game: Game, out: Path, settings: ExportSettings) -> list[Path]:
    from generator.export import tts
    from generator.export.faces import decks

    found, ctx = decks(game, settings.store)
    return tts.export_tts(found, out, ctx, game.name, game.slug, settings.image_base)


def _cutter(game: Game, out: Path, settings: ExportSettings) -> list[Path]:
    from generator.export import cutter

    return cutter.export_cutter(game, out, settings.paper, settings.store)


PROFILES: dict[str, Exporter] = {
    "drivethrucards": _drivethrucards,
    "thegamecrafter": _thegamecrafter,
    "makeplayingcards": _makeplayingcards,
    "tts": _tts,
    "cutter": _cutter,
}


def export_game(game: Game, project: Project, profile: str, image_base: str | None = None) -> list[Path]:
    """Write the game's export for `profile` into <out_dir>/<game>/<profile>/, on the project's
    paper and through its build cache; returns the files written. The folder is replaced as
    a whole (generator/staging.py): an export that fails leaves it as it was."""
    folder = project.output.out_dir / game.slug / profile
    base = image_base or folder.resolve().as_uri()
    settings = ExportSettings(project.paper_for(game.folder), project.output.store(), base)
    with staged(folder) as stage:
        files = [folder / path.relative_to(stage.root) for path in PROFILES[profile](game, stage.root, settings)]
        stage.keep(*files)
    return files
