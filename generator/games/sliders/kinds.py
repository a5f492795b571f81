"""The Sliders printable kinds: title deeds, event cards, money, the board and buildings.

Each kind's items are read into its class of items.py, which the engine's deck reads too,
so what prints is what the engine plays. Deeds, event cards (with the backs their
`card-back` items give), money and buildings are drawn from their layouts' elements (this
package's layouts/sliders-*.yaml): these kinds only derive the fields those elements show
(money as "$60", the rent lines, a deck's colour), so a game folder restyles them with
`extends`. Two kinds draw from more than their item, reading the other items typed:
- an event card's back comes from the `card-back` item naming its deck, so each deck has
  its own back; the `card-back` items themselves print nothing of their own;
- the board is one component drawn from all 40 `square` items, with each deed square's
  colour and price taken from its deed.
The board and the backs override `draw_file(items, layout, ctx)`, the faces of a whole
component file (the backs' file has none of its own).

The board is computed geometry. Buildings are flat tokens by default; with the
sliders-building-net layout they are fold-up nets whose outline is not a rectangle: the
net, its folds (score lines) and its outline (a closed cut Polyline) are computed
elements, and the kind says it draws its own outline (draws_own_outline) so imposition
draws no rectangle (no misleading cut) around it; the roof panels are layout elements
placed from the net's top left. That layout keeps a gap so nets stand apart.
"""

import math

from msgspec import Struct
from msgspec.structs import replace

from generator.games.sliders.items import (
    MAX_PLAYERS,
    TITLE_KINDS,
    Bill,
    Building,
    CardBack,
    Deed,
    EventCard,
    Railroad,
    Square,
    TitleDeed,
    Utility,
)
from generator.layout.component import ComponentKind, Faces
from generator.layout.context import LayoutContext
from generator.layout.element_kind import ElementKind, element_face
from generator.layout.elements import with_fields
from generator.layout.scene import Group, Item, Polyline, Rect, Scene, Style, line_style
from generator.layout.text import TextStyle
from generator.sources.frozen import LocMap
from generator.sources.items import read_item
from generator.sources.layout_model import ComputedElement, Layout
from generator.sources.schema import COLOUR, LENGTH, closed
from generator.units import PT

INK = "#000000"
PAPER = "#ffffff"
#: The card spaces on the board: a tint a shade darker than the board's centre.
CARD_SPACE = "#d5e8d0"
#: An event card's deck colour when its deck has no back.
NO_BACK = "#dddddd"
BOLD = "DejaVuSans-Bold"
REGULAR = "DejaVuSans"


