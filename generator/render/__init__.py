"""Writers: PDF (reportlab, drawn directly), SVG (jinja2 templates), PNG (pages of the PDF, by pdfium).

The writers decide no geometry: they write the Sheets they are given, role by role in
the same order (art first, cut and crop lines last), so PDF and SVG agree.
"""
