"""A game's sheets, kept in the build cache: a rebuild of a game whose parts, paper, print
options and rules are unchanged takes its sheets from there instead of imposing them again.

Imposing is most of what a rebuild of an unchanged game does besides copying files: the
rules pages and the checklist set text, which loads the fonts' metrics. Each sheet's
digest, the key of its PDF page, SVG and PNG, is kept with the sheets.
"""

from dataclasses import dataclass

from generator.build.front_matter import players
from generator.build.imposition import impose
from generator.build.parts import LaidGame
from generator.cache import BuildCache, files_digest, key
from generator.layout.context import LayoutContext
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper
from generator.sources.game import Game
from generator.sources.rules import rules_path


@dataclass(frozen=True)
class Imposed:
    """A game's sheets and each one's digest (sheet_digests)."""

    sheets: list[Sheet]
    digests: list[str]


def headings(game: Game, sheets: list[Sheet]) -> list[str]:
    """Each sheet's heading in its SVG, and part of its cache key."""
    return [f"{game.name}: {sheet.title} (sheet {n} of {len(sheets)})" for n, sheet in enumerate(sheets, 1)]


def sheet_digests(heads: list[str], sheets: list[Sheet], ctx: LayoutContext) -> list[str]:
    """Each sheet's content hashed once (with the icon files it may draw); its PDF, SVG and
    PNG are keyed by that."""
    icons = files_digest(p for d in ctx.icon_dirs if d.is_dir() for p in d.glob("*.svg"))
    return [key("sheet", heading, icons, sheet) for heading, sheet in zip(heads, sheets, strict=True)]


def impose_cached(
    laid: LaidGame, paper: Paper, game: Game, options: PrintOptions, ctx: LayoutContext, store: BuildCache
) -> Imposed:
    """impose() and the sheets' digests, from `store` when it holds them. The key is what
    imposing reads: the parts (their digest covers the game's files, icons and art), the
    paper, the options, the game's name and players, and its rules."""
    rules = files_digest([rules_path(game.folder)])
    entry = key("imposed", laid.digest, paper, options, game.name, players(game), rules)
    kept = store.get_object(entry)
    if isinstance(kept, Imposed):
        return kept
    sheets = impose(laid.parts, paper, game, options)
    imposed = Imposed(sheets, sheet_digests(headings(game, sheets), sheets, ctx))
    store.put_object(entry, imposed)
    return imposed
