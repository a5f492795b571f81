"""Hostile sources, generated: every build either succeeds or is refused cleanly.

The property, for four kinds of source (a CSV table, an XLSX workbook, SVG art shown by an
image element, and a layout's literal `text:` or `template:`), whatever the generated input:

* the build exits with status 0 or 2, never 1, a crash or a signal, and prints no traceback;
* stderr holds the tool's own lines only: a library's warning or log line (svglib skipping
  part of a picture, say) means the input was not used as written, and nobody was told where;
* on 2, stderr names a place in the game's sources (`file:line:col: error ...`, or a
  workbook's cell, `cards.xlsx:Cards!C14: error ...`) that lies within that file;
* on 2, the output a valid build wrote before (OUT/<slug>/) is byte-identical;
* nothing is left under OUT but OUT/<slug>/ and OUT/.cache/ (no staging folder beside the
  game's folder), and no temporary file anywhere under OUT;
* each build ends within TIMEOUT_S seconds and within MEMORY_LIMIT bytes of address space.

Each test builds a valid version of the game into OUT once, then runs every example against
it: the build cache (OUT/.cache/) emptied first, so that an example is built from scratch
however often it runs, and the valid output put back after an example that built. Builds run
in a child forked from this process once the CLI is imported, with warnings and logging as a
fresh interpreter has them and its memory and time limited, as tests/pipeline/test_bad_inputs.py runs
them; the examples are derandomised, so that a run is reproducible.
"""

import base64
import datetime
import hashlib
import io
import os
import re
import shutil
import struct
import zipfile
import zlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.forked import address_space, forked_build

#: Each forked build starts warm (conftest.py's forked_warm).
pytestmark = pytest.mark.usefixtures("forked_warm")
SLUG = "hostile"
#: Seconds a build may take, and the address space it may have: 2 GiB, or 1 GiB more than
#: this process holds where that is more (a child forked from it starts with all of it).
TIMEOUT_S = 60
MEMORY_LIMIT = 2 * 1024**3
MEMORY_HEADROOM = 1024**3
#: Examples per kind: each is a forked build of a few tenths of a second.
EXAMPLES = 40
HOSTILE = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)

GAME_YAML = "name: Hostile\nengine: none\ncomponents: [cards.yaml]\n"
CARDS_YAML = "kind: card\nlayout: pictured\ndata: cards.csv\n"
CARDS_CSV = "title,text,art\nBolt,Hello,art/pic.svg\nSpark,World,art/pic.svg\n"
PIC_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#c00"/></svg>'
LITERAL = "Lit {title}"
TEMPLATE = "T {text}"
#: Where the layout's literal text and template are written (the layout_yaml lines).
LAYOUT_HEAD = "extends: card\nelements:\n"
IMAGE_LINE = "  pic: {type: image, field: art, x: 10mm, y: 20mm, width: 20mm, height: 20mm}\n"
BOX = "x: 4mm, y: 50mm, width: 55.5mm, height: 10mm, size: 9pt"

#: An error line that names a place: `file:line:col: error` or `file:Sheet!C14: error`.
PLACE = re.compile(
    r"^(?P<file>[^\n]+?):(?:(?P<line>\d+):(?P<column>\d+)|(?P<sheet>[^\n!]*)!(?P<letters>[A-Z]+)(?P<row>\d+)): error\b",
    re.MULTILINE,
)

#: A line of the tool's own on stderr: a finding at its place, an error, a game not built.
OWN_LINE = re.compile(r"^(?:.+?:(?:\d+:\d+|[^!\n]*![A-Z]+\d+): (?:error|warning|info)\b|error: |Hostile: not built)")


def layout_yaml(literal: str = LITERAL, template: str = TEMPLATE, *, raw: bool = False) -> str:
    """The card layout: the image element, a literal text and a template. Each string is
    written as YAML writes it, or (raw) put between double quotes as it stands."""

    def scalar(text: str) -> str:
        if raw:
            return f'"{text}"'
        return yaml.safe_dump(text, allow_unicode=True, default_style='"', width=1 << 30).removesuffix("\n...\n")

    return (
        LAYOUT_HEAD
        + IMAGE_LINE
        + f"  note: {{type: text, text: {scalar(literal)}, {BOX}}}\n"
        + f"  tmpl: {{type: text, template: {scalar(template)}, {BOX.replace('50mm', '62mm')}}}\n"
    )


def valid_sources() -> dict[str, bytes]:
    """A game folder's files: a deck of two cards from a CSV table, each showing SVG art."""
    return {
        "game.yaml": GAME_YAML.encode(),
        "cards.yaml": CARDS_YAML.encode(),
        "cards.csv": CARDS_CSV.encode(),
        "art/pic.svg": PIC_SVG.encode(),
        "layouts/pictured.yaml": layout_yaml().encode(),
    }


# --- building in a forked child -----------------------------------------------------------------


