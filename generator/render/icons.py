"""Icon SVG files, read once: as reportlab drawings for the PDF, as symbols for SVG.

svglib is imported when a drawing is first made: a deck without icons or SVG art never
loads it."""

from functools import cache
from pathlib import Path
from xml.etree import ElementTree

import defusedxml.ElementTree as SafeET

SVG_NS = "http://www.w3.org/2000/svg"
ElementTree.register_namespace("", SVG_NS)


@cache
def drawing(path: Path):
    """The icon as a reportlab Drawing (svglib), for drawing into the PDF."""
    from svglib.svglib import svg2rlg

    return svg2rlg(str(path))


@cache
def inline(path: Path) -> tuple[str, str]:
    """The icon's viewBox and its content as SVG text, to nest in a sheet."""
    root = SafeET.fromstring(path.read_bytes())
    view_box = root.get("viewBox") or f"0 0 {root.get('width', '100')} {root.get('height', '100')}"
    body = "".join(ElementTree.tostring(child, encoding="unicode") for child in root)
    return view_box, body


@cache
def symbol(path: Path, symbol_id: str) -> str:
    """The icon as an SVG <symbol> with its own viewBox, for <use> in sheets."""
    view_box, body = inline(path)
    return f'<symbol id="{symbol_id}" viewBox="{view_box}">{body}</symbol>'


def forget_icons() -> None:
    """Icon files are read once per process; a live preview forgets them after an edit."""
    for cached in (drawing, inline, symbol):
        cached.cache_clear()
