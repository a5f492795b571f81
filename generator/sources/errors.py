"""The error raised for bad input, naming its place (a Loc)."""

import os
from pathlib import Path

from generator.located import Loc


def display_path(path: Path) -> str:
    """The path as a user should see it: relative to the working folder when inside it, and
    as it is named (a link is shown as itself, not as where it leads)."""
    try:
        return str(Path(os.path.abspath(path)).relative_to(Path.cwd().resolve()))
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
