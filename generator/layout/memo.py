"""Faces remembered from the previous layout of a game, so that a live preview, or a build
after an edit (the build cache keeps each layout's drawings: generator/pipeline/parts.py),
lays out again only the items an edit changed.

An item's faces are reused when nothing it could be drawn from has changed: the item itself
with every file:line:col in it counted from its own first line, and its file's scope, which
the layout pass gives per component file: the kind, the layout, the game's other component files
(a kind may read them, as a deck reads its backs) and the layout and icon files the game can
see. The memo is asked before the kind is: the pass draws each file with the kind as
`remembering` returns it, whose `draw` looks in the memo first, so the kind's own `draw_file`
(whatever it adds around its items) runs as it is, and the layout context knows nothing of
the memo. Art is read by name as an item is drawn, so each drawing keeps the art files it
read or looked for: the preview forgets the drawings whose art changed (forget_art), and a
reused drawing adds its art files to the context, as a fresh one does, for the build cache to
check. Findings a draw made are remembered with its faces and reported again on reuse. An
item that only moved in its file (a line added or taken out above it) keeps its faces, its
findings moved with it (Drawing.moved): an edit that adds a line to one card lays out that
card alone, not every card below it.
"""

import copy
import hashlib
import pickle
from collections.abc import Collection, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from msgspec import Struct, field
from msgspec.structs import replace

from generator.findings import Finding
from generator.layout.component import ComponentKind, Faces
from generator.layout.context import LayoutContext
from generator.layout.scene import items_digest
from generator.sources.fingerprint import alike, item_fingerprint
from generator.sources.frozen import LocMap, places
from generator.sources.game import ComponentFile
from generator.sources.layout_model import Layout


def fingerprint(*parts: Any) -> bytes:
    """A digest of values with everything they hold, file:line:col included."""
    return hashlib.sha256(pickle.dumps(parts, protocol=pickle.HIGHEST_PROTOCOL)).digest()


class Drawing(Struct, frozen=True):
    """One item drawn: its faces, the findings the draw made (as if it were the only item:
    `shared` says which of them many items make, reported once a pass) and the art files it
    read or looked for (what must be unchanged for the faces to be reused)."""

    faces: Faces
    findings: tuple[Finding, ...]
    art: frozenset[Path]
    #: The line of the item drawn (its loc), which its findings' places in its file are
    #: counted from when it is reused further up or down (moved).
    line: int
    shared: frozenset[Finding] = frozenset()
    #: Each of the faces' scenes (Faces.scenes) hashed (items_digest): the sheets that place
    #: them read these instead of the scenes' items, so a rebuild hashes only what it drew.
    digests: tuple[bytes, ...] = ()

    def report(self, ctx: LayoutContext) -> None:
        """Add the drawing's findings and art files to the pass's, as drawing it there would:
        a shared finding the pass already holds is not added again."""
        for finding in self.findings:
            ctx.report(finding, finding in self.shared)
        ctx.art_files.update(self.art)

    def moved(self, item: LocMap) -> "Drawing | None":
        """This drawing for `item`, the item it was drawn for moved up or down its file: its
        findings within the item's lines (at its places, or at a character of one of its
        values) moved with it. None when a finding can not be: one at another line of the
        item's file, or one whose message names the file (its text may quote a line)."""
        lines, start, file = item.loc.line - self.line, item.loc, item.loc.file
        ours = [f for f in self.findings if (f.loc is not None and alike(f.loc, start)) or file in f.message]
        if not ours:
            return replace(self, line=item.loc.line)
        rows = [loc.line - lines for loc in places(item) if alike(loc, start)]
        if any(f.loc is None or not min(rows) <= f.loc.line <= max(rows) or file in f.message for f in ours):
            return None
        moved = {f: replace(f, loc=replace(f.loc, line=f.loc.line + lines)) for f in ours if f.loc is not None}
        findings = tuple(moved.get(f, f) for f in self.findings)
        return replace(
            self, findings=findings, line=item.loc.line, shared=frozenset(moved.get(f, f) for f in self.shared)
        )


