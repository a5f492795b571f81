"""The `tuck-box` kind: a box for a deck, sized from the deck it holds.

An item names the component file it holds (`holds: cards.yaml`); the box's inside is that
file's card plus `clearance` each way, and as deep as its cards (every copy counted) at
`card_thickness` each, plus the clearance. The net is a reverse tuck end box:

    [seam] [back] [side] [front] [spine]

with a lid and its tuck flap above the back, a bottom and its tuck flap below the front, a
dust flap at each end of each side, a thumb notch in the front's top edge, and a seam flap
on the back's left edge glued inside the spine. The outline is cut (the kind draws its own),
the folds are scored, the seam flap is a glue area (role `glue`).

The front and back show the layout's `elements` and `back_elements` (its `background`
fills the net), laid out at the panel's size, so percentages follow the deck; the two sides
show the layout named by the `spine_layout` param, laid out across the side (as long as the
box is tall, as wide as it is deep) and turned to read up the spine.
"""

import bisect
import math
from dataclasses import dataclass
from typing import Annotated

from msgspec import Struct

from generator.layout.component import ComponentKind, Faces
from generator.layout.context import LayoutContext
from generator.layout.element_kind import element_face
from generator.layout.elements import colour_of
from generator.layout.glue import glue_word
from generator.layout.scene import GLUE_STYLE, Box, Group, Path, Polyline, Scene, Style, line_style
from generator.layout.shapes import KAPPA
from generator.sources.errors import SourceError
from generator.sources.frozen import LocMap
from generator.sources.game import ComponentFile
from generator.sources.items import Item as SourceItem
from generator.sources.items import Name, PositiveLength, read_item, rule
from generator.sources.layout_model import CardSize, Layout
from generator.sources.schema import closed
from generator.sources.tables import did_you_mean

#: The seam flap's width, and how far its ends slope in so it clears the lid and the bottom.
SEAM = 10.0
SEAM_SLOPE = 3.0
#: The tuck flaps: as deep as the box plus this, within these bounds, their corners this round.
TUCK_EXTRA, TUCK_LEAST, TUCK_MOST, TUCK_ROUND = 5.0, 12.0, 20.0, 4.0
#: A dust flap runs this share of the box's depth and slopes in this far at each end.
DUST_SHARE, DUST_SLOPE = 0.9, 2.0
#: The thumb notch: a half circle this share of the front's width, at most NOTCH_MOST across.
NOTCH_SHARE, NOTCH_MOST = 0.3, 22.0
#: The sides' layout when the box's layout names none; a box shallower than SPINE_LEAST
#: (a handful of cards) has plain sides, too narrow to read.
SPINE_LAYOUT = "tuck-box-spine"
SPINE_LEAST = 4.0


@dataclass(frozen=True, kw_only=True)
class TuckBoxItem(SourceItem):
    """A box: its title, the component file it holds, and how thick each card is."""

    extra = str

    title: Name
    #: A component file of the game (its name, as game.yaml lists it).
    holds: Name
    card_thickness: PositiveLength = PositiveLength(0.3)
    #: Room added to the card's width and height and to the deck's depth.
    clearance: PositiveLength = PositiveLength(1.0)
    count: Annotated[int, rule(minimum=0, maximum=100)] = 1


