"""`cutsheet pull`: a table kept online (`data: {url, snapshot}`) downloaded into its snapshot.

A CSV and a workbook are served from a local HTTP server on 127.0.0.1, in a thread. A pull
writes the download byte for byte and says what changed by title; a failed download (an
HTTP error, a dropped connection, a web page, a body over the size limit, a redirect
elsewhere, no answer in time) leaves the snapshot byte-identical and says so at the url's
place, exit status 2, while the other tables still pull. A build reads the snapshot only:
it works with the server stopped and never opens a connection.
"""

import io
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.games import kind_items
from generator.located import Loc
from generator.sources.errors import SourceError
from generator.sources.online import Download, Pulled, compare, pull_games
from generator.sources.tables import MAX_TABLE_BYTES, Columns, TableRequest, read_table
from tests.conftest import pdf_text

CARDS = (
    b"title,text,count,art\n"
    b"Scout,Look at the top three cards.,1,art/landscape.png\n"
    b"Gold Mine,Take one gold.,3,art/landscape.png\n"
    b"Storm,Every player discards a card.,1,art/landscape.png\n"
)
#: CARDS a week later: Scout gone, Dragon new, Gold Mine and Storm edited, rows moved.
CARDS_LATER = (
    b"title,text,count,art\n"
    b"Storm,Every player discards two cards.,1,art/landscape.png\n"
    b"Dragon,Every player discards a card.,1,art/landscape.png\n"
    b"Gold Mine,Take one gold.,4,art/landscape.png\n"
)
#: Where cards.yaml writes its url (line 4, after "  url: ").
URL_AT = "deck/cards.yaml:4:8"


@dataclass(frozen=True)
class Page:
    """What the server answers for one path."""

    body: bytes = b""
    status: int = 200
    content_type: str = "text/csv"
    #: Send a Content-Length header (else the body ends when the connection closes).
    length: int | None = -1
    #: Close the connection at once, without an answer.
    drop: bool = False
    #: Where a redirect leads.
    location: str = ""
    #: Seconds to wait before answering, and between each byte of the body when `drip`.
    delay: float = 0.0
    drip: bool = False


class Site:
    """A local HTTP server whose pages the test sets; it counts the requests it answers."""

    def __init__(self) -> None:
        self.pages: dict[str, Page] = {}
        self.requests = 0
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.server.site = self  # type: ignore[attr-defined]
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def serve(self, path: str, body: bytes, **page: object) -> str:
        self.pages[path] = Page(body, **page)  # type: ignore[arg-type]
        return self.url(path)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        site: Site = self.server.site  # type: ignore[attr-defined]
        site.requests += 1
        page = site.pages.get(self.path, Page(b"not found", 404, "text/plain"))
        time.sleep(0 if page.drip else page.delay)
        if page.drop:
            self.close_connection = True
            return
        self.send_response(page.status)
        self.send_header("Content-Type", page.content_type)
        if page.location:
            self.send_header("Location", page.location)
        if page.length is not None:
            self.send_header("Content-Length", str(len(page.body) if page.length < 0 else page.length))
        self.end_headers()
        try:
            self._body(page)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client stopped reading: as it should, past the limit or the time

    def _body(self, page: Page) -> None:
        if not page.drip:
            self.wfile.write(page.body)
            return
        for byte in page.body:
            self.wfile.write(bytes([byte]))
            self.wfile.flush()
            time.sleep(page.delay)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def site() -> Iterator[Site]:
    served = Site()
    yield served
    served.stop()


def cli(*args: str):
    return CliRunner().invoke(main, list(args))


def cards_yaml(url: str, snapshot: str = "cards.csv", more: str = "") -> str:
    return f"kind: card\nlayout: card\ndata:\n  url: {url}\n  snapshot: {snapshot}\n{more}"


@pytest.fixture
def deck(tmp_path, monkeypatch, site) -> Path:
    """The starter deck, its cards kept online at /cards.csv (cards.csv, the snapshot, holds CARDS)."""
    monkeypatch.chdir(tmp_path)
    assert cli("new", "deck").exit_code == 0
    folder = tmp_path / "deck"
    (folder / "cards.yaml").write_text(cards_yaml(site.url("/cards.csv")))
    (folder / "cards.csv").write_bytes(CARDS)
    return folder


def workbook(rows: list[tuple[object, ...]]) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in rows:
        sheet.append(row)
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


def build(folder: Path, out: Path, *more: str):
    return cli("build", str(folder), "--out", str(out), "--format", "pdf", "--jobs", "1", *more)


