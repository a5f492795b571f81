"""`cutsheet export`: every profile's files read back (pypdf, PIL, json, ElementTree) on a
synthetic poker deck and on Slipmax."""

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

import numpy as np
import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from generator.cli import main
from generator.export.cutter import PTC_MARGIN, REG_INSET, REG_LENGTH, REG_SQUARE
from generator.export.profile import EXPORTS, ExportProfile
from tests.conftest import COMPONENTS, run_build
from tests.pdf_geometry import cut_lines
from tests.pdf_text import page_words

SVG = "{http://www.w3.org/2000/svg}"
PT_PER_IN = 72


def export(source: Path, profile: str, out: Path, *options: str) -> Path:
    result = CliRunner().invoke(
        main, ["export", str(source), "--profile", profile, "--out", str(out), *options], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return out / source.name / profile


def deck(folder: Path, cards: int, back: str | None = "Deck", copies: dict[int, int] | None = None) -> Path:
    """A poker deck of `cards` distinct cards; a shared back word, or B<n> per card when
    back is None; `copies` gives some cards a count."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(f"name: {folder.name.title()}\nengine: none\ncomponents: [cards.yaml]\n")
    lines = []
    for n in range(1, cards + 1):
        count = f", count: {copies[n]}" if copies and n in copies else ""
        lines.append(f"  - {{title: 'Card {n}', text: 'N{n}', back: '{back or f'B{n}'}'{count}}}")
    (folder / "cards.yaml").write_text("kind: card\nlayout: card-two-sided\nitems:\n" + "\n".join(lines) + "\n")
    return folder


@pytest.mark.parametrize(("profile", "size"), [("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122))])
def test_shop_pngs_are_rgb_at_the_shops_poker_size(tmp_path, profile, size):
    out = export(deck(tmp_path / "poker", 3, back=None, copies={2: 4}), profile, tmp_path / "out")
    files = sorted((out / "cards").glob("*.png"))
    # one file per distinct face: copies are printed from one upload
    assert [f.name for f in files] == [f"cards-{n:03d}-{side}.png" for n in (1, 2, 6) for side in ("back", "front")]
    for path in files:
        with Image.open(path) as image:
            assert image.size == size and image.mode == "RGB"
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.001)
    with Image.open(out / "cards" / "cards-001-back.png") as image:
        # the back's tinted background runs into the bleed, to the very edge
        assert image.getpixel((2, 2)) == image.getpixel((size[0] // 2, 40)) != (255, 255, 255)


def test_shop_pngs_are_the_print_pdf_drawn_at_the_shops_size(tmp_path):
    """The Game Crafter's faces are pdfium's drawing of the same faces in the print PDF
    (DriveThruCards' file has the same 1/8 in bleed): the images match the print file but
    for its dieline, 4 px either side of the trim, and its colours' trip through the press
    profile (drawn back by pdfium's plain CMYK to RGB)."""
    source = deck(tmp_path / "poker", 2)
    tgc = export(source, "thegamecrafter", tmp_path / "out")
    dtc = export(source, "drivethrucards", tmp_path / "out")
    document = pypdfium2.PdfDocument(dtc / "cards.pdf")  # the shared back, then the fronts
    pairs = [(0, "cards-back.png"), (1, "cards-001-front.png"), (2, "cards-002-front.png")]
    bleed = round(300 / 8)
    art = np.ones((1125, 825), dtype=bool)
    for edge in (bleed, 1125 - bleed):
        art[edge - 4 : edge + 5, :] = False
    for edge in (bleed, 825 - bleed):
        art[:, edge - 4 : edge + 5] = False
    for page, name in pairs:
        drawn = np.asarray(document[page].render(scale=300 / 72).to_pil().convert("RGB"), dtype=int)
        drawn = drawn[:1125, :825]  # render() rounds the size up: 198.00001 pt is 826 px
        with Image.open(tgc / "cards" / name) as image:
            pixels = np.asarray(image, dtype=int)
        assert pixels.shape == drawn.shape == (1125, 825, 3)
        assert np.abs(pixels - drawn)[art].mean() < 4, name
    with (
        Image.open(tgc / "cards" / "cards-001-front.png") as one,
        Image.open(tgc / "cards" / "cards-002-front.png") as two,
    ):
        assert np.abs(np.asarray(one, dtype=int) - np.asarray(two, dtype=int)).mean() > 0.05  # N1 is not N2


@pytest.mark.parametrize("profile", ["thegamecrafter", "tts"])
def test_exported_images_are_the_same_bytes_whatever_the_number_of_workers(tmp_path, monkeypatch, profile):
    """Each worker draws its images from a PDF of its own run of faces: how the faces are
    split between workers must not show in a single byte."""
    source = deck(tmp_path / "poker", 20, back=None)
    written = {}
    for cores in (1, 3):
        monkeypatch.setattr("generator.export.raster.available_cores", lambda cores=cores: cores)
        out = export(source, profile, tmp_path / f"out{cores}")
        written[cores] = {path.relative_to(out): path.read_bytes() for path in sorted(out.rglob("*.png"))}
    assert len(written[1]) >= 2 and written[1] == written[3]


def test_drivethrucards_pdf_has_one_face_per_page_with_trim_and_bleed_boxes(tmp_path):
    out = export(deck(tmp_path / "poker", 4), "drivethrucards", tmp_path / "out")
    reader = PdfReader(out / "cards.pdf")
    assert len(reader.pages) == 5  # the shared back, then the four fronts
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 2.75 * 72, 3.75 * 72], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 2.75 * 72, 3.75 * 72], abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, 9 + 2.5 * 72, 9 + 3.5 * 72], abs=0.01)
        fonts = [font.get_object() for font in page["/Resources"]["/Font"].values()]
        assert fonts
        for font in fonts:  # each face a Type0 font of glyph ids, its program embedded
            assert (font["/Subtype"], font["/Encoding"]) == ("/Type0", "/Identity-H")
            (descendant,) = (cid.get_object() for cid in font["/DescendantFonts"])
            assert "/FontFile2" in descendant["/FontDescriptor"].get_object()
            assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSans(-Bold)?", str(font["/BaseFont"]))  # a subset
    words = [[w.text for w in page] for page in page_words(out / "cards.pdf")]
    assert words[0] == ["Deck"]
    assert [next(w for w in page if w.startswith("N")) for page in words[1:]] == ["N1", "N2", "N3", "N4"]


