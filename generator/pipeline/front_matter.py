"""The pages before a game's sheets: its cover, the rules and the checklist of what to print on
what."""

from collections.abc import Sequence

from generator.games import engines
from generator.pipeline.parts import Laid
from generator.pipeline.policy import tiled
from generator.sheets import checklist
from generator.sheets.cover import Contents, StockPages, cover_sheet
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper
from generator.sources.game import Game


def front_matter(
    laid: Sequence[Laid], rules: list[Sheet], sheets: list[Sheet], paper: Paper, game: Game, options: PrintOptions
) -> list[Sheet]:
    """The pages before the sheets: a cover, the rules sheets and the checklist."""
    count = len(rules) + 2
    first_page = count + 1
    rows = _rows(laid, sheets, paper, options, first_page)
    blanks = tuple(n for n, sheet in enumerate(sheets, first_page) if sheet.blank)
    page = checklist.checklist_sheet(game.name, rows, paper, options, blanks)
    contents = [Contents("Rules", tuple(range(2, 2 + len(rules))))] if rules else []
    contents.append(Contents("Checklist", (count,)))
    stocks: dict[str, list[int]] = {"plain paper (cover, rules, checklist)": list(range(1, count + 1))}
    for r in rows:
        stocks.setdefault(checklist.STOCKS[r.stock], []).extend(r.sheets)
    for n in blanks:  # printed on the back of the page before it, so on that page's stock
        next(pages for pages in stocks.values() if n - 1 in pages).append(n)
    cover = cover_sheet(
        game.name,
        players(game),
        contents,
        [StockPages(stock, tuple(sorted(pages))) for stock, pages in stocks.items()],
        options.duplex,
        paper,
    )
    return [cover, *rules, page]


def players(game: Game) -> str:
    """ "2-6 players", from the game's engine."""
    engine = engines().get(game.engine)
    if engine is None:
        return ""
    if engine.min_players == engine.max_players:
        return f"{engine.min_players} players"
    return f"{engine.min_players}-{engine.max_players} players"


def _rows(
    laid: Sequence[Laid], sheets: list[Sheet], paper: Paper, options: PrintOptions, first_page: int
) -> list[checklist.Row]:
    rows = []
    for part in (p for p in laid if p.faces):
        fronts = [f.front for f in part.faces]
        two_sided = any(f.back is not None for f in part.faces)
        rows.append(
            checklist.row(
                part.row,
                part.file.shown,
                fronts,
                two_sided,
                tiled(part, paper),
                options.fold_over,
                part.stock,
                sheets,
                paper,
                first_page,
            )
        )
    return checklist.merged(rows)
