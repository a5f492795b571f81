"""Art files for image elements: a raster's size (upright, EXIF orientation applied) and
digest, its pixels decoded upright in RGB or RGBA, a PNG's compressed rows passed on as they
stand only when a PDF can take them, and what a writer would choke on refused with a reason:
a file too large, too many pixels, damage, a format not taken, SVG art with a DTD, an outside
reference (CSS escapes included) or an embedded picture that is not a usable raster, a
viewBox that is not four sane numbers, and `<use>` copies past svglib's bound, counted as
svglib counts them. PNGs are written byte by byte by the test (zlib and
struct), other pictures with Pillow; digests are computed with hashlib."""

import base64
import hashlib
import io
import logging
import struct
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageFile
from svglib import svglib

from generator.sources import art
from generator.sources.art import ArtError, PngPixels, as_is, png_pixels, raster, read_art, svg_root, web_bytes

SVG = '<svg xmlns="http://www.w3.org/2000/svg" {attributes}>{body}</svg>'
_PNG = b"\x89PNG\r\n\x1a\n"


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(width: int, height: int, colour_type: int = 2, depth: int = 8, extra: bytes = b"") -> tuple[bytes, bytes]:
    """A PNG of rows with no filter, its compressed data split over two IDAT chunks: (file,
    compressed data)."""
    channels = {0: 1, 2: 3, 6: 4}[colour_type]
    row_bytes = channels * width * depth // 8
    rows = b"".join(b"\x00" + bytes((x + y) % 256 for x in range(row_bytes)) for y in range(height))
    compressed = zlib.compress(rows)
    header = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0))
    idat = chunk(b"IDAT", compressed[:5]) + chunk(b"IDAT", compressed[5:])
    return b"\x89PNG\r\n\x1a\n" + header + extra + idat + chunk(b"IEND", b""), compressed


def written(folder: Path, name: str, data: bytes | str) -> Path:
    path = folder / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def refusal(path: Path) -> str:
    with pytest.raises(ArtError) as refused:
        read_art(path)
    return str(refused.value)


def test_a_png_has_its_pixel_size_and_the_digest_of_its_bytes(tmp_path):
    data, _ = png_bytes(3, 2)
    found = read_art(written(tmp_path, "a.png", data))
    assert (found.width, found.height, found.vector, found.pixels) == (3, 2, False, (3, 2))
    assert found.digest == hashlib.sha256(data).hexdigest()


def test_a_turned_photo_is_measured_and_decoded_upright(tmp_path):
    """EXIF orientation 6: the stored picture is shown turned a quarter clockwise, so its
    left edge (red here) is the top of what is shown."""
    stored = Image.new("RGB", (40, 10), "white")
    stored.paste((255, 0, 0), (0, 0, 5, 10))
    exif = Image.Exif()
    exif[0x0112] = 6
    stored.save(tmp_path / "turned.jpg", exif=exif, quality=95)
    found = read_art(tmp_path / "turned.jpg")
    assert (found.width, found.height) == (10, 40)
    upright = raster(tmp_path / "turned.jpg")
    assert upright.size == (10, 40) and upright.mode == "RGB"
    red, green, blue = upright.getpixel((5, 2))
    assert red > 200 and green < 60 and blue < 60
    assert upright.getpixel((5, 37)) > (240, 240, 240)
    assert as_is(tmp_path / "turned.jpg") is None  # a reader ignoring EXIF would show it on its side


def with_chunk_after_pixels(data: bytes, kind: bytes, body: bytes) -> bytes:
    """The PNG with a chunk between its last IDAT and IEND, where Pillow reads it only once
    the pixels are decoded."""
    end = data.rindex(b"IEND") - 4
    return data[:end] + chunk(kind, body) + data[end:]


def orientation_6_exif() -> bytes:
    exif = Image.Exif()
    exif[0x0112] = 6
    return exif.tobytes()[len(b"Exif\0\0") :]  # a PNG's eXIf chunk holds the TIFF data alone


