"""A game's parts: each component file (its items validated when the game was read) laid out
into the faces of every copy, kept in the build cache under everything the game can see.

A layout is kept with the drawing of each item (layout/memo.py), and the cache remembers the
latest layout of each game: when only the game's component files or tables changed since,
the next layout takes every item the edit left alone from it, and draws only the rest. An
edit to anything else the layout reads (game.yaml, a layout, an icon, a font, the rules) or
to cutsheet draws every item again."""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from msgspec import Struct

from generator.cache import BuildCache, Files, Inputs, files_digest, key
from generator.findings import Finding, Severity, error, once_per_cause
from generator.games.plugin import kind_of
from generator.layout.columns import column_findings
from generator.layout.component import ComponentKind, Faces
from generator.layout.context import DeckPlace, LayoutContext
from generator.layout.folders import context_for, seen_files
from generator.layout.images import LOW_DPI
from generator.layout.memo import Drawing, DrawMemo, fingerprint
from generator.pickles import Pieces
from generator.sheets.ink import save_ink
from generator.sheets.options import PrintOptions
from generator.sheets.rules import rules_findings
from generator.sources.game import ComponentFile, Game
from generator.sources.layout_model import Layout


class Laid(Struct):
    """One component file laid out: its kind, and the faces of every copy in order."""

    file: ComponentFile
    kind: ComponentKind
    layout: Layout
    faces: list[Faces]
    #: Die-cut on this run (options.die_cut, a kind with a die_cut_gap): spaced for the die,
    #: each cut on its own outline; else butted, sharing the sheet's straight cuts.
    die_cut: bool = False

    @property
    def row(self) -> str:
        """Its checklist row and bookmark: the file's `row:`, else its kind's label."""
        return self.file.row or self.kind.label or self.kind.name

    @property
    def stock(self) -> str:
        """What it is printed on: the file's `stock:`, else its kind's, else board for a
        board (tileable) and card stock for the rest."""
        return self.file.stock or self.kind.stock or ("board" if self.kind.tileable else "card")

    @property
    def gap(self) -> float:
        """Space between neighbours on a sheet; 0 means they butt and share cut lines."""
        if self.kind.die_cut_gap is not None:
            return self.kind.die_cut_gap if self.die_cut else 0.0
        return self.layout.gap

    @property
    def tessellation(self) -> str:
        """How its components tile a sheet sharing edges ("" for a rectangular grid)."""
        return self.kind.tessellation(self.layout)

    @property
    def own_outline(self) -> bool:
        """Whether its components draw their own cut outline (no rectangle is cut round them):
        a die-cuttable kind's butted components share the sheet's straight cuts whatever
        their shape, to be trimmed apart before each is cut out."""
        if self.kind.die_cut_gap is not None and not self.die_cut:
            return False
        return self.kind.draws_own_outline(self.layout)


class Drawn(Struct, frozen=True):
    """What a game's layout drew its parts from, as the next layout may reuse it: each item's
    drawing by its fingerprint (layout/memo.py), and the art files they read or looked for
    (read by name as items are drawn, so no key can name them beforehand) with their digest.

    The drawings are kept in pieces (generator/pickles.py), to which the parts' faces and
    their items refer: a layout after an edit writes only the pieces that hold a new drawing.
    A layout with no store to keep it (--no-cache) takes none."""

    drawings: Mapping[bytes, Drawing]
    art_files: frozenset[Path]
    art_digest: str

    def art_unchanged(self) -> bool:
        """Whether every art file the layout read is as it was (a kept layout is stale if not)."""
        return files_digest(self.art_files) == self.art_digest


@dataclass(frozen=True)
class LaidGame:
    """A game's parts laid out, the findings the layout made, and what it drew them from."""

    parts: tuple[Laid, ...]
    findings: tuple[Finding, ...]
    #: A digest of everything the parts were drawn from (the layout's key and its art):
    #: what is made from the parts alone, such as the game's sheets, is kept under it.
    source: str
    drawn: Drawn = field(compare=False, repr=False)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity is Severity.ERROR]

    def art_unchanged(self) -> bool:
        return self.drawn.art_unchanged()


