"""The pages before a game's sheets: its cover, the rules and the checklist of what to print on
what."""

from collections.abc import Sequence

from msgspec.structs import replace

from generator.games import engine_of
from generator.layout.scene import Scene
from generator.pipeline.figures import Outline, as_picture
from generator.pipeline.parts import Laid
from generator.pipeline.policy import tiled
from generator.pipeline.release import release_name
from generator.sheets import checklist
from generator.sheets.cover import About, Contents, PrintJob, StockPages, cover_sheet
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper
from generator.sources.game import Game


def front_matter(
    laid: Sequence[Laid],
    rules: list[Sheet],
    sheets: list[Sheet],
    paper: Paper,
    game: Game,
    options: PrintOptions,
    apart: Sequence[Laid] = (),
    outline: Outline = as_picture,
) -> list[Sheet]:
    """The pages before the sheets: a cover, the rules sheets and the checklist; the cover
    names the optional parts printed `apart`, in a file of their own, and shows pictures of
    the components (made by `outline`)."""
    count = len(rules) + 2
    first_page = count + 1
    rows = _rows(laid, sheets, paper, options, first_page)
    blanks = tuple(n for n, sheet in enumerate(sheets, first_page) if sheet.blank)
    page = checklist.checklist_sheet(game.name, rows, paper, options, blanks)
    contents = [Contents("Rules", tuple(range(2, 2 + len(rules))))] if rules else []
    contents.append(Contents("Checklist", (count,)))
    stocks: dict[str, set[int]] = {"plain paper (cover, rules, checklist)": set(range(1, count + 1))}
    for r in rows:
        stocks.setdefault(checklist.STOCKS[r.stock], set()).update(r.sheets)
    flips = _flips(sheets, first_page, range(2, 2 + len(rules)), options)
    numbered = [*enumerate(rules, 2), *enumerate(sheets, first_page)]  # the checklist between them is upright
    landscape = {n for n, sheet in numbered if sheet.width > sheet.height}
    jobs = [StockPages(stock, _jobs(pages, flips, landscape)) for stock, pages in stocks.items()]
    optional = tuple(r.optional_note for r in rows if r.substitutes)
    optional_file = release_name(game.slug, paper.name, optional=True)
    optional += tuple(checklist.apart_note(part.row, optional_file, part.file.substitutes) for part in apart)
    if options.players:
        optional += (f"Printed for {options.players} players: what is dealt by the player is counted for them.",)
    return [cover_sheet(about(game), contents, jobs, paper, pictures(laid, outline), optional), *rules, page]


def pictures(laid: Sequence[Laid], outline: Outline = as_picture, most: int = 4) -> tuple[Scene, ...]:
    """What a cover shows of the game: the distinct fronts of its components (boards, which
    are tiled, left out), taken a component file at a time in turn, `most` of them, their
    text drawn as outlines."""
    fronts: list[list[Scene]] = []
    for part in laid:
        if part.kind.tileable or not part.faces:
            continue
        distinct: list[Scene] = []
        for faces in part.faces:  # copies share their Scene; equal faces drawn twice are one
            if len(distinct) == most:
                break
            if not any(faces.front is seen or faces.front == seen for seen in distinct):
                distinct.append(faces.front)
        fronts.append(distinct)
    chosen: list[Scene] = []
    for turn in range(most):
        chosen += [own[turn] for own in fronts if turn < len(own)]
    return tuple(outline(scene) for scene in chosen[:most])


def _flips(sheets: list[Sheet], first_page: int, rules: range, options: PrintOptions) -> dict[int, str]:
    """Each two-sided page -> the edge its sheet flips on: a duplex back and the front before
    it, and the rules booklet (printed two-sided on the short edge); pages not here are
    one-sided."""
    flips = dict.fromkeys(rules, "short") if options.booklet else {}
    for n, sheet in enumerate(sheets, first_page):
        if sheet.side == "back":
            flips[n - 1] = flips[n] = options.duplex
    return flips


def _jobs(pages: set[int], flips: dict[int, str], landscape: set[int]) -> tuple[PrintJob, ...]:
    """A stock's pages as print jobs, one per way of printing, in page order, each naming its
    landscape pages when it mixes them with portrait ones. A page left blank on purpose is in
    none: it only keeps the next duplex front on an odd page when the whole file is printed
    in one job."""
    by_flip: dict[str, list[int]] = {}
    for n in sorted(pages):
        by_flip.setdefault(flips.get(n, ""), []).append(n)
    jobs = []
    for flip, numbers in by_flip.items():
        turned = tuple(n for n in numbers if n in landscape)
        jobs.append(PrintJob(tuple(numbers), flip, turned if len(turned) < len(numbers) else ()))
    return tuple(jobs)


def about(game: Game) -> About:
    """What the cover says of the game, from game.yaml and its engine."""
    data = game.data
    return About(
        game.name,
        players(game),
        str(data.get("playing_time", "")),
        " ".join(str(data.get("description", "")).split()),
        tuple(str(line) for line in data.get("credits", ())),
        str(data.get("version", "")),
        str(data.get("date", "")),
        str(data.get("licence", "")),
        game.look,
        game.fonts,
    )


def players(game: Game) -> str:
    """ "2-6 players", from the game's engine."""
    engine = engine_of(game.engine)
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
                "folded" if options.fold_over and two_sided and part.stock == "card" else part.stock,
                sheets,
                paper,
                first_page,
            )
        )
        rows[-1] = replace(rows[-1], substitutes=part.file.substitutes, steps=rows[-1].steps + part.kind.assembly)
    return checklist.merged(rows)
