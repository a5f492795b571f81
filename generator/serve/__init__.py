"""The live preview of `cutsheet serve`: a page on 127.0.0.1 that rebuilds on every edit.

preview.py builds one game's preview (faces as SVG, findings placed beside their
component, the PDF); content.py renders it as blocks, and what changed between two
versions of it; server.py serves it, watches the sources and pushes every rebuild.
"""
