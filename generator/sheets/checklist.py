"""The checklist page that opens a game's PDF: every component, how many, its size and
stock, one- or two-sided, the sheets it is on, and what to do with it in order (cut out,
cut slits, score and fold). Everything is derived from the build itself: the faces drawn,
the line roles they carry and the sheets they were imposed on. A kind may name its stock
with a `stock` attribute."""

from pathlib import PurePath

from msgspec import Struct

from generator.layout.scene import Group, Item, Polyline, Scene, Style, Text
from generator.layout.text import TextStyle, fit_text
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper
from generator.sheets.printer import PrinterProfile
from generator.units import PT

#: Each stock a component file may declare, as the checklist names it, in the order the
#: sheets are printed: card stock, then everything printed on plain paper.
STOCKS = {
    "card": "card stock, 200-300 gsm",
    # A card printed folded over is two layers glued: each the weight of half a card.
    "folded": "paper or thin card, 120-160 gsm (folded and glued, two layers make one card)",
    "paper": "paper, 80-120 gsm (plain or coloured)",
    "board": "paper, glued onto board (mount board or a cereal box)",
}
#: A sheet whose components cover less than this share of its printable area is named in a
#: note under the table, with the reason it is not filled; so is every board tile's sheet.
HALF_EMPTY = 0.5
WHY_TILES = (
    "a board tile is trimmed on its solid edges and laid over its neighbours, so it shares its sheet with nothing"
)
WHY_OWN_SHEETS = (
    "each component file gets sheets of its own (--separate); other files' components, even of the same stock,"
    " do not fill them, so keep the unused part for later"
)
WHY_RUN_ENDS = (
    "no more components of the same stock and sides are left that fit in its free room and save a sheet,"
    " so keep the unused part for later"
)


class Row(Struct, frozen=True):
    """One component as printed: one component file, or the files that share a row name."""

    label: str
    count: int
    size: tuple[float, float]
    stock: str
    two_sided: bool
    sheets: tuple[int, ...]
    steps: tuple[str, ...]
    #: The share of each of its sheets' printable area the components cover, in `sheets` order.
    use: tuple[float, ...] = ()
    tiled: bool = False
    #: The component file (files, comma-separated), as shown in messages.
    source: str = ""
    #: Its pages that are duplex backs (printed on the same sheet as the page before).
    backs: tuple[int, ...] = ()
    #: What a player may use instead: the component is optional to print ("" when it is not).
    substitutes: str = ""

    @property
    def optional_note(self) -> str:
        """ "Play money (pages 21-36) is optional: instead, use play money from another game." """
        if not self.substitutes:
            return ""
        return f"{_upper_first(self.label)} ({pages_phrase(self.sheets)}) is optional: instead, use {self.substitutes}."

    @property
    def half_empty(self) -> tuple[tuple[int, float], ...]:
        """(sheet number, share used) of the sheets used less than HALF_EMPTY (all of them
        for a tiled board: its tiles never share a sheet)."""
        pairs = zip(self.sheets, self.use, strict=True)
        return tuple((n, share) for n, share in pairs if self.tiled or share < HALF_EMPTY)


def apart_note(label: str, file_name: str, substitutes: str) -> str:
    """ "Play money is in a file of its own, NAME, and optional: instead, use ...": the cover's
    note on optional components printed apart (a print-and-play release's optional file)."""
    return f"{_upper_first(label)} is in a file of its own, {file_name}, and optional: instead, use {substitutes}."


def _upper_first(text: str) -> str:
    """The text with its first letter a capital, the rest as written ("play money" ->
    "Play money"; str.capitalize would lower the rest)."""
    return f"{text[:1].upper()}{text[1:]}"


def sheet_use(sheet: Sheet, paper: Paper) -> float:
    """The share of the area inside the printer's margins that the sheet's components cover."""
    printable = (sheet.width - 2 * paper.margin) * (sheet.height - 2 * paper.margin)
    return sum(w * h for _, _, w, h in sheet.placements) / printable


def roles(items) -> set[str]:
    found: set[str] = set()
    for item in items:
        if isinstance(item, Group):
            found |= roles(item.items)
        elif not isinstance(item, Text):
            found.add(item.style.role)
    return found


