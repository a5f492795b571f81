"""A PDF's streams as reportlab's filters write them, done faster.

- Compressed once: the pages a PDF takes over from the game's last one (render/pdf.py's
  PageReuse) hold the same content as they did, and compressing each of them again with zlib
  took a fifteenth of a rebuild after an edit to one card of 10,000 (KnownStreams).
- ASCII85 as bytes: reportlab writes a stream's ASCII85 text through its PDFDocEncoding codec,
  a character at a time, a fifth of the time it took to save a PDF of 1114 pages it took
  over. ASCII85 is ASCII, which that codec writes as it is (Base85Bytes).
"""

import hashlib
import threading
import zlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

#: The zlib that compressed the streams: another may compress the same content to other
#: bytes, so the streams are kept under it.
ZLIB_VERSION = zlib.ZLIB_RUNTIME_VERSION

#: One document's streams at a time are written by stream_filters.
_SWAPPING = threading.Lock()


class KnownStreams:
    """A Flate filter for reportlab's streams, as its own is (zlib at its default level),
    which takes the compressed bytes of a stream compressed before from `known`, by the
    digest of its content, and holds every stream it encoded in `used` (the same bytes
    objects as `known` holds for those it took from there)."""

    pdfname = "FlateDecode"

    def __init__(self, known: Mapping[bytes, bytes]):
        self.known = known
        self.used: dict[bytes, bytes] = {}

    def encode(self, text: str | bytes) -> bytes:
        data = text.encode("utf8") if isinstance(text, str) else text
        digest = hashlib.sha256(data).digest()
        found = self.used.get(digest) or self.known.get(digest)
        if found is None:
            found = zlib.compress(data)
        self.used[digest] = found
        return found


class Base85Bytes:
    """reportlab's ASCII85 filter (`text`), its ASCII text written as the bytes reportlab
    would write for it."""

    pdfname = "ASCII85Decode"

    def __init__(self, text: Any):
        self.text = text

    def encode(self, data: str | bytes) -> bytes:
        return self.text.encode(data).encode("ascii")


@contextmanager
def stream_filters(streams: KnownStreams | None) -> Iterator[None]:
    """The streams reportlab sets up meanwhile (a document's pages, whose content streams are
    set up as it is saved) written by Base85Bytes, and compressed by `streams` when given. One
    document at a time: another thread saving a document this way waits. (A document saved
    meanwhile without this gets the same bytes as ever: a stream's bytes depend on its
    content alone.)"""
    from reportlab.pdfbase import pdfdoc  # imported once a PDF is written, as render/pdf.py is

    with _SWAPPING:
        flate, base85 = pdfdoc.PDFZCompress, pdfdoc.PDFBase85Encode
        pdfdoc.PDFBase85Encode = Base85Bytes(base85)
        if streams is not None:
            pdfdoc.PDFZCompress = streams
        try:
            yield
        finally:
            pdfdoc.PDFZCompress, pdfdoc.PDFBase85Encode = flate, base85
