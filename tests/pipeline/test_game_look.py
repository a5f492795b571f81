"""Each shipped game speaks its own design language, read back from its default Letter PDF with
pdfium: the cover's title is set in the title face game.yaml's `look:` names, in its colour,
under the game's emblem; the rules' headings are in the same face and colour; and the
game's cards set their names in that face too."""

import ctypes
import io

import cairosvg
import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image

from generator.games import load_game
from generator.layout.folders import context_for
from tests.conftest import COMPONENTS

GAMES = ["chip-flip", "sliders", "slipmax", "twisty-passages", "whipped"]
PT_MM = 25.4 / 72
DPI = 100


def chars(page) -> list[tuple[str, str, str, float]]:
    """Every character of the page but white space: (character, font name as embedded, fill
    colour as #rrggbb, its top in mm from the page's top)."""
    text = page.get_textpage()
    found = []
    buffer = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    height = page.get_height()
    for k in range(text.count_chars()):
        character = chr(pdfium_c.FPDFText_GetUnicode(text.raw, k))
        if character.isspace():
            continue
        size = pdfium_c.FPDFText_GetFontInfo(text.raw, k, buffer, 256, ctypes.byref(flags))
        name = buffer.raw[: max(0, size - 1)].decode("latin-1")
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        pdfium_c.FPDFText_GetFillColor(text.raw, k, *(ctypes.byref(c) for c in (r, g, b, a)))
        box = text.get_charbox(k)
        colour = f"#{r.value:02x}{g.value:02x}{b.value:02x}"
        found.append((character, name, colour, (height - box[3]) * PT_MM))
    return found


def face_name(game) -> str:
    """The PostScript name of the game's title face (embedded as 'ABCDEF+Name')."""
    return game.fonts.face(game.look.title_font, None).postscript_name


def set_in(found, text: str) -> list[tuple[str, str, str, float]]:
    """The characters of the first run of `text` (its white space left out) on the page."""
    text = "".join(text.split())
    joined = "".join(c for c, *_ in found)
    start = joined.find(text)
    assert start >= 0, f"{text!r} not on the page"
    return found[start : start + len(text)]


@pytest.mark.parametrize("slug", GAMES)
def test_the_cover_title_is_in_the_games_face_and_colour_under_its_emblem(shipped_pdfs, slug):
    game = load_game(COMPONENTS / slug)
    page = pdfium.PdfDocument(shipped_pdfs / slug / f"{slug}.pdf")[0]
    title = set_in(chars(page), game.name)
    fonts = {name.split("+")[-1] for _, name, _, _ in title}
    assert fonts == {face_name(game)}, fonts
    assert {colour for *_, colour, _ in title} == {game.look.colour}
    # The emblem above the title, centred: the ink pdfium renders there is as wide as the
    # icon file's own, drawn by cairosvg into a 30 mm square.
    image = np.asarray(page.render(scale=DPI / 72).to_pil().convert("L"))
    top_mm = min(top for *_, top in title)
    ys, xs = np.nonzero(image[: int((top_mm - 1) / 25.4 * DPI)] < 200)
    assert xs.size, "nothing drawn above the title"
    icon = context_for(game).icon_path(game.look.emblem)
    assert icon is not None
    side = round(30 / 25.4 * DPI)
    own = np.asarray(Image.open(io.BytesIO(cairosvg.svg2png(url=str(icon), output_width=side, output_height=side))))
    own_xs = np.nonzero(own[..., 3] > 55)[1]
    assert (xs.max() - xs.min()) == pytest.approx(own_xs.max() - own_xs.min(), abs=3)
    # The icon's square is centred on the page: its ink sits where it sits in the square.
    expected = page.get_width() * PT_MM / 2 - 15 + (own_xs.max() + own_xs.min()) / 2 / DPI * 25.4
    assert (xs.max() + xs.min()) / 2 / DPI * 25.4 == pytest.approx(expected, abs=1.0)


@pytest.mark.parametrize("slug", GAMES)
def test_the_rules_headings_are_in_the_title_face_and_the_body_is_not(shipped_pdfs, slug):
    game = load_game(COMPONENTS / slug)
    heading = next(block for block in game.rules if block.kind == "heading")
    page = pdfium.PdfDocument(shipped_pdfs / slug / f"{slug}.pdf")[1]
    found = chars(page)
    first = set_in(found, heading.text[:8])
    assert {name.split("+")[-1] for c, name, _, _ in first if not c_is_fallback(c)} == {face_name(game)}
    assert {colour for *_, colour, _ in first} == {game.look.colour}
    body = [name for _, name, _, _ in found if name.split("+")[-1].startswith("DejaVuSans")]
    assert body, "the body text is set in DejaVu Sans"


def c_is_fallback(character: str) -> bool:
    """Characters a title face may lack (set in the chain's DejaVu Sans Bold)."""
    return not character.isalnum()


#: A name each game's cards print (as written: Bebas Neue draws it in capitals).
CARD_NAMES = {
    "sliders": "Earth Prime",
    "twisty-passages": "Tilting Floors",
    "whipped": "Clean Rivers Act",
    "chip-flip": None,
    "slipmax": None,
}


@pytest.mark.parametrize("slug", [slug for slug, name in CARD_NAMES.items() if name])
def test_the_cards_set_their_names_in_the_title_face(shipped_pdfs, slug):
    game = load_game(COMPONENTS / slug)
    document = pdfium.PdfDocument(shipped_pdfs / slug / f"{slug}.pdf")
    wanted = "".join(CARD_NAMES[slug].split())
    for n in range(2, len(document)):
        found = chars(document[n])
        joined = "".join(c for c, *_ in found)
        if wanted in joined and ":rules" not in joined:
            named = set_in(found, wanted)
            assert {name.split("+")[-1] for _, name, _, _ in named} == {face_name(game)}
            return
    pytest.fail(f"no sheet prints {CARD_NAMES[slug]!r}")
