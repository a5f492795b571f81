"""A PDF takes over the pages of the last one (generator/render/pdf.py's DrawnPages, kept by
generator/pipeline/writers.py as LatestPages): a page that comes again after the same names
is written as it was drawn, forms first made on it included, a stream with the same content
is not compressed again, and the file is byte for byte the one a build drawing every page
writes. A page after one that names a new face, picture or icon is drawn again; a PDF in
inks draws every page."""

import threading
import zlib
from contextlib import nullcontext
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from msgspec.structs import replace
from PIL import Image
from reportlab.pdfbase import pdfdoc

from generator.cli import main
from generator.colour.settings import ColourSettings
from generator.layout.scene import Rect, Style
from generator.layout.text import set_line
from generator.render import pdf, pdf_streams, pdf_text
from generator.render.pdf import DrawnPages, PageReuse, write_pdf
from generator.render.pdf_streams import Base85Bytes, KnownStreams, stream_filters
from generator.sheets.model import Sheet

ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="{r}"/></svg>'
CARDS = 27  # three sheets of nine poker cards


def card_game(folder: Path) -> Path:
    """Cards K0..K26: K0's text shows the star icon; K12 (second sheet) the crest picture,
    K20 (third sheet) the seal picture and the moon icon."""
    (folder / "layouts").mkdir(parents=True)
    (folder / "icons").mkdir()
    (folder / "art").mkdir()
    (folder / "game.yaml").write_text("name: Pages\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "layouts" / "pictured.yaml").write_text(
        "about: A card that may show a crest or a seal.\nextends: card\nelements:\n"
        "  crest: {type: image, file: art/crest.png, x: 2mm, y: 2mm, width: 8mm, height: 8mm, "
        "when: \"title == 'K12'\"}\n"
        "  seal: {type: image, file: art/seal.png, x: 2mm, y: 2mm, width: 8mm, height: 8mm, "
        "when: \"title == 'K20'\"}\n"
    )
    for name, r in (("star", 4), ("moon", 2)):
        (folder / "icons" / f"{name}.svg").write_text(ICON.format(r=r))
    for name, colour in (("crest", (200, 30, 30)), ("seal", (30, 30, 200))):
        Image.new("RGB", (40, 40), colour).save(folder / "art" / f"{name}.png")
    texts = {0: "go :star: now", 20: "by :moon: light"}
    items = "".join(f"  - {{title: K{k}, text: '{texts.get(k, f'card {k}')}'}}\n" for k in range(CARDS))
    (folder / "cards.yaml").write_text(f"kind: card\nlayout: pictured\nitems:\n{items}")
    return folder


def build(folder: Path, out: Path, *args: str) -> bytes:
    result = CliRunner().invoke(main, ["build", str(folder), "--out", str(out), "--format", "pdf", *args])
    assert result.exit_code == 0, result.output
    return (out / folder.name / f"{folder.name}.pdf").read_bytes()


@pytest.fixture
def replays(monkeypatch) -> list[bool]:
    """Whether each page a PDF offered to write again was written again."""
    found: list[bool] = []
    replay = pdf._Painter.replay

    def counted(painter, page):
        found.append(replay(painter, page))
        return found[-1]

    monkeypatch.setattr(pdf._Painter, "replay", counted)
    return found


def edit(cards: Path, old: str, new: str) -> None:
    text = cards.read_text()
    assert old in text
    cards.write_text(text.replace(old, new, 1))


def test_a_rebuild_writes_the_pages_it_takes_over_as_a_cold_build_does(tmp_path, replays):
    game = card_game(tmp_path / "g")
    build(game, tmp_path / "out")
    assert replays == []  # nothing to take over yet
    edit(game / "cards.yaml", "card 8'", "card eight'")  # on the first sheet, not the cover: no new names
    rebuilt = build(game, tmp_path / "out")
    assert rebuilt == build(game, tmp_path / "cold", "--no-cache")
    # The two sheets after it come again after the same names, and so does every page of
    # the front matter before it; the crest, the seal and the moon are first made on them.
    pages = len(pdfium.PdfDocument(rebuilt))
    assert replays.count(True) == pages - 1 and all(replays)


