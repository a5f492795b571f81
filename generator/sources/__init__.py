"""Source files: YAML loading with positions, schemas, layouts with `extends`."""

from generator.sources.errors import Loc, SourceError
from generator.sources.loader import LocDict, LocList, load_yaml

__all__ = ["Loc", "LocDict", "LocList", "SourceError", "load_yaml"]
