"""The export profiles cutsheet ships, registered in its pyproject.toml (`cutsheet.exports`)
as any package registers its own (generator/export/profile.py).

Each writer imports its module when it runs: naming the profiles loads none of the PDF and
image libraries. The per-face exports say in LEFT-OUT.txt what they leave out (tuck boxes,
which a shop prints on a template of its own: The Game Crafter's export lays them on its
poker tuck box templates, and names those that fit none)."""

from pathlib import Path
from typing import TYPE_CHECKING

from generator.export.profile import ExportProfile, ExportSettings

if TYPE_CHECKING:
    from generator.pipeline import PrintRun


def _drivethrucards(run: "PrintRun", out: Path, settings: ExportSettings) -> list[Path]:
    from generator.export import shops
    from generator.export.faces import decks, write_left_out

    return shops.export_drivethrucards(decks(run), out, run.icon_dirs, run.game.name) + write_left_out(run, out)


def _thegamecrafter(run: "PrintRun", out: Path, settings: ExportSettings) -> list[Path]:
    from generator.export import shops
    from generator.export.faces import decks, write_left_out
    from generator.export.tuck_boxes import shop_boxes

    boxes = shop_boxes(run.parts())
    written = shops.export_thegamecrafter(decks(run), out, run.icon_dirs, list(boxes.values()))
    return written + write_left_out(run, out, {name: box.left_out for name, box in boxes.items()})


def _makeplayingcards(run: "PrintRun", out: Path, settings: ExportSettings) -> list[Path]:
    from generator.export import shops
    from generator.export.faces import decks, write_left_out

    return shops.export_makeplayingcards(decks(run), out, run.icon_dirs) + write_left_out(run, out)


def _tts(run: "PrintRun", out: Path, settings: ExportSettings) -> list[Path]:
    from generator.export import tts
    from generator.export.faces import decks, write_left_out

    written = tts.export_tts(decks(run), out, run.icon_dirs, run.game.name, run.game.slug, settings.image_base)
    return written + write_left_out(run, out)


def _cutter(run: "PrintRun", out: Path, settings: ExportSettings) -> list[Path]:
    from generator.export import cutter

    return cutter.export_cutter(run, out)


CUTTER = ExportProfile("cutter", "Cutting machines: an SVG of each sheet's cuts, and print-then-cut sheets", _cutter)
DRIVETHRUCARDS = ExportProfile(
    "drivethrucards", "DriveThruCards: a PDF per deck, a face a page, 1/8 in bleed", _drivethrucards
)
MAKEPLAYINGCARDS = ExportProfile(
    "makeplayingcards", "MakePlayingCards: a PNG per face, 300 dpi, 36 px bleed a side", _makeplayingcards
)
THEGAMECRAFTER = ExportProfile(
    "thegamecrafter", "The Game Crafter: a PNG per face, 1/8 in bleed; tuck boxes on its templates", _thegamecrafter
)
TTS = ExportProfile("tts", "Tabletop Simulator: face sheets, back images and a saved object loading them", _tts)
