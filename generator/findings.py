"""Findings: what the checker says about a deck, each with a code, a severity and a place."""

from collections.abc import Sequence
from enum import StrEnum

from msgspec import Struct
from msgspec.structs import asdict, replace

from generator.located import Loc


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Finding(Struct, frozen=True):
    """One checker result, printed like a compiler's: file:line:col: severity [CODE] message."""

    severity: Severity
    code: str
    message: str
    loc: Loc | None = None
    #: Why the game keeps this finding on purpose (game.yaml `accept:`); empty if it does not.
    accepted: str = ""

    def __str__(self) -> str:
        place = f"{self.loc}: " if self.loc else ""
        text = f"{place}{self.severity.value} [{self.code}] {self.message}"
        return f"{text} (accepted in game.yaml: {self.accepted})" if self.accepted else text

    def as_json(self) -> dict:
        loc = asdict(self.loc) if self.loc else {"file": None, "line": None, "column": None}
        loc.pop("cell", None)  # the place says itself whether it is a table's cell
        if loc.get("sheet", "") is None:  # only a workbook cell names its worksheet
            del loc["sheet"]
        reason = {"accepted": self.accepted} if self.accepted else {}
        return {**loc, "code": self.code, "message": self.message, **reason}


def error(code: str, message: str, loc: Loc | None = None) -> Finding:
    return Finding(Severity.ERROR, code, message, loc)


def warning(code: str, message: str, loc: Loc | None = None) -> Finding:
    return Finding(Severity.WARNING, code, message, loc)


def info(code: str, message: str, loc: Loc | None = None) -> Finding:
    return Finding(Severity.INFO, code, message, loc)


def once_per_cause(findings: Sequence[Finding], code: str, what: str) -> list[Finding]:
    """The findings with those of `code` that say the same thing at different places (one
    picture too coarse on a thousand cards) made one, at the first place, saying how many
    `what` (cards, say) it concerns."""
    places: dict[tuple[Severity, str], list[Finding]] = {}
    for finding in findings:
        if finding.code == code:
            places.setdefault((finding.severity, finding.message), []).append(finding)
    out = []
    for finding in findings:
        if finding.code != code:
            out.append(finding)
            continue
        same = places.pop((finding.severity, finding.message), None)
        if same is not None:
            many = f" ({len(same)} {what} use it; the first is here)" if len(same) > 1 else ""
            out.append(replace(finding, message=finding.message + many))
    return out


def accept(findings: list[Finding], reasons: dict[str, str]) -> list[Finding]:
    """The findings with the warnings and infos whose code the game accepts marked so (an
    error is never accepted: it would print wrong)."""
    return [
        replace(f, accepted=reasons[f.code]) if f.code in reasons and f.severity is not Severity.ERROR else f
        for f in findings
    ]


def strictly(findings: list[Finding]) -> list[Finding]:
    """The findings as --strict judges them: every warning a game does not accept is an error
    (it stops the game as an error does)."""
    return [
        replace(f, severity=Severity.ERROR) if f.severity is Severity.WARNING and not f.accepted else f
        for f in findings
    ]


def sort_findings(findings: list[Finding]) -> list[Finding]:
    """File order, so output is stable and reads top to bottom."""
    return sorted(findings, key=lambda f: (f.loc or Loc("", 0, 0), f.code, f.message))
