"""Faces remembered from the previous layout of a game, so that a live preview lays out
again only the items an edit changed.

An item's faces are reused when nothing it could be drawn from has changed: the item itself
with every file:line:col in it (its findings point there), and its file's scope, which
lay_out sets per component file: the kind, the layout, the game's other component files (a
kind may read them, as a deck reads its backs) and the layout and icon files the game can
see. Findings a draw made are remembered with its faces and reported again on reuse.
"""

import hashlib
import pickle
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from generator.findings import Finding

if TYPE_CHECKING:
    from generator.layout.component import ComponentKind, Faces
    from generator.layout.context import LayoutContext
    from generator.sources.frozen import LocMap
    from generator.sources.layout_model import Layout


def fingerprint(*parts: Any) -> bytes:
    """A digest of values with everything they hold, file:line:col included."""
    return hashlib.sha256(pickle.dumps(parts, protocol=pickle.HIGHEST_PROTOCOL)).digest()


@dataclass
class DrawMemo:
    """The faces drawn by the latest layout pass, by fingerprint."""

    scope: bytes = b""
    _previous: dict[bytes, tuple["Faces", list[Finding]]] = field(default_factory=dict)
    _current: dict[bytes, tuple["Faces", list[Finding]]] = field(default_factory=dict)

    def begin(self) -> None:
        """A new layout pass: what the last one drew may be reused, the rest is forgotten."""
        self._previous, self._current = self._current, {}

    def draw(self, kind: "ComponentKind", item: "LocMap", layout: "Layout", ctx: "LayoutContext") -> "Faces":
        """kind.draw(item, layout, ctx), or its faces from the last pass."""
        key = fingerprint(self.scope, item)
        known = self._current.get(key) or self._previous.get(key)
        if known is None:
            before = len(ctx.findings)
            faces = kind.draw(item, layout, ctx)
            known = (faces, ctx.findings[before:])
        else:
            ctx.findings.extend(known[1])
        self._current[key] = known
        return known[0]
