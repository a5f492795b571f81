"""A game's sheets after an edit to what some of its cards show, made from its last sheets:
each face the edit changed is swapped for its new drawing where the last sheets place it.

impose() places a front whole, as a group of exactly its scene's items (sheets/impose.py's
_placed), unless the part is a board tiled across sheets, and it places the faces of parts
of the same plans (imposition.part_plan) in the same places, with the same marks around them.
So after an edit that changed what some fronts draw, but not their sizes, their parts'
settings or anything else impose() reads, the sheets imposed anew are the last sheets with
those groups' items swapped.

A face drawn again as it was (the same items, other objects: an edit to one component file
draws the others' items again) prints as it did wherever the last sheets place it; it is
swapped where it is placed whole, so that the sheets hold the layout's own faces, as imposed
anew, but a sheet that only such faces were swapped into draws what it drew, and keeps its
digest. A changed back (placed without its cut lines, or turned), a changed tiled board, and a
changed front that cannot be told apart from a face left as it was are not swapped: `swapped`
says so, and the sheets are imposed anew.
"""

import operator
from collections.abc import Sequence

from msgspec import Struct
from msgspec.structs import replace

from generator.layout.component import Faces
from generator.layout.scene import Group, Item
from generator.pipeline.parts import Laid
from generator.pipeline.policy import tiled
from generator.sheets.model import Sheet
from generator.sheets.paper import Paper


class Swapped(Struct, frozen=True):
    """The sheets with the changed faces swapped, and the places of those that draw
    otherwise now (not those that only faces drawn again as they were were swapped into)."""

    sheets: list[Sheet]
    changed: frozenset[int]


class _Swap(Struct, frozen=True):
    """A face's items as the last sheets place them, its items now, and whether they draw
    otherwise (False: the face was drawn again as it was)."""

    was: tuple[Item, ...]
    now: tuple[Item, ...]
    changed: bool


class _Swaps(Struct, frozen=True):
    #: Each face to swap, by the identity of the first item the last sheets place of it.
    by_first: dict[int, list[_Swap]]
    #: The identities of the items the changed fronts drew that no face draws now: one found
    #: outside a swapped group is a front placed otherwise than whole.
    stale: frozenset[int]
    #: The items of each front the edit left alone, by the identity of the first: a group of
    #: exactly them is that front placed whole, and holds nothing to swap and nothing stale
    #: (its items are drawn now), so the walk does not go into it. At 10,000 cards, going
    #: into every face was a third of the swap.
    kept: dict[int, list[Sequence[Item]]]


class _Unswappable(Exception):
    """A changed face is placed otherwise than whole."""


def swapped(
    sheets: Sequence[Sheet], before: Sequence[Sequence[Faces]], after: Sequence[Laid], paper: Paper
) -> Swapped | None:
    """`sheets` (the components' sheets imposed from the parts' faces `before`, a tuple of
    them a part) with each face whose items are other objects in `after` (parts of the same
    plans, in the same order) in its place; None when a changed face cannot be swapped."""
    swaps = _swaps(before, after, paper)
    if swaps is None:
        return None
    out: list[Sheet] = []
    changed = set()
    try:
        for n, sheet in enumerate(sheets):
            done: list[_Swap] = []
            items = _swapped_items(sheet.items, swaps, done) if swaps.by_first else None
            out.append(sheet if items is None else replace(sheet, items=items))
            if any(swap.changed for swap in done):
                changed.add(n)
    except _Unswappable:
        return None
    return Swapped(out, frozenset(changed))


def _swaps(before: Sequence[Sequence[Faces]], after: Sequence[Laid], paper: Paper) -> _Swaps | None:
    """The faces to swap, or None when a changed face cannot be swapped (see the module's
    docstring), or one face became two different ones."""
    by_first: dict[int, list[_Swap]] = {}
    kept: dict[int, list[Sequence[Item]]] = {}
    changed: list[tuple[Item, ...]] = []
    for old_faces, part in zip(before, after, strict=True):
        whole = not part.faces or not tiled(part, paper)  # (a part that has no faces has nothing to swap)
        for old, new in zip(old_faces, part.faces, strict=True):
            for front, was, now in ((True, old.front, new.front), (False, old.back, new.back)):
                if was is None or now is None:
                    continue  # the plans say both are None
                if _same(was.items, now.items):
                    if front and was.items:
                        kept.setdefault(id(was.items[0]), []).append(was.items)
                    continue
                redrawn = was.items == now.items
                if not redrawn and not (front and whole and was.items and now.items):
                    return None
                if not was.items:
                    continue  # drawn again as nothing, placed as nothing
                known = by_first.setdefault(id(was.items[0]), [])
                swap = next((swap for swap in known if _same(swap.was, was.items)), None)
                if swap is None:
                    known.append(_Swap(tuple(was.items), tuple(now.items), not redrawn))
                elif not _same(swap.now, now.items):
                    return None
                if not redrawn:
                    changed.append(tuple(was.items))
    if not by_first:
        return _Swaps({}, frozenset(), {})
    faces = [faces for part in after for faces in part.faces]
    scenes = [scene for scene in (*(f.front for f in faces), *(f.back for f in faces)) if scene is not None]
    for scene in scenes:  # a face swapped and drawn as it was elsewhere: its places are not told apart
        if scene.items and any(_same(swap.was, scene.items) for swap in by_first.get(id(scene.items[0]), ())):
            return None
    drawn = {id(item) for scene in scenes for item in scene.items}
    stale = {id(item) for was in changed for item in was} - drawn
    return _Swaps(by_first, frozenset(stale), kept)


def _same(a: Sequence[Item], b: Sequence[Item]) -> bool:
    """Whether two lists of items hold the very same objects."""
    return len(a) == len(b) and all(map(operator.is_, a, b))


def _swapped_items(items: Sequence[Item], swaps: _Swaps, done: list[_Swap]) -> list[Item] | None:
    """The items with the changed faces swapped, each swap made added to `done`; None when
    none is here."""
    out: list[Item] | None = None
    for n, item in enumerate(items):
        now = _swapped_item(item, swaps, done)
        if now is not None:
            out = list(items) if out is None else out
            out[n] = now
    return out


def _swapped_item(item: Item, swaps: _Swaps, done: list[_Swap]) -> Item | None:
    if id(item) in swaps.stale:
        raise _Unswappable
    if not isinstance(item, Group):
        return None
    children = item.items
    if children:
        first = id(children[0])
        for swap in swaps.by_first.get(first, ()):
            if _same(swap.was, children):
                done.append(swap)
                return replace(item, items=swap.now)
        if any(_same(front, children) for front in swaps.kept.get(first, ())):
            return None
    inner = _swapped_items(children, swaps, done)
    return None if inner is None else replace(item, items=tuple(inner))