def steps_for(fronts: list[Scene], two_sided: bool, tiled: bool, fold_over: bool) -> tuple[str, ...]:
    """What to do with a printed component, in order."""
    drawn = set().union(*(roles(scene.items) for scene in fronts))
    steps = []
    if tiled:
        steps.append("trim each tile on its solid edge, lay it over its neighbour, targets on targets, glue")
    if two_sided and fold_over:
        steps.append("fold each sheet on its dashed fold line and glue the halves")
    steps.append("cut out on the solid lines")
    if "slit" in drawn:
        steps.append("cut the slits inside")
    if "score" in drawn:
        steps.append("score the dashed lines and fold")
    if "glue" in drawn:
        steps.append("glue each grey area (marked GLUE) onto the panel it folds under")
    return tuple(steps)


def row(
    label: str,
    source: str,
    fronts: list[Scene],
    two_sided: bool,
    tiled: bool,
    fold_over: bool,
    stock: str,
    sheets: list[Sheet],
    paper: Paper,
    first_page: int = 1,
) -> Row:
    """The row of one component file; its pages are numbered from `first_page`, the PDF page
    that sheets[0] is printed on. A one-sided component's pages are fronts only, also where
    it fills room on a two-sided sheet (whose back is blank behind it)."""
    first = fronts[0]
    numbers = tuple(
        n
        for n, sheet in enumerate(sheets, first_page)
        if source in sheet.sources and (two_sided or sheet.side != "back")
    )
    return Row(
        label,
        len(fronts),
        (first.width, first.height),
        stock,
        two_sided,
        numbers,
        steps_for(fronts, two_sided, tiled, fold_over),
        tuple(sheet_use(sheets[n - first_page], paper) for n in numbers),
        tiled,
        source,
        tuple(n for n in numbers if sheets[n - first_page].side == "back"),
    )


def merged(rows: list[Row]) -> list[Row]:
    """Rows of the same label and stock (the three kinds of title deed) as one, in the order
    of their first; then grouped by stock in STOCKS order, so each stock is loaded once."""
    groups: dict[tuple[str, str], list[Row]] = {}
    for r in rows:
        groups.setdefault((r.label, r.stock), []).append(r)
    out = []
    for (label, stock), group in groups.items():
        first = group[0]
        steps = tuple(dict.fromkeys(step for r in group for step in r.steps))
        # Files of one run share sheets: each page once, in page order.
        use = dict(sorted((n, u) for r in group for n, u in zip(r.sheets, r.use, strict=True)))
        out.append(
            Row(
                label,
                sum(r.count for r in group),
                first.size,
                stock,
                any(r.two_sided for r in group),
                tuple(use),
                steps,
                tuple(use.values()),
                any(r.tiled for r in group),
                ", ".join(r.source for r in group),
                tuple(sorted({n for r in group for n in r.backs})),
                next((r.substitutes for r in group if r.substitutes), ""),
            )
        )
    order = list(STOCKS)
    return sorted(out, key=lambda r: order.index(r.stock))


def stock_totals(rows: list[Row], blanks: tuple[int, ...] = ()) -> list[str]:
    """ "card stock, 200-300 gsm: 12 sheets (pages 7-30)", one line per stock in use. A page
    left blank on purpose is on the stock of the page before it (it is that sheet's back)."""
    lines = []
    for stock, name in STOCKS.items():
        of_stock = [r for r in rows if r.stock == stock]
        if of_stock:
            printed = {n for r in of_stock for n in r.sheets}
            count = len(printed - {n for r in of_stock for n in r.backs})
            printed |= {n for n in blanks if n - 1 in printed}
            pages = page_list(tuple(sorted(printed)))
            lines.append(f"{name}: {count} sheet{'s' if count != 1 else ''} (pages {pages})")
    return lines


