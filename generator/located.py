"""Places in sources: every value read from a source can say where it was written.

A foundation: findings, errors and the typed model all point at a Loc.
"""

from msgspec import Struct


class Loc(Struct, frozen=True, order=True):
    """A place in a source file; line and column count from 1, as editors show them. In a
    table the line is the row (the header is row 1); in a workbook, `sheet` names the
    worksheet and the place reads as a spreadsheet shows it, `cards.xlsx:Cards!C14`."""

    @property
    def whole(self) -> bool:
        """Whether the place stands for all of its text: a table's cell, not a line and column."""
        return self.cell or self.sheet is not None

    file: str
    line: int
    column: int
    sheet: str | None = None
    #: A table's cell (a CSV's or a worksheet's): a place in its text is the cell itself.
    cell: bool = False

    def __str__(self) -> str:
        if self.sheet is not None:
            return f"{self.file}:{self.sheet}!{column_letter(self.column)}{self.line}"
        return f"{self.file}:{self.line}:{self.column}"


def column_letter(column: int) -> str:
    """A spreadsheet's name for a 1-based column: 1 -> A, 27 -> AA."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters
