"""A game's sheets, kept in the build cache: its latest sheets for each paper, print options
and rules, with what they were imposed from (KeptSheets).

- A build whose parts are as they were (LaidGame.source) takes the sheets as they are kept.
- After an edit that changed what some cards show but nothing impose() reads besides (the
  parts' plans, imposition.part_plan, are as they were), the sheets are the kept ones with
  each changed front swapped in its place (face_swap.py) and the front matter made again:
  only the sheets that changed get new digests. At 10,000 cards, imposing every sheet again
  and hashing it took a quarter of a rebuild after one card's edit.
- Otherwise the sheets are imposed anew.

Each sheet's digest, the key of its PDF page, SVG and PNG, is kept with the sheets. The faces
they place are the layout's: the entry holds the layout's drawings, kept in pieces, and refers
to the faces and their items as members of those pieces (generator/pickles.py), so that a
rebuild does not write every face a second time, and reads back the very faces the layout
holds.
"""

from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import ClassVar

from msgspec import Struct
from msgspec.structs import replace

from generator.cache import BuildCache, Files, Inputs, key
from generator.layout.component import Faces
from generator.layout.memo import Drawing
from generator.layout.scene import Scene
from generator.pipeline.digests import drawn_from_digest, drawn_scenes, sheet_digests
from generator.pipeline.face_swap import swapped
from generator.pipeline.figures import Outline, as_picture
from generator.pipeline.front_matter import players
from generator.pipeline.imposition import impose_front, imposition, part_plan
from generator.pipeline.parts import Laid
from generator.pipeline.policy import fitting
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper
from generator.sources.game import Game
from generator.sources.rules import rules_path


class Imposed(Struct, frozen=True):
    """A game's sheets, each one's digest (digests.sheet_digests; None when the store keeps
    nothing, so that nothing looks the sheets up by them), and what was left out as too large
    for the paper (only when asked to leave it out rather than fail)."""

    sheets: list[Sheet]
    digests: list[str] | None
    left_out: tuple[str, ...] = ()


class ImposeInputs(Inputs, frozen=True):
    """What imposing reads besides the parts: the game's folder, name and players, the paper,
    the options and the rules. Its entry is the game's latest sheets (KeptSheets)."""

    stage: ClassVar[str] = "imposed"
    latest: ClassVar[bool] = True
    folder: str
    paper: Paper
    options: PrintOptions
    name: str
    players: str
    rules: Files
    fitting_only: bool


class KeptSheets(Struct, frozen=True):
    """A game's latest sheets, and what they were imposed from."""

    imposed: Imposed
    #: The parts' digest (LaidGame.source).
    source: str
    #: A digest of the parts' plans (imposition.part_plan), and each part's faces.
    plans: str
    faces: tuple[tuple[Faces, ...], ...]
    #: How many of the sheets are front matter, before the components' sheets.
    front: int
    #: The drawn_from_digest the sheets' digests were made with: after an edit to an icon or
    #: a font of the game's own, every sheet is imposed and hashed anew.
    drawn_from: str
    #: The layout's drawings (Drawn.drawings), held so that the faces are kept as references.
    drawings: Mapping[bytes, Drawing]


class PictureInputs(Inputs, frozen=True):
    """What a picture of a face (its text outlined, for the cover and the rules) is made
    from: the face (its key is the face's content, as every input's is), and the game's own
    font files (FontBook.digest), whose glyphs it draws: the face names each by its name
    alone. Kept on its own, a picture outlives an edit to another card."""

    stage: ClassVar[str] = "picture"
    face: Scene
    fonts: str


def kept_pictures(store: BuildCache, fonts: str) -> Outline:
    """as_picture, its pictures kept in `store` for the game's own fonts of digest `fonts`."""

    def outline(scene: Scene) -> Scene:
        return store.cached(PictureInputs(scene, fonts), Scene, partial(as_picture, scene))

    return outline


def headings(game: Game, sheets: list[Sheet]) -> list[str]:
    """Each sheet's heading in its SVG, and part of its digest."""
    return [f"{game.name}: {sheet.title} (sheet {n} of {len(sheets)})" for n, sheet in enumerate(sheets, 1)]


def imposed_sheets(
    parts: Sequence[Laid],
    source: str,
    drawings: Mapping[bytes, Drawing],
    paper: Paper,
    game: Game,
    options: PrintOptions,
    icon_dirs: Sequence[Path],
    store: BuildCache,
    fitting_only: bool = False,
) -> Imposed:
    """The imposing stage: the game's sheets and their digests, from `store`'s latest sheets
    when they can be (see the module's docstring). With `fitting_only`, the parts too large
    for the paper are left out (and said in `left_out`) instead of failing the game; `source`
    is the parts' digest (LaidGame.source), and `drawings` what the layout drew them from
    (Drawn.drawings), which hold the digests of their faces."""
    inputs = ImposeInputs(
        str(game.folder), paper, options, game.name, players(game), Files((rules_path(game.folder),)), fitting_only
    )
    kept = store.lookup(inputs, KeptSheets)
    if kept is not None and kept.source == source:  # which covers the icon files too
        return kept.imposed
    drawn_from = drawn_from_digest(icon_dirs, game.fonts.digest)
    placed, left_out = fitting(parts, paper) if fitting_only else (list(parts), [])
    plans = key("plans", *(part_plan(part) for part in placed))
    outline = kept_pictures(store, game.fonts.digest)
    made = None
    if store.keeps and kept is not None and kept.plans == plans and kept.drawn_from == drawn_from:
        made = _swapped(kept, placed, paper, game, options, outline, drawings)
    if made is None:
        fresh = imposition(placed, paper, game, options, outline)
        digests = None
        if store.keeps:
            heads = headings(game, fresh.sheets)
            digests = sheet_digests(heads, fresh.sheets, drawn_from, drawn_scenes(drawings.values()))
        made = (Imposed(fresh.sheets, digests), fresh.front)
    sheets, front = made
    imposed = replace(sheets, left_out=tuple(left_out))
    faces = tuple(tuple(part.faces) for part in placed)
    if game.settled():  # else `source`, its layout's key, may name sources it was not laid out from
        store.put(inputs, KeptSheets(imposed, source, plans, faces, front, drawn_from, drawings))
    return imposed


def _swapped(
    kept: KeptSheets,
    parts: list[Laid],
    paper: Paper,
    game: Game,
    options: PrintOptions,
    outline: Outline,
    drawings: Mapping[bytes, Drawing],
) -> tuple[Imposed, int] | None:
    """The kept sheets with the parts' changed fronts swapped in and the front matter made
    again, only the sheets that changed hashed again, and the pages of front matter; None
    when that cannot be done."""
    components = swapped(kept.imposed.sheets[kept.front :], kept.faces, parts, paper)
    if components is None:
        return None
    sheets = impose_front(parts, paper, game, options, outline, components.sheets, kept.front)
    if sheets is None:
        return None
    again = [*range(kept.front), *(kept.front + n for n in sorted(components.changed))]
    heads = headings(game, sheets)
    assert kept.imposed.digests is not None  # kept by a store that keeps, which digests
    digests = list(kept.imposed.digests)
    drawn = drawn_scenes(drawings.values())
    for n, digest in zip(
        again, sheet_digests([heads[n] for n in again], [sheets[n] for n in again], kept.drawn_from, drawn), strict=True
    ):
        digests[n] = digest
    return Imposed(sheets, digests), kept.front
