"""Each sheet's digest: its content hashed once, the key of its PDF page, SVG and PNG.

A sheet's digest reads everything the sheet draws. A face it places whole (a group of
exactly the items of one drawn scene, as a card is placed) is read as that scene's digest,
which the layout worked out when it drew the face (layout/memo.py's Drawing.digests) and
which the build cache keeps with the drawing. So a rebuild after an edit hashes the faces it
drew again and each sheet's own marks and margins, not every face of the game: at 10,000
cards, hashing every face took a sixth of such a rebuild.
"""

from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

from msgspec.structs import replace

from generator.cache import files_digest, key
from generator.layout.memo import Drawing
from generator.layout.scene import Group, Item
from generator.sheets.model import Sheet

#: Each drawn scene's items and digest, by the id of its first item (kept alive by the
#: drawings the ids come from, so that an id is that item's for as long as this is used).
DrawnScenes = Mapping[int, list[tuple[Sequence[Item], bytes]]]


def drawn_scenes(drawings: Iterable[Drawing]) -> DrawnScenes:
    """The scenes of the drawings, by the id of their first item."""
    found: dict[int, list[tuple[Sequence[Item], bytes]]] = {}
    for drawing in {id(drawing): drawing for drawing in drawings}.values():
        # A drawing with no digests (made by hand, not by a layout pass) is read item by item.
        for scene, digest in zip(drawing.faces.scenes(), drawing.digests, strict=False):
            if scene.items:
                found.setdefault(id(scene.items[0]), []).append((scene.items, digest))
    return found


def drawn_from_digest(icon_dirs: Sequence[Path], fonts: str) -> str:
    """The digest of the files a sheet draws from besides its items: the icon files it may
    draw, and the game's own font files (`fonts`, its FontBook's digest; the shipped ones
    are part of the cache's code version). A sheet's text names its face by the face's name
    alone, so a font file replaced by another of that name, which sets the text the same,
    would leave every page and file drawn with the old glyphs."""
    return key("drawn from", files_digest(p for d in icon_dirs if d.is_dir() for p in d.glob("*.svg")), fonts)


def sheet_digests(heads: Sequence[str], sheets: Sequence[Sheet], drawn_from: str, drawn: DrawnScenes) -> list[str]:
    """Each sheet's content hashed once (with its heading and `drawn_from`, the
    drawn_from_digest of the files it draws from), the faces of `drawn` that it places
    whole by their digests."""
    return [
        key("sheet", heading, drawn_from, replace(sheet, items=[]), *_read(sheet.items, drawn))
        for heading, sheet in zip(heads, sheets, strict=True)
    ]


def _read(items: Sequence[Item], drawn: DrawnScenes) -> Iterator[object]:
    """What a digest reads of the items: each item itself (by its repr), but a group by its
    transform, clip and children, and a group placing a drawn scene whole by its digest."""
    for item in items:
        if not isinstance(item, Group):
            yield item
            continue
        yield ("group", item.transform, item.clip, len(item.items))
        scene = _drawn_scene(item.items, drawn)
        if scene is None:
            yield from _read(item.items, drawn)
        else:
            yield scene


def _drawn_scene(children: Sequence[Item], drawn: DrawnScenes) -> bytes | None:
    """The digest of the drawn scene whose items are exactly `children`, the same objects."""
    for items, digest in drawn.get(id(children[0]), ()) if children else ():
        if len(items) == len(children) and all(a is b for a, b in zip(items, children, strict=True)):
            return digest
    return None
