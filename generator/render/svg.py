"""SVG sheets written from a jinja2 template, one file per sheet, one Inkscape layer per role."""

import base64
import math
from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined, Template
from markupsafe import escape

from generator.layout.scene import OPTIONAL_ROLES, Group, Icon, Image, Item, Style, Text, by_role
from generator.render import glyphs, icons
from generator.render.numbers import number
from generator.sheets.model import Sheet
from generator.sources import art


def stroke_width(value: float) -> str:
    """Rounded up to the micron, so a 0.25 pt minimum never prints as 0.2494 pt."""
    return number(math.ceil(value * 1000 - 1e-6) / 1000)


def path_data(commands: tuple[tuple, ...]) -> str:
    return " ".join(c[0] + " ".join(number(v) for v in c[1:]) for c in commands)


def clip_id(clip: tuple[float, ...]) -> str:
    return "clip-" + "-".join(number(v).replace(".", "_").replace("-", "m") for v in clip)


def shown_colour(colour: str | None) -> str:
    """A colour as an SVG writes it: #rrggbb as it is, one given in inks as it would print
    (generator/colour/separation.py); "none" for no colour."""
    if not colour:
        return "none"
    if colour.startswith("#"):
        return colour
    from generator.colour.separation import shown  # loads LittleCMS: only for a colour in inks

    return shown(colour)


@lru_cache(maxsize=1 << 12)
def paint(style: Style) -> str:
    """A shape's fill and stroke attributes. Worked out once for each style: a sheet draws
    thousands of shapes in a handful of styles."""
    attributes = f'fill="{escape(shown_colour(style.fill))}"'
    if style.stroke and style.stroke_width > 0:
        stroke = escape(shown_colour(style.stroke))
        attributes += f' stroke="{stroke}" stroke-width="{stroke_width(style.stroke_width)}"'
        if style.dash:
            attributes += f' stroke-dasharray="{" ".join(str(d) for d in style.dash)}"'
    return attributes


def run_uses(text: Text) -> str:
    """A text's runs, each a <use> of its run's glyphs (defined in the sheet's defs) where
    the run starts."""
    y = number(text.y)
    return "".join(
        f'<use href="#{glyphs.run_id(shaped.key, text.size)}" x="{number(text.x + offset)}" y="{y}"/>'
        for offset, shaped in text.runs
    )


class GroupEnd:
    """Where a group's items end, in drawing order."""


GROUP_END = GroupEnd()


def in_order(items: Iterable[Item]) -> Iterator[Item | GroupEnd]:
    """The items as the sheet draws them, each group followed by its items and then its
    end: the template writes the nesting in one loop (a recursive macro cost a call per
    group, most of the template's time)."""
    for item in items:
        yield item
        if isinstance(item, Group):
            yield from in_order(item.items)
            yield GROUP_END


@cache
def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader("generator", "render/templates"),
        autoescape=True,
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )
    env.filters.update(n=number, pathdata=path_data, clipid=clip_id, outline=glyphs.outline_path)
    env.filters.update(artid=art_id, arturi=art_uri, run_uses=run_uses)
    env.filters.update(shown=shown_colour, paint=paint, in_order=in_order)
    return env


def prepare() -> None:
    """Compile the sheet template now: a build does so before its worker processes fork, and
    they share it instead of each compiling its own."""
    _environment().get_template("sheet.svg.j2")


def art_id(digest: str) -> str:
    return f"art-{digest[:16]}"


def art_uri(item: Image) -> str:
    """The art as a data URI: a sheet is one self-contained file, as print shops want it."""
    return _data_uri(item.path, item.digest, item.vector)


@cache
def _data_uri(path: str, digest: str, vector: bool) -> str:
    """Read once per version of the file (the digest names its content)."""
    mime, data = ("image/svg+xml", Path(path).read_bytes()) if vector else art.web_bytes(Path(path))
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def art_symbol(item: Image) -> str:
    """The art embedded once per sheet, in a unit-square symbol each <use> stretches over its box."""
    uri = art_uri(item)
    return (
        f'<symbol id="{art_id(item.digest)}" viewBox="0 0 1 1" preserveAspectRatio="none">'
        f'<image width="1" height="1" preserveAspectRatio="none" href="{uri}"/></symbol>'
    )


