"""The print pipeline: a game's sources read (reading), laid out (parts), checked (checks),
imposed onto sheets (policy, imposition, front_matter; kept in the build cache by imposed,
which swaps an edited card's face into the kept sheets: face_swap)
and written as PDF, SVG, PNG and a print-and-play release (writers, written, release), every
stage but the reading a method of one `PrintRun` (run).

Commands and other packages use the names below; the modules behind them are the package's own.
"""

from generator.pipeline.checks import StaticChecks, check_first
from generator.pipeline.imposed import Imposed
from generator.pipeline.imposition import impose
from generator.pipeline.parts import Laid, LaidGame, LayoutFailed, lay_out
from generator.pipeline.reading import read_game
from generator.pipeline.result import BuildResult
from generator.pipeline.run import PrintRun, build_game

__all__ = [
    "BuildResult",
    "Imposed",
    "Laid",
    "LaidGame",
    "LayoutFailed",
    "PrintRun",
    "StaticChecks",
    "build_game",
    "check_first",
    "impose",
    "lay_out",
    "read_game",
]
