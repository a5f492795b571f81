"""Source positions and the error raised for bad input."""

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Loc:
    """A place in a source file; line and column count from 1, as editors show them."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


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