class LayoutFailed(Exception):
    """Laying out the game found errors (text that does not fit, missing icons): nothing is
    printed of it."""

    def __init__(self, findings: list[Finding]):
        super().__init__("\n".join(str(f) for f in findings))
        self.findings = findings


class LayoutInputs(Inputs, frozen=True):
    """What a game's layout is drawn from, but the art its items name."""

    stage: ClassVar[str] = "laid out"
    engine: str
    files: tuple[str, ...]
    ink_saver: bool
    players: int
    #: game.yaml, the component files and their tables, the layouts and icons it can see.
    sources: Files
    #: The game's own faces (FontBook.digest): their files are among the sources, but their
    #: keys, which the drawn scenes name, are this process's.
    fonts: str


def print_context(game: Game, options: PrintOptions) -> LayoutContext:
    """The layout context of a game printed with `options` (the ink saver is drawn in layout)."""
    ctx = context_for(game)
    ctx.ink_saver = options.ink_saver
    ctx.players = options.players
    return ctx


class LatestLayout(Inputs, frozen=True):
    """Where what a game's latest layout drew is kept (Drawn): under everything its items'
    drawings depend on but the component files and tables (which the drawings' fingerprints
    cover), so that a layout after an edit to those alone can reuse the drawings."""

    stage: ClassVar[str] = "latest layout"
    latest: ClassVar[bool] = True
    folder: str
    engine: str
    #: What the kinds read of the run besides the game (layout/context.py).
    ink_saver: bool
    players: int
    #: game.yaml, the layouts, icons, fonts and rules the game can see.
    other_sources: Files


def laid_game(game: Game, ctx: LayoutContext, store: BuildCache, memo: DrawMemo | None = None) -> LaidGame:
    """The layout stage: lay_out's parts and findings, from `store` when nothing the game can
    see has changed (its sources, layouts and icons in the key, the art it read checked).
    Laid out again, it reuses what it can of the game's latest layout in `store` (or of
    `memo`, a live preview's, which holds this layout's drawings after). The entry refers to
    the game's component files rather than holding copies: its key holds everything they
    are read from."""
    seen = seen_files(ctx)
    inputs = LayoutInputs(
        game.engine,
        tuple(f.shown for f in game.files),
        ctx.ink_saver,
        ctx.players,
        Files(tuple(seen)),
        game.fonts.digest,
    )
    own = {f.path for f in game.files} | {f.table for f in game.files if f.table}
    latest = LatestLayout(
        str(game.folder), game.engine, ctx.ink_saver, ctx.players, Files(tuple(p for p in seen if p not in own))
    )

    made = False

    def make() -> LaidGame:
        nonlocal made
        made = True
        # Without a store that keeps them, there is no latest layout to reuse, and nothing
        # would look up these drawings' fingerprints and digests: none are taken.
        draw_memo = memo or (recalled(store, latest) if store.keeps else None)
        ctx.findings += game.notes
        parts = tuple(lay_out(game, ctx, draw_memo))
        ctx.findings = once_per_cause(ctx.findings, LOW_DPI, "items")
        ctx.findings += rules_findings(game.rules, game.fonts, game.look)
        ctx.findings += emblem_findings(game, ctx)
        art = files_digest(ctx.art_files)
        drawings = Pieces.split(draw_memo.drawings(), members=_drawn_objects) if draw_memo is not None else {}
        drawn = Drawn(drawings, frozenset(ctx.art_files), art)
        return LaidGame(parts, tuple(ctx.findings), key(inputs.key, art), drawn)

    laid = store.cached(
        inputs, LaidGame, make, keep=lambda _: game.settled(), fresh=LaidGame.art_unchanged, shared=game.files
    )
    if memo is not None and not made:  # a layout taken from the store drew nothing into it
        memo.recall(laid.drawn.drawings)  # (one laid out now drew into it, and it holds them)
    # The next layout after an edit reuses this one's drawings, made now or taken from the
    # store: they are drawn from the game as it is. Their pieces are the layout's own, so
    # only this small entry is written, and it marks them used, so pruning keeps them.
    store.put(latest, laid.drawn)
    return laid


