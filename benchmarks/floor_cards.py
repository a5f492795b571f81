"""The floor the build benchmarks measure cutsheet against: the same cards drawn by bare
reportlab (a canvas, a Paragraph a card, 9 to a page, DejaVu embedded), from data already
parsed. It imports reportlab alone, so that run as a script it is the whole process a
minimal reportlab program would be:

    python benchmarks/floor_cards.py ITEMS.json OUT.pdf FONTS_DIR

ITEMS.json holds the deck's items (title and text each), as a build reads them from its YAML.
"""

import json
import sys
from pathlib import Path

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas
from reportlab.platypus import Paragraph


def register_fonts(fonts: Path) -> None:
    """The faces the cards are drawn in, registered with reportlab as such a script would."""
    for name in ("DejaVuSans", "DejaVuSans-Bold"):
        pdfmetrics.registerFont(TTFont(name, str(fonts / f"{name}.ttf")))


def draw_cards(items: list[dict], pdf: Path) -> None:
    """The cards, 9 to a Letter page, each a frame, its title and its text wrapped."""
    body = ParagraphStyle("body", fontName="DejaVuSans", fontSize=9, leading=10.8)
    c = canvas.Canvas(str(pdf), invariant=1, pageCompression=1)
    w, h = 63.5 * mm, 88.9 * mm
    for n, item in enumerate(items):
        if n and n % 9 == 0:
            c.showPage()
        col, row = n % 9 % 3, n % 9 // 3
        x, y = 13 * mm + col * w, 792 - 13 * mm - (row + 1) * h
        c.rect(x, y, w, h)
        c.setFont("DejaVuSans-Bold", 11)
        c.drawString(x + 4 * mm, y + h - 10 * mm, item["title"])
        paragraph = Paragraph(item["text"], body)
        _, used = paragraph.wrap(w - 8 * mm, 50 * mm)
        paragraph.drawOn(c, x + 4 * mm, y + h - 17 * mm - used)
    c.save()


if __name__ == "__main__":
    items_json, out, fonts = map(Path, sys.argv[1:4])
    register_fonts(fonts)
    draw_cards(json.loads(items_json.read_text()), out)
