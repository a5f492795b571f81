"""Colour: how sources write it (value.py), the CMYK output profiles a print shop's file is
separated for (profile.py), the separation itself (separation.py) and what colour a PDF is
written in (settings.py). docs/colour.md is the designer's account."""