def test_drivethrucards_pairs_differing_backs_with_their_fronts(tmp_path):
    out = export(deck(tmp_path / "poker", 2, back=None), "drivethrucards", tmp_path / "out")
    firsts = [page[0].text for page in page_words(out / "cards.pdf")]
    assert firsts == ["B1", "Card", "B2", "Card"]


def test_tts_saved_object_read_back_against_its_sheets(tmp_path):
    out = export(deck(tmp_path / "big", 75, copies={3: 2}), "tts", tmp_path / "out")
    saved = json.loads((out / "big.json").read_text())
    (obj,) = saved["ObjectStates"]
    assert obj["Name"] == "DeckCustom"
    cards = obj["ContainedObjects"]
    assert len(cards) == 76  # 75 cards, one of them twice
    assert obj["DeckIDs"] == [c["CardID"] for c in cards]
    assert [c["Nickname"] for c in cards[:4]] == ["Card 1", "Card 2", "Card 3", "Card 3"]
    assert cards[2]["CardID"] == cards[3]["CardID"]  # copies share a slot
    custom = obj["CustomDeck"]
    assert sorted(custom) == ["1", "2"]  # 75 distinct faces: more than one 10 x 7 sheet
    slots = {}
    for key, entry in custom.items():
        assert set(entry) >= {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack"}
        assert entry["NumWidth"] <= 10 and entry["NumHeight"] <= 7
        assert entry["BackIsHidden"] is True and entry["UniqueBack"] is False
        for url in (entry["FaceURL"], entry["BackURL"]):
            assert url.startswith("file:///") and local(url).is_file() and local(url).parent == out.resolve()
        with Image.open(local(entry["FaceURL"])) as image:
            w, h = image.size
            assert w % entry["NumWidth"] == 0 and h % entry["NumHeight"] == 0
            card_w, card_h = w // entry["NumWidth"], h // entry["NumHeight"]
            assert card_w / card_h == pytest.approx(63.5 / 88.9, abs=0.01)
            assert max(w, h) <= 4096
        slots[int(key)] = entry["NumWidth"] * entry["NumHeight"]
    for card in cards:
        deck_id, slot = divmod(card["CardID"], 100)
        assert slot < slots[deck_id]
        assert card["CustomDeck"] == {str(deck_id): custom[str(deck_id)]}
    assert {divmod(c["CardID"], 100)[0] for c in cards} == {1, 2}
    assert sum(1 for c in cards if c["CardID"] // 100 == 1) == 71  # 70 distinct + the copy


def test_tts_unique_backs_get_back_sheets_like_the_faces(tmp_path):
    out = export(deck(tmp_path / "small", 3, back=None), "tts", tmp_path / "out")
    entry = json.loads((out / "small.json").read_text())["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["UniqueBack"] is True and (entry["NumWidth"], entry["NumHeight"]) == (3, 2)
    with Image.open(local(entry["FaceURL"])) as faces, Image.open(local(entry["BackURL"])) as backs:
        assert faces.size == backs.size


def local(url: str) -> Path:
    """The file a file:// URL names."""
    parts = urlsplit(url)
    assert parts.scheme == "file" and parts.netloc == ""
    return Path(url2pathname(parts.path))


def test_tts_urls_are_absolute_file_urls_even_from_a_relative_out_folder(tmp_path, monkeypatch):
    source = deck(tmp_path / "rel", 2)
    monkeypatch.chdir(tmp_path)
    out = export(source, "tts", Path("out"))
    entry = json.loads((out / "rel.json").read_text())["ObjectStates"][0]["CustomDeck"]["1"]
    assert local(entry["FaceURL"]) == (tmp_path / "out" / "rel" / "tts" / "cards-faces-01.png")
    assert local(entry["BackURL"]).is_file()


def test_tts_image_base_makes_hosted_urls(tmp_path):
    out = export(deck(tmp_path / "web", 2), "tts", tmp_path / "out", "--image-base", "https://example.org/my game/")
    entry = json.loads((out / "web.json").read_text())["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["FaceURL"] == "https://example.org/my game/cards-faces-01.png"
    assert entry["BackURL"] == "https://example.org/my game/cards-back.png"
    assert (out / "cards-faces-01.png").is_file() and (out / "cards-back.png").is_file()


@pytest.mark.parametrize("base", ["example.org/images", "ftp://example.org/x", "https://"])
def test_tts_image_base_must_be_an_http_url(tmp_path, base):
    result = CliRunner().invoke(
        main, ["export", str(deck(tmp_path / "bad", 2)), "--profile", "tts", "--image-base", base]
    )
    assert result.exit_code == 2 and "--image-base" in result.output and "http" in result.output
    assert "Traceback" not in result.output


def test_the_game_crafter_gets_one_back_image_for_a_deck_with_one_shared_back(tmp_path):
    out = export(deck(tmp_path / "shared", 3, copies={2: 4}), "thegamecrafter", tmp_path / "out")
    names = sorted(f.name for f in (out / "cards").glob("*.png"))
    assert names == ["cards-001-front.png", "cards-002-front.png", "cards-006-front.png", "cards-back.png"]
    with Image.open(out / "cards" / "cards-back.png") as image:
        assert image.size == (825, 1125)


SHAPES = ("polyline", "polygon", "path", "rect", "circle", "line")


def svg_elements(path: Path):
    """The root and every drawn shape (not the definitions: clip rectangles, glyphs)."""
    root = ET.parse(path).getroot()
    defined = {id(e) for d in root.iter(f"{SVG}defs") for e in d.iter()}
    return root, [e for e in root.iter() if e.tag[len(SVG) :] in SHAPES and id(e) not in defined]


def test_cutter_svgs_hold_only_red_cuts_and_blue_scores(tmp_path):
    out = export(COMPONENTS / "slipmax", "cutter", tmp_path / "out")
    files = sorted(out.glob("*.svg"))
    assert files
    colours = set()
    for path in files:
        root, shapes = svg_elements(path)
        assert not list(root.iter(f"{SVG}text")) and not list(root.iter(f"{SVG}use"))
        assert shapes
        for shape in shapes:
            assert shape.get("fill") == "none"
            assert shape.get("stroke") in ("#ff0000", "#0000ff")
            assert shape.get("stroke-width") == "0.025"
            assert shape.get("stroke-dasharray") is None
            colours.add(shape.get("stroke"))
    assert colours == {"#ff0000", "#0000ff"}  # the register card's fold is scored


def red_segments(path: Path) -> set[tuple]:
    _, shapes = svg_elements(path)
    found = set()
    for shape in shapes:
        if shape.get("stroke") == "#ff0000" and shape.tag == f"{SVG}polyline":
            (a, b), (c, d) = (tuple(float(v) for v in p.split(",")) for p in shape.get("points").split())
            found.add(tuple(round(v, 1) for v in (min(a, c), min(b, d), max(a, c), max(b, d))))
    return found


def test_cutter_cuts_lie_on_the_printed_cut_lines(tmp_path):
    """The strips sheet's cutter file against the built PDF's cut lines, measured apart."""
    out = export(COMPONENTS / "slipmax", "cutter", tmp_path / "out")
    run_build(str(COMPONENTS / "slipmax"), "--out", str(tmp_path / "build"), "--format", "pdf")
    document = pypdfium2.PdfDocument(tmp_path / "build" / "slipmax" / "slipmax.pdf")
    # The sheets are the PDF's last pages, after its cover, rules and checklist: a cutter file each.
    first_sheet = len(document) - len(list(out.glob("slipmax-cut-*.svg")))
    printed = cut_lines(document[first_sheet])
    assert printed, "the strips sheet has cut lines"
    covered = red_segments(out / "slipmax-cut-01.svg")
    for line in printed:
        a, b, c, d = (
            round(v, 1)
            for v in (min(line.x0, line.x1), min(line.y0, line.y1), max(line.x0, line.x1), max(line.y0, line.y1))
        )
        # each printed line is drawn by the cutter: whole, or as the pieces of one line
        pieces = [
            s
            for s in covered
            if (s[0] == s[2] == a == c and b - 0.2 <= s[1] and s[3] <= d + 0.2)
            or (s[1] == s[3] == b == d and a - 0.2 <= s[0] and s[2] <= c + 0.2)
        ]
        assert pieces and sum(max(s[2] - s[0], s[3] - s[1]) for s in pieces) == pytest.approx(line.length, abs=0.3)


def test_print_then_cut_has_marks_outlined_text_and_stays_inside_them(tmp_path):
    out = export(COMPONENTS / "slipmax", "cutter", tmp_path / "out") / "print-then-cut"
    files = sorted(out.glob("*.svg"))
    assert files
    for path in files:
        root, shapes = svg_elements(path)
        width = float(root.get("viewBox").split()[2])
        height = float(root.get("viewBox").split()[3])
        assert not list(root.iter(f"{SVG}text"))
        # the print layer's text is there, as outlines (labelled with the text they draw)
        assert any(e.get("aria-label") for e in root.iter())
        filled = {
            (
                round(float(r.get("x")), 2),
                round(float(r.get("y")), 2),
                round(float(r.get("width")), 2),
                round(float(r.get("height")), 2),
            )
            for r in root.iter(f"{SVG}rect")
            if r.get("fill") == "#000000"
        }
        assert (REG_INSET, REG_INSET, REG_SQUARE, REG_SQUARE) in filled
        assert (round(width - REG_INSET - REG_LENGTH, 2), REG_INSET, REG_LENGTH, 0.5) in filled
        assert (REG_INSET, round(height - REG_INSET - REG_LENGTH, 2), 0.5, REG_LENGTH) in filled
        red = red_segments(path)
        assert red
        for x0, y0, x1, y1 in red:
            assert PTC_MARGIN - 0.1 <= x0 and x1 <= width - PTC_MARGIN + 0.1
            assert PTC_MARGIN - 0.1 <= y0 and y1 <= height - PTC_MARGIN + 0.1


def test_print_then_cut_leaves_out_and_names_what_does_not_fit_inside_its_marks(tmp_path):
    """The register card does not fit inside the marks on Letter: left out and named, not
    tiled; on Tabloid it fits and is there."""

    def register_card_sheets(out: Path) -> list[str]:
        return [p.name for p in out.glob("*.svg") if 'aria-label="Cut the six slits' in p.read_text()]

    letter = export(COMPONENTS / "slipmax", "cutter", tmp_path / "letter") / "print-then-cut"
    assert (
        "register card: 255.0 x 148.5 mm with bleed, too large for Letter paper"
        in (letter / "LEFT-OUT.txt").read_text()
    )
    assert register_card_sheets(letter) == []
    result = CliRunner().invoke(
        main,
        ["export", str(COMPONENTS / "slipmax"), "--profile", "cutter", "--paper", "tabloid", "--out", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    tabloid = tmp_path / "slipmax" / "cutter" / "print-then-cut"
    assert not (tabloid / "LEFT-OUT.txt").exists()
    assert len(register_card_sheets(tabloid)) == 1


def test_unknown_profile_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(
        main, ["export", str(COMPONENTS / "slipmax"), "--profile", "nope", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2


def test_layout_errors_stop_an_export_with_their_findings(tmp_path):
    folder = deck(tmp_path / "wordy", 1)
    text = (folder / "cards.yaml").read_text().replace("text: 'N1'", "text: '" + "word " * 900 + "'")
    (folder / "cards.yaml").write_text(text)
    result = CliRunner().invoke(main, ["export", str(folder), "--profile", "tts", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "cards.yaml:4:" in result.output and "[L001]" in result.output
    assert not (tmp_path / "out" / "wordy" / "tts" / "wordy.json").exists()


def test_the_profiles_are_the_registered_ones():
    """`--profile` offers exactly the profiles of the `cutsheet.exports` entry points, each
    registered under its own name."""
    installed = EXPORTS.installed()
    assert sorted(installed) == ["cutter", "drivethrucards", "makeplayingcards", "thegamecrafter", "tts"]
    assert all(isinstance(p, ExportProfile) and p.name == name and p.help for name, p in installed.items())
    shown = CliRunner().invoke(main, ["export", "--help"], terminal_width=200).output
    assert "[cutter|drivethrucards|makeplayingcards|thegamecrafter|tts]" in shown
    assert all(f"{name}" in shown and profile.help in shown for name, profile in installed.items())


def chip_flip_two_faced(folder: Path) -> Path:
    """Chip Flip whose south chips show flowers on both sides: a rules check error (CF021),
    and nothing wrong with their layout."""
    shutil.copytree(COMPONENTS / "chip-flip", folder)
    chips = folder / "chips.yaml"
    chips.write_text(
        chips.read_text().replace(
            "front: {icon: flowers}, back: {icon: shoes}", "front: {icon: flowers}, back: {icon: flowers}", 1
        )
    )
    return folder


def test_check_errors_stop_an_export_as_they_stop_a_build(tmp_path):
    game, out = chip_flip_two_faced(tmp_path / "game"), tmp_path / "out"
    stopped = CliRunner().invoke(main, ["export", str(game), "--profile", "cutter", "--out", str(out)])
    assert stopped.exit_code == 1
    assert "[CF021]" in stopped.stderr and "Chip Flip: not exported: the checker found errors" in stopped.stderr
    assert not (out / "game" / "cutter").exists()
    forced = CliRunner().invoke(main, ["export", str(game), "--profile", "cutter", "--out", str(out), "--no-check"])
    assert forced.exit_code == 0, forced.output
    assert "[CF021]" not in forced.stderr and list((out / "game" / "cutter").glob("*.svg"))
