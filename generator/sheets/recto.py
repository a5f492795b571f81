"""Pages left blank on purpose, so that every duplex fronts sheet is an odd (recto) page.

A printer printing the file two-sided puts odd pages on the front of each sheet and the
next even page on its back. A fronts page that fell on an even page would be printed on
the back of the sheet before, and every back after it on the wrong sheet. So wherever a
fronts page that has its backs page after it would fall on an even page, a blank page goes
before it, saying why; the page labels and the checklist name it.
"""

from generator.sheets.cover import blank_sheet
from generator.sheets.impose import PendingSheet
from generator.sheets.paper import Paper

WHY = (
    "It keeps the two-sided sheets that follow in step: each one's fronts print on an odd page, its backs behind them."
)


def on_recto(pending: list[PendingSheet], first_page: int, paper: Paper) -> list[PendingSheet]:
    """The sheets with a blank page before each fronts sheet (followed by its backs) that
    would otherwise be on an even page; the first sheet is page `first_page`."""
    blanks = set(blanks_before(pending, first_page))
    out: list[PendingSheet] = []
    for n, p in enumerate(pending):
        if n in blanks:
            out.append(PendingSheet(blank_sheet(paper, WHY), None, "blank"))
        out.append(p)
    return out


def blanks_before(pending: list[PendingSheet], first_page: int) -> list[int]:
    """The indices of the sheets on_recto puts a blank page before (counted, not drawn)."""
    found: list[int] = []
    for n, p in enumerate(pending):
        duplex_front = p.sheet.side == "front" and n + 1 < len(pending) and pending[n + 1].sheet.side == "back"
        if duplex_front and (first_page + n + len(found)) % 2 == 0:
            found.append(n)
    return found
