"""Print-shop exports: a PDF per deck for DriveThruCards, a PNG per face for The Game
Crafter and MakePlayingCards, each at the shop's bleed and pixel size.

Pixel sizes follow from the trim: at 300 dpi a poker card (2.5 x 3.5 in) is 750 x 1050 px;
The Game Crafter adds 1/8 in a side (825 x 1125), MakePlayingCards 36 px a side (822 x 1122).
Cards with rounded corners are shaped by them (generator/export/faces.py): the shops' dies
round their cards, and an upload carries the art a bleed past that rounded edge.
"""

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from generator.colour.profile import shipped
from generator.colour.settings import DIELINE, ColourSettings
from generator.export.faces import Deck, face_sheet
from generator.export.raster import SheetImage, write_sheet_pngs
from generator.export.tuck_boxes import Placed
from generator.layout.context import IconFinder
from generator.layout.scene import Scene
from generator.output import write_atomic, write_with
from generator.render.pdf import write_pdf

INCH = 25.4
DPI = 300


DRIVETHRU_BLEED = INCH / 8
MPC_BLEED_PX = 36
#: What The Game Crafter prints on a face of its custom 16 mm d6: 0.6 in square, no bleed
#: (the die's edges are rounded), so a face's outer 0.4 mm is left off.
TGC_DIE_FACE = (180, 180)


def tgc_size(deck: Deck, scene: Scene) -> tuple[int, int]:
    """The Game Crafter's size: trim plus 1/8 in a side at 300 dpi (poker: 825 x 1125; its
    chits, hex tiles and standees the same way); a die's face TGC_DIE_FACE."""
    if deck.kind == "die":
        return TGC_DIE_FACE
    return (
        round((scene.width + 2 * DRIVETHRU_BLEED) / INCH * DPI),
        round((scene.height + 2 * DRIVETHRU_BLEED) / INCH * DPI),
    )


def mpc_size(deck: Deck, scene: Scene) -> tuple[int, int]:
    """MakePlayingCards' size: trim at 300 dpi plus 36 px a side (poker: 822 x 1122)."""
    return (round(scene.width / INCH * DPI) + 2 * MPC_BLEED_PX, round(scene.height / INCH * DPI) + 2 * MPC_BLEED_PX)


def _faces(deck: Deck) -> list[tuple[str, Scene]]:
    """(file stem, face) for every distinct face of the deck: fronts, then their backs. A
    deck whose cards share one back gets that back once, as `<deck>-back` (the shops take
    one back image for such a deck)."""
    common = deck.common_back
    out, seen = [], set()
    for n, (front, back) in enumerate(zip(deck.fronts, deck.backs, strict=True), 1):
        if id(front) in seen:
            continue
        seen.add(id(front))
        out.append((f"{deck.name}-{n:03d}-front", front))
        if back is not None and common is None:
            out.append((f"{deck.name}-{n:03d}-back", back))
    if common is not None:
        out.append((f"{deck.name}-back", common))
    return out


def face_images(decks: list[Deck], out: Path, size: Callable[[Deck, Scene], tuple[int, int]]) -> list[SheetImage]:
    """An image per distinct face at `size`, the page around the trim grown to fill it."""
    return [
        SheetImage(
            out / deck.name / f"{stem}.png",
            face_sheet(scene, _bleed_for(scene, size(deck, scene)), deck.corners),
            size(deck, scene),
        )
        for deck in decks
        for stem, scene in _faces(deck)
    ]


def export_pngs(
    decks: list[Deck], out: Path, icon_dirs: Sequence[Path], size: Callable[[Deck, Scene], tuple[int, int]]
) -> list[Path]:
    """A PNG per distinct face at `size`."""
    return _written(face_images(decks, out, size), icon_dirs)


def _written(images: list[SheetImage], icon_dirs: Sequence[Path]) -> list[Path]:
    """The images written as PNGs, and where."""
    write_sheet_pngs(images, icon_dirs)
    return [image.path for image in images]


def _bleed_for(scene: Scene, px: tuple[int, int]) -> float:
    """The bleed (mm) that makes the face's page exactly as wide as px at DPI."""
    return (px[0] / DPI * INCH - scene.width) / 2


