"""What building one game gave: its sheets, the layout's findings and the files written."""

from pathlib import Path

from msgspec import Struct, field

from generator.findings import Finding, Severity
from generator.sheets.model import Sheet
from generator.sources.game import Game


class BuildResult(Struct):
    game: Game
    sheets: list[Sheet] = field(default_factory=list)
    #: Each sheet's content digest (digests.sheet_digests): the cache key of its PDF page, SVG
    #: and PNG. None from a build without a cache, which looks nothing up by them.
    digests: list[str] | None = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(f.severity is Severity.ERROR for f in self.findings)
