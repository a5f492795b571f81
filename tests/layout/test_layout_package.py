"""The layout package is what its docstring says: each concern it names (text fitting,
font metrics, elements, Scenes) is a module of its folder holding that concern's entry
point, and a text element becomes Scene text wrapped by the font's real widths (measured
here by shaping the words with HarfBuzz straight from the font file, kerning included)."""

import importlib
from pathlib import Path

import pytest
import uharfbuzz as hb

import generator.layout
from generator.layout.context import LayoutContext
from generator.layout.elements import draw_elements
from generator.layout.images import Card
from generator.layout.scene import Text
from generator.sources.fonts import shipped_book
from generator.sources.frozen import LocMap
from generator.sources.game import Game
from generator.sources.layouts import load_layout

#: Each concern the package's docstring names, the module holding it and its entry point.
CONCERNS = {
    "text fitting": ("text", "fit_text"),
    "font metrics": ("text", "line_width"),
    "elements": ("elements", "draw_elements"),
    "Scenes": ("scene", "Scene"),
}


def test_each_concern_the_package_names_is_a_module_of_it():
    doc = generator.layout.__doc__
    folder = Path(generator.layout.__file__).parent
    for phrase, (module, name) in CONCERNS.items():
        assert phrase in doc, phrase
        assert (folder / f"{module}.py").is_file(), module
        assert callable(getattr(importlib.import_module(f"{generator.layout.__name__}.{module}"), name))


def advance_mm(text: str, font: str, size: float) -> float:
    """The text's width as HarfBuzz shapes it from the font file, at `size` mm."""
    face = hb.Face(shipped_book().face(font, None).path.read_bytes())
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(hb.Font(face), buffer, {})
    return sum(p.x_advance for p in buffer.glyph_positions) * size / face.upem


def test_an_element_becomes_scene_text_fitted_with_the_fonts_real_widths(tmp_path):
    (tmp_path / "narrow.yaml").write_text(
        "size: {width: 30mm, height: 40mm}\n"
        "elements:\n"
        "  body: {type: text, field: body, x: 2mm, y: 2mm, width: 20mm, height: 30mm, size: 9pt}\n"
    )
    layout = load_layout("narrow", [tmp_path])
    ctx = LayoutContext(Game(tmp_path, "T", "none", LocMap()))
    words = "Wrapped words measured with the metrics of the font"
    lines = draw_elements(layout.elements, LocMap({"body": words}), ctx, "Card", Card(30, 40, 0))
    assert len(lines) > 1 and all(isinstance(line, Text) for line in lines)
    assert " ".join(line.text for line in lines) == words
    for line in lines:
        # the element names no font: each line is set in DejaVu Sans, the default
        assert {shaped.face for _, shaped in line.runs} == {"DejaVuSans"}
        assert line.x == 2 and line.width == pytest.approx(advance_mm(line.text, "DejaVuSans", line.size), abs=1e-6)
        assert line.width <= 20 + 1e-6
    # and each line but the last would overflow with the next line's first word
    for line, after in zip(lines, lines[1:], strict=False):
        longer = f"{line.text} {after.text.split()[0]}"
        assert advance_mm(longer, "DejaVuSans", line.size) > 20
    assert ctx.findings == []