def test_a_page_taken_over_notes_its_runs_glyphs_without_writing_them_again(tmp_path, monkeypatch):
    """A page written again as it was drawn holds its runs' glyphs in its content already: its
    runs are noted for the fonts' subsets, and only the runs of the page drawn anew are
    written out as glyphs (generator/render/pdf_text.py)."""
    game = card_game(tmp_path / "g")
    build(game, tmp_path / "out")
    written: list[str] = []
    glyphs = pdf_text._glyphs
    monkeypatch.setattr(pdf_text, "_glyphs", lambda shaped: written.append(shaped.text) or glyphs(shaped))
    edit(game / "cards.yaml", "card 8'", "card eight'")  # the first sheet drawn anew
    rebuilt = build(game, tmp_path / "out")
    assert "eight" in written and "K8" in written  # the page drawn anew: cards K0 to K8
    assert not {"K9", "K17", "K26", "Pages"} & set(written)  # the pages taken over
    monkeypatch.undo()
    assert rebuilt == build(game, tmp_path / "cold", "--no-cache")


def test_a_page_after_one_that_names_something_new_is_drawn_again(tmp_path, replays):
    game = card_game(tmp_path / "g")
    build(game, tmp_path / "out")
    edit(game / "cards.yaml", "card 8'", "under :moon: light'")  # the moon now first on sheet one
    rebuilt = build(game, tmp_path / "out")
    assert rebuilt == build(game, tmp_path / "cold", "--no-cache")
    pages = len(pdfium.PdfDocument(rebuilt))
    # Taken over: the pages before the edited sheet; not even offered: the two after it.
    assert replays.count(True) == pages - 3 and all(replays)


def sheet(word: str) -> Sheet:
    return Sheet(60, 80, [Rect(5, 5, 20, 20, Style(fill="#ff0000")), *set_line(10, 40, word, "DejaVuSans", 5.0)])


def blue_corner(path: Path, page: int) -> bool:
    """Whether the page's bottom left corner (the first 20 points) is blue."""
    image = pdfium.PdfDocument(path)[page].render(scale=1).to_pil().convert("RGB")
    return image.getpixel((5, image.height - 5)) == (0, 0, 255)


NOTHING = DrawnPages({}, {})


def test_a_page_taken_over_is_written_from_what_was_kept(tmp_path):
    """What a kept page holds is what is written: a page's kept content, altered, shows."""
    sheets, digests = [sheet("one"), sheet("two")], ("d1", "d2")
    drawn = write_pdf(sheets, tmp_path / "a.pdf", "T", lambda name: None, reuse=PageReuse(digests, NOTHING))
    assert len(drawn.pages) == 2
    second = list(drawn.pages)[1]  # kept in page order
    page = drawn.pages[second]
    altered = {**drawn.pages, second: replace(page, code=(*page.code, "0 0 1 rg 0 0 20 20 re f"))}
    reuse = PageReuse(digests, DrawnPages(altered, drawn.streams))
    write_pdf(sheets, tmp_path / "b.pdf", "T", lambda name: None, reuse=reuse)
    assert blue_corner(tmp_path / "b.pdf", 1) and not blue_corner(tmp_path / "b.pdf", 0)
    assert not blue_corner(tmp_path / "a.pdf", 1)
    # Taken over unaltered, the pages make the file drawing them made.
    assert write_pdf(sheets, tmp_path / "c.pdf", "T", lambda name: None, reuse=PageReuse(digests, drawn)) == drawn
    assert (tmp_path / "c.pdf").read_bytes() == (tmp_path / "a.pdf").read_bytes()


@pytest.fixture
def compressed(monkeypatch) -> list[bytes]:
    """What each stream compressed anew meanwhile held."""
    found: list[bytes] = []

    def counted(data: bytes) -> bytes:
        found.append(data)
        return zlib.compress(data)

    monkeypatch.setattr(pdf_streams, "zlib", type("Counted", (), {"compress": staticmethod(counted)}))
    return found


def test_a_stream_compressed_before_is_taken_as_it_was(tmp_path, compressed):
    sheets, digests = [sheet("one"), sheet("two")], ("d1", "d2")
    drawn = write_pdf(sheets, tmp_path / "a.pdf", "T", lambda name: None, reuse=PageReuse(digests, NOTHING))
    assert len(compressed) == len(drawn.streams) >= 2  # each page's content at least
    compressed.clear()
    again = write_pdf(sheets, tmp_path / "b.pdf", "T", lambda name: None, reuse=PageReuse(digests, drawn))
    assert compressed == [] and all(again.streams[d] is drawn.streams[d] for d in drawn.streams)
    assert (tmp_path / "b.pdf").read_bytes() == (tmp_path / "a.pdf").read_bytes()
    # What is kept for a content is what is written for it: kept bytes, altered, show.
    contents = {digest: zlib.decompress(data) for digest, data in drawn.streams.items()}
    blue = b"0 0 1 rg 0 0 20 20 re f\n"
    altered = {d: zlib.compress(c + blue) if b"20 20 re" in c else drawn.streams[d] for d, c in contents.items()}
    reuse = PageReuse(digests, DrawnPages(drawn.pages, altered))
    write_pdf(sheets, tmp_path / "c.pdf", "T", lambda name: None, reuse=reuse)
    assert blue_corner(tmp_path / "c.pdf", 0) and blue_corner(tmp_path / "c.pdf", 1)