#: ImageMagick's way: the EXIF as hex lines after a line naming it and one giving its length.
RAW_PROFILE_6 = b"\nexif\n%8d\n" % len(orientation_6_exif()) + orientation_6_exif().hex().encode() + b"\n"
XMP_6 = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description tiff:Orientation="6"/></x:xmpmeta>'


@pytest.mark.parametrize(
    ("kind", "body"),
    [
        (b"eXIf", orientation_6_exif()),
        (b"iTXt", b"XML:com.adobe.xmp\0\0\0\0\0" + XMP_6),
        (b"tEXt", b"XML:com.adobe.xmp\0" + XMP_6),
        (b"zTXt", b"Raw profile type exif\0\0" + zlib.compress(RAW_PROFILE_6)),
        (b"tEXt", b"exif\0" + orientation_6_exif()),
    ],
)
def test_a_png_turned_by_a_chunk_after_its_pixels_is_decoded_upright_not_passed_on(tmp_path, kind, body):
    """The orientation Pillow finds in an EXIF or XMP chunk after the pixels turns the PNG:
    a PDF or SVG taking the file as it stands would show it on its side."""
    data, _ = png_bytes(40, 10)
    path = written(tmp_path, "turned.png", with_chunk_after_pixels(data, kind, body))
    assert (read_art(path).width, read_art(path).height) == (10, 40)
    assert as_is(path) is None and png_pixels(path) is None
    assert raster(path).size == (10, 40)
    assert web_bytes(path)[1] != path.read_bytes()


@pytest.mark.parametrize(
    ("kind", "body"),
    [
        (b"zTXt", b"exif\0\0" + zlib.compress(b"not EXIF")),
        (b"tEXt", b"xmp\0" + XMP_6),
    ],
)
def test_a_png_whose_orientation_metadata_cannot_be_read_is_refused_with_a_reason(tmp_path, kind, body):
    data, _ = png_bytes(40, 10)
    path = written(tmp_path, "odd.png", with_chunk_after_pixels(data, kind, body))
    assert refusal(path).startswith("has EXIF or XMP metadata that cannot be read: ")


def test_a_png_whose_pixels_do_not_inflate_is_refused_whatever_its_checksums_and_exif_say(tmp_path):
    """Its chunks' checksums are right, and its EXIF comes before the pixels, where Pillow
    reads it without decoding them: the picture is still decoded, and refused."""
    header = chunk(b"IHDR", struct.pack(">IIBBBBB", 40, 10, 8, 2, 0, 0, 0))
    exif = chunk(b"eXIf", orientation_6_exif())
    broken = chunk(b"IDAT", zlib.compress(b"\0" * 20)[:-4] + b"\xff\xff\xff\xff" + b"\x00" * 50)
    path = written(tmp_path, "broken.png", _PNG + header + exif + broken + chunk(b"IEND", b""))
    assert refusal(path).startswith("is damaged: ")


def test_a_png_whose_chunks_break_off_among_its_pixels_is_refused_as_damaged(tmp_path):
    data, compressed = png_bytes(40, 10)
    header = data[: data.index(b"IDAT") - 4]
    broken = header + chunk(b"IDAT", compressed[:10]) + struct.pack(">I", 5) + b"IDA\0xxxxx\0\0\0\0"
    path = written(tmp_path, "broken.png", broken + chunk(b"IEND", b""))
    assert refusal(path).startswith("is damaged: broken PNG file")


@pytest.fixture
def decoded(monkeypatch):
    """The pixel sizes of the pictures Pillow decodes meanwhile, in turn."""
    sizes: list[tuple[int, int]] = []
    load = ImageFile.ImageFile.load

    def counted(image):
        sizes.append(image.size)
        return load(image)

    monkeypatch.setattr(ImageFile.ImageFile, "load", counted)
    return sizes


def png_of_rows(width: int, height: int, rows: bytes) -> bytes:
    """An 8-bit RGB PNG of these rows (filter bytes included), whatever they hold."""
    header = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    return _PNG + header + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


