"""A game's parts: each component file (its items validated when the game was read) laid out
into the faces of every copy, from the build cache when nothing the game can see has changed."""

from dataclasses import dataclass
from pathlib import Path

from generator.cache import BuildCache, files_digest, key
from generator.findings import Finding
from generator.games import game_kinds
from generator.layout.component import ComponentKind, Faces
from generator.layout.context import LayoutContext
from generator.layout.folders import context_for, seen_files
from generator.layout.memo import fingerprint
from generator.sheets.ink import save_ink
from generator.sheets.options import PrintOptions
from generator.sources.errors import SourceError
from generator.sources.game import ComponentFile, Game
from generator.sources.layout_model import Layout


@dataclass
class Laid:
    """One component file laid out: its kind, and the faces of every copy in order."""

    file: ComponentFile
    kind: ComponentKind
    layout: Layout
    faces: list[Faces]

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
        return self.layout.gap


def print_context(game: Game, options: PrintOptions) -> LayoutContext:
    """The layout context of a game printed with `options` (the ink saver is drawn in layout)."""
    ctx = context_for(game)
    ctx.ink_saver = options.ink_saver
    return ctx


def kind_of(component_file: ComponentFile, game: Game) -> ComponentKind:
    kinds = game_kinds(game.engine)
    if component_file.kind not in kinds:
        raise SourceError(
            component_file.data.loc_of("kind"),
            f"unknown component kind {component_file.kind!r} (expected one of: {', '.join(sorted(kinds))})",
        )
    return kinds[component_file.kind]


def lay_out(game: Game, ctx: LayoutContext) -> list[Laid]:
    """Draw each copy's faces of every component file (with ctx.memo,
    reusing the faces of items unchanged since the last pass)."""
    laid = []
    if ctx.memo:
        ctx.memo.begin()
        files = [fingerprint(f) for f in game.files]
        folders = [folder for folder in [*ctx.layout_dirs, *ctx.icon_dirs] if folder.is_dir()]
        seen = files_digest([game.folder / "game.yaml", *(path for folder in folders for path in folder.iterdir())])
    for n, component_file in enumerate(game.files):
        kind = kind_of(component_file, game)
        named_by = "layout" if "layout" in component_file.data else "kind"
        layout = ctx.layout(component_file.layout, kind, component_file.data.loc_of(named_by))
        if ctx.memo:
            ctx.memo.scope = fingerprint(kind.name, layout, files[:n], files[n + 1 :], seen)
        faces = kind.draw_file(list(component_file.items), layout, ctx)
        if ctx.ink_saver:
            faces = [Faces(save_ink(f.front), f.back and save_ink(f.back)) for f in faces]
        laid.append(Laid(component_file, kind, layout, faces))
    return laid


@dataclass(frozen=True)
class LaidRecord:
    """A game laid out, as the cache keeps it: with the layout's findings, and the art files
    it read and their digest (a hit is good only while they are unchanged)."""

    laid: list[Laid]
    findings: list[Finding]
    art_files: frozenset[Path]
    art_digest: str

    @classmethod
    def of(cls, laid: list[Laid], ctx: LayoutContext) -> "LaidRecord":
        return cls(laid, list(ctx.findings), frozenset(ctx.art_files), files_digest(ctx.art_files))


def layout_entry(game: Game, ctx: LayoutContext) -> str:
    """The cache entry of a game's layout: its sources, layouts and icons as they are now."""
    return key("laid out", game.engine, [f.shown for f in game.files], ctx.ink_saver, files_digest(seen_files(ctx)))


@dataclass(frozen=True)
class LaidGame:
    """A game's parts laid out, and a digest of everything they were drawn from (the
    layout's cache entry and the art files it read): what is made from the parts alone,
    such as the game's sheets, can be kept in the cache under it."""

    parts: list[Laid]
    digest: str


def cached_layout(entry: str, ctx: LayoutContext, store: BuildCache) -> LaidRecord | None:
    """The layout kept under `entry`, its findings and art files added to ctx; None when the
    cache lacks it or an art file it drew has changed since."""
    record = store.get_object(entry)
    if not isinstance(record, LaidRecord) or files_digest(record.art_files) != record.art_digest:
        return None
    ctx.findings.extend(record.findings)
    ctx.art_files.update(record.art_files)
    return record


def lay_out_cached(game: Game, ctx: LayoutContext, store: BuildCache) -> LaidGame:
    """lay_out, or its result from the cache when nothing the game can see has changed: its
    sources, layouts and icons (in the key), and the art files the layout read (checked on a hit)."""
    entry = layout_entry(game, ctx)
    record = cached_layout(entry, ctx, store)
    if record is None:
        record = LaidRecord.of(lay_out(game, ctx), ctx)
        store.put_object(entry, record)
    return LaidGame(record.laid, key(entry, record.art_digest))
