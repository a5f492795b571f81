"""A PDF's streams compressed once: the pages a PDF takes over from the game's last one
(render/pdf.py's PageReuse) hold the same content as they did, and compressing each of them
again with zlib took a fifteenth of a rebuild after an edit to one card of 10,000."""

import hashlib
import threading
import zlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

#: The zlib that compressed the streams: another may compress the same content to other
#: bytes, so the streams are kept under it.
ZLIB_VERSION = zlib.ZLIB_RUNTIME_VERSION

#: One document's streams at a time are compressed by what it kept (compressed_by).
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


@contextmanager
def compressed_by(streams: KnownStreams) -> Iterator[None]:
    """The streams reportlab sets up meanwhile compressed by `streams`: a document's pages,
    whose content streams are set up as it is saved. One document at a time: another thread
    saving a document this way waits. (A document saved meanwhile without this gets the same
    bytes as ever, since a stream's bytes depend on its content alone.)"""
    from reportlab.pdfbase import pdfdoc  # imported once a PDF is written, as render/pdf.py is

    with _SWAPPING:
        before = pdfdoc.PDFZCompress
        pdfdoc.PDFZCompress = streams
        try:
            yield
        finally:
            pdfdoc.PDFZCompress = before
