"""cutsheet: YAML game components to print-ready PDF and SVG sheets, with rules checks."""
