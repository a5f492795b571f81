"""Findings: what the checker says about a deck, each with a code, a severity and a place."""

from dataclasses import asdict, dataclass
from enum import StrEnum

from generator.sources.errors import Loc


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Finding:
    """One checker result, printed like a compiler's: file:line:col: severity [CODE] message."""

    severity: Severity
    code: str
    message: str
    loc: Loc | None = None

    def __str__(self) -> str:
        place = f"{self.loc}: " if self.loc else ""
        return f"{place}{self.severity.value} [{self.code}] {self.message}"

    def as_json(self) -> dict:
        loc = asdict(self.loc) if self.loc else {"file": None, "line": None, "column": None}
        if loc.get("sheet", "") is None:  # only a workbook cell names its worksheet
            del loc["sheet"]
        return {**loc, "code": self.code, "message": self.message}


def error(code: str, message: str, loc: Loc | None = None) -> Finding:
    return Finding(Severity.ERROR, code, message, loc)


def warning(code: str, message: str, loc: Loc | None = None) -> Finding:
    return Finding(Severity.WARNING, code, message, loc)


def info(code: str, message: str, loc: Loc | None = None) -> Finding:
    return Finding(Severity.INFO, code, message, loc)


def sort_findings(findings: list[Finding]) -> list[Finding]:
    """File order, so output is stable and reads top to bottom."""
    return sorted(findings, key=lambda f: (f.loc or Loc("", 0, 0), f.code, f.message))