def _digests(folder: Path) -> dict[str, str]:
    """Every file under `folder` (links as where they lead): its sha256."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if path.is_symlink():
            found[name] = "-> " + os.readlink(path)
        elif path.is_file():
            found[name] = hashlib.sha256(path.read_bytes()).hexdigest()
        elif path.is_dir():
            found[name + "/"] = ""
    return found


@dataclass
class Bench:
    """A game folder and an output folder holding a valid build of the game, for examples to
    build against: `run` writes the sources, builds, checks the property, and puts the
    valid build's output back for the next example."""

    root: Path
    before: dict[str, str] = field(default_factory=dict, repr=False)

    @property
    def game(self) -> Path:
        return self.root / SLUG

    @property
    def out(self) -> Path:
        return self.root / "out"

    @property
    def aside(self) -> Path:
        return self.root / "aside"

    def write(self, changed: dict[str, bytes]) -> None:
        shutil.rmtree(self.game, ignore_errors=True)
        for name, data in {**valid_sources(), **changed}.items():
            path = self.game / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)

    def build(self) -> tuple[int, str]:
        memory = max(MEMORY_LIMIT, address_space() + MEMORY_HEADROOM)
        return forked_build(self.game, self.out, self.root / "build.stderr", memory, TIMEOUT_S)

    def prepare(self) -> "Bench":
        """The valid build, once: its output kept aside to put back."""
        self.write({})
        code, stderr = self.build()
        assert code == 0, stderr
        assert (self.out / SLUG / f"{SLUG}.pdf").is_file()
        self.before = _digests(self.out / SLUG)
        shutil.copytree(self.out / SLUG, self.aside, symlinks=True)
        return self

    def restore(self) -> None:
        """OUT/<slug> as the valid build left it, and nothing else beside it but the cache."""
        for entry in self.out.iterdir():
            if entry.name != ".cache":
                shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()
        shutil.copytree(self.aside, self.out / SLUG, symlinks=True)

    def run(self, changed: dict[str, bytes]) -> tuple[int, str]:
        """Build the game with `changed` files and check the property; (exit status, stderr).
        The build cache goes first: each example is built from scratch, as often as it is run."""
        self.write(changed)
        shutil.rmtree(self.out / ".cache", ignore_errors=True)
        try:
            code, stderr = self.build()
            self.check(code, stderr)
        finally:
            if _digests(self.out / SLUG) != self.before or set(os.listdir(self.out)) != {SLUG, ".cache"}:
                self.restore()
        return code, stderr

    def check(self, code: int, stderr: str) -> None:
        shown = stderr[-3000:]
        assert "Traceback" not in stderr, f"a traceback (exit status {code}):\n{shown}"
        assert code in (0, 2), f"exit status {code} (below 0: ended by that signal, -14 the time limit):\n{shown}"
        left = sorted(set(os.listdir(self.out)) - {SLUG, ".cache"})
        assert not left, f"left beside the game's output: {left}\n{shown}"
        scratch = [p for p in self.out.rglob("*") if p.name.endswith(".tmp") or p.name == ".cutsheet-staging"]
        assert not scratch, f"temporary files left: {scratch}\n{shown}"
        stray = [line for line in stderr.splitlines() if not OWN_LINE.match(line)]
        assert not stray, f"stderr holds lines that are not the tool's own (a library's warning or log):\n{shown}"
        if code == 0:
            assert (self.out / SLUG / f"{SLUG}.pdf").is_file(), f"built, but no PDF:\n{shown}"
            return
        assert _digests(self.out / SLUG) == self.before, f"a failed build changed the previous output:\n{shown}"
        places = [m for m in PLACE.finditer(stderr) if self.inside(m)]
        assert places, f"no error names a place within the game's sources (a file, a line and column in it):\n{shown}"

    def inside(self, place: re.Match[str]) -> bool:
        """Whether an error's place is a file of the game and a line (or row) within it."""
        path = self.game / place["file"]
        if not path.is_file() or self.game.resolve() not in path.resolve().parents:
            return False
        line = int(place["line"] or place["row"])
        column = int(place["column"] or 1)
        if line < 1 or column < 1:
            return False
        if place["sheet"] is not None:
            return path.suffix == ".xlsx"
        lines = re.split(r"\r\n|\r|\n", path.read_bytes().decode("utf-8", errors="replace"))
        if path.suffix == ".csv":  # a row and a field: a row spans one line or more, a field one character or more
            return line <= len(lines) + 1 and column <= max(map(len, lines)) + 1
        return line <= len(lines) + 1 and column <= len(lines[min(line, len(lines)) - 1]) + 1


def bench(tmp_path_factory: pytest.TempPathFactory, name: str) -> Bench:
    return Bench(tmp_path_factory.mktemp(name)).prepare()


@pytest.fixture(scope="module")
def csv_bench(tmp_path_factory: pytest.TempPathFactory) -> Bench:
    return bench(tmp_path_factory, "csv")


@pytest.fixture(scope="module")
def xlsx_bench(tmp_path_factory: pytest.TempPathFactory) -> Bench:
    return bench(tmp_path_factory, "xlsx")


@pytest.fixture(scope="module")
def svg_bench(tmp_path_factory: pytest.TempPathFactory) -> Bench:
    return bench(tmp_path_factory, "svg")


