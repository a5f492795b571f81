"""How much room a deck's texts have: every component drawn as a build draws it (the layout
stage of generator/pipeline/parts.py, without a build's cache, ink saver or player count),
recording how each text sat in its box (LayoutContext.rooms), how many fronts of each file one
sheet holds, and which fields its layout prints."""

from msgspec import Struct

from generator.games.plugin import kind_of
from generator.layout.component import ComponentKind
from generator.layout.context import DeckPlace, LayoutContext, TextRoom
from generator.layout.element_kind import ElementKind
from generator.layout.fields import printed_fields
from generator.layout.folders import context_for
from generator.sheets.impose import plan_grid
from generator.sheets.paper import Paper
from generator.sources.errors import SourceError
from generator.sources.game import ComponentFile, Game
from generator.sources.layout_model import Layout


class FileRoom(Struct, frozen=True):
    """One component file drawn: its copies and how many one sheet holds (0: it is tiled
    over several sheets, as a board is)."""

    file: str
    copies: int
    per_sheet: int
    #: The fields its layout prints (None: its kind draws them itself, and may print any).
    shown: frozenset[str] | None


class DeckRoom(Struct, frozen=True):
    texts: tuple[TextRoom, ...]
    files: tuple[FileRoom, ...]
    #: The files that could not be drawn, each with why (a kind with no layout, say): the
    #: review leaves them out, and a build says the same as an error.
    undrawn: tuple[str, ...] = ()


def deck_room(game: Game, paper: Paper) -> DeckRoom:
    """Every text of the game as it is set, and each file's fronts per sheet of `paper`."""
    ctx = context_for(game)
    ctx.rooms = []
    files, undrawn = [], []
    for n, component_file in enumerate(game.files):
        kept = len(ctx.rooms)
        try:
            files.append(_drawn(game, n, component_file, ctx, paper))
        except SourceError as exc:
            del ctx.rooms[kept:]  # what it set before it failed is not its room
            undrawn.append(f"{component_file.shown}: {exc.message}")
    return DeckRoom(tuple(ctx.rooms), tuple(files), tuple(undrawn))


def _drawn(game: Game, n: int, component_file: ComponentFile, ctx: LayoutContext, paper: Paper) -> FileRoom:
    kind = kind_of(component_file, game)
    layout = ctx.file_layout(component_file, kind)
    ctx.deck_place = DeckPlace.of(game, n)
    kind.draw_file(list(component_file.items), layout, ctx)
    copies = sum(component.count for component in component_file.components)
    plan = None if kind.tileable else plan_grid(paper, layout.width, layout.height, layout.bleed, layout.gap, copies)
    printed = _printed(kind, layout, component_file, ctx)
    return FileRoom(component_file.shown, copies, plan.per_sheet if plan else 0, printed)


def _printed(
    kind: ComponentKind, layout: Layout, component_file: ComponentFile, ctx: LayoutContext
) -> frozenset[str] | None:
    """The fields a file's layouts print as text, when its kind draws from its layout's
    elements (an item may choose its own layout); None for a kind that draws itself."""
    if not isinstance(kind, ElementKind):
        return None
    layouts = {id(own): own for own in (kind.layout_for(item, layout, ctx) for item in component_file.items)}
    return frozenset().union(printed_fields(layout), *(printed_fields(own) for own in layouts.values()))