@pytest.mark.parametrize("colour_type", [0, 2, 6], ids=["grey", "rgb", "rgba"])
def test_a_sound_png_is_measured_without_decoding_its_pixels(tmp_path, decoded, colour_type):
    data, _ = png_bytes(40, 10, colour_type=colour_type)
    found = read_art(written(tmp_path, "sound.png", data))
    assert (found.width, found.height, found.digest) == (40, 10, hashlib.sha256(data).hexdigest())
    assert decoded == []


def test_a_png_whose_rows_name_no_filter_is_decoded_and_refused(tmp_path, decoded):
    rows = b"".join(b"\x05" + bytes(3 * 4) for _ in range(3))  # filters go from 0 to 4
    assert refusal(written(tmp_path, "unfiltered.png", png_of_rows(4, 3, rows))).startswith("is damaged: ")
    assert decoded == [(4, 3)]


def test_a_png_with_fewer_rows_than_its_header_says_is_left_to_pillow(tmp_path, decoded):
    rows = b"".join(b"\x00" + bytes(3 * 4) for _ in range(2))
    found = read_art(written(tmp_path, "short.png", png_of_rows(4, 3, rows)))
    assert (found.width, found.height) == (4, 3)  # as Pillow takes it
    assert decoded == [(4, 3)]


@pytest.mark.parametrize("mode", ["P", "I;16"], ids=["palette", "16-bit grey"])
def test_a_palette_or_16_bit_png_is_decoded_to_be_checked(tmp_path, decoded, mode):
    """A palette's pixels are indexes; 16 bits a sample would inflate to more than Pillow's
    decoded picture takes."""
    path = tmp_path / "picture.png"
    Image.new(mode, (5, 4), 3).save(path)
    assert read_art(path).pixels == (5, 4)
    assert decoded == [(5, 4)]


#: (colour type, bit depth) of the PNGs art.py checks without Pillow, and their samples a pixel.
QUICKLY_CHECKED = {(0, 1): 1, (0, 2): 1, (0, 4): 1, (0, 8): 1, (2, 8): 3, (4, 8): 2, (6, 8): 4}


@st.composite
def pngs_of_any_rows(draw) -> tuple[bytes, bool]:
    """A PNG with a header of a kind art.py checks quickly and any pixel data that inflates:
    the rows its header gives, or a few bytes more or fewer, each row's filter byte any byte
    (mostly 0 to 4); and whether the rows are exactly those the header gives, filters defined."""
    (colour_type, depth), samples = draw(st.sampled_from(sorted(QUICKLY_CHECKED.items())))
    width, height = draw(st.integers(1, 9)), draw(st.integers(1, 5))
    stride = 1 + (width * depth * samples + 7) // 8
    filters = draw(st.lists(st.one_of(st.integers(0, 4), st.integers(0, 255)), min_size=height, max_size=height))
    rows = b"".join(bytes([f]) + draw(st.binary(min_size=stride - 1, max_size=stride - 1)) for f in filters)
    cut = draw(st.sampled_from([0, 0, 0, -1, 1, -stride, stride]))
    rows = rows[:cut] if cut < 0 else rows + bytes(cut)
    header = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0))
    data = _PNG + header + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
    return data, cut == 0 and max(filters) < 5


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(pngs_of_any_rows())
def test_pixels_the_quick_check_passes_are_ones_pillow_decodes(png):
    """What art.py takes as sound without decoding, Pillow decodes without an error; and
    rows as the header gives them, each with a defined filter, are taken as sound."""
    data, exact = png
    sound = art._inflates_whole(data)
    assert sound == exact
    if sound:
        with Image.open(io.BytesIO(data)) as image:
            image.load()