class RunUse(Struct, frozen=True):
    """A sheet run as the checklist reports it: the rows printed on its sheets, its pages,
    and the share of the printable area used on each of its fronts sheets."""

    labels: tuple[str, ...]
    pages: tuple[int, ...]
    use: tuple[tuple[int, float], ...]

    def line(self) -> str:
        """ "Pages 7-20, title deeds: 7 sheets, 88% of the printable area used (the least, page 19: 61%)"."""
        count = len(self.use)
        overall = sum(share for _, share in self.use) / count
        least_page, least = min(self.use, key=lambda pair: (pair[1], pair[0]))
        what = (
            f"{count} sheets, {overall:.0%} of the printable area used" if count > 1 else f"1 sheet, {least:.0%} used"
        )
        if count > 1 and least < overall - 0.005:
            what += f" (the least, page {least_page}: {least:.0%})"
        word = "Page" if len(self.pages) == 1 else "Pages"
        return f"{word} {page_list(self.pages)}, {', '.join(self.labels)}: {what}."


def sheet_runs(rows: list[Row]) -> list[RunUse]:
    """The sheet runs: rows whose components share a page are printed in one run. In page order."""
    groups: list[list[Row]] = []
    for r in sorted(rows, key=lambda r: r.sheets[:1]):
        pages = set(r.sheets)
        joined = [g for g in groups if pages & {n for other in g for n in other.sheets}]
        merged_group = [other for g in joined for other in g] + [r]
        groups = [g for g in groups if g not in joined] + [merged_group]
    runs = []
    for group in groups:
        if not any(r.sheets for r in group):
            continue
        use = dict(sorted((n, u) for r in group for n, u in zip(r.sheets, r.use, strict=True)))
        backs = {n for r in group for n in r.backs}
        fronts = tuple((n, u) for n, u in use.items() if n not in backs)
        runs.append(RunUse(tuple(dict.fromkeys(r.label for r in group)), tuple(use), fronts))
    return sorted(runs, key=lambda run: run.pages)


def half_empty_notes(rows: list[Row], separate: bool = False) -> list[str]:
    """One note per component file with sheets it does not fill, saying why."""
    notes = []
    for r in rows:
        if r.half_empty:
            used = ", ".join(f"{n} ({share:.0%} used)" for n, share in r.half_empty)
            word = "Page" if len(r.half_empty) == 1 else "Pages"
            files = ", ".join(PurePath(source).name for source in r.source.split(", "))
            what = f"{r.label} ({files})" if r.source else r.label
            why = WHY_TILES if r.tiled else (WHY_OWN_SHEETS if separate else WHY_RUN_ENDS)
            notes.append(f"{word} {used}, {what}: {why}.")
    return notes


def page_list(numbers: tuple[int, ...]) -> str:
    """Page numbers as a print dialog takes them: runs as "3-7", the rest by commas (each
    page once, in order, however often and in whatever order it was given)."""
    if not numbers:
        return "-"
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)


def pages_phrase(numbers: tuple[int, ...]) -> str:
    """ "page 4" or "pages 4-5, 7": the page list with its noun."""
    return f"{'page' if len(set(numbers)) == 1 else 'pages'} {page_list(numbers)}"


COLUMNS = (
    ("Component", 0.17),
    ("How many", 0.08),
    ("Size", 0.13),
    ("Stock", 0.15),
    ("Sides", 0.11),
    ("Pages", 0.08),
    ("Cut and fold, in order", 0.28),
)


def cells(r: Row, duplex: str, fold_over: bool) -> tuple[str, ...]:
    sides = "single-sided"
    if r.two_sided:
        sides = (
            "double-sided, fold-over"
            if fold_over
            else ("double-sided (backs not printed)" if duplex == "off" else f"double-sided, {duplex}-edge flip")
        )
    steps = " ".join(f"{n}. {step}." for n, step in enumerate(r.steps, 1))
    return (
        f"{r.label} (optional)" if r.substitutes else r.label,
        str(r.count),
        f"{r.size[0]:.1f} x {r.size[1]:.1f} mm",
        STOCKS[r.stock],
        sides,
        page_list(r.sheets),
        steps,
    )


def printer_note(printer: PrinterProfile) -> str:
    """What the checklist says of the printer profile the pages were drawn for."""
    dx, dy = printer.back_offset
    return (
        f"Drawn for the printer {printer.name!r}: scale {100 * printer.scale_x:.1f}% x {100 * printer.scale_y:.1f}% "
        f"corrected, backs moved {dx:g} mm, {dy:g} mm; print on that printer only."
    )


