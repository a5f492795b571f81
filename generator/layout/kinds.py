"""Component kinds: how one item of a kind becomes the Scenes of its faces.

Each game declares its kinds in its GamePlugin (generator/games/plugin.py). A kind
validates its items against its schema, reads its layout (with the kind's own `params`),
and draws each face. Layout problems that are the deck's fault (text that will not fit, an
icon with no file) are Findings, collected in the LayoutContext, never silent clipping.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from generator import shipped
from generator.findings import Finding, error
from generator.layout.memo import DrawMemo
from generator.layout.scene import Scene
from generator.sources.errors import Loc, SourceError, display_path
from generator.sources.game import Game
from generator.sources.layouts import load_layout
from generator.sources.loader import LocDict


@dataclass
class LayoutContext:
    """What drawing a game's components needs besides the item itself."""

    game: Game
    layout_dirs: list[Path] = field(default_factory=lambda: [shipped.layouts_dir()])
    icon_dirs: list[Path] = field(default_factory=lambda: [shipped.icons_dir()])
    findings: list[Finding] = field(default_factory=list)
    ink_saver: bool = False
    #: Faces of the previous layout pass to reuse (a live preview), or None.
    memo: DrawMemo | None = None
    #: Every art file the layout drew or looked for (generator/layout/images.py): what a
    #: cached layout must check is unchanged.
    art_files: set[Path] = field(default_factory=set)

    def layout(self, name: str, kind: "ComponentKind", loc: Loc | None = None) -> LocDict:
        return _cached_layout(name, tuple(self.layout_dirs), loc, kind)

    def icon_path(self, name: str) -> Path | None:
        return find_icon(name, self.icon_dirs)

    def overflow(self, component: str, what: str, loc: Loc | None, dx: float, dy: float) -> None:
        parts = [f"{dy:.1f} mm too tall"] if dy > 0 else []
        parts += [f"{dx:.1f} mm too wide"] if dx > 0 else []
        self.findings.append(
            error("L001", f"{what} of {component!r} does not fit even at the smallest size: {', '.join(parts)}", loc)
        )


def find_icon(name: str, icon_dirs: Sequence[Path]) -> Path | None:
    """The icon's file, from the first icon folder holding it; never a file outside it."""
    for folder in icon_dirs:
        path = folder / f"{name}.svg"
        if path.is_file():
            if not path.resolve().is_relative_to(folder.resolve()):
                raise SourceError(Loc(display_path(path), 1, 1), f"icon file leads outside {display_path(folder)}")
            return path
    return None


def forget_layouts() -> None:
    """Layouts are read once per process; a live preview forgets them after an edit."""
    _cached_layout.cache_clear()


@cache
def _cached_layout(name: str, dirs: tuple[Path, ...], loc: Loc | None, kind: "ComponentKind") -> LocDict:
    return load_layout(name, list(dirs), loc, kind.params_schema)


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

    def draw(self, item: LocDict, layout: LocDict, ctx: LayoutContext) -> Faces:
        raise NotImplementedError

    def draw_file(self, items: list[LocDict], layout: LocDict, ctx: LayoutContext) -> list[Faces]:
        """The faces of every component a file describes, in order: by default each item
        drawn once and repeated `count` times. A kind whose one component is made of many
        items (a board of square items) overrides this."""
        faces: list[Faces] = []
        for item in items:
            own = self.layout_for(item, layout, ctx)
            drawn = ctx.memo.draw(self, item, own, ctx) if ctx.memo else self.draw(item, own, ctx)
            faces.extend([drawn] * int(item.get("count", 1)))
        return faces

    def layout_for(self, item: LocDict, layout: LocDict, ctx: LayoutContext) -> LocDict:
        """The layout one item is drawn with: its file's, unless the kind lets items choose."""
        return layout

    def title(self, item: LocDict) -> str:
        """A short name for one item, for messages and sheet labels."""
        for key in ("title", "name"):
            if isinstance(item.get(key), str):
                return item[key]
        return self.name
