"""What drawing a game's components needs besides the item itself: the LayoutContext.

Layout problems that are the deck's fault (text that will not fit, an icon with no file)
are Findings collected here, never silent clipping.
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Protocol

from generator import shipped
from generator.findings import Finding, error
from generator.layout.fonts import glyph_error
from generator.layout.scene import Box, Icon, Item
from generator.layout.text import TextStyle, fit_text
from generator.sources.art import ArtError, read_art
from generator.sources.errors import Loc, SourceError, display_path
from generator.sources.game import Game
from generator.sources.layout_model import Layout
from generator.sources.layouts import load_layout
from generator.sources.paths import file_inside


class HasParams(Hashable, Protocol):
    """A kind, as far as reading its layout goes: the schema of its own `params`."""

    @property
    def params_schema(self) -> dict: ...


@dataclass
class LayoutContext:
    """What drawing a game's components needs besides the item itself."""

    game: Game
    layout_dirs: list[Path] = field(default_factory=lambda: [shipped.layouts_dir()])
    icon_dirs: list[Path] = field(default_factory=lambda: [shipped.icons_dir()])
    findings: list[Finding] = field(default_factory=list)
    ink_saver: bool = False
    #: Every art file the layout drew or looked for (generator/layout/images.py): what a
    #: cached layout must check is unchanged.
    art_files: set[Path] = field(default_factory=set)

    def layout(self, name: str, kind: HasParams, loc: Loc | None = None) -> Layout:
        return _cached_layout(name, tuple(self.layout_dirs), loc, kind)

    def icon_path(self, name: str) -> Path | None:
        return find_icon(name, self.icon_dirs)

    def fit(
        self,
        text: str,
        box: Box,
        style: TextStyle,
        component: str,
        what: str,
        loc: Loc | None,
        glyphs_checked: bool = False,
    ) -> list[Item]:
        """`text` fitted into `box`: what does not fit even at the smallest size is an L001
        finding, an inline icon with no file an L002 one (and left out), a character the
        font lacks an L011 one (unless the caller checked them at finer places)."""
        if not glyphs_checked and (missing := glyph_error(text, style.font, f"the {what} of {component!r}", loc)):
            self.findings.append(missing)
        fitted = fit_text(text, *box, style)
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

    def overflow(self, component: str, what: str, loc: Loc | None, dx: float, dy: float) -> None:
        parts = [f"{dy:.1f} mm too tall"] if dy > 0 else []
        parts += [f"{dx:.1f} mm too wide"] if dx > 0 else []
        self.findings.append(
            error("L001", f"{what} of {component!r} does not fit even at the smallest size: {', '.join(parts)}", loc)
        )


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


def forget_layouts() -> None:
    """Layouts are read once per process; a live preview forgets them after an edit."""
    _cached_layout.cache_clear()


@cache
def _cached_layout(name: str, dirs: tuple[Path, ...], loc: Loc | None, kind: HasParams) -> Layout:
    return load_layout(name, list(dirs), loc, kind.params_schema)
