"""One game's preview: every component drawn as it will print, with the checker's findings.

Built again on every source edit, through the print pipeline's stages (generator/pipeline/),
in two phases so an edit shows at once: the components laid out and drawn (only those the
edit changed are laid out and drawn again: PreviewMemo), then the rules checks and the PDF,
under the policy every print command follows (pipeline/checks.py): the checks' findings are
shown, and their errors, like the layout's, leave the game unprinted. Bad input never escapes
as an exception: a SourceError (a YAML mistake, an unknown kind ...) becomes the preview's
`error`, shown on the page with its file:line, and the next edit that fixes it brings the
components back.
"""

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import groupby
from operator import itemgetter
from pathlib import Path

import msgspec
from msgspec import Struct
from msgspec.structs import replace

from generator.cache import files_digest
from generator.findings import Finding
from generator.games import load_game
from generator.layout.component import Faces
from generator.layout.context import forget_layouts
from generator.layout.memo import DrawMemo
from generator.layout.scene import Group, Rect, Scene, line_style, translate
from generator.pipeline import Laid, LayoutFailed, PrintRun
from generator.project import Project
from generator.render import icons
from generator.render.svg import render_svg
from generator.sheets.model import Sheet
from generator.sources.errors import SourceError
from generator.sources.game import ComponentFile, SourceMemo


@dataclass(frozen=True)
class FaceImage:
    """One face as the page shows it: an SVG image of its own, fetched by the page as it
    scrolls into view, at an address named by its content (so a browser keeps a face no
    edit changed), and its size in CSS pixels (at print size), which the page reserves
    before the image arrives."""

    #: Its name is the SVG's digest: faces of the same name are equal.
    svg: str = field(compare=False)
    name: str
    width: int
    height: int


class Component(Struct):
    """One item of a component file: its faces as images, its copies and its findings."""

    title: str
    place: str
    copies: int
    front: FaceImage
    back: FaceImage | None
    findings: list[Finding] = msgspec.field(default_factory=list)


class KindGroup(Struct):
    """The components of one kind (one component file), in file order."""

    label: str
    file: str
    components: list[Component]
    #: Whether each component is one item of the file (its findings shown beside it), or one
    #: of the faces a kind drew from the file as a whole (a board from its squares).
    by_item: bool = True


class SheetRun(Struct, frozen=True):
    """Pages first..last of a PDF (from 1), consecutive sheets of one title."""

    first: int
    last: int
    title: str


class GamePreview(Struct):
    folder: Path
    slug: str
    name: str = ""
    #: Bad input: the SourceError's text, file:line:col first. Nothing else is shown then.
    error: str = ""
    groups: list[KindGroup] = msgspec.field(default_factory=list)
    #: Findings that concern no one component (the deck as a whole, game.yaml ...).
    findings: list[Finding] = msgspec.field(default_factory=list)
    #: The built PDF, and the title of each of its sheets (page n is sheets[n - 1]).
    pdf: Path | None = None
    sheets: list[str] = msgspec.field(default_factory=list)
    #: Once checked, why there is no PDF, when there is none.
    unprinted: str = ""
    #: False while the rules checks and the PDF are still to come (the first phase).
    checked: bool = False

    @property
    def sheet_runs(self) -> tuple[SheetRun, ...]:
        """The PDF's sheets as runs of one title, for the page's PDF line: a deck's hundred
        sheets of cards are one link to the first of them, not a hundred."""
        runs = []
        for title, numbered in groupby(enumerate(self.sheets, 1), key=itemgetter(1)):
            pages = [page for page, _title in numbered]
            runs.append(SheetRun(pages[0], pages[-1], title))
        return tuple(runs)


#: Room around a face so its outline's stroke is not cut off by the picture's edge, in mm.
PAD = 0.5


def face_svg(scene: Scene, title: str, icon_path) -> str:
    """One face cut at its trim, outlined; its text the outlines of the very glyphs the PDF
    prints (shaped, in every script), as the sheets' SVG draws them."""
    outline = Rect(0, 0, scene.width, scene.height, style=line_style("cut"))
    clipped = Group(tuple(scene.items), clip=(0, 0, scene.width, scene.height))
    face = translate([clipped, outline], PAD, PAD)
    sheet = Sheet(scene.width + 2 * PAD, scene.height + 2 * PAD, [face])
    return render_svg(sheet, title, icon_path)