class TuckNet(Struct, frozen=True):
    """A box's inside, and the net that folds into it; lengths in mm, x right, y down."""

    width: float
    height: float
    depth: float

    @property
    def tuck(self) -> float:
        return min(TUCK_MOST, max(TUCK_LEAST, self.depth + TUCK_EXTRA))

    @property
    def dust(self) -> float:
        return min(self.depth, self.width / 2) * DUST_SHARE

    @property
    def notch(self) -> float:
        """The thumb notch's radius."""
        return min(NOTCH_MOST, self.width * NOTCH_SHARE) / 2

    @property
    def size(self) -> tuple[float, float]:
        """The net's width and height."""
        return SEAM + 2 * self.width + 2 * self.depth, 2 * self.tuck + 2 * self.depth + self.height

    @property
    def columns(self) -> tuple[float, float, float, float, float]:
        """Where the seam, back, side, front and spine start, left to right."""
        w, d = self.width, self.depth
        return 0.0, SEAM, SEAM + w, SEAM + w + d, SEAM + 2 * w + d

    @property
    def top(self) -> float:
        """Where the body (the four panels between the lid and the bottom) starts."""
        return self.tuck + self.depth

    @property
    def bottom(self) -> float:
        return self.top + self.height

    def panels(self) -> dict[str, Box]:
        """The boxes art is drawn in: front, back, side and spine (x, y, w, h)."""
        _, back, side, front, spine = self.columns
        return {
            "back": (back, self.top, self.width, self.height),
            "side": (side, self.top, self.depth, self.height),
            "front": (front, self.top, self.width, self.height),
            "spine": (spine, self.top, self.depth, self.height),
        }

    def outline(self) -> tuple[tuple, ...]:
        """The cut round the net, one closed path, clockwise from the seam's top."""
        _, back, side, front, spine = self.columns
        w, d, top, bottom, tuck = self.width, self.depth, self.top, self.bottom, self.tuck
        end = spine + d
        points: list[tuple] = [("M", back, top), ("L", 0.0, top + SEAM_SLOPE), ("L", 0.0, bottom - SEAM_SLOPE)]
        points += [("L", back, bottom), ("L", side, bottom)]
        points += _dust(side, side + d, bottom, self.dust)
        points += _tucked(front, front + w, bottom, d, tuck, +1)
        points += _dust(spine, end, bottom, self.dust)
        points += [("L", end, top)]
        points += _dust(end, spine, top, -self.dust)
        centre, r = front + w / 2, self.notch
        points += [("L", centre + r, top), *_half_circle(centre, top, r), ("L", front, top)]
        points += _dust(side + d, side, top, -self.dust)
        points += _tucked(back + w, back, top, d, tuck, -1)
        return (*points, ("Z",))

    def folds(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """The scored lines: between the body's panels, and where each flap folds."""
        _, back, side, front, spine = self.columns
        w, d, top, bottom = self.width, self.depth, self.top, self.bottom
        up = [((x, top), (x, bottom)) for x in (back, side, front, spine)]
        across = [
            ((back, top), (back + w, top)),  # the lid
            ((back, top - d), (back + w, top - d)),  # its tuck flap
            ((front, bottom), (front + w, bottom)),  # the bottom
            ((front, bottom + d), (front + w, bottom + d)),  # its tuck flap
        ]
        dust = [((x, y), (x + d, y)) for x in (side, spine) for y in (top, bottom)]
        return up + across + dust

    def seam(self) -> tuple[tuple, ...]:
        """The seam flap, glued inside the spine."""
        back, top, bottom = SEAM, self.top, self.bottom
        return (
            ("M", back, top),
            ("L", 0.0, top + SEAM_SLOPE),
            ("L", 0.0, bottom - SEAM_SLOPE),
            ("L", back, bottom),
            ("Z",),
        )


def _dust(start: float, end: float, edge: float, reach: float) -> list[tuple]:
    """A dust flap on the edge at y `edge` between x `start` and `end` (in the path's
    direction), reaching `reach` from it (down when positive), its ends sloping in."""
    slope = math.copysign(min(DUST_SLOPE, abs(end - start) / 4), end - start)
    return [("L", start + slope, edge + reach), ("L", end - slope, edge + reach), ("L", end, edge)]


def _tucked(start: float, end: float, edge: float, depth: float, tuck: float, way: int) -> list[tuple]:
    """A closing panel `depth` deep off the edge at y `edge` (down when `way` is 1), then its
    tuck flap `tuck` further, its far corners rounded; from x `start` to `end`."""
    far = edge + way * (depth + tuck)
    r = min(TUCK_ROUND, tuck / 2, abs(end - start) / 4)
    k = KAPPA * r
    towards = math.copysign(1, end - start)
    return [
        ("L", start, far - way * r),
        ("C", start, far - way * (r - k), start + towards * (r - k), far, start + towards * r, far),
        ("L", end - towards * r, far),
        ("C", end - towards * (r - k), far, end, far - way * (r - k), end, far - way * r),
        ("L", end, edge),
    ]


def _half_circle(cx: float, cy: float, r: float) -> list[tuple]:
    """The notch: from (cx + r, cy) down round to (cx - r, cy), two quarter circles."""
    k = KAPPA * r
    return [
        ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
        ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
    ]


class _AnySize(Struct, frozen=True):
    """Reads a held file's layout for its size alone: its own kind checks its params."""

    params_schema = {"type": "object"}


class TuckBoxScene(Scene):
    """A box's net, with the box it folds into (for the paper's fit) and what its panels show
    (for a shop that prints boxes on a die of its own: generator/export/tuck_boxes.py)."""

    net: TuckNet | None = None
    card_thickness: float = 0.0
    clearance: float = 0.0
    #: The cards it holds, every copy counted.
    cards: int = 0
    #: The colour the net is filled with ("" for none).
    background: str = ""
    #: The art of its panels: the front's and the back's at the panel's size, and the
    #: spine's laid out along the side (as long as the box is tall, as wide as it is deep).
    front: Scene | None = None
    back: Scene | None = None
    spine: Scene | None = None


class TuckBoxKind(ComponentKind):
    name = "tuck-box"
    label = "tuck boxes"
    assembly = (
        "fold the panels round the deck and glue the seam flap inside the spine",
        "close each end: dust flaps in, then the lid, its tuck flap inside",
    )
    item = TuckBoxItem
    own_outline = True
    stock = "card"
    # A shop's tuck box is printed on its own template, whose panels are its die's.
    shop_faces = False
    params_schema = closed({"spine_layout": {"type": "string", "minLength": 1}})

    def title(self, item: LocMap) -> str:
        return str(item.get("title", self.name))

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        box = read_item(TuckBoxItem, item)
        held = _held(item, ctx)
        card = ctx.file_layout(held, _AnySize())
        cards = sum(component.count for component in held.components)
        clearance, thickness = box.clearance, box.card_thickness
        net = TuckNet(card.width + clearance, card.height + clearance, cards * thickness + clearance)
        width, height = net.size
        name = self.title(item)
        front, back, spine = self._art(item, layout, net, ctx)
        background = colour_of(layout.background, item, ctx, name, "the background") or ""
        scene = TuckBoxScene(
            width,
            height,
            name=name,
            net=net,
            card_thickness=thickness,
            clearance=clearance,
            cards=cards,
            background=background,
            front=front,
            back=back,
            spine=spine,
        )
        if background:
            scene.add(Path(net.outline(), Style(fill=background)))
        panels = net.panels()
        scene.add(fitted(front, panels["front"]), fitted(back, panels["back"]))
        if spine is not None:
            scene.add(*(fitted_up(spine, panels[key]) for key in ("side", "spine")))
        scene.add(Path(net.seam(), GLUE_STYLE), _glue_word(net))
        score, cut = line_style("score"), line_style("cut")
        scene.add(*(Polyline((a, b), score) for a, b in net.folds()))
        scene.add(Path(net.outline(), cut))
        return Faces(scene)

    def _art(self, item: LocMap, layout: Layout, net: TuckNet, ctx: LayoutContext) -> tuple[Scene, Scene, Scene | None]:
        """The front's and back's art at the panel's size, and the sides' along the side
        (None when the box is too shallow for it)."""
        name = self.title(item)
        sized = ctx.layout(layout.name, self, layout.loc, CardSize(net.width, net.height))
        front = element_face(sized, sized.elements, None, item, ctx, name)
        back = element_face(sized, sized.back_elements, None, item, ctx, name)
        if net.depth < SPINE_LEAST:
            return front, back, None
        spine_name = str(layout.params.get("spine_layout", SPINE_LAYOUT))
        spine = ctx.layout(spine_name, self, layout.loc, CardSize(net.height, net.depth))
        return front, back, element_face(spine, spine.elements, spine.background, item, ctx, name)

    def too_large(self, scene: Scene, room: tuple[float, float]) -> str:
        """By how much the net misses the printable area, and the most cards a box on it holds."""
        if not isinstance(scene, TuckBoxScene) or scene.net is None:
            return ""
        net, (room_w, room_h) = scene.net, room
        misses = [(scene.width - room_w, "wide"), (scene.height - room_h, "tall")]
        over = " and ".join(f"{by:.1f} mm too {way}" for by, way in misses if by > 0)
        most = _most_cards(net, room, scene.card_thickness, scene.clearance)
        held = f"at most {most} cards of this size fit a box on it" if most > 0 else "no box for this card fits on it"
        return f"the box's net is {over}; {held}"


def _most_cards(net: TuckNet, room: tuple[float, float], thickness: float, clearance: float) -> int:
    """The most cards of the net's size a box whose net fits `room` holds: found by halving
    (a net only grows with its cards), so a thin card costs a few steps, not one a card."""

    def fits(cards: int) -> bool:
        w, h = TuckNet(net.width, net.height, cards * thickness + clearance).size
        return w <= room[0] and h <= room[1]

    # No more cards than the width alone allows: two sides of their depth beside two panels.
    widest = max(0, int((room[0] - SEAM - 2 * net.width - 2 * clearance) / (2 * thickness)) + 1)
    return bisect.bisect_left(range(1, widest + 1), True, key=lambda cards: not fits(cards))


def _held(item: LocMap, ctx: LayoutContext) -> ComponentFile:
    """The component file the box holds, by its name as the game lists it."""
    wanted = str(item["holds"])
    files = {f.path.name: f for f in ctx.game.files}
    found = files.get(wanted)
    if found is None or found.kind == TuckBoxKind.name:
        names = sorted(n for n, f in files.items() if f.kind != TuckBoxKind.name)
        raise SourceError(
            item.loc_of("holds"),
            f"{wanted!r} is no component file of the game to hold: expected one of {', '.join(names)}"
            + did_you_mean(wanted, names),
        )
    if not found.components:
        raise SourceError(item.loc_of("holds"), f"{wanted!r} holds no components: a box for it would be empty")
    return found


def fitted(art: Scene, box: Box) -> Group:
    """The art in the box, scaled to fit it keeping its proportions, centred, clipped to the
    art. A net's panels take art laid out at their own size, which fills them unscaled; a
    shop's template takes it at the template's (generator/export/tuck_boxes.py)."""
    x, y, w, h = box
    s = min(w / art.width, h / art.height)
    dx, dy = x + (w - s * art.width) / 2, y + (h - s * art.height) / 2
    return Group(tuple(art.items), (s, 0, 0, s, dx, dy), clip=(0, 0, art.width, art.height))


def fitted_up(art: Scene, box: Box) -> Group:
    """The spine's art in a side's box, turned a quarter anticlockwise to read up the side
    (its left edge along the box's bottom), and fitted as `fitted` fits art."""
    x, y, w, h = box
    s = min(w / art.height, h / art.width)
    dx, dy = x + (w - s * art.height) / 2, y + h - (h - s * art.width) / 2
    return Group(tuple(art.items), (0, -s, s, 0, dx, dy), clip=(0, 0, art.width, art.height))


def _glue_word(net: TuckNet) -> Group:
    """GLUE along the seam flap, turned to read up it."""
    return Group(glue_word(net.height - 2 * SEAM_SLOPE, SEAM), (0, -1, 1, 0, 0.0, net.bottom - SEAM_SLOPE))


TUCK_BOX = TuckBoxKind()
