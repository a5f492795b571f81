"""Runs of text shaped with HarfBuzz: kerning, ligatures, contextual forms and marks.

A run is text in one face and one direction. Its glyphs come in visual order (an Arabic run's
first glyph is its rightmost letter's last), with their advances and offsets in ems, so the
layout measures what prints and the writers draw exactly that. Shaping is remembered per
(text, face, direction, language): a deck repeats its words, and each is shaped once.
"""

from functools import cache, cached_property, lru_cache

import uharfbuzz as hb
from msgspec import Struct

from generator.sources.fonts import registered


class Shaped(Struct, frozen=True, eq=False, dict=True):
    """A shaped run: glyph ids in visual order, each one's advance and (x, y) offset in ems
    (y up), and the offset in `text` of the first character of the cluster it belongs to.

    Shaping is a function of the text, the face, the direction and the language, so those
    are what a run is, and all it is compared, hashed and written (repr: what a sheet's
    digest reads) by: the glyphs follow from them."""

    face: str
    text: str
    rtl: bool
    language: str
    glyphs: tuple[int, ...]
    advances: tuple[float, ...]
    #: None when no glyph is moved off its pen position (most runs).
    offsets: tuple[tuple[float, float], ...] | None
    clusters: tuple[int, ...]

    @cached_property
    def key(self) -> tuple[str, str, bool, str]:
        """What shape() made the run from, in its order."""
        return self.text, self.face, self.rtl, self.language

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Shaped) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"shape({self.text!r}, {self.face!r}, rtl={self.rtl}, language={self.language!r})"

    @cached_property
    def tag(self) -> str:
        """The run in a few characters, for what digests many of them (a Text's repr and
        its packed form)."""
        return repr(self.key)

    @cached_property
    def width(self) -> float:
        """The run's advance in ems."""
        return sum(self.advances)

    def cluster_text(self, k: int) -> str:
        """The characters glyph `k` stands for. In a cluster of as many glyphs as characters
        (a letter and its marks: Arabic's lam with a shadda), each glyph its own character, in
        reading order, so a glyph means the same wherever it is drawn; otherwise the cluster's
        first glyph in reading order stands for the whole cluster (a ligature's one glyph gives
        every letter it joins) and the rest for nothing."""
        cluster = self.clusters[k]
        ahead = [c for c in self.clusters if c > cluster]
        text = self.text[cluster : min(ahead) if ahead else len(self.text)]
        members = [n for n, c in enumerate(self.clusters) if c == cluster]
        if self.rtl:
            members.reverse()
        if len(members) == len(text):
            return text[members.index(k)]
        return text if k == members[0] else ""


@cache
def _font(key: str) -> hb.Font:
    face = registered(key)
    return hb.Font(hb.Face(hb.Blob(face.path.read_bytes())))


@lru_cache(maxsize=1 << 17)
def shape(text: str, face: str, rtl: bool = False, language: str = "") -> Shaped:
    """`text` set in `face` (a registered face's key), right to left when `rtl`."""
    if not text:
        return Shaped(face, text, rtl, language, (), (), None, ())
    font = _font(face)
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    buffer.direction = "rtl" if rtl else "ltr"
    if language:
        buffer.language = language
    hb.shape(font, buffer, {})
    em = registered(face).units_per_em
    positions = buffer.glyph_positions
    infos = buffer.glyph_infos
    offsets = tuple((p.x_offset / em, p.y_offset / em) for p in positions)
    return Shaped(
        face,
        text,
        rtl,
        language,
        tuple(info.codepoint for info in infos),
        tuple(p.x_advance / em for p in positions),
        offsets if any(dx or dy for dx, dy in offsets) else None,
        tuple(info.cluster for info in infos),
    )


def italic_angle(face: str) -> float:
    """The face's italic angle in degrees (counter-clockwise from upright), as its tables say."""
    return float(_font(face).get_style_value(hb.StyleTag.SLANT_ANGLE))


def glyph_advance(face: str, glyph: int) -> float:
    """The glyph's own advance in ems (its hmtx entry), which a PDF's widths array gives."""
    return _font(face).get_glyph_h_advance(glyph) / registered(face).units_per_em


@lru_cache(maxsize=1 << 16)
def has_glyph(face: str, char: str) -> bool:
    """Whether the face maps the character to a glyph of its own (its cmap)."""
    return _font(face).get_nominal_glyph(ord(char)) is not None