@pytest.fixture(scope="module")
def text_bench(tmp_path_factory: pytest.TempPathFactory) -> Bench:
    return bench(tmp_path_factory, "text")


# --- pieces of hostile text ---------------------------------------------------------------------

#: Any character but a lone surrogate (not UTF-8): control characters, NUL, line separators,
#: combining marks, right-to-left text and emoji included.
ANY_CHAR = st.characters(exclude_categories=("Cs",))
ODD_TEXT = st.sampled_from(
    [
        "",
        " ",
        "\t",
        "\x00",
        "\x07",
        "\x1b[31m",
        "\x7f",
        "\x85",
        "\u2028",
        "\u200b",
        "\ufeff",
        "\ufffd",
        "\U0010ffff",
        "e\u0301",
        "שלום",
        "中文",
        "🃏",
        "👩‍👩‍👧",
        "\\",
        "\\n",
        '"',
        "'",
        ",",
        ";",
        ":",
        "#",
        "%s",
        "${x}",
        "<b>",
        "&amp;",
    ]
)
WORDS = st.one_of(ODD_TEXT, st.text(ANY_CHAR, max_size=12))


# --- CSV ----------------------------------------------------------------------------------------

HEADER_NAMES = st.sampled_from(
    [
        "title",
        "text",
        "flavour",
        "art",
        "count",
        "rent.1",
        "rent.2",
        "rent.3",
        "steps.1.text",
        "a.b.c.d.e.f.g.h.i",
        "1",
        "",
        " ",
        "名前",
        'ti"tle',
        " title ",
        "\ufefftitle",
        "__class__",
        "title.",
        ".title",
    ]
)
CSV_VALUES = st.one_of(
    WORDS,
    st.sampled_from(
        [
            "art/pic.svg",
            "art/nope.svg",
            "../../../etc/passwd",
            "/etc/passwd",
            "cards.csv",
            "art",
            "007",
            "-0",
            "2.50",
            "1e9",
            "99999999999999999999",
            "0",
            "1001",
            '"',
            '""',
            '"oops',
            'a"b',
            "a\r\nb",
            "a\rb",
        ]
    ),
    st.builds(lambda n, c: c * n, st.sampled_from([99_999, 100_001, 1_000_000]), st.sampled_from('x\n",')),
)


#: What a column holds in a valid table.
FITTING = {"art": st.just("art/pic.svg"), "count": st.sampled_from(["1", "2"]), "rent.1": st.sampled_from(["5", "2.5"])}
PLAIN = st.text(st.sampled_from("abc XYZ019-!?'.é"), min_size=1, max_size=12)


@st.composite
def csv_tables(draw: st.DrawFn) -> bytes:
    """A CSV table as a spreadsheet program (or a careless hand) might write it: mostly a
    header naming fields and rows that fit it, with hostile names, values, quotes and line
    ends here and there."""
    delimiter = draw(st.sampled_from(",;"))
    ends = draw(st.lists(st.sampled_from(["\n", "\r\n", "\r"]), min_size=1, max_size=3))
    header = ["title", "text", *draw(st.permutations(["art", "flavour", "count", "rent.1"]))[: draw(st.integers(0, 4))]]
    if draw(st.integers(0, 4)) == 0:
        header.insert(draw(st.integers(0, len(header))), draw(st.one_of(HEADER_NAMES, WORDS)))
    rows = []
    for _ in range(draw(st.integers(0, 4))):
        width = len(header) + draw(st.sampled_from([0] * 8 + [-1, 1]))
        hostile = draw(st.integers(0, 2)) == 0
        rows.append(
            [
                draw(CSV_VALUES if hostile and draw(st.booleans()) else FITTING.get(name, PLAIN))
                for name in (header + ["extra"])[: max(width, 0)]
            ]
        )

    def cell(value: str) -> str:
        style = draw(st.sampled_from(["plain"] * 20 + ["quoted"] * 9 + ["unclosed"]))
        if style == "plain":
            return value
        body = value.replace('"', '""')
        return f'"{body}"' if style == "quoted" else f'"{body}'

    lines = [delimiter.join(cell(v) for v in row) for row in [header, *rows]]
    text = "".join(line + draw(st.sampled_from(ends)) for line in lines)
    if draw(st.booleans()):
        text = text.rstrip("\r\n")
    bom = "\ufeff" if draw(st.integers(0, 9)) == 0 else ""
    return (bom + text).encode()


CSV_SOURCES = st.one_of(
    csv_tables(),
    st.text(ANY_CHAR, max_size=200).map(str.encode),
    st.binary(max_size=200),
)