def _ink_on(colour: str) -> str:
    """Black or white text, whichever reads better on `colour` ('#rrggbb'): white on dark."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return PAPER if 0.299 * r + 0.587 * g + 0.114 * b < 110 else INK


def _money(amount: int) -> str:
    return f"${amount:,}"


class _DeedBase(ElementKind):
    """A title deed (layout sliders-deed): a band with the name, the rent lines below, and a
    back telling its mortgage value so a mortgaged (face-down) deed still says what it is
    worth. The kinds differ in what they derive for the rent lines."""

    label = "title deeds"
    kicker = "TITLE DEED"

    def fields(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> LocMap:
        derived: dict[str, object] = {
            "deed_kind": self.name,
            "kicker": self.kicker,
            "price_amount": _money(item["price"]),
            "mortgage_amount": _money(item["mortgage"]),
            **self.lines(item),
        }
        if "colour" in item:
            derived["band_ink"] = _ink_on(item["colour"])
        places = {key: item.loc_of(own) for key, own in self.sources.items()}
        return with_fields(item, places, **derived)

    #: The item's field each derived field comes from, for findings' places.
    sources = {"price_amount": "price", "mortgage_amount": "mortgage"}

    def lines(self, item: LocMap) -> dict[str, object]:
        raise NotImplementedError

    def back_name(self, item: LocMap) -> str:
        return f"{item['name']} (back)"


class DeedKind(_DeedBase):
    name = "deed"
    item = Deed
    sources = {**_DeedBase.sources, "rents": "rent", "house_amount": "house_cost"}
    LABELS = ("Rent", "With 1 House", "With 2 Houses", "With 3 Houses", "With 4 Houses", "With HOTEL")

    def lines(self, item: LocMap) -> dict[str, object]:
        rents = [
            {"label": label, "amount": _money(rent)} for label, rent in zip(self.LABELS, item["rent"], strict=True)
        ]
        return {"rents": rents, "house_amount": _money(item["house_cost"])}


class RailroadKind(_DeedBase):
    name = "railroad"
    item = Railroad
    kicker = "VORTEX LINE"
    sources = {**_DeedBase.sources, "rents": "rent_by_count"}

    def lines(self, item: LocMap) -> dict[str, object]:
        return {
            "rents": [
                {"label": "Rent" if n == 0 else f"If {n + 1} lines are owned", "amount": _money(rent)}
                for n, rent in enumerate(item["rent_by_count"])
            ]
        }


class UtilityKind(_DeedBase):
    name = "utility"
    item = Utility
    kicker = "UTILITY"
    sources = {**_DeedBase.sources, "rules": "dice_multiplier"}

    def lines(self, item: LocMap) -> dict[str, object]:
        rules = []
        for n, times in enumerate(item["dice_multiplier"]):
            owned = "one utility is" if n == 0 else ("both utilities are" if n == 1 else f"{n + 1} utilities are")
            rules.append(f"If {owned} owned, rent is {times} times the amount shown on the dice.")
        return {"rules": rules}


class EventCardKind(ElementKind):
    """A Chance or Community Chest card (layout sliders-event-card); its back is the
    `card-back` item of its deck, whose title, text and colour the layout's elements show."""

    #: A back's text this short (a mark such as "?") is `back_mark`, drawn large.
    MARK_LENGTH = 3
    #: The fields taken from the deck's back item, and the back's own field each shows.
    FROM_BACK = {
        "deck": "title",
        "deck_colour": "colour",
        "back_title": "title",
        "back_mark": "text",
        "back_text": "text",
    }

    item = EventCard

    def __init__(self, name: str, label: str):
        self.name, self.label = name, label

    def fields(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> LocMap:
        back = deck_back(ctx, self.name)
        if back is None:
            return with_fields(item, {}, deck=self.name.upper(), deck_colour=NO_BACK, back_title=self.label)
        text = back.text
        mark = "back_mark" if text and len(text) <= self.MARK_LENGTH else "back_text"
        return with_fields(
            item,
            {key: back.loc_of(own) for key, own in self.FROM_BACK.items()},
            deck=back.title.upper(),
            deck_colour=back.colour or NO_BACK,
            back_title=back.title,
            **({mark: text} if text else {}),
        )

    def back_name(self, item: LocMap) -> str:
        return f"{item['title']} (back)"


def deck_back(ctx: LayoutContext, deck: str) -> CardBack | None:
    """The `card-back` item of an event deck, or None when the game has none (SL016)."""
    return next((back for back in ctx.game.typed("card-back", CardBack) if back.deck == deck), None)


class CardBackKind(ComponentKind):
    """The backs of the event decks: printed on the cards' backs, nothing of their own."""

    name = "card-back"
    label = "card backs"
    item = CardBack

    def draw_file(self, items: list[LocMap], layout: Layout, ctx: LayoutContext) -> list[Faces]:
        return []


BILL_PARAMS = closed(
    {"ink": {"enum": ["full", "saver"]}, "colours": {"type": "object", "additionalProperties": COLOUR}},
    ["ink", "colours"],
)


class BillKind(ElementKind):
    """A bill of play money (layout sliders-bill): full ink fills it with the denomination's
    colour; the ink saver keeps it white inside a frame of that colour."""

    name = "bill"
    label = "play money"
    stock = "paper"
    item = Bill
    params_schema = BILL_PARAMS

    def title(self, item: LocMap) -> str:
        return f"{_money(item['value'])} bill"

    def draw_file(self, items: list[LocMap], layout: Layout, ctx: LayoutContext) -> list[Faces]:
        """A note that gives the Bank's share (`bank`) instead of a `count` is printed for the
        players the build is for (`--players`, else the most the game takes): each player's
        starting notes and the Bank's."""
        players = ctx.players or MAX_PLAYERS
        counted = [
            item if "count" in item else item.with_values(None, count=read_item(Bill, item).copies(players))
            for item in items
        ]
        return super().draw_file(counted, layout, ctx)

    def fields(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> LocMap:
        p = layout.params
        return with_fields(
            item,
            amount=_money(item["value"]),
            colour=p["colours"].get(str(item["value"]), "#eeeeee"),
            ink="saver" if p["ink"] == "saver" or ctx.ink_saver else "full",
        )


BOARD_PARAMS = closed(
    {"border": LENGTH, "corner": LENGTH, "bar": LENGTH, "background": COLOUR, "centre": COLOUR},
    ["border", "corner", "bar", "background", "centre"],
)


class SquareKind(ComponentKind):
    """The board: one component drawn from all 40 `square` items, GO at the bottom right
    and play running clockwise (leftwards along the bottom). Each square reads upright from
    its own side of the table; a deed square shows its deed's colour bar and price."""

    name = "square"
    label = "board"
    tileable = True
    item = Square
    params_schema = BOARD_PARAMS

    def draw_file(self, items: list[LocMap], layout: Layout, ctx: LayoutContext) -> list[Faces]:
        return [Faces(self.board(items, layout, ctx))]

    def board(self, squares: list[LocMap], layout: Layout, ctx: LayoutContext) -> Scene:
        side = layout.width
        border, corner = layout.params["border"], layout.params["corner"]
        ring = side - 2 * border  # the squares' outer edge; the plain border keeps tile targets off them
        per_side = max(1, len(squares) // 4 - 1)
        cell = (ring - 2 * corner) / per_side
        deeds = {deed.name: deed for kind, item in TITLE_KINDS for deed in ctx.game.typed(kind, item)}
        scene = Scene(side, side, name="board")
        scene.add(Rect(0, 0, side, side, Style(fill=layout.params["background"])))
        inner: list[Item] = [
            Rect(
                corner,
                corner,
                ring - 2 * corner,
                ring - 2 * corner,
                Style(fill=layout.params["centre"], stroke=INK, stroke_width=1.0 * PT),
            )
        ]
        inner += self._centre(ring, corner, ctx)
        for index, square in enumerate(squares):
            on_side, k = divmod(index, per_side + 1)
            w = corner if k == 0 else cell
            local = self._square(square, deeds.get(square.get("deed", "")), w, corner, layout, ctx)
            inner.append(Group(tuple(local), self._transform(on_side, k, ring, corner, cell)))
        scene.add(Group(tuple(inner), (1, 0, 0, 1, border, border)))
        lines = tuple(border + corner + k * cell for k in range(per_side + 1))
        scene.seams = (lines, lines)
        return scene

    @staticmethod
    def _transform(on_side: int, k: int, side: float, corner: float, cell: float) -> tuple:
        """Where square k of a side goes: its local frame (w x corner, outer edge at the
        bottom) rotated so the outer edge lies on the board's edge."""
        along = corner + (k - 1) * cell if k else 0.0
        width = cell if k else corner
        if on_side == 0:  # bottom, running leftwards from GO
            return (1, 0, 0, 1, side - along - width, side - corner)
        if on_side == 1:  # left, running upwards
            return (0, 1, -1, 0, corner, side - along - width)
        if on_side == 2:  # top, running rightwards
            return (-1, 0, 0, -1, along + width, corner)
        return (0, -1, 1, 0, side - corner, along + width)  # right, running downwards

    def _square(
        self, square: LocMap, deed: TitleDeed | None, w: float, depth: float, layout: Layout, ctx: LayoutContext
    ) -> list[Item]:
        name, loc, kind = square["name"], square.loc, square["type"]
        items: list[Item] = [Rect(0, 0, w, depth, Style(stroke=INK, stroke_width=0.75 * PT))]
        top = 2.0
        if kind == "property" and isinstance(deed, Deed):
            bar = layout.params["bar"]
            items.append(Rect(0, 0, w, bar, Style(fill=deed.colour, stroke=INK, stroke_width=0.75 * PT)))
            top = bar + 1.5
        big = 16 if w == depth else 8
        style = TextStyle(BOLD, big * PT, align="center", leading=1.05)
        items += ctx.fit(name, (1.5, top, w - 3, depth * 0.45), style, name, "name", loc)
        if kind == "go":
            items.append(_go_arrow(w, depth))
        note = self._note(square, deed)
        if note:
            style = TextStyle(REGULAR, (8 if w < depth else 10) * PT, align="center", valign="bottom")
            items += ctx.fit(note, (1.5, depth * 0.5, w - 3, depth * 0.5 - 3), style, name, "note", loc)
        return items

    @staticmethod
    def _note(square: LocMap, deed: TitleDeed | None) -> str:
        kind = square["type"]
        if deed is not None:
            return _money(deed.price)
        if kind == "go":
            return f"Collect {_money(square.get('salary', 0))} salary as you pass"
        if kind == "tax":
            pay = f"Pay {_money(square.get('amount', 0))}"
            return f"{pay} or {square['percent']}% of your worth" if square.get("percent") else pay
        if kind == "slidecage":
            return square.get("aside", "")
        if kind == "go-to-slidecage":
            return "Do not pass GO"
        return ""

    @staticmethod
    def _centre(side: float, corner: float, ctx: LayoutContext) -> list[Item]:
        mid = side / 2
        title = TextStyle(BOLD, 72 * PT, align="center", valign="middle")
        items = ctx.fit("SLIDERS", (corner + 10, mid - 20, side - 2 * corner - 20, 40), title, "board", "title", None)
        card_w, card_h = 63.5, 88.9
        for cx, cy, deck in (
            (corner + 70, corner + 70, "chance"),
            (side - corner - 70, side - corner - 70, "community-chest"),
        ):
            back = deck_back(ctx, deck)
            label = back.title if back is not None else deck
            items.append(
                # A tinted place with a solid rounded border: dashed lines mean fold.
                Rect(
                    cx - card_w / 2,
                    cy - card_h / 2,
                    card_w,
                    card_h,
                    Style(fill=CARD_SPACE, stroke=INK, stroke_width=0.75 * PT),
                    radius=3.0,
                )
            )
            style = TextStyle(BOLD, 12 * PT, align="center", valign="middle")
            items += ctx.fit(label, (cx - card_w / 2 + 3, cy - 6, card_w - 6, 12), style, "board", "card space", None)
        return items


#: A building layout's params: its colours, and for fold-up nets the net's measurements.
BUILDING_PARAMS = closed(
    {
        "colours": closed({"house": COLOUR, "hotel": COLOUR}, ["house", "hotel"]),
        "net": closed(
            {"width": LENGTH, "wall": LENGTH, "rise": LENGTH, "depth": LENGTH, "tab": LENGTH},
            ["width", "wall", "rise", "depth", "tab"],
        ),
    },
    ["colours"],
)


class HouseNet(Struct, frozen=True):
    """A house or hotel's net in mm: the outline to cut, the lines to fold, its size, and
    where its top left corner is."""

    outline: list[tuple[float, float]]
    folds: list[tuple[tuple[float, float], tuple[float, float]]]
    size: tuple[float, float]
    origin: tuple[float, float] = (0.0, 0.0)

    def moved(self, dx: float, dy: float) -> "HouseNet":
        """The same net with its top left at (dx, dy)."""
        return HouseNet(
            [(x + dx, y + dy) for x, y in self.outline],
            [((a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)) for a, b in self.folds],
            self.size,
            (dx, dy),
        )


def house_net(w: float, wall: float, rise: float, depth: float, tab: float) -> HouseNet:
    """A fold-up house: a strip of wall, floor, wall, roof, roof (each `depth` deep) with a
    glue tab, and a gable end on each long edge of the floor. Returns the closed outline
    and the fold lines, in a frame whose top-left is (0, 0)."""
    roof = math.hypot(w / 2, rise)
    gable = wall + rise
    x1, x2 = wall, wall + w  # the floor panel
    x3, x4, x5 = x2 + wall, x2 + wall + roof, x2 + wall + 2 * roof
    top, bottom = gable, gable + depth
    cut = min(1.5, depth / 4)
    outline = [
        (0, top),
        (x1, top),
        (x1, top - wall),
        ((x1 + x2) / 2, 0.0),
        (x2, top - wall),
        (x2, top),
        (x5, top),
        (x5 + tab, top + cut),
        (x5 + tab, bottom - cut),
        (x5, bottom),
        (x2, bottom),
        (x2, bottom + wall),
        ((x1 + x2) / 2, bottom + gable),
        (x1, bottom + wall),
        (x1, bottom),
        (0, bottom),
    ]
    folds = [((x, top), (x, bottom)) for x in (x1, x2, x3, x4, x5)]
    folds += [((x1, top), (x2, top)), ((x1, bottom), (x2, bottom))]
    return HouseNet(outline, folds, (x5 + tab, bottom + gable))


#: GO's arrow: the classic red, pointing the way play runs from it.
GO_ARROW = "#c0392b"


def _go_arrow(w: float, depth: float) -> Polyline:
    """An arrow across the GO corner, below its name, pointing left (in the corner's own
    frame, whose outer edge is at the bottom): the way tokens move from GO, along the bottom
    of the board to the next square."""
    y, half, head = depth * 0.56, depth * 0.045, depth * 0.11
    left, right, neck = w * 0.12, w * 0.88, w * 0.12 + depth * 0.16
    points = (
        (left, y),
        (neck, y - head),
        (neck, y - half),
        (right, y - half),
        (right, y + half),
        (neck, y + half),
        (neck, y + head),
    )
    return Polyline(points, Style(fill=GO_ARROW), closed=True)


class BuildingKind(ElementKind):
    """A Quinn's house or a Chandler hotel. By default a flat token drawn from its layout
    (sliders-building), which shows the `colour` this kind derives from the layout's
    `params.colours`. A layout with `params.net` (sliders-building-net) makes it a fold-up
    net instead: cut along the solid outline, fold on every dashed line, glue the tab (a
    hotel is the same net, wider and deeper). The net is centred in the component and the
    layout's elements are placed from the net's top left; the net itself (`net`), its
    folds and its outline are computed, and the net's outline is its only cut."""

    name = "building"
    label = "houses and hotels"
    item = Building
    params_schema = BUILDING_PARAMS

    def draws_own_outline(self, layout: Layout) -> bool:
        return "net" in layout.params

    def fields(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> LocMap:
        return with_fields(item, {}, colour=layout.params["colours"][item["type"]])

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        if not self.draws_own_outline(layout):
            return super().draw(item, layout, ctx)
        net = centred_net(item, layout)
        nw, nh = net.size
        if nw > layout.width + 1e-6 or nh > layout.height + 1e-6:
            ctx.overflow(item["name"], "net", item.loc, nw - layout.width, nh - layout.height)
        x, y = net.origin
        placed = [replace(element, x=element.x + x, y=element.y + y) for element in layout.elements]

        def computed(element: ComputedElement, entry: LocMap) -> list[Item]:
            return self.computed(element, entry, layout, ctx)

        return Faces(element_face(layout, placed, layout.background, item, ctx, self.title(item), computed))

    def computed(self, element: ComputedElement, item: LocMap, layout: Layout, ctx: LayoutContext) -> list[Item]:
        if self.draws_own_outline(layout):
            net = centred_net(item, layout)
            if element.draw == "net":
                return [Polyline(tuple(net.outline), Style(fill=layout.params["colours"][item["type"]]), closed=True)]
            if element.draw == "folds":
                return [Polyline(fold, line_style("score")) for fold in net.folds]
            if element.draw == "outline":
                return [Polyline(tuple(net.outline), line_style("cut"), closed=True)]
        return super().computed(element, item, layout, ctx)


def centred_net(item: LocMap, layout: Layout) -> HouseNet:
    """The item's net (a hotel's 1.4 times as wide and deep) centred in the component."""
    scale = 1.0 if item["type"] == "house" else 1.4
    w, wall, rise, depth, tab = (
        layout.params["net"][k] * (scale if k in ("width", "depth") else 1.0)
        for k in ("width", "wall", "rise", "depth", "tab")
    )
    net = house_net(w, wall, rise, depth, tab)
    nw, nh = net.size
    return net.moved((layout.width - nw) / 2, (layout.height - nh) / 2)


KINDS = (
    SquareKind(),
    DeedKind(),
    RailroadKind(),
    UtilityKind(),
    EventCardKind("chance", "Chance cards"),
    EventCardKind("community-chest", "Community Chest cards"),
    CardBackKind(),
    BillKind(),
    BuildingKind(),
)
