"""A game's sheets, kept in the build cache: a rebuild of a game whose parts, paper, print
options and rules are unchanged takes its sheets from there instead of imposing them again.

Imposing is most of what a rebuild of an unchanged game does besides copying files: the
rules pages and the checklist set text, which loads the fonts' metrics. Each sheet's
digest, the key of its PDF page, SVG and PNG, is kept with the sheets. The faces the sheets
place are the layout's, which its own entry holds: the sheets' entry refers to them as
shared objects (generator/pickles.py), so that a rebuild does not write every face a second
time.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import ClassVar

from generator.cache import BuildCache, Files, Inputs
from generator.layout.memo import Drawing
from generator.layout.scene import Item, Scene
from generator.pipeline.digests import drawn_scenes, sheet_digests
from generator.pipeline.figures import Outline, as_picture
from generator.pipeline.front_matter import players
from generator.pipeline.imposition import impose
from generator.pipeline.parts import Laid
from generator.pipeline.policy import fitting
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper
from generator.sources.game import Game
from generator.sources.rules import rules_path


@dataclass(frozen=True)
class Imposed:
    """A game's sheets, each one's digest (digests.sheet_digests), and what was left out as too
    large for the paper (only when asked to leave it out rather than fail)."""

    sheets: list[Sheet]
    digests: list[str]
    left_out: tuple[str, ...] = ()


@dataclass(frozen=True)
class ImposeInputs(Inputs):
    """What imposing reads: the parts (their `source` digest covers the game's files, icons
    and art), the paper, the options, the game's name and players, and its rules."""

    stage: ClassVar[str] = "imposed"
    parts: str
    paper: Paper
    options: PrintOptions
    name: str
    players: str
    rules: Files
    fitting_only: bool


@dataclass(frozen=True)
class PictureInputs(Inputs):
    """What a picture of a face (its text outlined, for the cover and the rules) is made
    from: the face (its key is the face's content, as every input's is). Kept on its own, a
    picture outlives an edit to another card."""

    stage: ClassVar[str] = "picture"
    face: Scene


def kept_pictures(store: BuildCache) -> Outline:
    """as_picture, its pictures kept in `store`."""

    def outline(scene: Scene) -> Scene:
        return store.cached(PictureInputs(scene), Scene, partial(as_picture, scene))

    return outline


def headings(game: Game, sheets: list[Sheet]) -> list[str]:
    """Each sheet's heading in its SVG, and part of its digest."""
    return [f"{game.name}: {sheet.title} (sheet {n} of {len(sheets)})" for n, sheet in enumerate(sheets, 1)]


def imposed_sheets(
    parts: Sequence[Laid],
    source: str,
    drawings: Iterable[Drawing],
    paper: Paper,
    game: Game,
    options: PrintOptions,
    icon_dirs: Sequence[Path],
    store: BuildCache,
    fitting_only: bool = False,
) -> Imposed:
    """The imposing stage: impose() and the sheets' digests, from `store` when it holds them.
    With `fitting_only`, the parts too large for the paper are left out (and said in
    `left_out`) instead of failing the game; `source` is the parts' digest (LaidGame.source),
    and `drawings` what the layout drew them from (Drawn.drawings), which hold the digests
    of their faces."""
    inputs = ImposeInputs(
        source, paper, options, game.name, players(game), Files((rules_path(game.folder),)), fitting_only
    )

    def make() -> Imposed:
        placed, left_out = fitting(parts, paper) if fitting_only else (list(parts), [])
        sheets = impose(placed, paper, game, options, kept_pictures(store))
        digests = sheet_digests(headings(game, sheets), sheets, icon_dirs, drawn_scenes(drawings))
        return Imposed(sheets, digests, tuple(left_out))

    return store.cached(inputs, Imposed, make, shared=face_items(parts))


def face_items(parts: Sequence[Laid]) -> list[Item]:
    """What every face of the parts draws, in order: the sheets place these items, and their
    cache entry refers to them (the layout's entry holds them) rather than copying them."""
    return [item for part in parts for faces in part.faces for scene in faces.scenes() for item in scene.items]
