"""Pictures on cards (`type: image`): placed, cropped and embedded in every writer, and the
print checks on art. Output is read back: the PDF parsed with pypdf and rendered with
pypdfium2, the SVG parsed."""

import os
from functools import partial
from pathlib import Path
from xml.etree import ElementTree

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from generator.cli import main
from generator.findings import Severity
from generator.layout import context, images
from generator.layout.context import IconFinder, LayoutContext, find_icon
from generator.layout.images import Card, draw_image, effective_dpi, find_art, into_bleed, placed
from generator.layout.scene import Group, Icon
from generator.layout.scene import Image as ImageItem
from generator.render.pdf import write_pdf
from generator.render.svg import render_svg
from generator.sheets.model import Sheet
from generator.sources.art import Art
from generator.sources.errors import Loc, SourceError
from generator.sources.frozen import LocMap
from generator.sources.game import Game
from generator.sources.layout_model import ImageElement

SVG = "{http://www.w3.org/2000/svg}"
DPI = 100
#: Poker card 63.5 x 88.9 mm with 3 mm bleed; the grid starts at the sheet's inset.
CARD_W, CARD_H = 63.5, 88.9


def cli(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def deck(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert cli("new", "deck").exit_code == 0
    (tmp_path / "deck" / "art").mkdir(exist_ok=True)
    return tmp_path / "deck"


def halves(path: Path, size=(900, 600), left=(255, 0, 0), right=(0, 0, 255), mode="RGB", **save) -> Path:
    """A picture whose left half is one colour and right half another."""
    image = Image.new(mode, size, left if mode != "CMYK" else (0, 255, 255, 0))
    image.paste(right if mode != "CMYK" else (255, 255, 0, 0), (size[0] // 2, 0, size[0], size[1]))
    image.save(path, **save)
    return path


def write_deck(deck: Path, elements: str, items: str = "  - {title: A}\n") -> None:
    (deck / "layouts" / "pictured.yaml").write_text(f"extends: card\nelements:\n{elements}")
    (deck / "cards.yaml").write_text(f"kind: card\nlayout: pictured\nitems:\n{items}")


def build(deck: Path, out: Path, fmt: str = "pdf,svg"):
    return cli("build", str(deck), "--out", str(out), "--format", fmt, "--no-checklist", "--duplex", "off")


def rendered(pdf: Path, page: int = 0) -> Image.Image:
    return pdfium.PdfDocument(pdf)[page].render(scale=DPI / 72).to_pil().convert("RGB")


def card_origin(svg: Path) -> tuple[float, float]:
    """The first card's top-left corner on the sheet, from the SVG's card group."""
    for group in ElementTree.parse(svg).iter(f"{SVG}g"):
        transform = group.get("transform", "")
        if transform.startswith("matrix(1 0 0 1 "):
            x, y = transform.removeprefix("matrix(1 0 0 1 ").rstrip(")").split()
            return float(x), float(y)
    raise AssertionError("no card group")


def pixel(image: Image.Image, origin: tuple[float, float], x: float, y: float) -> tuple[int, int, int]:
    """The rendered colour at card position (x, y) mm."""
    return image.getpixel((round((origin[0] + x) / 25.4 * DPI), round((origin[1] + y) / 25.4 * DPI)))


def near(colour, expected, tolerance=40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=True))


def image_xobjects(pdf: Path) -> set:
    """Every distinct image XObject the PDF's pages and forms refer to."""
    found = set()

    def walk(resources):
        for ref in (resources or {}).get("/XObject", {}).values():
            obj = ref.get_object()
            if obj["/Subtype"] == "/Image":
                found.add(ref.idnum)
            else:
                walk(obj.get("/Resources"))

    for page in PdfReader(pdf).pages:
        walk(page.get("/Resources"))
    return found


# --- placing pictures ----------------------------------------------------------------------------


def test_cover_fills_the_box_and_crops_by_align_contain_shows_it_whole(deck, tmp_path):
    halves(deck / "art" / "wide.png")  # 3:2, red left, blue right
    write_deck(
        deck,
        "  cover: {type: image, file: art/wide.png, x: 10mm, y: 20mm, width: 20mm, height: 20mm, align: right}\n"
        "  contain: {type: image, file: art/wide.png, x: 10mm, y: 50mm, width: 30mm, height: 30mm, fit: contain}\n",
    )
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    out = tmp_path / "out" / "deck"
    image, origin = rendered(out / "deck.pdf"), card_origin(out / "svg" / "deck-sheet-01.svg")
    # cover keeps the right-hand part: the right half's blue fills all but the box's left third
    assert near(pixel(image, origin, 12, 30), (255, 0, 0))
    assert near(pixel(image, origin, 20, 30), (0, 0, 255))
    assert near(pixel(image, origin, 28, 30), (0, 0, 255))
    assert near(pixel(image, origin, 31, 30), (255, 255, 255))  # cropped at the box
    # contain: 30 x 20 mm centred in the 30 x 30 box, white above and below
    assert near(pixel(image, origin, 15, 53), (255, 255, 255))
    assert near(pixel(image, origin, 15, 60), (255, 0, 0))
    assert near(pixel(image, origin, 35, 60), (0, 0, 255))
    assert near(pixel(image, origin, 15, 78), (255, 255, 255))
    # the SVG places the same boxes
    uses = [
        u for u in ElementTree.parse(out / "svg" / "deck-sheet-01.svg").iter(f"{SVG}use") if "art-" in u.get("href")
    ]
    boxes = sorted(tuple(float(u.get(k)) for k in ("x", "y", "width", "height")) for u in uses)
    assert boxes == [(0.0, 20.0, 30.0, 20.0), (10.0, 55.0, 30.0, 20.0)]


def test_a_box_on_the_cards_edge_runs_into_the_bleed(deck, tmp_path):
    halves(deck / "art" / "wide.png", left=(0, 128, 0), right=(0, 128, 0))
    write_deck(deck, "  top: {type: image, file: art/wide.png, x: 0mm, y: 0mm, width: 63.5mm, height: 30mm}\n")
    assert build(deck, tmp_path / "out").exit_code == 0
    svg = tmp_path / "out" / "deck" / "svg" / "deck-sheet-01.svg"
    use = next(u for u in ElementTree.parse(svg).iter(f"{SVG}use") if "art-" in u.get("href"))
    clip = next(ElementTree.parse(svg).iter(f"{SVG}clipPath"))[0]
    assert [float(clip.get(k)) for k in ("x", "y", "width", "height")] == [-3, -3, 69.5, 33]
    assert float(use.get("x")) == -3 and float(use.get("width")) == 69.5
    image, origin = rendered(tmp_path / "out" / "deck" / "deck.pdf"), card_origin(svg)
    assert near(pixel(image, origin, -2, -2), (0, 128, 0))  # in the bleed
    assert near(pixel(image, origin, 30, 32), (255, 255, 255))  # the bottom is not on an edge


def test_each_picture_is_embedded_once_however_many_cards_show_it(deck, tmp_path):
    Image.effect_noise((600, 800), 60).convert("RGB").save(deck / "art" / "noise.png")
    halves(deck / "art" / "other.png")
    element = "  art: {type: image, field: art, x: 0mm, y: 0mm, width: 63.5mm, height: 88.9mm}\n"
    write_deck(deck, element, "  - {title: A, art: art/noise.png, count: 30}\n  - {title: B, art: art/other.png}\n")
    assert build(deck, tmp_path / "out", "pdf").exit_code == 0
    pdf = tmp_path / "out" / "deck" / "deck.pdf"
    assert len(image_xobjects(pdf)) == 2
    picture = (deck / "art" / "noise.png").stat().st_size
    assert pdf.stat().st_size < 1.2 * picture + 100_000
    assert build(deck, tmp_path / "again", "pdf,svg,png").exit_code == 0
    assert build(deck, tmp_path / "once more", "pdf,svg,png").exit_code == 0
    written = sorted(p.relative_to(tmp_path / "again") for p in (tmp_path / "again" / "deck").rglob("*.*"))
    assert written and all(
        (tmp_path / "again" / p).read_bytes() == (tmp_path / "once more" / p).read_bytes() for p in written
    )  # byte for byte the same


def test_transparency_jpeg_orientation_cmyk_and_webp(deck, tmp_path):
    transparent = Image.new("RGBA", (600, 600), (0, 0, 255, 0))
    transparent.paste((0, 0, 255, 255), (0, 0, 300, 600))
    transparent.save(deck / "art" / "half.png")
    # stored 600 wide and 900 tall, red on top: EXIF orientation 6 turns it a quarter clockwise,
    # so it shows 900 wide and 600 tall with the red on the right
    stored = Image.new("RGB", (600, 900), (0, 0, 255))
    stored.paste((255, 0, 0), (0, 0, 600, 450))
    exif = Image.Exif()
    exif[0x0112] = 6
    stored.save(deck / "art" / "turned.jpg", exif=exif, quality=95)
    halves(deck / "art" / "cmyk.jpg", mode="CMYK", quality=95)
    halves(deck / "art" / "web.webp", lossless=True)
    element = "  art: {type: image, field: art, x: 10mm, y: 20mm, width: 30mm, height: 20mm, fit: stretch}\n"
    write_deck(
        deck,
        "  under: {type: rect, x: 10mm, y: 20mm, width: 30mm, height: 20mm, fill: '#ffff00'}\n" + element,
        "".join(
            f"  - {{title: {n}, art: art/{name}}}\n" for n, name in enumerate(["half.png", "turned.jpg", "cmyk.jpg"])
        )
        + "  - {title: w, art: art/web.webp}\n",
    )
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    out = tmp_path / "out" / "deck"
    image, origin = rendered(out / "deck.pdf"), card_origin(out / "svg" / "deck-sheet-01.svg")
    step = CARD_W  # the cards butt: the next card is one card width to the right
    assert near(pixel(image, origin, 15, 30), (0, 0, 255))
    assert near(pixel(image, origin, 35, 30), (255, 255, 0))  # the yellow under the transparent half
    assert near(pixel(image, origin, step + 15, 30), (0, 0, 255))
    assert near(pixel(image, origin, step + 35, 30), (255, 0, 0))
    assert near(pixel(image, origin, 2 * step + 15, 30), (255, 0, 0), 60)  # CMYK magenta and yellow
    assert near(pixel(image, origin, 2 * step + 35, 30), (0, 0, 255), 60)  # CMYK cyan and magenta
    assert near(pixel(image, (origin[0], origin[1] + CARD_H), 15, 30), (255, 0, 0))  # WebP, on the second row
    svg = (out / "svg" / "deck-sheet-01.svg").read_text()
    assert svg.count("data:image/png;base64,") == 4  # the PNG as it is; turned JPEG, CMYK and WebP re-encoded
    assert "data:image/webp" not in svg and "data:image/jpeg" not in svg


def test_svg_art_stays_vector(deck, tmp_path):
    (deck / "art" / "mark.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10">'
        '<rect width="20" height="10" fill="#00ff00"/></svg>'
    )
    write_deck(deck, "  mark: {type: image, file: art/mark.svg, x: 10mm, y: 20mm, width: 20mm, height: 20mm}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    out = tmp_path / "out" / "deck"
    assert not image_xobjects(out / "deck.pdf")  # vector paths, no raster
    image, origin = rendered(out / "deck.pdf"), card_origin(out / "svg" / "deck-sheet-01.svg")
    assert near(pixel(image, origin, 20, 30), (0, 255, 0))
    assert "data:image/svg+xml;base64," in (out / "svg" / "deck-sheet-01.svg").read_text()


def test_an_edited_picture_is_drawn_again(deck, tmp_path):
    halves(deck / "art" / "p.png", left=(255, 0, 0), right=(255, 0, 0))
    write_deck(deck, "  p: {type: image, file: art/p.png, x: 10mm, y: 20mm, width: 20mm, height: 20mm}\n")
    out = tmp_path / "out"
    assert build(deck, out, "pdf,svg,png").exit_code == 0
    first = (out / "deck" / "deck.pdf").read_bytes()
    halves(deck / "art" / "p.png", left=(0, 0, 255), right=(0, 0, 255))
    assert build(deck, out, "pdf,svg,png").exit_code == 0
    assert (out / "deck" / "deck.pdf").read_bytes() != first
    front = out / "deck" / "png" / "deck-sheet-01.png"
    svg = out / "deck" / "svg" / "deck-sheet-01.svg"
    preview = Image.open(front).convert("RGB")
    x, y = card_origin(svg)
    scale = preview.width / 215.9 if preview.width < preview.height else preview.width / 279.4
    assert near(preview.getpixel((round((x + 20) * scale), round((y + 30) * scale))), (0, 0, 255))


def test_cards_sharing_a_picture_are_all_drawn_again_when_it_is_edited(deck, tmp_path, monkeypatch):
    """A pass looks each picture's name up and reads it once, however many cards show it,
    and every card's drawing still knows the file it shows: after the picture is edited, a
    rebuild draws each of those cards with the new picture, not only the first."""
    halves(deck / "art" / "p.png", left=(255, 0, 0), right=(255, 0, 0))
    element = "  art: {type: image, field: art, x: 0mm, y: 0mm, width: 63.5mm, height: 88.9mm}\n"
    write_deck(deck, element, "".join(f"  - {{title: {t}, art: art/p.png}}\n" for t in "ABC"))
    looked_up = []
    monkeypatch.setattr(images, "find_art", partial(_counted, looked_up, images.find_art))
    out = tmp_path / "out"
    assert build(deck, out, "pdf").exit_code == 0
    assert looked_up == ["art/p.png"]
    halves(deck / "art" / "p.png", left=(0, 0, 255), right=(0, 0, 255))
    assert build(deck, out, "pdf").exit_code == 0
    pdf = out / "deck" / "deck.pdf"
    assert len(image_xobjects(pdf)) == 1
    page = rendered(pdf)
    colours = page.getcolors(maxcolors=page.width * page.height)
    blue = sum(count for count, (r, g, b) in colours if b > 200 and r < 60 and g < 60)
    red = sum(count for count, (r, g, b) in colours if r > 200 and g < 60 and b < 60)
    assert red == 0 and blue > 3 * 0.5 * page.width * page.height / 9  # three cards' worth, and no red


def _counted(calls: list, find, folder, name, loc, seen):
    calls.append(name)
    return find(folder, name, loc, seen)


# --- print checks on art -------------------------------------------------------------------------


def test_a_coarse_picture_is_a_warning_with_its_size_and_dpi(deck, tmp_path):
    halves(deck / "art" / "small.png", size=(200, 200))
    write_deck(deck, "  p: {type: image, file: art/small.png, x: 10mm, y: 20mm, width: 25.4mm, height: 25.4mm}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0
    assert (
        "deck/layouts/pictured.yaml:3:26: warning [L010] image 'art/small.png' is 200 x 200 px: 200 dpi printed at "
        "25.4 x 25.4 mm" in result.output
    )
    halves(deck / "art" / "small.png", size=(300, 300))
    assert "L010" not in build(deck, tmp_path / "out").output


def bad_svg(deck: Path, text: str) -> str:
    (deck / "art" / "bad.svg").write_text(text)
    return "art/bad.svg"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda deck: "art/none.png", "'art/none.png' does not exist: expected a PNG, JPEG, WebP or SVG file"),
        (lambda deck: "../outside.png", "'../outside.png' leads outside deck"),
        (lambda deck: "/etc/hostname", "'/etc/hostname' must be a path inside deck, not absolute"),
        (lambda deck: (deck / "art" / "text.png").write_text("hello") and "art/text.png", "is not an image"),
        (
            lambda deck: (
                (deck / "art" / "cut.png").write_bytes(halves(deck / "art" / "whole.png").read_bytes()[:900])
                and "art/cut.png"
            ),
            "'art/cut.png' is damaged: image file is truncated",
        ),
        (
            lambda deck: bad_svg(
                deck,
                '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"/>',
            ),
            "declares a DTD or entities",
        ),
        (
            lambda deck: bad_svg(
                deck,
                '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><image href="http://example.com/a.png"/></svg>',
            ),
            "refers to 'http://example.com/a.png' outside itself",
        ),
    ],
)
def test_a_picture_that_cannot_be_used_is_an_error_at_the_place_naming_it(deck, tmp_path, make, message):
    (tmp_path / "outside.png").write_bytes(b"")
    name = make(deck)
    element = "  p: {type: image, field: art, x: 10mm, y: 20mm, width: 20mm, height: 20mm}\n"
    write_deck(deck, element, f"  - {{title: A, art: '{name}'}}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2  # bad input, as every source a build cannot use
    assert f"deck/cards.yaml:4:21: error [L009] image file {name!r}" in result.output
    assert message in result.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_a_symlink_out_of_the_game_folder_is_refused(deck, tmp_path):
    halves(tmp_path / "elsewhere.png")
    os.symlink(tmp_path / "elsewhere.png", deck / "art" / "link.png")
    write_deck(deck, "  p: {type: image, file: art/link.png, x: 10mm, y: 20mm, width: 20mm, height: 20mm}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2  # bad input, as every source a build cannot use
    assert "deck/layouts/pictured.yaml:3:26: error [L009] image file 'art/link.png' leads outside" in result.output


def test_a_cell_naming_a_missing_picture_is_the_place(deck, tmp_path):
    (deck / "cards.csv").write_text("title,art\nA,\nB,art/gone.png\n")
    (deck / "layouts" / "pictured.yaml").write_text(
        "extends: card\nelements:\n  p: {type: image, field: art, x: 10mm, y: 20mm, width: 20mm, height: 20mm}\n"
    )
    (deck / "cards.yaml").write_text("kind: card\nlayout: pictured\ndata: cards.csv\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2  # bad input, as every source a build cannot use
    assert "deck/cards.csv:3:2: error [L009] image file 'art/gone.png' does not exist" in result.output


def test_a_decompression_bomb_is_refused(deck, tmp_path, monkeypatch):
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 10_000)  # the warning threshold: 10,000 px
    halves(deck / "art" / "big.png", size=(150, 100))  # 15,000 px: over it, under twice it
    write_deck(deck, "  p: {type: image, file: art/big.png, x: 10mm, y: 20mm, width: 20mm, height: 20mm}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2  # bad input, as every source a build cannot use
    assert "error [L009] image file 'art/big.png' is refused as a decompression bomb" in result.output


@pytest.mark.parametrize(
    ("element", "message"),
    [
        ("{type: image, x: 0mm, y: 0mm, width: 5mm, height: 5mm}", "image element 'p' needs 'file' (a picture)"),
        ("{type: text, text: hi, fit: cover, x: 0mm, y: 0mm, width: 5mm, height: 5mm}", "'fit' belongs to image"),
        ("{type: text, text: hi, align: top, x: 0mm, y: 0mm, width: 5mm, height: 5mm}", "aligns left, center, right"),
    ],
)
def test_image_keys_are_checked_at_their_place(deck, tmp_path, element, message):
    write_deck(deck, f"  p: {element}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    assert message in result.output and "deck/layouts/pictured.yaml:3:" in result.output


# --- icons keep their shape ----------------------------------------------------------------------


def test_an_icon_in_a_box_not_its_shape_keeps_its_aspect_in_the_pdf_and_the_svg(tmp_path):
    icons = tmp_path / "icons"
    icons.mkdir()
    (icons / "bar.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">'
        '<rect width="20" height="10" fill="#ff0000"/></svg>'
    )
    sheet = Sheet(100, 100, items=[Icon("bar", 10, 10, 40, 40)])
    icon_path = partial(find_icon, icon_dirs=[icons])
    write_pdf([sheet], tmp_path / "icon.pdf", "", icon_path)
    image = rendered(tmp_path / "icon.pdf")
    red = [(x, y) for y in range(image.height) for x in range(image.width) if near(image.getpixel((x, y)), (255, 0, 0))]
    xs, ys = [x for x, _ in red], [y for _, y in red]
    drawn = [v / DPI * 25.4 for v in (min(xs), min(ys), max(xs) + 1, max(ys) + 1)]
    # the SVG: a 2:1 symbol in a square <use> is shown "xMidYMid meet", 40 x 20 mm centred
    svg = ElementTree.fromstring(render_svg(sheet, "", icon_path))
    symbol = next(svg.iter(f"{SVG}symbol"))
    assert (
        symbol.get("viewBox") == "0 0 20 10" and symbol.get("preserveAspectRatio", "xMidYMid meet") == "xMidYMid meet"
    )
    use = next(svg.iter(f"{SVG}use"))
    x, y, w, h = (float(use.get(k)) for k in ("x", "y", "width", "height"))
    scale = min(w / 20, h / 10)
    expected = [x + (w - 20 * scale) / 2, y + (h - 10 * scale) / 2, x + (w + 20 * scale) / 2, y + (h + 10 * scale) / 2]
    assert drawn == pytest.approx(expected, abs=0.3)
    assert expected == [10, 20, 50, 40]


def test_an_icon_is_written_once_and_drawn_by_reference_wherever_it_stands(tmp_path):
    """As the SVG's <symbol>s: each icon file is one form XObject in the PDF, whose every
    use on every page draws it, each where its box says."""
    icons = tmp_path / "icons"
    icons.mkdir()
    for name, colour in (("red", "#ff0000"), ("blue", "#0000ff")):
        square = f'<rect width="10" height="10" fill="{colour}"/>'
        svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{square}</svg>'
        (icons / f"{name}.svg").write_text(svg)
    boxes = [(10, 10), (60, 10), (10, 60)]
    sheets = [
        Sheet(100, 100, items=[Icon("red", x, y, 20, 20) for x, y in boxes] + [Icon("blue", 60, 60, 20, 20)]),
        Sheet(100, 100, items=[Icon("red", 40, 40, 20, 20)]),
    ]
    write_pdf(sheets, tmp_path / "icons.pdf", "", partial(find_icon, icon_dirs=[icons]))
    reader = PdfReader(tmp_path / "icons.pdf")
    forms, drawn = {}, []
    for page in reader.pages:
        xobjects = page["/Resources"]["/XObject"]
        forms.update({name: xobjects.raw_get(name).idnum for name in xobjects})
        drawn.append(page.get_contents().get_data().decode("latin-1").count(" Do"))
    assert drawn == [4, 1]
    assert len(set(forms.values())) == 2  # one object for each icon, on both pages
    assert all(reader.get_object(idnum)["/Subtype"] == "/Form" for idnum in forms.values())
    first, second = rendered(tmp_path / "icons.pdf"), rendered(tmp_path / "icons.pdf", 1)
    page = (0, 0)  # the boxes are placed from the top left corner of the page
    for x, y in boxes:
        assert near(pixel(first, page, x + 10, y + 10), (255, 0, 0))
    assert near(pixel(first, page, 70, 70), (0, 0, 255))
    assert near(pixel(second, page, 50, 50), (255, 0, 0)) and near(pixel(second, page, 20, 20), (255, 255, 255))


# --- where a picture goes, computed directly -------------------------------------------------------


WIDE = Art(Path("wide.png"), "0" * 64, 900, 600, False)  # 3:2, as halves() makes it


def test_placed_cover_contain_and_stretch_worked_by_hand():
    # cover a 20 mm square with a 3:2 picture: scaled to 30 x 20, the right edge kept (align right)
    assert placed(WIDE, (10, 20, 20, 20), "cover", "right") == pytest.approx((0, 20, 30, 20))
    assert placed(WIDE, (10, 20, 20, 20), "cover", "center") == pytest.approx((5, 20, 30, 20))
    # contain it in a 30 mm square: 30 x 20, centred, 5 mm spare above and below
    assert placed(WIDE, (10, 50, 30, 30), "contain", "center") == pytest.approx((10, 55, 30, 20))
    assert placed(WIDE, (10, 50, 30, 30), "contain", "bottom-left") == pytest.approx((10, 60, 30, 20))
    assert placed(WIDE, (1, 2, 3, 4), "stretch", "center") == (1, 2, 3, 4)


def test_a_box_side_on_the_cards_edge_moves_out_to_the_bleed():
    card = Card(63.5, 88.9, 3.0)
    assert into_bleed((0, 0, 63.5, 30), card) == pytest.approx((-3, -3, 69.5, 33))
    assert into_bleed((10, 50, 53.5, 38.9), card) == pytest.approx((10, 50, 56.5, 41.9))  # right and bottom
    assert into_bleed((10, 10, 5, 5), card) == (10, 10, 5, 5)  # on no edge: as it is


def test_effective_dpi_is_the_coarser_direction_at_the_printed_size():
    art = Art(Path("a.png"), "0" * 64, 600, 300, False)
    assert effective_dpi(art, (0, 0, 50.8, 25.4)) == pytest.approx(300)  # 600 px over 2 in, 300 over 1 in
    assert effective_dpi(art, (0, 0, 50.8, 50.8)) == pytest.approx(150)  # stretched: 300 px over 2 in


def image_element(**fields) -> ImageElement:
    return ImageElement(name="art", x=0, y=0, width=63.5, height=40, loc=Loc("layout.yaml", 3, 3), **fields)


def test_draw_image_crops_a_cover_to_its_box_and_reports_a_coarse_picture(tmp_path):
    halves(tmp_path / "wide.png", size=(90, 60))  # far too coarse for 63.5 mm
    ctx = LayoutContext(Game(tmp_path, "T", "none", LocMap()))
    card = Card(63.5, 88.9, 3.0)
    element = image_element(file="wide.png", source_loc=Loc("layout.yaml", 3, 20))
    (group,) = draw_image(element, LocMap(), ctx, card, element.box)
    # the box touches the top, left and right edges: it runs into the bleed, and the picture
    # (scaled to cover 69.5 x 43 mm at 3:2) is clipped to it
    assert isinstance(group, Group) and group.clip == pytest.approx((-3, -3, 69.5, 43))
    (image,) = group.items
    assert isinstance(image, ImageItem) and (image.w, image.h) == pytest.approx((69.5, 69.5 * 2 / 3))
    (finding,) = ctx.findings
    assert (finding.code, finding.severity, finding.loc) == ("L010", Severity.WARNING, element.source_loc)
    assert "90 x 60 px" in finding.message
    assert ctx.art_files == {tmp_path / "wide.png"}


def test_a_missing_layout_picture_is_one_finding_however_many_cards_show_it(tmp_path):
    ctx = LayoutContext(Game(tmp_path, "T", "none", LocMap()))
    element = image_element(file="art/none.png", source_loc=Loc("layout.yaml", 3, 20))
    for _ in range(3):
        assert draw_image(element, LocMap(), ctx, Card(63.5, 88.9, 0), element.box) == []
    (finding,) = ctx.findings
    assert finding.code == "L009" and "does not exist" in finding.message


def test_find_art_refuses_a_path_out_of_the_game_folder(tmp_path):
    (tmp_path / "game").mkdir()
    halves(tmp_path / "outside.png")
    seen: set[Path] = set()
    found = find_art(tmp_path / "game", "../outside.png", Loc("cards.yaml", 2, 9), seen)
    assert found.code == "L009" and "leads outside" in found.message
    assert seen == set()  # never looked at
    inside = find_art(tmp_path, "outside.png", Loc("cards.yaml", 2, 9), seen)
    assert isinstance(inside, Art) and inside.pixels == (900, 600)


def test_an_icon_finder_looks_each_name_up_once_and_refuses_a_bad_icon_each_time(tmp_path, monkeypatch):
    """A build asks for an inline icon wherever a text names it; its file is found (in the
    first folder holding it) and checked as art once. An icon that leads out of its folder
    is an error every time it is asked for, not only the first."""
    own, shipped, outside = tmp_path / "own", tmp_path / "shipped", tmp_path / "outside"
    for folder in (own, shipped, outside):
        folder.mkdir()
    square = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'
    for path in (own / "star.svg", shipped / "star.svg", shipped / "coin.svg", outside / "far.svg"):
        path.write_text(square)
    (own / "far.svg").symlink_to(outside / "far.svg")
    checked = []
    read = context.read_art
    monkeypatch.setattr(context, "read_art", lambda path: checked.append(path) or read(path))
    icons = IconFinder([own, shipped])
    for _ in range(3):
        assert [icons("star"), icons("coin"), icons("none")] == [own / "star.svg", shipped / "coin.svg", None]
    assert checked == [own / "star.svg", shipped / "coin.svg"]
    for _ in range(2):
        with pytest.raises(SourceError, match="leads outside"):
            icons("far")
