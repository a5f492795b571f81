"""What drawing a game's components needs besides the item itself: the LayoutContext.

Layout problems that are the deck's fault (text that will not fit, an icon with no file)
are Findings collected here, never silent clipping.
"""

import dataclasses
from collections.abc import Hashable, Sequence
from functools import cache, cached_property
from pathlib import Path
from typing import Protocol

from msgspec import Struct, field

from generator import shipped
from generator.findings import Finding, error, warning
from generator.layout.scene import Box, Icon, Item
from generator.layout.text import Missing, TextStyle, fit_styled, plain_text
from generator.sources.art import Art, ArtError, read_art
from generator.sources.errors import Loc, SourceError, display_path
from generator.sources.game import ComponentFile, Game
from generator.sources.layout_model import CardSize, Layout
from generator.sources.layouts import card_size, load_layout
from generator.sources.markup import Styled
from generator.sources.paths import file_inside
from generator.text.coverage import char_name


class HasParams(Hashable, Protocol):
    """A kind, as far as reading its layout goes: the schema of its own `params`."""

    @property
    def params_schema(self) -> dict: ...


class DeckPlace(Struct, frozen=True):
    """Where the file being drawn sits among the game's files of its kind: the copies in the
    files before it, and in all of them (0: the file is counted alone). A card's index counts
    across the deck it belongs to, so Twisty Passages' maze and zone cards are one 1-104."""

    before: int = 0
    total: int = 0

    @classmethod
    def of(cls, game: Game, n: int) -> "DeckPlace":
        """The place of the game's `n`th file among its files of the same kind."""
        kind = game.files[n].kind

        def copies(files: Sequence[ComponentFile]) -> int:
            return sum(component.count for f in files if f.kind == kind for component in f.components)

        return cls(copies(game.files[:n]), copies(game.files))


class TextRoom(Struct, frozen=True):
    """How one text sat in its box, as the deck review reads it: how near a card is to
    shrinking (the fitting order is text.py's: leading first, then size)."""

    component: str
    what: str
    loc: Loc | None
    #: The layout's size, and the size the text was set at, in mm.
    size: float
    set_size: float
    #: Whether the leading was tightened to fit, the step before shrinking.
    tightened: bool
    #: Whether it fits its box (at the smallest size, it may not: finding L001).
    fits: bool
    #: The share of its box the set text takes (over 1: it does not fit): of the height, or of
    #: the width in a box one line high (the line's height is the box's however long it is).
    filled: float

    @property
    def shrunk(self) -> bool:
        return self.set_size < self.size - 1e-6  # sizes are rounded to 6 places as they are tried


class LayoutContext(Struct, dict=True):
    """What drawing a game's components needs besides the item itself."""

    game: Game
    layout_dirs: list[Path] = field(default_factory=lambda: [shipped.layouts_dir()])
    icon_dirs: list[Path] = field(default_factory=lambda: [shipped.icons_dir()])
    findings: list[Finding] = field(default_factory=list)
    ink_saver: bool = False
    #: The players the components dealt by the player are printed for (0: the most).
    players: int = 0
    #: The place of the file being drawn among the game's files of its kind.
    deck_place: DeckPlace = DeckPlace()
    #: Every art file the layout drew or looked for (generator/layout/images.py): what a
    #: cached layout must check is unchanged.
    art_files: set[Path] = field(default_factory=set)
    #: The findings of this pass that many items make but are one mistake (a layout's own
    #: picture, drawn on every card): each is reported once (generator/layout/images.py).
    shared_findings: set[Finding] = field(default_factory=set)
    #: When a list, how every text fitted sat in its box (the deck review asks; a build does not).
    rooms: list[TextRoom] | None = None
    #: The art each image file's name (as a field or a layout writes it) led to in this pass:
    #: a deck shows the same few pictures on many cards, each looked up and read once.
    art_by_name: dict[str, Art] = field(default_factory=dict)

    def layout(self, name: str, kind: HasParams, loc: Loc | None = None, size: CardSize | None = None) -> Layout:
        """The layout `name` for `kind`, made for a card of `size` (else its own size)."""
        return _cached_layout(name, tuple(self.layout_dirs), loc, kind, size)

    def file_layout(self, component_file: ComponentFile, kind: HasParams) -> Layout:
        """The layout a component file's components are drawn with: its `layout:`, at the
        file's `size:` when it gives one; a problem with it is placed at the file's `layout:`,
        or at its `kind:` when the kind names the layout."""
        data = component_file.data
        size = card_size(data["size"], data.loc_of("size")) if "size" in data else None
        named_at = data.loc_of("layout" if "layout" in data else "kind")
        return self.layout(component_file.layout, kind, named_at, size)

    @cached_property
    def icon_path(self) -> "IconFinder":
        """An icon's file by its name."""
        return IconFinder(self.icon_dirs)

    def fit(
        self, text: str | Sequence[Styled], box: Box, style: TextStyle, component: str, what: str, loc: Loc | None
    ) -> list[Item]:
        """Text (plain, or styled: generator/sources/markup.py) fitted into `box`: what does
        not fit even at the smallest size is an L001 finding, an inline icon with no file an
        L002 one (and left out), a character no font of the style's chain has an L011 one."""
        styled = plain_text(text, loc) if isinstance(text, str) else text
        book = self.game.fonts
        fitted = fit_styled(styled, *box, style if style.book is book else dataclasses.replace(style, book=book))
        if self.rooms is not None:
            one_line_box = fitted.lines == 1 and 2 * fitted.height > box[3]
            filled = fitted.width / max(box[2], 0.01) if one_line_box else fitted.height / max(box[3], 0.01)
            tightened = fitted.leading < style.leading - 1e-6
            room = TextRoom(component, what, loc, style.size, fitted.size, tightened, fitted.fits, filled)
            self.rooms.append(room)
        self.findings += missing_findings(fitted.missing, f"the {what} of {component!r}")
        if not fitted.fits:
            self.overflow(component, what, loc, fitted.overflow_x, fitted.overflow_y)
        items = []
        for item in fitted.items:
            if isinstance(item, Icon) and self.icon_path(item.name) is None:
                self.findings.append(
                    error(
                        "L002",
                        f"icon :{item.name}: in {what} of {component!r} has no file {item.name}.svg in layouts/icons/",
                        loc,
                    )
                )
                continue
            items.append(item)
        return items

    def report(self, finding: Finding, shared: bool = False) -> None:
        """Add a finding of this pass; a `shared` one (many items make it, but it is one
        mistake: a layout's own picture, drawn on every card) once a pass."""
        if shared:
            self.shared_findings.add(finding)
        if not shared or finding not in self.findings:
            self.findings.append(finding)

    def overflow(self, component: str, what: str, loc: Loc | None, dx: float, dy: float) -> None:
        parts = [f"{dy:.1f} mm too tall"] if dy > 0 else []
        parts += [f"{dx:.1f} mm too wide"] if dx > 0 else []
        self.findings.append(
            error("L001", f"{what} of {component!r} does not fit even at the smallest size: {', '.join(parts)}", loc)
        )


