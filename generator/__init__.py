"""cutsheet: YAML game components to print-ready PDF and SVG sheets, with rules checks."""

from pathlib import Path

#: The folder holding the shipped components/, layouts/ and fonts/.
PROJECT_ROOT = Path(__file__).resolve().parent.parent