@HOSTILE
@given(table=CSV_SOURCES)
@example(table=b'title,text\nA,"oops\nB,fine\n')
@example(table=b"title,text,art\rBolt,Hello,art/pic.svg\rSpark,World,art/pic.svg\r")
@example(table=b"title,text\rA,x\rB,y")
@example(table=b"title,text\nA,a\x00b\n")
@example(table=b"title,text\rA,\xff\r")
@example(table=b"title,text\n\xff\xfe,x\n")
@example(table=b'title;text;art\r\nA;"x;\r\ny";art/pic.svg\r\n')
@example(table=b'title,text\nA,"x"y"\n')
@example(table=b"")
@example(table=b"\n\n\n")
@example(table=b"title,title\nA,B\n")
@example(table=b"title,rent.1,rent.3\nA,1,2\n")
@example(table=b"title,art\nA,../../../etc/passwd\n")
@example(table=b"title,count\nA,99999999999999999999\n")
@example(table=b"title,text\nA," + b"x" * 100_001 + b"\n")
@example(table=b"title\n" + b"A\n" * 20_001)
@example(table=("title," + ",".join(f"c{n}" for n in range(250)) + "\nA\n").encode())
def test_a_hostile_csv_table_builds_or_is_refused_at_its_cell(csv_bench: Bench, table: bytes) -> None:
    csv_bench.run({"cards.csv": table})


# --- XLSX ---------------------------------------------------------------------------------------

#: Formulas: openpyxl writes none with a saved value, so each is "a formula with no saved value".
FORMULAS = st.sampled_from(["=1+2", "=A1", "=SUM(A1:A3)", "=", "==", '="x"', '=HYPERLINK("http://example.org")'])
CELL_VALUES = st.one_of(
    st.none(),
    WORDS,
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.datetimes(min_value=datetime.datetime(1900, 3, 1), max_value=datetime.datetime(9999, 1, 1)),
    st.dates(min_value=datetime.date(1900, 3, 1)),
    st.times(),
    st.timedeltas(min_value=datetime.timedelta(0), max_value=datetime.timedelta(days=9000)),
    FORMULAS,
    st.sampled_from(["#N/A", "#DIV/0!", "#REF!", "art/pic.svg", "art/nope.svg", "../../../etc/passwd", "007", "60"]),
)
SHEET_NAMES = st.sampled_from(["Cards", "Sheet", "Data 2", "名前", "x" * 31, "'Quoted'", "History"])


@dataclass(frozen=True)
class Book:
    """A workbook to write with openpyxl: its sheets (title, rows of cells, far cells placed
    by (row, column)), and the worksheet the component file names (None: the first)."""

    sheets: tuple[tuple[str, tuple[tuple[Any, ...], ...], tuple[tuple[int, int, Any], ...]], ...]
    named: str | None = None

    def data(self) -> bytes:
        import openpyxl
        from openpyxl.utils.exceptions import IllegalCharacterError

        book = openpyxl.Workbook()
        book.remove(book.active)
        for title, rows, far in self.sheets:
            sheet = book.create_sheet(title)
            placed = [(r, c, v) for r, row in enumerate(rows, 1) for c, v in enumerate(row, 1)] + list(far)
            for row, column, value in placed:
                try:
                    sheet.cell(row, column).value = value
                except (IllegalCharacterError, ValueError, TypeError):
                    sheet.cell(row, column).value = repr(value)
        stream = io.BytesIO()
        book.save(stream)
        return stream.getvalue()

    def sources(self) -> dict[str, bytes]:
        sheet = "" if self.named is None else f"sheet: {yaml.safe_dump(self.named, default_style=chr(34)).strip()}\n"
        cards = CARDS_YAML.replace("cards.csv", "cards.xlsx") + sheet
        return {"cards.yaml": cards.encode(), "cards.xlsx": self.data()}


@dataclass(frozen=True)
class Mangled:
    """A valid workbook's bytes, changed: (offset from its start, bytes cut, bytes put in) each."""

    edits: tuple[tuple[int, int, bytes], ...]

    def sources(self) -> dict[str, bytes]:
        data = bytearray(valid_book())
        for at, cut, put in self.edits:
            at %= len(data) + 1
            data[at : at + cut] = put
        return {"cards.yaml": CARDS_YAML.replace("cards.csv", "cards.xlsx").encode(), "cards.xlsx": bytes(data)}


@dataclass(frozen=True)
class Replaced:
    """A valid workbook with one of its parts (a zip member) replaced by other bytes."""

    part: str
    content: bytes
    packed: bool = True

    def sources(self) -> dict[str, bytes]:
        stream = io.BytesIO()
        method = zipfile.ZIP_DEFLATED if self.packed else zipfile.ZIP_STORED
        with zipfile.ZipFile(io.BytesIO(valid_book())) as source, zipfile.ZipFile(stream, "w", method) as target:
            for info in source.infolist():
                target.writestr(info.filename, self.content if info.filename == self.part else source.read(info))
            if self.part not in source.namelist():
                target.writestr(self.part, self.content)
        return {"cards.yaml": CARDS_YAML.replace("cards.csv", "cards.xlsx").encode(), "cards.xlsx": stream.getvalue()}


VALID_ROWS = (("title", "text", "art"), ("Bolt", "Hello", "art/pic.svg"), ("Spark", "World", "art/pic.svg"))


@cache
def valid_book() -> bytes:
    return Book((("Cards", VALID_ROWS, ()),)).data()