def _drawn_objects(drawing: Drawing) -> Iterator[object]:
    """What the parts may hold of a drawing: its faces, and each of their scenes' items (an
    ink-saved face is a scene of its own holding most of the drawn scene's items, which the
    sheets' digests know by identity: pipeline/digests.py)."""
    yield drawing.faces
    for scene in drawing.faces.scenes():
        yield from scene.items


def recalled(store: BuildCache, latest: LatestLayout) -> DrawMemo:
    """A memo holding the drawings of the game's latest layout in `store`, those that read
    art forgotten when any of its art changed; empty when there is none."""
    memo = DrawMemo()
    previous = store.lookup(latest, Drawn)
    if previous is not None:
        memo.recall(previous.drawings)
        if not previous.art_unchanged():
            memo.forget_art(previous.art_files)
    return memo


def emblem_findings(game: Game, ctx: LayoutContext) -> list[Finding]:
    """Finding L002 at game.yaml's `look: emblem:` when no icon folder the game sees holds it."""
    emblem = game.look.emblem
    if not emblem or ctx.icon_path(emblem) is not None:
        return []
    message = f"the emblem {emblem!r} of look: has no file {emblem}.svg in the game's icons/ or its engine's icons"
    return [error("L002", message, game.look.emblem_loc)]


def lay_out(game: Game, ctx: LayoutContext, memo: DrawMemo | None = None) -> list[Laid]:
    """Draw each copy's faces of every component file. With a memo (a live preview's, or one
    holding the game's latest layout), an item unchanged since its last pass, in a file whose
    scope is unchanged, is not drawn again (layout/memo.py)."""
    if memo:
        memo.begin()
        files = [memo.file_fingerprint(f) for f in game.files]
        folders = [folder for folder in [*ctx.layout_dirs, *ctx.icon_dirs] if folder.is_dir()]
        seen = fingerprint(
            files_digest([game.folder / "game.yaml", *(path for folder in folders for path in folder.iterdir())]),
            game.fonts.digest,  # the scenes name their faces by key: a face replaced under its name is drawn again
        )
    laid = []
    for n, component_file in enumerate(game.files):
        kind = kind_of(component_file, game)
        layout = ctx.file_layout(component_file, kind)
        ctx.findings += column_findings(component_file, kind.reads(layout, component_file.items, ctx))
        drawer = kind
        if memo:  # the kind, its other files, layouts, icons and fonts: what its items are drawn from but themselves
            drawer = memo.remembering(kind, fingerprint(kind.name, layout, files[:n], files[n + 1 :], seen))
        ctx.deck_place = DeckPlace.of(game, n)
        faces = drawer.draw_file(list(component_file.items), layout, ctx)
        if ctx.ink_saver:
            faces = [Faces(save_ink(f.front), f.back and save_ink(f.back)) for f in faces]
        laid.append(Laid(component_file, kind, layout, faces))
    return laid


def printable(laid: LaidGame, findings: Sequence[Finding] | None = None) -> Sequence[Laid]:
    """The parts, when their layout found no error (`findings`: its findings as the command
    judges them, with --strict say; as they were made when not given); LayoutFailed when it
    did: nothing is printed of a game whose layout has errors."""
    errors = [f for f in (laid.findings if findings is None else findings) if f.severity is Severity.ERROR]
    if errors:
        raise LayoutFailed(errors)
    return laid.parts