def test_a_png_whose_text_chunks_cannot_turn_it_is_passed_on_as_it_stands(tmp_path):
    notes = chunk(b"tEXt", b"Software\0a paint program") + chunk(b"iTXt", b"Title\0\0\0\0\0Orientation=6")
    data, compressed = png_bytes(3, 2, extra=notes)
    data = with_chunk_after_pixels(data, b"tEXt", b'Comment\0tiff:Orientation="6"')
    path = written(tmp_path, "noted.png", with_chunk_after_pixels(data, b"zTXt", b"Author\0\0" + zlib.compress(b"x")))
    assert as_is(path) == "image/png"
    assert png_pixels(path) == PngPixels(3, 2, 3, compressed)
    assert web_bytes(path) == ("image/png", path.read_bytes())


def test_cmyk_and_palette_pictures_are_decoded_to_rgb_keeping_transparency(tmp_path):
    Image.new("CMYK", (6, 4), (0, 255, 255, 0)).save(tmp_path / "print.jpg")
    decoded = raster(tmp_path / "print.jpg")
    assert decoded.mode == "RGB"
    red, green, blue = decoded.getpixel((1, 1))
    assert red > 200 and green < 60 and blue < 60
    palette = Image.new("P", (4, 4))
    palette.putpalette([255, 0, 0, 0, 255, 0])
    palette.save(tmp_path / "palette.png", transparency=0)
    assert raster(tmp_path / "palette.png").mode == "RGBA"
    assert raster(tmp_path / "palette.png").getpixel((0, 0))[3] == 0


def test_web_bytes_are_the_file_when_it_shows_right_as_it_stands_else_a_png(tmp_path):
    data, _ = png_bytes(3, 2)
    path = written(tmp_path, "a.png", data)
    assert web_bytes(path) == ("image/png", data)
    Image.new("RGB", (5, 3), "blue").save(tmp_path / "w.webp")
    mime, converted = web_bytes(tmp_path / "w.webp")
    assert mime == "image/png"
    with Image.open(io.BytesIO(converted)) as image:
        assert (image.format, image.size) == ("PNG", (5, 3))
    Image.new("CMYK", (6, 4)).save(tmp_path / "print.jpg")
    assert as_is(tmp_path / "print.jpg") is None and web_bytes(tmp_path / "print.jpg")[0] == "image/png"


def test_png_pixels_are_the_compressed_rows_as_the_file_holds_them(tmp_path):
    data, compressed = png_bytes(3, 2)
    assert png_pixels(written(tmp_path, "rgb.png", data)) == PngPixels(3, 2, 3, compressed)
    grey, compressed = png_bytes(4, 3, colour_type=0)
    assert png_pixels(written(tmp_path, "grey.png", grey)) == PngPixels(4, 3, 1, compressed)


@pytest.mark.parametrize(
    ("kind", "shape"),
    [
        ("alpha", {"colour_type": 6}),
        ("16-bit", {"depth": 16}),
        ("transparent", {"extra": chunk(b"tRNS", b"\x00\x00\x00\x00\x00\x00")}),
    ],
)
def test_png_pixels_are_none_when_a_pdf_cannot_take_them_as_they_stand(tmp_path, kind, shape):
    data, _ = png_bytes(3, 2, **shape)
    assert png_pixels(written(tmp_path, f"{kind}.png", data)) is None


def test_a_file_over_the_size_limit_is_refused_before_it_is_opened(tmp_path, monkeypatch):
    monkeypatch.setattr(art, "MAX_FILE_BYTES", 2**20)
    path = written(tmp_path, "big.png", b"\0" * (3 * 2**20))
    assert refusal(path) == "is 3 MB: art files may be at most 1 MB"


def test_a_raster_of_too_many_pixels_is_refused_from_its_header(tmp_path):
    data, _ = png_bytes(1, 1)
    huge = data.replace(data[8:33], chunk(b"IHDR", struct.pack(">IIBBBBB", 9000, 9000, 8, 2, 0, 0, 0)))
    assert refusal(written(tmp_path, "huge.png", huge)) == (
        "is 9000 x 9000 px: a picture may have at most 64 million pixels"
    )