#: CSS pixels a millimetre: 96 an inch.
CSS_PX = 96 / 25.4
#: The largest a face is shown, in CSS pixels (45em by 30em): a board or a net is scaled down.
LARGEST = (720, 480)


def face_image(scene: Scene, title: str, icon_path) -> FaceImage:
    """The face as face_svg draws it, named by its content's digest, shown at print size or
    scaled down to LARGEST."""
    svg = face_svg(scene, title, icon_path)
    name = hashlib.sha256(svg.encode()).hexdigest()[:24] + ".svg"
    width, height = ((size + 2 * PAD) * CSS_PX for size in (scene.width, scene.height))
    scale = min(1.0, LARGEST[0] / width, LARGEST[1] / height)
    return FaceImage(svg, name, round(width * scale), round(height * scale))


def _spans(component_file: ComponentFile) -> list[tuple[int, int]]:
    """The source lines each item covers: from its own first line to the next item's."""
    starts = [component.loc.line for component in component_file.components]
    return [(start, end - 1) for start, end in zip(starts, [*starts[1:], 1 << 30], strict=True)]


class PreviewMemo(Struct):
    """What one game's previous preview read and drew, kept between edits by the server: its
    component files as read (an edit to one item reads that item alone), the laid-out
    faces (layout/memo.py) and each face's SVG, so an edit to one card lays out and draws
    that card alone, and the digest of each art file they were drawn from, so a picture
    changed on disk is drawn again at once, the item naming it unchanged or not."""

    sources: SourceMemo = msgspec.field(default_factory=SourceMemo)
    layout: DrawMemo = msgspec.field(default_factory=DrawMemo)
    #: id of a Faces object -> (that object, kept alive so its id stays its own, its title,
    #: front image, back image).
    images: dict[int, tuple[Faces, str, FaceImage, FaceImage | None]] = msgspec.field(default_factory=dict)
    #: Each art file the remembered faces read or looked for -> its digest as the build
    #: cache takes it (generator/cache.py), when the pass that last checked it began.
    art: dict[Path, str] = msgspec.field(default_factory=dict)

    def forget_changed_art(self) -> None:
        """Before a pass: forget the faces drawn from an art file changed since they were
        drawn (its content, or it is gone), as the build cache misses on it; a file with no
        digest yet (a pass broke off) counts as changed. The digests are taken before the
        pass reads the files, so a file saved while it draws is a change next time."""
        now = {path: files_digest([path]) for path in self.layout.art_files()}
        self.layout.forget_art({path for path, digest in now.items() if digest != self.art.get(path)})
        self.art = now

    def remember_art(self) -> None:
        """After a pass: the digest of every art file the remembered faces read or looked for
        (of those this pass read first, as they are now)."""
        known = self.art
        self.art = {path: known.get(path) or files_digest([path]) for path in self.layout.art_files()}

    def face_images(self, faces: Faces, title: str, icon_path) -> tuple[FaceImage, FaceImage | None]:
        known = self.images.get(id(faces))
        if known is None or known[1] != title:
            back = face_image(faces.back, f"{title} (back)", icon_path) if faces.back is not None else None
            known = (faces, title, face_image(faces.front, title, icon_path), back)
        self.images[id(faces)] = known
        return known[2], known[3]

    def keep_only(self, laid: Sequence[Laid]) -> None:
        """Forget the images of faces no longer laid out."""
        alive = {id(faces) for part in laid for faces in part.faces}
        self.images = {key: value for key, value in self.images.items() if key in alive}


def _group(part: Laid, icon_path, memo: PreviewMemo) -> KindGroup:
    """The file's components, each with its faces: item by item when the kind draws each
    item's copies (as most do); else its distinct faces, as the kind drew the file (a board
    from its squares, money dealt by the player)."""
    label = part.kind.label or part.kind.name
    if sum(component.count for component in part.file.components) != len(part.faces):
        return KindGroup(label, part.file.shown, _drawn_whole(part, icon_path, memo), by_item=False)
    components = []
    faces = iter(part.faces)
    for component in part.file.components:
        item, copies = component.fields, component.count
        drawn = next(faces)
        for _ in range(copies - 1):
            next(faces)
        title = part.kind.title(item)
        front, back = memo.face_images(drawn, title, icon_path)
        components.append(Component(title, str(component.loc), copies, front, back))
    return KindGroup(label, part.file.shown, components)