#: The sizes (inches, width x height) The Game Crafter sells the components of a kind in
#: (its punchout chits, hex tiles and standees), by kind; a die is its 16 mm d6.
TGC_SIZES: dict[str, tuple[tuple[float, float], ...]] = {
    "token": ((0.5, 0.5), (0.75, 0.75), (1.0, 1.0)),
    "hex-tile": ((1.25, 1.08), (2.0, 1.75), (2.5, 2.2), (3.75, 3.25)),
    "standee": ((0.5, 1.125), (0.75, 1.675), (1.0, 2.25)),
    "die": ((16 / INCH, 16 / INCH),),
}


def export_thegamecrafter(
    decks: list[Deck], out: Path, icon_dirs: Sequence[Path], boxes: Sequence[Placed] = ()
) -> list[Path]:
    """A PNG per face at the shop's size, a PNG per tuck box on the shop's template for it
    (generator/export/tuck_boxes.py), and SIZES.txt naming any component file whose
    components are no size the shop sells them in (TGC_SIZES)."""
    images = face_images(decks, out, tgc_size)
    images += [
        SheetImage(out / box.folder / f"{made.stem}.png", made.sheet, made.shop_box.pixels)
        for box in boxes
        for made in box.sheets
    ]
    written = _written(images, icon_dirs)
    lines = [line for deck in decks if (line := _unsold_size(deck))]
    if lines:
        path = out / "SIZES.txt"
        write_atomic(path, ("The Game Crafter sells none of these at their size:\n" + "\n".join(lines) + "\n").encode())
        written.append(path)
    return written


def _unsold_size(deck: Deck) -> str:
    """What to say of a deck of a kind the shop sells in sizes of its own, at none of them
    (to 0.01 in); "" otherwise."""
    sizes = TGC_SIZES.get(deck.kind)
    if not sizes or not deck.fronts:
        return ""
    first = deck.fronts[0]
    w, h = first.width / INCH, first.height / INCH
    if any(abs(w - sw) <= 0.01 and abs(h - sh) <= 0.01 for sw, sh in sizes):
        return ""
    sold = ", ".join(f"{sw:g} x {sh:g} in" for sw, sh in sizes)
    return f"{deck.name} ({deck.label}): {w:.2f} x {h:.2f} in; The Game Crafter's are {sold}"


def export_makeplayingcards(decks: list[Deck], out: Path, icon_dirs: Sequence[Path]) -> list[Path]:
    return export_pngs(decks, out, icon_dirs, mpc_size)


def drivethru_pages(deck: Deck) -> list[Scene]:
    """The order DriveThruCards reads a deck in: the shared back first, then every front;
    with backs that differ, each card's back then its front."""
    common = deck.common_back
    if common is not None:
        return [common, *deck.fronts]
    if not deck.two_sided:
        return list(deck.fronts)
    pages: list[Scene] = []
    for front, back in zip(deck.fronts, deck.backs, strict=True):
        pages += [back, front] if back is not None else [front]
    return pages


def drivethru_colour() -> ColourSettings:
    """What DriveThruCards asks of a PDF's colour: PDF/X-1a:2003, CMYK within 240% of ink;
    the cut drawn as a dieline separation."""
    return ColourSettings(shipped()["swop-240"], "x1a", DIELINE)


def export_drivethrucards(decks: list[Deck], out: Path, icon_dirs: Sequence[Path], title: str) -> list[Path]:
    """A PDF per deck, one face per page at trim + 1/8 in, TrimBox and BleedBox set, fonts
    embedded (vector art, so any resolution), made to PDF/X-1a (drivethru_colour)."""
    written, icons = [], IconFinder(icon_dirs)
    for deck in decks:
        sheets = [face_sheet(scene, DRIVETHRU_BLEED, deck.corners, dieline=True) for scene in drivethru_pages(deck)]
        path = out / f"{deck.name}.pdf"
        name = f"{title}: {deck.label}"
        write_with(path, partial(write_pdf, sheets, title=name, icon_path=icons, colour=drivethru_colour()))
        written.append(path)
    return written