class DrawMemo(Struct):
    """The drawings made by the latest layout pass, by fingerprint, and the fingerprints of
    the items it drew (and its files read), by identity: the sources read for a live preview
    keep the items an edit left alone as the same objects (sources/game.py's SourceMemo), so
    only the edited item is pickled again."""

    _previous: dict[bytes, Drawing] = field(default_factory=dict)
    _current: dict[bytes, Drawing] = field(default_factory=dict)
    #: id of an item fingerprinted -> (the item, kept alive so its id stays its own, its
    #: fingerprint), for the last pass and this one. Sources are immutable once read.
    _last_fingerprints: dict[int, tuple[object, bytes]] = field(default_factory=dict)
    _fingerprints: dict[int, tuple[object, bytes]] = field(default_factory=dict)

    def begin(self) -> None:
        """A new layout pass: what the last one drew may be reused, the rest is forgotten."""
        self._previous, self._current = self._current, {}
        self._last_fingerprints, self._fingerprints = self._fingerprints, {}

    def item_fingerprint_once(self, item: LocMap) -> bytes:
        """item_fingerprint(item), taken once for as long as the same object is drawn again."""
        known = self._fingerprints.get(id(item)) or self._last_fingerprints.get(id(item))
        if known is None:
            known = (item, item_fingerprint(item))
        self._fingerprints[id(item)] = known
        return known[1]

    def file_fingerprint(self, component_file: ComponentFile) -> bytes:
        """A digest of a component file with everything it holds: its envelope, and each
        component's kind, place and fields (Component.fingerprint, which a pass then draws the
        item by). A component's item is read from its fields, so they stand for it."""
        components = []
        for c in component_file.components:
            self._fingerprints[id(c.fields)] = (c.fields, c.fingerprint)  # read, or kept with it
            components.append((c.kind, c.loc.file, c.loc.sheet, c.loc.line, c.loc.column, c.fingerprint))
        return fingerprint(replace(component_file, components=()), components)

    def recall(self, drawings: Mapping[bytes, Drawing]) -> None:
        """Take the drawings an earlier pass made (kept with a build's layout) as this memo's
        latest, for the next pass to reuse."""
        self._current = dict(drawings)

    def drawings(self) -> dict[bytes, Drawing]:
        """The drawings of the latest pass, by fingerprint."""
        return dict(self._current)

    def art_files(self) -> set[Path]:
        """Every art file the remembered drawings read or looked for."""
        return {path for drawing in self._current.values() for path in drawing.art}

    def forget_art(self, changed: Collection[Path]) -> None:
        """Forget the drawings that read or looked for one of these art files, so the next
        pass draws them from the files as they are now."""
        self._current = {key: drawing for key, drawing in self._current.items() if drawing.art.isdisjoint(changed)}

    def remembering(self, kind: ComponentKind, scope: bytes) -> ComponentKind:
        """`kind` as this pass draws one component file with it: a copy whose `draw` takes an
        item's faces from the memo when the item and the file's `scope` are unchanged."""
        remembering = copy.copy(kind)
        remembering.draw = partial(self._draw, kind, scope)  # type: ignore[method-assign]  # this copy's alone
        return remembering

    def _draw(self, kind: ComponentKind, scope: bytes, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        """kind.draw(item, layout, ctx), or its faces from the last pass."""
        key = hashlib.sha256(scope + self.item_fingerprint_once(item)).digest()
        placed = hashlib.sha256(key + str(item.loc.line).encode()).digest()
        known = self._current.get(placed) or self._previous.get(placed)
        if known is None:
            known = self._current.get(key) or self._previous.get(key)
            if known is not None and known.line != item.loc.line:
                known = known.moved(item)
        if known is None:
            known = _drawn(kind, item, layout, ctx)
        known.report(ctx)
        # Kept for the item wherever it goes, and for it at this line: two items alike at two
        # lines each keep their own, though their findings may not move (Drawing.moved).
        self._current[key] = self._current[placed] = known
        return known.faces


def _drawn(kind: ComponentKind, item: LocMap, layout: Layout, ctx: LayoutContext) -> Drawing:
    """kind.draw as if the item were the pass's only one: with findings and art files of its
    own, so that a picture or a mistake an earlier item drew too (a layout's `file:`) counts
    as this item's as well, and the drawing reports the same wherever it is reused. Its
    scenes hashed, for the sheets' digests."""
    outer = ctx.findings, ctx.art_files, ctx.shared_findings
    ctx.findings, ctx.art_files, ctx.shared_findings = [], set(), set()
    try:
        faces = kind.draw(item, layout, ctx)
        findings, shared = tuple(ctx.findings), frozenset(ctx.shared_findings)
        digests = tuple(items_digest(scene.items) for scene in faces.scenes())
        return Drawing(faces, findings, frozenset(ctx.art_files), item.loc.line, shared, digests)
    finally:
        ctx.findings, ctx.art_files, ctx.shared_findings = outer