def _drawn_whole(part: Laid, icon_path, memo: PreviewMemo) -> list[Component]:
    """Each distinct face of a file the kind draws as a whole, with how often it prints."""
    copies = Counter(id(faces) for faces in part.faces)
    components = []
    for n, faces in enumerate({id(faces): faces for faces in part.faces}.values(), 1):
        title = faces.front.name or f"{part.row} {n}"
        front, back = memo.face_images(faces, title, icon_path)
        components.append(Component(title, part.file.shown, copies[id(faces)], front, back))
    return components


def _place_findings(preview: GamePreview, laid: Sequence[Laid], findings: Sequence[Finding]) -> None:
    """Each finding beside the component whose lines hold it; the rest on the game."""
    for finding in findings:
        home = None
        for part, group in zip(laid, preview.groups, strict=True):
            if finding.loc is None or finding.loc.file != part.file.shown or not group.by_item:
                continue
            for (first, last), component in zip(_spans(part.file), group.components, strict=True):
                if first <= finding.loc.line <= last:
                    home = component
        (home.findings if home else preview.findings).append(finding)


def forget_cached_sources() -> None:
    """Layouts and icons are read once per process for `cutsheet build`; a live preview
    must read them again after an edit."""
    forget_layouts()
    icons.forget_icons()


def draw_preview(
    folder: Path, project: Project, memo: PreviewMemo | None = None
) -> tuple[GamePreview, PrintRun | None]:
    """The quick first phase: every component drawn, with the layout's own findings: from the
    build cache when the game is unchanged since the last build, else laid out, and with the
    memo of the game's previous preview, only what changed is laid out and drawn. The game's
    run goes on to the second phase, its store holding the layout until then (pickling a
    large game for the build cache would slow down the first)."""
    forget_cached_sources()
    memo = memo or PreviewMemo()
    preview = GamePreview(folder, folder.name)
    try:
        game = load_game(folder, memo.sources)
        preview.name = game.name
        run = PrintRun.of(game, project, memo=memo.layout, hold=True)
        memo.forget_changed_art()
        laid = run.laid()
        preview.groups = [_group(part, run.icon_path, memo) for part in laid.parts]
        memo.keep_only(laid.parts)
        memo.remember_art()
        _place_findings(preview, laid.parts, laid.findings)
    except SourceError as exc:
        return replace(preview, error=str(exc), groups=[], findings=[], checked=True), None
    return preview, run


def finish_preview(preview: GamePreview, run: PrintRun) -> GamePreview:
    """The slower second phase, on a copy (the first may be on show meanwhile): the rules
    checks' findings, and unless they or the layout found errors, the PDF that `cutsheet
    build` writes with the project's settings, in out_dir/<slug>/<slug>.pdf (copied from the
    build cache when a build made it)."""
    done = replace(
        preview,
        checked=True,
        findings=list(preview.findings),
        groups=[
            replace(g, components=[replace(c, findings=list(c.findings)) for c in g.components]) for g in preview.groups
        ],
    )
    run.store.release()
    try:
        checks = run.checks()
        _place_findings(done, run.laid().parts, checks.findings)
        pdf = checks.then(lambda: _print_file(run))
        if pdf is not None:
            done.pdf = pdf.resolve()
            done.sheets = [sheet.title for sheet in run.sheets().sheets]
        else:
            done.unprinted = "the rules checks found errors" if checks.stops else "the layout has errors"
    except SourceError as exc:
        return replace(done, error=str(exc), groups=[], findings=[])
    return done


def _print_file(run: PrintRun) -> Path | None:
    """The game's PDF, or None when its layout has errors (nothing is printed then)."""
    try:
        return run.write_pdf()
    except LayoutFailed:
        return None


def build_preview(folder: Path, project: Project) -> GamePreview:
    """Both phases: lay out, check and print one game folder of the project."""
    preview, run = draw_preview(folder, project)
    return preview if run is None else finish_preview(preview, run)
