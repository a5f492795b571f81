"""Component kinds: how one item of a kind becomes the Scenes of its faces.

A kind declares its items' schema (each item is validated against it once, when the game
is read), reads its layout (with the kind's own `params`), and draws each face.
"""

from dataclasses import dataclass

from generator.layout.context import LayoutContext
from generator.layout.scene import Scene
from generator.sources.frozen import LocMap
from generator.sources.layout_model import Layout


@dataclass
class Faces:
    """The drawn faces of one component copy; `back` is None for one-sided kinds."""

    front: Scene
    back: Scene | None = None


class ComponentKind:
    """Base for kinds; subclasses set name/schema/params_schema and implement draw()."""

    name: str
    schema: dict
    params_schema: dict = {"type": "object", "additionalProperties": False}
    #: A human label for sheets and checklists, e.g. "register card".
    label: str = ""
    #: The kind draws its own cut outline (a disc, a net): imposition then draws no
    #: rectangular cut lines or crop marks around it.
    own_outline: bool = False
    #: A component too large for the sheet (a board) is tiled over several sheets; any
    #: other kind must fit on one, or the paper is too small for it.
    tileable: bool = False
    #: What the components are printed on: "paper", "card" (card stock) or "board" (paper
    #: glued onto board); "" for the default, board for a tileable kind and card otherwise.
    stock: str = ""

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        raise NotImplementedError

    def draw_file(self, items: list[LocMap], layout: Layout, ctx: LayoutContext) -> list[Faces]:
        """The faces of every component a file describes, in order: by default each item
        drawn once and repeated `count` times. A kind whose one component is made of many
        items (a board of square items) overrides this."""
        faces: list[Faces] = []
        for item in items:
            own = self.layout_for(item, layout, ctx)
            drawn = ctx.memo.draw(self, item, own, ctx) if ctx.memo else self.draw(item, own, ctx)
            faces.extend([drawn] * int(item.get("count", 1)))
        return faces

    def layout_for(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Layout:
        """The layout one item is drawn with: its file's, unless the kind lets items choose."""
        return layout

    def title(self, item: LocMap) -> str:
        """A short name for one item, for messages and sheet labels."""
        for key in ("title", "name"):
            if isinstance(item.get(key), str):
                return item[key]
        return self.name