def leftovers(folder: Path) -> list[str]:
    """Temporary files a pull left beside the snapshot."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# --- Pulling ------------------------------------------------------------------------------------


def test_a_first_pull_writes_the_served_csv_byte_for_byte(deck, site):
    (deck / "cards.csv").unlink()
    site.serve("/cards.csv", CARDS_LATER)
    result = cli("pull", "deck")
    assert result.exit_code == 0, result.output
    assert (deck / "cards.csv").read_bytes() == CARDS_LATER
    assert result.stdout == "deck/cards.yaml: cards.csv: 3 rows fetched (no snapshot to compare with)\n"
    assert leftovers(deck) == []


def test_a_workbook_is_pulled_byte_for_byte_and_built_offline(deck, site, tmp_path):
    served = workbook([("Title", "Text", "Count"), ("Dragon", "It only wanted the gold.", 2), ("Scout", "Look.", 1)])
    url = site.serve("/cards.xlsx", served, content_type="application/vnd.ms-excel")
    (deck / "cards.yaml").write_text(cards_yaml(url, "cards.xlsx", "sheet: Cards\n"))
    result = cli("pull", "deck")
    assert result.exit_code == 0, result.output
    assert (deck / "cards.xlsx").read_bytes() == served
    assert "deck/cards.yaml: cards.xlsx: 2 rows fetched" in result.stdout
    site.stop()
    built = build(deck, tmp_path / "out")
    assert built.exit_code == 0, built.output
    text = pdf_text(tmp_path / "out" / "deck" / "deck.pdf")
    assert text.count("Dragon") == 2 and text.count("Scout") == 1


def test_a_second_pull_says_what_was_added_removed_and_changed_by_title(deck, site):
    site.serve("/cards.csv", CARDS_LATER)
    result = cli("pull", "deck")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "deck/cards.yaml: cards.csv: 1 added (Dragon), 1 removed (Scout), 2 changed (Storm, Gold Mine), "
        "rows reordered\n"
    )
    assert (deck / "cards.csv").read_bytes() == CARDS_LATER
    again = cli("pull", "deck/cards.yaml")
    assert again.exit_code == 0 and again.stdout == "deck/cards.yaml: cards.csv: unchanged\n"


def test_a_redirect_to_http_is_followed(deck, site):
    site.serve("/cards.csv", CARDS_LATER)
    moved = site.serve("/published", b"", status=302, location="/cards.csv")
    (deck / "cards.yaml").write_text(cards_yaml(moved))
    result = cli("pull", "deck")
    assert result.exit_code == 0, result.output
    assert (deck / "cards.csv").read_bytes() == CARDS_LATER


# --- Failures keep the snapshot -------------------------------------------------------------------

TOO_LARGE = b"title\n" + b"x" * MAX_TABLE_BYTES


@pytest.mark.parametrize(
    ("page", "said"),
    [
        (Page(b"gone", 404, "text/plain"), "the server answered 404 Not Found"),
        (Page(b"", drop=True), "the server closed the connection without answering"),
        (Page(CARDS_LATER, length=len(CARDS_LATER) + 100), "the connection closed after"),
        (
            Page(b"<!DOCTYPE html>\n<html><body>Sign in</body></html>", content_type="text/html"),
            "gave a web page, not a CSV table (a sign-in page?)",
        ),
        (Page(TOO_LARGE, length=None), f"the table is larger than {MAX_TABLE_BYTES} bytes"),
        (Page(TOO_LARGE), f"the table is larger than {MAX_TABLE_BYTES} bytes"),
        (
            Page(b'title,text\nScout,"never closed\n'),
            "gave no CSV table a build can read at downloaded cards.csv:2:2: a quote opens this cell",
        ),
        (Page(b"title,text\n"), "gave a table with a header but no items"),
        (
            Page(b"name,count\nScout,abc\n"),
            "gave no CSV table a build can read at downloaded cards.csv:2:",
        ),
        (Page(b"", status=302, location="ftp://127.0.0.1/cards.csv"), "redirected to ftp://127.0.0.1/cards.csv"),
        (Page(b"", status=302, location="http://example.com/cards.csv"), "is not an https:// address"),
    ],
    ids=["404", "dropped", "cut-short", "web-page", "too-large", "too-large-said", "bad-csv", "no-items", "bad-items"]
    + ["redirect-ftp", "redirect-http"],
)
def test_a_failed_pull_keeps_the_snapshot_and_names_the_url(deck, site, page, said):
    site.pages["/cards.csv"] = page
    result = cli("pull", "deck")
    assert result.exit_code == 2
    assert (deck / "cards.csv").read_bytes() == CARDS
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"{URL_AT}: error: {site.url('/cards.csv')}")
    assert said in line and line.endswith("; cards.csv kept as it was")
    assert result.stdout == "" and "Traceback" not in result.output
    assert leftovers(deck) == []


def test_a_workbook_link_that_gives_no_workbook_keeps_the_snapshot(deck, site):
    before = workbook([("Title",), ("Scout",)])
    (deck / "cards.xlsx").write_bytes(before)
    (deck / "cards.yaml").write_text(cards_yaml(site.serve("/cards.xlsx", CARDS), "cards.xlsx"))
    result = cli("pull", "deck")
    assert result.exit_code == 2
    assert f"{URL_AT}: error: " in result.stderr and "gave no XLSX table a build can read" in result.stderr
    assert (deck / "cards.xlsx").read_bytes() == before


def test_a_failed_first_pull_writes_no_snapshot(deck, site):
    (deck / "cards.csv").unlink()
    result = cli("pull", "deck")
    assert result.exit_code == 2
    assert result.stderr.rstrip().endswith("the server answered 404 Not Found; no snapshot written")
    assert not (deck / "cards.csv").exists() and leftovers(deck) == []


def test_no_answer_in_time_and_a_download_that_drips_are_refused(deck, site):
    site.serve("/cards.csv", CARDS, delay=1.0)
    (failed,) = pull_games({deck: []}, kind_items, Download(timeout=0.3))
    assert isinstance(failed, SourceError) and "no answer within 0.3 s" in failed.message
    site.serve("/cards.csv", CARDS_LATER, delay=0.05, drip=True)
    (failed,) = pull_games({deck: []}, kind_items, Download(timeout=0.3))
    assert isinstance(failed, SourceError) and "the download took longer than 0.3 s" in failed.message
    assert (deck / "cards.csv").read_bytes() == CARDS


def test_other_tables_still_pull_when_one_fails(deck, site):
    (deck / "game.yaml").write_text("name: Deck\nengine: none\ncomponents: [cards.yaml, more.yaml]\n")
    (deck / "more.yaml").write_text(cards_yaml(site.url("/missing.csv"), "more.csv"))
    site.serve("/cards.csv", CARDS_LATER)
    result = cli("pull", "deck")
    assert result.exit_code == 2
    assert "deck/cards.yaml: cards.csv: 1 added (Dragon)" in result.stdout
    assert result.stderr.startswith("deck/more.yaml:4:8: error: ") and "404" in result.stderr
    assert (deck / "cards.csv").read_bytes() == CARDS_LATER and not (deck / "more.csv").exists()
    only = cli("pull", "deck/cards.yaml")
    assert only.exit_code == 0 and only.stderr == ""


def test_an_address_that_is_not_https_is_refused_without_a_connection(deck, site):
    (deck / "cards.yaml").write_text(cards_yaml("http://example.com/cards.csv"))
    result = cli("pull", "deck")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{URL_AT}: error: http://example.com/cards.csv is not an https:// address")
    assert (deck / "cards.csv").read_bytes() == CARDS


def test_a_component_file_named_that_keeps_no_table_online_is_an_error(deck):
    (deck / "cards.yaml").write_text("kind: card\nlayout: card\ndata: cards.csv\n")
    result = cli("pull", "deck/cards.yaml")
    assert result.exit_code == 2 and "nothing to pull" in result.stderr
    whole = cli("pull", "deck")
    assert whole.exit_code == 0 and whole.stderr.startswith("nothing to pull")


# --- Builds stay offline --------------------------------------------------------------------------


def test_a_build_never_opens_a_connection(deck, site, tmp_path, monkeypatch):
    opened: list[tuple[object, ...]] = []

    class NoSocket(socket.socket):
        def __init__(self, *args: object, **kwargs: object) -> None:
            opened.append(args)
            raise OSError("no network here")

    monkeypatch.setattr(socket, "socket", NoSocket)
    refused = cli("pull", "deck")
    assert refused.exit_code == 2 and opened, "the guard catches a download"
    opened.clear()
    result = build(deck, tmp_path / "out", "--no-cache")
    assert result.exit_code == 0, result.output
    assert opened == [] and site.requests == 0
    assert "Gold Mine" in pdf_text(tmp_path / "out" / "deck" / "deck.pdf")


# --- What changed ---------------------------------------------------------------------------------


def items(tmp_path: Path, text: str, name: str):
    path = tmp_path / name
    path.write_text(text)
    return read_table(TableRequest(path, name, Loc(name, 1, 1)), Columns()).items


def test_rows_are_matched_by_title_then_name_then_row_number(tmp_path):
    before = items(tmp_path, "Name,cost\nBank,1\nBank,2\n,7\nFarm,3\n", "a.csv")
    after = items(tmp_path, "Name,cost\nFarm,3\nBank,1\nBank,5\n,8\n", "b.csv")
    change = compare(before, after)
    assert (change.added, change.removed, change.changed) == (("row 5",), ("row 4",), ("Bank",))
    assert change.reordered
    assert str(change) == "1 added (row 5), 1 removed (row 4), 1 changed (Bank), rows reordered"
    many = items(tmp_path, "title\n" + "".join(f"Card {n}\n" for n in range(8)), "c.csv")
    assert str(compare(before[:0], many)).startswith("8 added (Card 0, Card 1, Card 2, Card 3, Card 4 and 3 more)")


def test_a_pull_of_the_same_bytes_leaves_the_snapshot_as_it_is(deck, site):
    site.serve("/cards.csv", CARDS)
    stamp = (deck / "cards.csv").stat().st_mtime_ns
    (pulled,) = pull_games({deck: []}, kind_items)
    assert isinstance(pulled, Pulled) and str(pulled.change) == "unchanged"
    assert (deck / "cards.csv").stat().st_mtime_ns == stamp
