"""Source positions and the error raised for bad input."""

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Loc:
    """A place in a source file; line and column count from 1, as editors show them. In a
    table the line is the row (the header is row 1); in a workbook, `sheet` names the
    worksheet and the place reads as a spreadsheet shows it, `cards.xlsx:Cards!C14`."""

    file: str
    line: int
    column: int
    sheet: str | None = None

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


def display_path(path: Path) -> str:
    """The path as a user should see it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class SourceError(Exception):
    """Bad input: a message naming the place and what was expected. Exit status 2."""

    def __init__(self, loc: Loc | None, message: str):
        super().__init__(message)
        self.loc = loc
        self.message = message

    def __str__(self) -> str:
        return f"{self.loc}: error: {self.message}" if self.loc else f"error: {self.message}"


class SourceErrors(SourceError):
    """Several pieces of bad input found in one pass (every item of a file), reported together
    so that a designer fixes them in one round."""

    def __init__(self, errors: list[SourceError]):
        super().__init__(errors[0].loc, errors[0].message)
        self.errors = errors

    def __str__(self) -> str:
        return "\n".join(str(error) for error in self.errors)