SHEET_XML = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>{}</sheetData></worksheet>'
)
#: A worksheet as a spreadsheet program saves it: formulas with the values they computed.
SAVED_FORMULAS = SHEET_XML.format(
    '<row r="1"><c r="A1" t="inlineStr"><is><t>title</t></is></c><c r="B1" t="inlineStr"><is><t>text</t></is></c></row>'
    '<row r="2"><c r="A2" t="str"><f>"Bo"&amp;"lt"</f><v>Bolt</v></c><c r="B2"><f>1+2</f><v>3</v></c></row>'
)
#: The billion laughs: ten entities each ten times the one before, a gigabyte expanded.
LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">'
    + "".join(f'<!ENTITY lol{n} "{f"&lol{n - 1};" * 10}">' for n in range(1, 10))
    + "]>"
)
PARTS = st.sampled_from(
    ["xl/worksheets/sheet1.xml", "xl/workbook.xml", "xl/sharedStrings.xml", "xl/styles.xml", "[Content_Types].xml"]
)
PART_CONTENT = st.one_of(
    st.binary(max_size=64),
    st.sampled_from(
        [
            b"",
            SHEET_XML.format("").encode(),
            SHEET_XML.format('<row r="1"><c r="A1" t="inlineStr"><is><t>title</t></is></c></row>').encode(),
            SHEET_XML.format('<row r="1048576"><c r="XFD1048576" t="n"><v>1</v></c></row>').encode(),
            SHEET_XML.format('<row r="1"><c r="A1" t="s"><v>99999</v></c></row>').encode(),
            SHEET_XML.format('<row r="1"><c r="A1" t="e"><v>#N/A</v></c></row>').encode(),
            SHEET_XML.format('<row r="1"><c r="A1" t="b"><v>maybe</v></c></row>').encode(),
            SHEET_XML.format('<row r="1"><c r="A1" t="d"><v>not a date</v></c></row>').encode(),
            SHEET_XML.format('<row r="1"><c r="ZZZZZZ1"><v>1</v></c></row>').encode(),
            (LAUGHS + "<worksheet><sheetData><row><c><v>&lol9;</v></c></row></sheetData></worksheet>").encode(),
            b'<?xml version="1.0"?><!DOCTYPE x SYSTEM "file:///etc/passwd"><x/>',
            SAVED_FORMULAS.encode(),
            SAVED_FORMULAS.replace("<v>3</v>", "<v>#DIV/0!</v>").replace('<c r="B2">', '<c r="B2" t="e">').encode(),
            SAVED_FORMULAS.replace("<v>Bolt</v>", "<v></v>").encode(),
        ]
    ),
)
FITTING_CELLS = {
    "art": st.just("art/pic.svg"),
    "count": st.sampled_from([1, 2, 2.0]),
    "rent.1": st.sampled_from([5, 2.5]),
}
PLAIN_CELLS = st.one_of(PLAIN, st.integers(-999, 999))


@st.composite
def worksheets(draw: st.DrawFn) -> tuple[str, tuple[tuple[Any, ...], ...], tuple[tuple[int, int, Any], ...]]:
    """A worksheet: mostly a header naming fields and rows that fit it, with cells of every
    type (formulas, errors, dates, huge and odd numbers) and far-off cells here and there."""
    title = draw(SHEET_NAMES)
    header: list[Any] = ["title", "text", *draw(st.permutations(["art", "count", "rent.1"]))[: draw(st.integers(0, 3))]]
    if draw(st.integers(0, 4)) == 0:
        header.insert(draw(st.integers(0, len(header))), draw(st.one_of(HEADER_NAMES, CELL_VALUES)))
    rows = [tuple(header)]
    for _ in range(draw(st.integers(0, 4))):
        hostile = draw(st.integers(0, 2)) == 0
        names = header + ["extra"] * draw(st.sampled_from([0] * 8 + [1]))
        rows.append(
            tuple(
                draw(CELL_VALUES if hostile and draw(st.booleans()) else FITTING_CELLS.get(name, PLAIN_CELLS))
                for name in names
            )
        )
    far = draw(st.lists(st.tuples(st.integers(1, 30_000), st.integers(1, 300), CELL_VALUES), max_size=1))
    return title, tuple(rows), tuple(far)


WORKBOOKS = st.one_of(
    st.builds(
        Book,
        st.lists(worksheets(), min_size=1, max_size=3, unique_by=lambda sheet: sheet[0]).map(tuple),
        st.one_of(st.none(), st.none(), SHEET_NAMES),
    ),
    st.builds(
        Mangled,
        st.lists(
            st.tuples(st.integers(0, 10_000), st.integers(0, 64), st.binary(max_size=16)), min_size=1, max_size=3
        ).map(tuple),
    ),
    st.builds(Replaced, PARTS, PART_CONTENT, st.booleans()),
)