def _walk(items, found_icons: set[str], clips: dict[str, tuple], found_art: dict[str, Image], runs: dict) -> None:
    """What the sheet's defs hold, found in drawing order: clips, icons, art and text runs."""
    for item in in_order(items):
        if isinstance(item, Group):
            if item.clip:
                clips[clip_id(item.clip)] = item.clip
        elif isinstance(item, Text):
            for _, shaped in item.runs:
                runs.setdefault(glyphs.run_id(shaped.key, item.size), (shaped.key, item.size))
        elif isinstance(item, Icon):
            found_icons.add(item.name)
        elif isinstance(item, Image):
            found_art.setdefault(item.digest, item)


def _run_defs(runs: dict[str, tuple]) -> list[str]:
    """The sheet's text in its defs: each glyph it draws once, then each run as a group of them."""
    defined = [glyphs.run_def(*run) for _, run in sorted(runs.items())]
    used = sorted({glyph for _, placed in defined for glyph in placed})
    paths = [f'<path id="{glyphs.glyph_id(*glyph)}" d="{glyphs.glyph_path(*glyph)}"/>' for glyph in used]
    return paths + [group for group, _ in defined]


def render_svg(sheet: Sheet, title: str, icon_path: Callable[[str], Path | None], inline_refs: bool = False) -> str:
    """The sheet as SVG text: deterministic (sorted defs, fixed number formatting).

    Text is drawn as the outlines of its shaped glyphs (generator/render/glyphs.py), so the
    sheet needs no fonts and shows what the PDF prints. With `inline_refs`, icons and art
    are inlined where they are drawn rather than referenced: for programs that do not
    resolve references (cutting machines' software). Art is embedded in the sheet either way."""
    return _sheet_template().render(_sheet_context(sheet, title, icon_path, inline_refs))


def svg_file(sheet: Sheet, title: str, icon_path: Callable[[str], Path | None], inline_refs: bool = False) -> bytes:
    """render_svg's text as the file holds it, in UTF-8, each piece the template writes
    encoded as it stands. A sheet's embedded art is most of its bytes, all ASCII: encoded
    whole, the text (which a heading's middle dot makes other than ASCII) was transcoded
    character by character, 5 ms for a sheet of nine card pictures (8 MB), as long as
    writing it out of the template."""
    pieces = _sheet_template().generate(_sheet_context(sheet, title, icon_path, inline_refs))
    return b"".join([piece.encode("utf-8") for piece in pieces])


def _sheet_template() -> Template:
    return _environment().get_template("sheet.svg.j2")


def _sheet_context(
    sheet: Sheet, title: str, icon_path: Callable[[str], Path | None], inline_refs: bool
) -> dict[str, object]:
    """What the sheet template draws the sheet from."""
    items: tuple[Item, ...] = tuple(sheet.items)
    names: set[str] = set()
    clips: dict[str, tuple] = {}
    found_art: dict[str, Image] = {}
    runs: dict[str, tuple] = {}
    _walk(items, names, clips, found_art, runs)
    symbols = []
    for name in sorted(names):
        path = icon_path(name)
        if path is not None and not inline_refs:
            symbols.append(icons.symbol(path, f"icon-{name}"))
    if not inline_refs:
        symbols += [art_symbol(i) for _, i in sorted(found_art.items())]
        symbols += _run_defs(runs)

    def inline_icon(name: str) -> tuple[str, str] | None:
        path = icon_path(name)
        return icons.inline(path) if path is not None else None

    return {
        "sheet": sheet,
        "title": title,
        "symbols": symbols,
        "clips": sorted(clips.items()),
        "layers": [(role, drawn) for role, drawn in by_role(items).items() if drawn or role not in OPTIONAL_ROLES],
        "inline_refs": inline_refs,
        "inline_icon": inline_icon,
    }