def checklist_sheet(
    game: str, rows: list[Row], paper: Paper, options: PrintOptions, blanks: tuple[int, ...] = ()
) -> Sheet:
    """One page listing every row; its page numbers are the PDF's own, and the pages left
    blank on purpose (`blanks`) are named."""
    # Nothing on this page is cut: the page itself is what is printed, so it is the trim.
    sheet = Sheet(
        paper.width,
        paper.height,
        title="checklist",
        side="",
        trim=(0.0, 0.0, paper.width, paper.height),
        bookmarks=("Checklist",),
    )
    x0, y = paper.inset, paper.inset
    width = paper.width - 2 * paper.inset
    items: list[Item] = []
    items += fit_text(f"{game}: checklist", x0, y, width, 9, TextStyle("DejaVuSans-Bold", 14 * PT)).items
    y += 10
    total = sum(r.count for r in rows)
    pages = sorted(n for r in rows for n in r.sheets)
    where = "the pages after this one"
    if pages:
        where = f"page {pages[0]}" if pages[0] == pages[-1] else f"pages {pages[0]}-{pages[-1]}"
    kinds = f"{len(rows)} kind{'s' if len(rows) != 1 else ''}"
    note = f"{total} components in {kinds}. Print {where} at 100% (no scaling); then work down the table."
    if options.printer is not None:
        note += f" {printer_note(options.printer)}"
    items += fit_text(note, x0, y, width, 10, TextStyle("DejaVuSans", 9 * PT)).items
    y += 11
    rule = Style(stroke="#000000", stroke_width=0.35 * PT)
    table = [tuple(c for c, _ in COLUMNS)] + [cells(r, options.duplex, options.fold_over) for r in rows]
    for n, values in enumerate(table):
        style = TextStyle("DejaVuSans-Bold" if n == 0 else "DejaVuSans", 8 * PT, min_size=6 * PT)
        height = 6.0 if n == 0 else 16.0
        x = x0
        for value, (_, share) in zip(values, COLUMNS, strict=True):
            items += fit_text(value, x, y + 1, width * share - 1.5, height - 1, style).items
            x += width * share
        y += height
        items.append(Polyline(((x0, y), (x0 + width, y)), rule))
    heading = TextStyle("DejaVuSans-Bold", 9 * PT)
    y += 4
    items += fit_text("Sheets per stock", x0, y, width, 5, heading).items
    y += 6
    for line in stock_totals(rows, blanks):
        items += fit_text(line, x0, y, width, 5, TextStyle("DejaVuSans", 8 * PT)).items
        y += 4.5
    y += 4
    items += fit_text("Paper use per sheet run", x0, y, width, 5, heading).items
    y += 6
    for run in sheet_runs(rows):
        fitted = fit_text(run.line(), x0, y, width, 8, TextStyle("DejaVuSans", 8 * PT, min_size=6.5 * PT))
        items += fitted.items
        y += fitted.lines * fitted.size * fitted.leading + 1.5
    if blanks:
        word = "Page" if len(blanks) == 1 else "Pages"
        why = "left blank on purpose, so that each two-sided sheet's fronts are on an odd page"
        line = f"{word} {page_list(blanks)}: {why}."
        items += fit_text(line, x0, y, width, 5, TextStyle("DejaVuSans", 8 * PT, min_size=6 * PT)).items
        y += 4.5
    for r in rows:
        if r.substitutes:
            fitted = fit_text(r.optional_note, x0, y + 2, width, 10, TextStyle("DejaVuSans", 8 * PT, min_size=7 * PT))
            items += fitted.items
            y += 2 + fitted.lines * fitted.size * fitted.leading
    notes = half_empty_notes(rows, options.separate)
    if notes:
        y += 4
        title = "Sheets not filled, and why"
        items += fit_text(title, x0, y, width, 5, heading).items
        y += 6
        for note in notes:
            fitted = fit_text(note, x0, y, width, 12, TextStyle("DejaVuSans", 8 * PT, min_size=7 * PT))
            items += fitted.items
            y += fitted.lines * fitted.size * fitted.leading + 2
    sheet.items = items
    return sheet