@HOSTILE
@given(book=WORKBOOKS)
@example(book=Book((("Cards", (("title", "text"), ("Bolt", "=1+2")), ()),)))
@example(book=Book((("Cards", (("title", "count"), ("Bolt", "=2*3")), ()),)))
@example(book=Book((("Cards", (("title", "text"), ("Bolt", float("nan"))), ()),)))
@example(book=Book((("Cards", (("title", "text"), ("Bolt", 2**70)), ()),)))
@example(book=Book((("Cards", (("title", "text"), ("Bolt", "#N/A")), ()),)))
@example(book=Book((("Cards", (("title", datetime.time(21, 59, 43)), ("Bolt", 1)), ()),)))
@example(book=Book((("Cards", (("title",), ("Bolt",)), ((1_048_576, 1, "far"),)),)))
@example(book=Book((("Cards", (("title",), ("Bolt",)), ((2, 300, "wide"),)),)))
@example(book=Book((("Cards", VALID_ROWS, ()), ("Other", (("title",), ("X",)), ())), named="Nope"))
@example(book=Book((("Cards", VALID_ROWS, ()), ("Other", (("title",), ("X",)), ())), named="Other"))
@example(book=Replaced("xl/styles.xml", SHEET_XML.format("").encode()))
@example(book=Replaced("xl/worksheets/sheet1.xml", SAVED_FORMULAS.encode()))
@example(book=Mangled(((0, 4, b"PK\x05\x06"),)))
@example(book=Mangled(((100, 1_000_000, b""),)))
@example(book=Replaced("xl/worksheets/sheet1.xml", bytes(60 * 1024 * 1024)))
@example(book=Replaced("xl/worksheets/sheet1.xml", LAUGHS.encode() + b"<worksheet>&lol9;</worksheet>"))
def test_a_hostile_workbook_builds_or_is_refused_at_its_cell(
    xlsx_bench: Bench, book: Book | Mangled | Replaced
) -> None:
    xlsx_bench.run(book.sources())


# --- SVG art ------------------------------------------------------------------------------------


