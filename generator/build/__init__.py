"""The build: a game's sources laid out (parts), imposed onto sheets (policy, imposition,
front_matter) and written as PDF, SVG and PNG (writers), step by step in pipeline.

The names other layers use are importable from the package itself."""

from generator.build.imposition import impose
from generator.build.parts import Laid, context_for, lay_out, lay_out_cached, print_context
from generator.build.pipeline import build_game
from generator.build.policy import fits_on, too_large
from generator.build.result import BuildResult
from generator.build.writers import SheetFile, write_pngs, write_print_file

__all__ = [
    "BuildResult",
    "Laid",
    "SheetFile",
    "build_game",
    "context_for",
    "fits_on",
    "impose",
    "lay_out",
    "lay_out_cached",
    "print_context",
    "too_large",
    "write_pngs",
    "write_print_file",
]
