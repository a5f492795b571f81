"""The faces of a game, deck by deck, and one face as a page of its own (trim plus a
shop's bleed) for the per-face exports.

A card with rounded corners (its layout's `corners:`) is cut by the shop's die or the
player's cutter, so an exported face leaves out the cut line round it and shows its shape:
its art runs the whole bleed past every point of that rounded line, and the page's corners
further out are left white.
"""

from collections.abc import Mapping, Sequence
from pathlib import Path as FilePath

from msgspec import Struct

from generator.layout.scene import Group, Item, Path, Rect, Scene, Style, line_style
from generator.layout.shapes import KAPPA
from generator.output import write_atomic
from generator.pipeline import PrintRun
from generator.sheets.model import Sheet
from generator.units import PT

#: What lies outside a face's rounded corners, as white as the paper it prints on.
OUTSIDE = Style(fill="#ffffff")
#: A shop's dieline: never printed, so no halo; 0.5 pt, over the shops' least line width.
DIELINE = Style(stroke="#000000", stroke_width=0.5 * PT, role="cut")


class Deck(Struct):
    """One component file: its faces in order, copies included (a copy is the same Scene
    object as its original, so exports can draw it once)."""

    name: str
    label: str
    fronts: list[Scene]
    backs: list[Scene | None]
    #: The radius of the cards' rounded corners (0: square).
    corners: float = 0.0
    #: The kind of its components (a shop may take some kinds at sizes of its own).
    kind: str = ""

    @property
    def two_sided(self) -> bool:
        return any(back is not None for back in self.backs)

    @property
    def common_back(self) -> Scene | None:
        """The one back every card shares, or None when backs differ or are missing."""
        first = self.backs[0]
        if first is None or any(back is None or back.items != first.items for back in self.backs):
            return None
        return first


def decks(run: PrintRun) -> list[Deck]:
    """Every component file of the game that has faces as a Deck, from the run's parts (so
    from the build cache when the game is unchanged): each component's faces, or the pieces
    a shop makes it from (a die's faces, a standee's figure); the kinds a shop prints on a
    template of its own are left out (write_left_out says so). LayoutFailed on layout errors."""
    out = []
    for part in run.parts():
        if not part.faces or not part.kind.shop_faces:  # a file may hold data other files draw from
            continue
        shown = [piece for faces in part.faces for piece in (faces.pieces or (faces,))]
        label = part.kind.label or part.kind.name
        fronts, backs = [f.front for f in shown], [f.back for f in shown]
        out.append(Deck(part.file.path.stem, label, fronts, backs, part.layout.corners, part.kind.name))
    return out


def write_left_out(
    run: PrintRun, out: FilePath, shop_made: Mapping[str, Sequence[str]] | None = None
) -> list[FilePath]:
    """LEFT-OUT.txt in `out`, saying what the per-face exports leave out and why (a line for
    each component file, or each box, left out), when they leave anything out: [] otherwise.
    `shop_made` holds, by file name, what an export that puts a file's components on the
    shop's own templates says it left out of them ([] when it left out none); such a file
    gets those lines instead."""
    made = shop_made or {}
    lines = [
        line
        for part in run.parts()
        if part.faces and not part.kind.shop_faces
        for line in made.get(
            part.file.shown,
            [
                f"{part.file.shown} ({part.kind.label or part.kind.name}): a print shop makes these on a "
                "template of its own, whose panels its die cuts; lay your art out on the shop's template"
            ],
        )
    ]
    if not lines:
        return []
    path = out / "LEFT-OUT.txt"
    write_atomic(path, ("Left out of this export:\n" + "\n".join(lines) + "\n").encode("utf-8"))
    return [path]


def bled(scene: Scene, bleed: float) -> list:
    """The scene's items with every fill that covers the whole trim (a background) grown
    to `bleed` beyond it, so art runs into a shop's bleed however little the layout drew."""
    out = []
    for item in scene.items:
        if (
            isinstance(item, Rect)
            and item.style.fill
            and not item.radius
            and item.x <= 0
            and item.y <= 0
            and item.x + item.w >= scene.width
            and item.y + item.h >= scene.height
        ):
            item = Rect(
                min(item.x, -bleed),
                min(item.y, -bleed),
                max(item.x + item.w, scene.width + bleed) - min(item.x, -bleed),
                max(item.y + item.h, scene.height + bleed) - min(item.y, -bleed),
                item.style,
            )
        out.append(item)
    return out


def shown(items: list[Item], scene: Scene, corners: float) -> list[Item]:
    """A face's items as an export shows them: without the cut line round its rounded
    corners (generator/sources/layout_model.py, corner_outline), which the die cuts."""
    if not corners:
        return items
    outline = Rect(0.0, 0.0, scene.width, scene.height, line_style("cut"), corners)
    return [item for item in items if item != outline]


def _arcs(x: float, y: float, w: float, h: float, r: float) -> list[tuple[tuple[float, float], tuple, tuple]]:
    """Each corner of the box, clockwise from the top right (y down): the corner, where its
    arc of radius r starts, and the arc to where it ends, as path commands."""
    k = KAPPA * r
    return [
        ((x + w, y), ("L", x + w - r, y), ("C", x + w - r + k, y, x + w, y + r - k, x + w, y + r)),
        ((x + w, y + h), ("L", x + w, y + h - r), ("C", x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h)),
        ((x, y + h), ("L", x + r, y + h), ("C", x + r - k, y + h, x, y + h - r + k, x, y + h - r)),
        ((x, y), ("L", x, y + r), ("C", x, y + r - k, x + r - k, y, x + r, y)),
    ]


def rounded_rect(x: float, y: float, w: float, h: float, r: float) -> tuple[tuple, ...]:
    """The outline of the box with corners of radius r, as one closed path."""
    commands: list[tuple] = []
    for _, start, arc in _arcs(x, y, w, h, r):
        commands += [("M" if not commands else "L", *start[1:]), arc]
    return (*commands, ("Z",))


def outside_corners(x: float, y: float, w: float, h: float, r: float) -> Path:
    """What lies outside the rounded corners of the box, within the box, in white."""
    return Path(
        tuple(
            command for corner, start, arc in _arcs(x, y, w, h, r) for command in (("M", *corner), start, arc, ("Z",))
        ),
        OUTSIDE,
    )


def face_sheet(scene: Scene, bleed: float, corners: float = 0.0, dieline: bool = False) -> Sheet:
    """The face alone on a page of its trim plus `bleed` each side: TrimBox and BleedBox
    set, backgrounds run to the page edge, other art clipped there. A face with rounded
    corners shows its shape: its art runs `bleed` past the rounded cut line, no further.
    With `dieline`, the trim's outline (its corners rounded) is drawn as a cut line, which a
    shop's file draws in its dieline separation (generator/render/pdf_colour.py)."""
    w, h = scene.width + 2 * bleed, scene.height + 2 * bleed
    group = Group(
        tuple(shown(bled(scene, bleed), scene, corners)), (1, 0, 0, 1, bleed, bleed), clip=(-bleed, -bleed, w, h)
    )
    sheet = Sheet(w, h, [group], title=scene.name, side="")
    if corners:
        sheet.items.append(outside_corners(0.0, 0.0, w, h, corners + bleed))
    if dieline:
        sheet.items.append(Rect(bleed, bleed, scene.width, scene.height, DIELINE, corners))
    sheet.trim = (bleed, bleed, scene.width, scene.height)
    sheet.bleed = (0.0, 0.0, w, h)
    return sheet