def blank_png(width: int, height: int) -> bytes:
    """A 1-bit grey PNG of `width` x `height` pixels, all black: tiny packed, huge unpacked."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\0" * (1 + (width + 7) // 8)
    packer = zlib.compressobj(9)
    pixels = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def data_uri(mime: str, data: bytes) -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"


@cache
def png_bomb_uri() -> str:
    return data_uri("image/png", blank_png(9000, 9000))


SVG_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
VIEW_BOXES = st.one_of(
    st.sampled_from(
        [
            "0 0 10 10",
            "0 0 1e-300 1e-300",
            "0 0 1e300 1e300",
            "0 0 10",
            "0,0,10,10",
            "0 0 -10 10",
            "0 0 0 0",
            "nan nan nan nan",
            "0 0 inf inf",
            "0 0 1e7 1e7",
            "0 0 0.001 0.001",
            "",
            "a b c d",
            "0 0 10 10 10",
            "0 0 1_0 10",
        ]
    ),
    st.lists(st.floats(allow_nan=True, allow_infinity=True), min_size=0, max_size=5).map(
        lambda xs: " ".join(repr(x) for x in xs)
    ),
)
HREFS = st.sampled_from(
    [
        "#a",
        "#nope",
        "http://example.org/x.png",
        "file:///etc/passwd",
        "../../etc/passwd",
        "pic.svg",
        " data:image/png;base64,",
        "data:image/svg+xml;base64," + base64.b64encode(b"<svg/>").decode(),
        "data:text/html,<script>alert(1)</script>",
        "data:image/png;base64,!!!!",
        "data:image/png,raw",
        "javascript:alert(1)",
        "",
    ]
)
CSS = st.sampled_from(
    [
        "rect { fill: red }",
        "@import url(http://example.org/x.css);",
        "@\\69mport 'http://example.org/x.css';",
        "@im\\port 'x.css';",
        "@im/**/port 'x.css';",
        "rect { fill: url(http://example.org/x) }",
        "rect { fill: u\\rl(http://example.org/x) }",
        "rect { fill: \\75\\72\\6c(http://example.org/x) }",
        "rect { fill: url( 'x.png' ) }",
        "rect { fill: url(#g) }",
        "rect { background: url(data:image/png;base64,AAAA) }",
        "rect { fill: \\0 }",
        "rect { fill: \\110000 }",
        "/* unclosed",
        "\\",
        "]]>",
    ]
)
STYLES = st.sampled_from(
    [
        "fill:url(http://example.org/x)",
        "fill:url(#g)",
        "fill:URL('x.png')",
        "fill:u\\72l(x.png)",
        "fill:#c00;stroke-width:1e308",
        "font-size:1e308px",
        "font-size:-1px",
        "fill:rgb(300,-1,nan)",
        "opacity:nan",
        "",
    ]
)
NUMBERS = st.sampled_from(["0", "1", "-1", "1e308", "-1e308", "1e-308", "nan", "inf", "10%", "3px", "2em", "", "x"])
PATH_DATA = st.lists(
    st.one_of(st.sampled_from(list("MLHVCSQTAZmlhvcsqtaz ,")), NUMBERS, st.sampled_from(["1e999", "9" * 400])),
    max_size=20,
).map(" ".join)


TRANSFORMS = st.sampled_from(
    ["scale(2)", "scale(0)", "scale(1e308)", "matrix(0 0 0 0 0 0)", "matrix(1 0 0 1 nan 0)", "rotate(nan)", "skewX(90)"]
)
#: The values an attribute takes: a number (or not quite one) unless named here.
ATTRIBUTE_VALUES = {
    "transform": TRANSFORMS,
    "stroke-dasharray": st.sampled_from(["0 0", "0", "1e-9", "-1 2", "nan", "1 1"]),
    "stroke": st.sampled_from(["#000", "none", "url(#g)", "currentColor"]),
}
PAINTING = ["transform", "stroke", "stroke-width", "stroke-dasharray"]


def _attrs(draw: st.DrawFn, names: list[str], **given: str) -> str:
    """The attributes `given` and some of `names` and the painting ones, each with a value of
    its kind; one drawn twice is written once, with the last value drawn."""
    drawn = draw(st.lists(st.sampled_from(names + PAINTING).flatmap(_valued), max_size=4))
    chosen = {name.replace("_", "-"): value for name, value in given.items()} | dict(drawn)
    return "".join(f' {name}="{_escaped(value)}"' for name, value in chosen.items())


def _valued(name: str) -> st.SearchStrategy[tuple[str, str]]:
    return st.tuples(st.just(name), ATTRIBUTE_VALUES.get(name, NUMBERS))


def _escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


@st.composite
def svg_element(draw: st.DrawFn) -> str:
    """One element of SVG art: a shape, text, a picture, a reference, a style, or nested groups."""
    kind = draw(
        st.sampled_from(
            ["rect", "circle", "path", "text", "image", "use", "style", "gradient", "styled", "group", "foreign"]
        )
    )
    if kind == "rect":
        return f"<rect{_attrs(draw, ['x', 'y', 'width', 'height', 'rx'], width='5', height='5')}/>"
    if kind == "circle":
        return f"<circle{_attrs(draw, ['cx', 'cy', 'r'], r='2')}/>"
    if kind == "path":
        return f'<path d="{draw(PATH_DATA)}"{_attrs(draw, [])}/>'
    if kind == "text":
        words = _escaped(draw(st.text(st.characters(exclude_categories=("Cs", "Cc")), max_size=20)))
        return f"<text{_attrs(draw, ['x', 'y', 'font-size', 'dx', 'rotate'], x='1', y='5')}>{words}</text>"
    if kind == "image":
        href = draw(st.one_of(HREFS, st.sampled_from(["tiny", "bomb"])))
        if href == "tiny":
            href = data_uri("image/png", blank_png(2, 2))
        elif href == "bomb":
            href = png_bomb_uri()
        attribute = draw(st.sampled_from(["href", "xlink:href"]))
        return f'<image {attribute}="{_escaped(href)}" width="5" height="5"/>'
    if kind == "use":
        return f'<use {draw(st.sampled_from(["href", "xlink:href"]))}="{_escaped(draw(HREFS))}"/>'
    if kind == "style":
        return f"<style>{_escaped(draw(CSS))}</style>"
    if kind == "gradient":
        return '<linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1"/></linearGradient>'
    if kind == "styled":
        return f'<rect width="5" height="5" style="{_escaped(draw(STYLES))}"/>'
    if kind == "foreign":
        return '<foreignObject width="5" height="5"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'
    depth = draw(st.sampled_from([1, 2, 50, 5000]))
    return f'<g id="a"{_attrs(draw, [])}>' * depth + '<rect width="1" height="1"/>' + "</g>" * depth


def use_bomb(levels: int, fan: int) -> str:
    """Groups each using the one before `fan` times: fan**levels rectangles drawn."""
    groups = ['<g id="l0"><rect width="1" height="1"/></g>']
    for level in range(1, levels + 1):
        uses = f'<use href="#l{level - 1}"/>' * fan
        groups.append(f'<g id="l{level}">{uses}</g>')
    return f'<svg {SVG_NS} viewBox="0 0 10 10"><defs>{"".join(groups)}</defs><use href="#l{levels}"/></svg>'


@st.composite
def svg_documents(draw: st.DrawFn) -> bytes:
    """SVG art from a small grammar of elements and attributes, hostile ones among them."""
    root = draw(st.sampled_from(["svg"] * 8 + ["html", "svg:svg"]))
    namespace = draw(st.sampled_from([SVG_NS] * 8 + ["", 'xmlns="http://example.org/not-svg"']))
    if root == "svg:svg":
        namespace = 'xmlns:svg="http://www.w3.org/2000/svg"'
    size = draw(
        st.one_of(
            *[st.just(' viewBox="0 0 10 10"')] * 4,
            st.builds(lambda v: f' viewBox="{_escaped(v)}"', VIEW_BOXES),
            st.builds(lambda w, h: f' width="{w}" height="{h}"', NUMBERS, NUMBERS),
            st.just(""),
        )
    )
    body = "".join(draw(st.lists(svg_element(), max_size=5)))
    prolog = draw(
        st.sampled_from(
            [""] * 6
            + [
                '<?xml version="1.0" encoding="UTF-8"?>',
                '<?xml version="1.0" encoding="latin-1"?>',
                '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">',
                '<!DOCTYPE svg [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
                "\ufeff",
            ]
        )
    )
    return f"{prolog}<{root} {namespace}{size}>{body}</{root}>".encode()


SVG_SOURCES = st.one_of(
    svg_documents(),
    svg_documents(),
    svg_documents(),
    st.builds(use_bomb, st.integers(1, 9), st.integers(1, 12)).map(str.encode),
    st.binary(max_size=200),
    st.text(ANY_CHAR, max_size=200).map(str.encode),
)


def svg(body: str, view_box: str = "0 0 10 10") -> bytes:
    return f'<svg {SVG_NS} viewBox="{view_box}">{body}</svg>'.encode()


@HOSTILE
@given(art=SVG_SOURCES)
@example(art=svg("", view_box="0 0 1e-300 1e-300"))
@example(art=svg('<rect width="5" height="5" style="fill:url(http://example.org/x)"/>'))
@example(art=svg("<style>@\\69mport url(http://example.org/x.css);</style><rect width='5' height='5'/>"))
@example(art=svg(f'<image href="{png_bomb_uri()}" width="5" height="5"/>'))
@example(art=svg('<image xlink:href="file:///etc/passwd" width="5" height="5"/>'))
@example(art=svg('<g id="a"><use href="#a"/></g><use href="#a"/>'))
@example(art=svg('<g id="a">' * 5000 + "</g>" * 5000))
@example(art=use_bomb(9, 12).encode())
@example(art=svg('<rect width="1" height="1" x="inf"/>'))
@example(art=svg('<rect width="1" height="1" x="1e308"/>'))
@example(art=svg('<path d="M 0 0 L 1e999 1"/>'))
@example(art=svg('<rect width="1" height="1" stroke="#000" stroke-width="1e308"/>'))
@example(art=svg('<rect width="1" height="1" transform="matrix(0 0 0 0 0 0)"/>'))
@example(art=svg('<path d="M 0 0 L 10 10" stroke="#000" stroke-dasharray="0 0"/>'))
@example(art=svg('<text x="1" y="5" font-size="x">a</text>'))
@example(art=svg('<rect width="x" height="5"/>'))
@example(art=svg('<text x="1" y="5" font-size="1e308">x</text>'))
@example(art=b'<!DOCTYPE svg [<!ENTITY e SYSTEM "file:///etc/passwd">]><svg>&e;</svg>')
@example(art=b"\x89PNG\r\n\x1a\n")
@example(art=b"")
def test_hostile_svg_art_builds_or_is_refused_at_the_field_naming_it(svg_bench: Bench, art: bytes) -> None:
    svg_bench.run({"art/pic.svg": art})


# --- layout text --------------------------------------------------------------------------------

TEMPLATE_PIECES = st.one_of(
    WORDS,
    st.sampled_from(
        [
            "{",
            "}",
            "{{",
            "}}",
            "{title}",
            "{text}",
            "{art}",
            "{absent}",
            "{0}",
            "{}",
            "{ title }",
            "{title!r}",
            "{title!s:>5}",
            "{title:>1000000000}",
            "{title:.999999999999999}",
            "{title:{title}}",
            "{title[0]}",
            "{title.__class__.__mro__}",
            "{title.__class__.__init__.__globals__}",
            "{tit-le}",
            "{__import__}",
            "21:59:43",
            "%(title)s",
            "$title",
            "\\{title\\}",
            "\\",
            "\\u0041",
            "\\x00",
        ]
    ),
)
#: Text far too long for its box: the fitting gives up at the smallest size, in bounded time.
LONG_TEXTS = st.builds(lambda piece, n: piece * n, st.sampled_from(["word ", "{title}", "x"]), st.integers(1, 14_000))
LAYOUT_TEXTS = st.lists(st.one_of(TEMPLATE_PIECES, LONG_TEXTS), min_size=1, max_size=6).map("".join)


@HOSTILE
@given(how=st.sampled_from(["text", "template"]), value=LAYOUT_TEXTS, raw=st.booleans())
@example(how="text", value="{title.__class__.__mro__}", raw=False)
@example(how="template", value="{title.__class__.__mro__}", raw=False)
@example(how="text", value="{title:>1000000000}", raw=False)
@example(how="template", value="{title:>1000000000}", raw=False)
@example(how="text", value="{", raw=False)
@example(how="template", value="{", raw=False)
@example(how="text", value="{0}", raw=False)
@example(how="template", value="{0}", raw=False)
@example(how="text", value="21:59:43", raw=True)
@example(how="template", value="21:59:43", raw=True)
@example(how="text", value="21:59:43", raw=False)
@example(how="text", value="\x07 bell", raw=False)
@example(how="text", value="a\rb\x07", raw=True)
@example(how="template", value="🃏 {title} 中文 שלום", raw=False)
@example(how="text", value='"}, oops: [', raw=True)
@example(how="text", value="\\", raw=True)
def test_a_hostile_layout_text_builds_or_is_refused_at_its_line(
    text_bench: Bench, how: str, value: str, raw: bool
) -> None:
    literal, template = (value, TEMPLATE) if how == "text" else (LITERAL, value)
    text_bench.run({"layouts/pictured.yaml": layout_yaml(literal, template, raw=raw).encode()})