def test_damaged_and_foreign_files_are_refused(tmp_path):
    data, _ = png_bytes(3, 2)
    damaged = bytearray(data)
    damaged[data.index(b"IEND") - 5] ^= 0xFF  # the last IDAT chunk's checksum
    assert refusal(written(tmp_path, "crc.png", bytes(damaged))).startswith("is damaged: ")
    buffer = io.BytesIO()
    Image.new("RGB", (20, 20), "blue").save(buffer, "JPEG")
    assert refusal(written(tmp_path, "cut.jpg", buffer.getvalue()[:300])).startswith(("is damaged", "cannot be read"))
    assert refusal(written(tmp_path, "text.png", b"hello")) == (
        "is not an image Pillow can read: expected PNG, JPEG, WebP or SVG"
    )
    Image.new("RGB", (4, 4)).save(tmp_path / "anim.gif")
    assert refusal(tmp_path / "anim.gif") == "is a GIF image: expected PNG, JPEG, WebP or SVG"


def test_svg_art_has_the_size_of_its_view_box_or_width_and_height(tmp_path):
    boxed = written(tmp_path, "boxed.svg", SVG.format(attributes='viewBox="0 0 120 80"', body="<rect width='9'/>"))
    found = read_art(boxed)
    assert (found.width, found.height, found.vector, found.pixels) == (120.0, 80.0, True, None)
    assert found.digest == hashlib.sha256(boxed.read_bytes()).hexdigest()
    sized = read_art(written(tmp_path, "sized.svg", SVG.format(attributes='width="50mm" height="20mm"', body="")))
    assert (sized.width, sized.height) == (50.0, 20.0)


def test_svg_art_may_refer_to_itself_and_embed_a_raster(tmp_path):
    data, _ = png_bytes(3, 2)
    body = (
        '<defs><linearGradient id="g"/></defs><rect width="5" height="5" fill="url(#g)"/>'
        f'<image width="3" height="2" href="data:image/png;base64,{base64.b64encode(data).decode()}"/>'
    )
    assert read_art(written(tmp_path, "self.svg", SVG.format(attributes='viewBox="0 0 10 10"', body=body))).vector


PNG_URI = "data:image/png;base64,"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (SVG.format(attributes='viewBox="0 0 120"', body=""), "has a viewBox of '0 0 120': expected four numbers"),
        (SVG.format(attributes="", body=""), "has no viewBox and no numeric width and height"),
        (SVG.format(attributes='viewBox="0 0 0.0001 5"', body=""), "is 0.0001 x 5 units: each side must be between"),
        (
            '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]>' + SVG.format(attributes="", body="&x;"),
            "declares a DTD or entities",
        ),
        (
            SVG.format(attributes='viewBox="0 0 1 1"', body='<image href="http://example.com/a.png"/>'),
            "refers to 'http://example.com/a.png' outside itself",
        ),
        (
            SVG.format(attributes='viewBox="0 0 1 1"', body="<style>@\\69mport url(x.css);</style>"),
            "imports a stylesheet or picture from outside itself",
        ),
        (
            SVG.format(attributes='viewBox="0 0 1 1"', body="<rect fill=\"url( 'file:///etc/passwd')\"/>"),
            "imports a stylesheet or picture from outside itself",
        ),
        (
            SVG.format(attributes='viewBox="0 0 1 1"', body='<image href="data:text/html;base64,PGI+"/>'),
            "embeds 'text/html': SVG art may embed PNG, JPEG or WebP pictures only",
        ),
        (
            SVG.format(attributes='viewBox="0 0 1 1"', body=f'<image href="{PNG_URI}!!!!"/>'),
            "embeds a picture whose base64 data is damaged",
        ),
        (
            SVG.format(
                attributes='viewBox="0 0 1 1"', body=f'<image href="{PNG_URI}{base64.b64encode(b"no").decode()}"/>'
            ),
            "is not an image Pillow can read",
        ),
        ("<html/>", "is not an SVG image: its root element is not <svg>"),
        ("<svg", "is not well-formed SVG"),
    ],
)
def test_svg_art_a_writer_cannot_use_safely_is_refused_saying_why(tmp_path, text, said):
    path = written(tmp_path, "art.svg", text)
    assert said in refusal(path)
    if "viewBox" not in said and "units" not in said:
        with pytest.raises(ArtError):
            svg_root(path)  # found by reading the document, before any size is taken