def test_a_page_drawn_with_another_face_is_drawn_again(tmp_path):
    sheets, digests = [sheet("one")], ("d1",)
    drawn = write_pdf(sheets, tmp_path / "a.pdf", "T", lambda name: None, reuse=PageReuse(digests, NOTHING))
    ((key, page),) = drawn.pages.items()
    other = {key: replace(page, faces=tuple((face, "another file") for face, _ in page.faces), code=("% kept",))}
    write_pdf(sheets, tmp_path / "b.pdf", "T", lambda name: None, reuse=PageReuse(digests, DrawnPages(other, {})))
    assert (tmp_path / "b.pdf").read_bytes() == (tmp_path / "a.pdf").read_bytes()


def test_a_pdf_in_inks_draws_every_page(tmp_path, compressed):
    sheets, digests = [sheet("one")], ("d1",)
    inks = ColourSettings(dieline="CutContour")
    drawn = write_pdf(sheets, tmp_path / "a.pdf", "T", lambda name: None, inks, PageReuse(digests, NOTHING))
    assert drawn == NOTHING and compressed == []  # nor are its streams compressed by what was kept


def test_one_document_at_a_time_is_compressed_by_what_it_kept():
    """Two threads each saving a document with its own kept streams: the second waits, and
    reportlab's filter is its own again once both are done."""
    original = pdfdoc.PDFZCompress
    first, second = KnownStreams({}), KnownStreams({})
    seen: list[tuple[str, bool]] = []

    def save_second() -> None:
        with stream_filters(second):
            seen.append(("second", pdfdoc.PDFZCompress is second))

    with stream_filters(first):
        thread = threading.Thread(target=save_second)
        thread.start()
        thread.join(0.2)  # it waits for the first
        seen.append(("first", pdfdoc.PDFZCompress is first))
    thread.join()
    assert seen == [("first", True), ("second", True)] and pdfdoc.PDFZCompress is original


def test_streams_are_written_as_reportlab_writes_them(tmp_path, monkeypatch):
    """ASCII85 as bytes (Base85Bytes) is reportlab's own ASCII85 text as reportlab writes it,
    and a document saved meanwhile is the same file, byte for byte."""
    data = bytes(range(256)) * 40 + b"\x00\x00\x00\x00 tail"
    assert Base85Bytes(pdfdoc.PDFBase85Encode).encode(data) == pdfdoc.pdfdocEnc(pdfdoc.PDFBase85Encode.encode(data))
    sheets, original = [sheet("one"), sheet("two")], pdfdoc.PDFBase85Encode
    write_pdf(sheets, tmp_path / "ours.pdf", "T", lambda name: None)
    assert pdfdoc.PDFBase85Encode is original
    monkeypatch.setattr(pdf, "stream_filters", lambda streams: nullcontext())
    write_pdf(sheets, tmp_path / "reportlab.pdf", "T", lambda name: None)
    assert (tmp_path / "ours.pdf").read_bytes() == (tmp_path / "reportlab.pdf").read_bytes()
    assert b"/ASCII85Decode" in (tmp_path / "ours.pdf").read_bytes()


def test_a_print_and_play_edition_on_other_paper_keeps_its_own_pages(tmp_path, pages_drawn):
    """`--pnp` writes the game's PDF and an edition on A4: after an edit, each takes over its
    own pages and draws only those the edit changed."""
    game = card_game(tmp_path / "g")
    build(game, tmp_path / "out", "--pnp")
    pages_drawn.clear()
    edit(game / "cards.yaml", "card 8'", "card eight'")
    rebuilt = build(game, tmp_path / "out", "--pnp")
    assert pages_drawn == ["cards", "cards"]  # the edited sheet, in the game's PDF and in the A4 edition
    assert rebuilt == build(game, tmp_path / "cold", "--pnp", "--no-cache")


def test_a_build_that_keeps_nothing_draws_every_page_as_it_is(tmp_path, pages_drawn, compressed):
    """`--no-cache`: no page is recorded for a next PDF, nor any stream hashed to be kept."""
    build(card_game(tmp_path / "g"), tmp_path / "out", "--no-cache")
    assert pages_drawn == [] and compressed == []
