"""The build: a game's sources laid out (parts), imposed onto sheets (policy, imposition,
front_matter; kept in the build cache by imposed) and written as PDF, SVG and PNG (writers),
step by step in pipeline.

The names callers outside the build use most are importable from the package itself."""

from generator.build.imposition import impose
from generator.build.parts import Laid, context_for, lay_out
from generator.build.pipeline import build_game
from generator.build.result import BuildResult

__all__ = ["BuildResult", "Laid", "build_game", "context_for", "impose", "lay_out"]