def uses(groups: dict[str, str], drawn: str) -> str:
    """SVG art of named groups in <defs>, then `drawn`."""
    defs = "".join(f'<g id="{name}">{body}</g>' for name, body in groups.items())
    return SVG.format(attributes='viewBox="0 0 10 10"', body=f"<defs>{defs}</defs>{drawn}")


def use(name: str, times: int = 1) -> str:
    return f'<use href="#{name}"/>' * times


def nested(levels: int, fan: int) -> str:
    """Each group uses the one before `fan` times; the last is used once."""
    groups = {"l0": '<rect width="1" height="1"/>'}
    groups.update({f"l{n}": use(f"l{n - 1}", fan) for n in range(1, levels + 1)})
    return uses(groups, use(f"l{levels}"))


#: Art whose copies are counted exactly as svglib counts them: uses of a group of uses, and
#: groups using the one before, nested.
EXACT = {
    **{f"{m} uses of a group of 5": uses({"r": "<rect/>", "g": use("r", 5)}, use("g", m)) for m in range(12, 20)},
    **{f"{levels} levels of {fan}": nested(levels, fan) for levels in (1, 2, 3) for fan in (3, 4, 8, 9, 10, 11)},
}
#: Art svglib counts in its own ways: the count may be lower, never higher.
USE_ART = {
    **EXACT,
    "a use of itself": uses({"a": use("a")}, use("a", 30)),
    "a use of a missing group": uses({}, use("nothing", 120)),
    "uses before their group": SVG.format(
        attributes='viewBox="0 0 10 10"', body=use("g", 9) + f'<g id="g">{use("r", 9)}<rect id="r"/></g>'
    ),
    "a group named twice": uses({"g": use("r", 20), "r": "<rect/>"}, f'<g id="g"/>{use("g", 60)}'),
    "uses in a mask": uses({"g": use("r", 9), "r": "<rect/>"}, f"<mask>{use('g', 30)}</mask>{use('g', 9)}"),
    "uses with children": uses({"g": use("r", 9), "r": "<rect/>"}, '<use href="#g"><title>t</title></use>' * 30),
}


@pytest.mark.parametrize("name", sorted(USE_ART))
def test_use_copies_past_svglibs_bound_are_refused_as_svglib_would_cut_them_short(tmp_path, monkeypatch, name):
    """The copies are counted from the document, never more than svglib counts while it
    draws: with its bound lowered to 100, art refused is art svglib draws only in part, and
    of the art counted exactly, art drawn is art svglib draws whole."""
    monkeypatch.setattr(svglib, "MAX_USE_EXPANSIONS", 100)
    path = written(tmp_path, "art.svg", USE_ART[name])
    told: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: told.append(record.getMessage())  # type: ignore[method-assign]
    logging.getLogger("svglib").addHandler(handler)
    try:
        svglib.svg2rlg(str(path))
    finally:
        logging.getLogger("svglib").removeHandler(handler)
    cut_short = any("Too many <use> expansions" in line for line in told)
    circular = any("Circular <use> reference" in line for line in told)
    try:
        read_art(path)
        refused = ""
    except ArtError as error:
        refused = str(error)
    counted = "more than 100 copies" in refused
    assert cut_short or not counted, refused
    assert bool(refused) == (cut_short or circular), refused
    if name in EXACT:
        assert counted == cut_short


def test_art_of_a_million_use_copies_is_refused_without_being_drawn(tmp_path, monkeypatch):
    def drawn(*args, **kwargs):
        raise AssertionError("svglib drew the art")

    monkeypatch.setattr(svglib, "svg2rlg", drawn)
    said = refusal(written(tmp_path, "bomb.svg", nested(6, 10)))
    assert said == "would be drawn only in part: its <use> elements would draw more than 10000 copies"
