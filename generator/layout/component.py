"""Component kinds: how one item of a kind becomes the Scenes of its faces.

A kind declares its item class (generator/sources/items.py: each item is validated against
its schema once, when the game is read, and read into it), reads its layout (with the kind's
own `params`), and draws each face.
"""

from collections.abc import Iterator, Sequence

from msgspec import Struct

from generator.layout.context import LayoutContext
from generator.layout.fields import layout_fields
from generator.layout.scene import Scene
from generator.sources.frozen import LocMap
from generator.sources.items import Item, item_schema
from generator.sources.layout_model import Layout


class Faces(Struct):
    """The drawn faces of one component copy; `back` is None for one-sided kinds."""

    front: Scene
    back: Scene | None = None
    #: The component as a print shop makes it, where that is not the net printed at home:
    #: its pieces, each a front and maybe a back (a die's six faces; a standee's figure).
    pieces: tuple["Faces", ...] = ()

    def scenes(self) -> Iterator[Scene]:
        """Every scene drawn: the front, the back, then each piece's, in that order."""
        yield self.front
        if self.back is not None:
            yield self.back
        for piece in self.pieces:
            yield from piece.scenes()


#: The field a layout shows to print each copy's place in its file ("37/104").
INDEX = "index"


class ComponentKind:
    """Base for kinds; subclasses set name/item/params_schema and implement draw()."""

    name: str
    #: The class each item of this kind is read into; the kind's schema is derived from it.
    item: type[Item]
    params_schema: dict = {"type": "object", "additionalProperties": False}
    #: A human label for sheets and checklists, e.g. "register card".
    label: str = ""
    #: The kind draws its own cut outline (a disc, a net): imposition then draws no
    #: rectangular cut lines or crop marks around it. See draws_own_outline.
    own_outline: bool = False
    #: A component too large for the sheet (a board) is tiled over several sheets; any
    #: other kind must fit on one, or the paper is too small for it.
    tileable: bool = False
    #: What the components are printed on: "paper", "card" (card stock) or "board" (paper
    #: glued onto board); "" for the default, board for a tileable kind and card otherwise.
    stock: str = ""
    #: Whether a print shop's per-face export takes the components (their `pieces`, else
    #: their faces): not a net a shop makes from a template of its own (a tuck box).
    shop_faces: bool = True
    #: What to do once a component is cut, scored and its glue areas found, in order: the
    #: checklist's steps for the kind after the sheet's own (a net's folding and closing).
    assembly: tuple[str, ...] = ()
    #: The space (mm) a die needs between the kind's components when they are die-cut (a
    #: punchboard's tokens, `cutsheet build --die-cut`); None: the kind is never die-cut.
    die_cut_gap: float | None = None

    def draws_own_outline(self, layout: Layout) -> bool:
        """Whether components drawn with this layout draw their own cut outline: the kind's
        `own_outline`, unless the kind's form depends on the layout (a building is a
        rectangular token or, with a net layout, a net)."""
        return self.own_outline

    @property
    def schema(self) -> dict:
        """The JSON schema every item of this kind is validated against."""
        return item_schema(self.item)

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        raise NotImplementedError

    def draw_file(self, items: list[LocMap], layout: Layout, ctx: LayoutContext) -> list[Faces]:
        """The faces of every component a file describes, in order: by default each item
        drawn once and repeated `count` times. Where the layout shows `index`, each copy is
        drawn with its own: its place among the game's components of its kind (all its
        files, `ctx.deck_place`), "37/104", and `game`, the game's name, so a lost card can
        be found and reprinted (an item's own `index` or `game` is shown instead). A kind
        whose one component is made of many items (a board of square items) overrides this."""
        place = ctx.deck_place
        before, total = (place.before, place.total) if place.total else (0, sum(int(i.get("count", 1)) for i in items))
        faces: list[Faces] = []
        for item in items:
            own = self.layout_for(item, layout, ctx)
            copies = int(item.get("count", 1))
            if INDEX in layout_fields(own):
                for _ in range(copies):
                    derived = {
                        key: value
                        for key, value in _index_fields(before + len(faces) + 1, total, ctx)
                        if key not in item
                    }
                    faces.append(self.draw(item.with_values(None, **derived), own, ctx))
            else:
                faces.extend([self.draw(item, own, ctx)] * copies)
        return faces

    def reads(self, layout: Layout, items: Sequence[LocMap], ctx: LayoutContext) -> frozenset[str] | None:
        """The fields of its `items` that this kind reads when they are drawn with the file's
        `layout`; None: those its item class declares (a table's other columns are left out
        when it is read)."""
        return None

    def layout_for(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Layout:
        """The layout one item is drawn with: its file's, unless the kind lets items choose."""
        return layout

    def tessellation(self, layout: Layout) -> str:
        """How the kind's components tile a sheet when they share edges: "flat" or "pointy"
        for hexagons (sheets/hexes.py), "" for rectangles in a grid."""
        return ""

    def too_large(self, scene: Scene, room: tuple[float, float]) -> str:
        """What to add when a component (its first face, `scene`) does not fit the paper's
        printable `room` (width, height): "" by default."""
        return ""

    def title(self, item: LocMap) -> str:
        """A short name for one item, for messages and sheet labels."""
        for key in ("title", "name"):
            if isinstance(item.get(key), str):
                return item[key]
        return self.name


def _index_fields(number: int, total: int, ctx: LayoutContext) -> tuple[tuple[str, str], ...]:
    """The fields a copy shows for its index: its place among `total`, and the game's name."""
    return ((INDEX, f"{number}/{total}"), ("game", ctx.game.name))