#: How many of one text's missing characters finding L011 names before counting the rest.
NAMED_MISSING = 5


def missing_findings(missing: Sequence[Missing], what: str) -> list[Finding]:
    """Finding L011 for the characters of a text that no font of its chain has, one per place
    they were written (a warning: with --strict, an error), each naming the characters, their
    code points and the fonts tried."""
    by_place: dict[Loc | None, list[Missing]] = {}
    for m in missing:
        by_place.setdefault(m.loc, []).append(m)
    out = []
    for place, found in by_place.items():
        chars = list(dict.fromkeys(m.char for m in found))
        named = ", ".join(char_name(char) for char in chars[:NAMED_MISSING])
        more = f" and {len(chars) - NAMED_MISSING} more" if len(chars) > NAMED_MISSING else ""
        fonts = ", ".join(found[0].fonts)
        out.append(
            warning(
                "L011",
                f"{what} has {named}{more}, which no font of its chain ({fonts}) has a glyph for: it would print "
                "as an empty box (add a font that has it to the element's `font:` chain, or leave it out)",
                place,
            )
        )
    return out


def find_icon(name: str, icon_dirs: Sequence[Path]) -> Path | None:
    """The icon's file, from the first icon folder holding it: never a file outside it, and
    checked as SVG art is (self-contained, of a sane size)."""
    for folder in icon_dirs:
        path = folder / f"{name}.svg"
        place = Loc(display_path(path), 1, 1)
        if file_inside(path, folder, place, "icon file"):
            try:
                read_art(path)
            except ArtError as exc:
                raise SourceError(place, f"icon file {exc}") from None
            return path
    return None


class IconFinder:
    """find_icon in these icon folders, each name looked up once: a text's inline icon is
    looked up wherever it is laid out and drawn, and each lookup follows links and checks
    the file as art. Made for one build (its files do not change under it); a refused icon
    is refused again each time it is asked for."""

    def __init__(self, icon_dirs: Sequence[Path]):
        self.icon_dirs = tuple(icon_dirs)
        self._found: dict[str, Path | None] = {}

    def __call__(self, name: str) -> Path | None:
        if name not in self._found:
            self._found[name] = find_icon(name, self.icon_dirs)
        return self._found[name]


def forget_layouts() -> None:
    """Layouts are read once per process; a live preview forgets them after an edit."""
    _cached_layout.cache_clear()


@cache
def _cached_layout(
    name: str, dirs: tuple[Path, ...], loc: Loc | None, kind: HasParams, size: CardSize | None
) -> Layout:
    """Read once per process for each card size it is made for."""
    return load_layout(name, list(dirs), loc, kind.params_schema, size)
