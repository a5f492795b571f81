"""A workbook as designers keep it builds as it is, with nothing but a `columns:` mapping in
the component file: 66 rows under capitalised headers with spaces, a `Qty` column, two helper
columns holding formulas, a currency column, a date column, an empty column and a second
sheet. The same cards saved as OpenDocument and as CSV (semicolons, CR line ends: Excel for
Mac's "CSV (Macintosh)") build the same. Each PDF is read back with pypdf."""

import datetime
from collections import Counter
from pathlib import Path

import pytest
import xlsxwriter
from click.testing import CliRunner
from odf.opendocument import OpenDocumentSpreadsheet
from odf.table import Table, TableCell, TableRow
from odf.text import P

from generator.cli import main
from tests.conftest import pdf_text

HEADERS = ["Title", "Rules Text", "Flavour Text", "Art", "Qty", "Cost", "Added", "", "VP + Climb", "Est. Actions Min"]
COMPONENT = "kind: card\nlayout: card\ndata: {data}\ncolumns: {{text: Rules Text, flavour: Flavour Text, count: Qty}}\n"
#: The starter's layout with the price the cards show, from the workbook's currency column.
PRICE = (
    "  price:\n    {type: text, field: cost, x: 40mm, y: 3mm, width: 20mm, height: 9mm, size: 9pt, align: right}\n"
    "  added:\n    {type: text, field: added, x: 40mm, y: 80mm, width: 20mm, height: 5mm, size: 6pt, align: right}\n"
)


def cards() -> list[dict]:
    return [
        {
            "title": f"Card {n:02d}",
            "text": f"Move {n} spaces, then draw.",
            "flavour": "Onward." if n % 4 else "",
            "qty": 1 + n % 3,
            "cost": n * 1.25,
            "added": datetime.date(2023, 1, 1) + datetime.timedelta(days=n),
            "vp": n % 7,
            "climb": n % 3,
        }
        for n in range(1, 67)
    ]


def money(value: float) -> str:
    return f"${value:,.2f}"


def day(value: datetime.date) -> str:
    return f"{value.day}-{value:%b-%y}"


def write_xlsx(path: Path) -> None:
    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet("Cards")
    currency, date = book.add_format({"num_format": '"$"#,##0.00'}), book.add_format({"num_format": "d-mmm-yy"})
    sheet.write_row(0, 0, HEADERS)
    for row, card in enumerate(cards(), 1):
        sheet.write_row(
            row, 0, [card["title"], card["text"], card["flavour"] or None, "art/landscape.png", card["qty"]]
        )
        sheet.write_number(row, 5, card["cost"], currency)
        sheet.write_datetime(row, 6, datetime.datetime.combine(card["added"], datetime.time()), date)
        sheet.write_formula(
            row, 8, f"=E{row + 1}*{card['vp']}+{card['climb']}", None, card["qty"] * card["vp"] + card["climb"]
        )
        sheet.write_formula(row, 9, f"=ROUND(F{row + 1}/2,0)", None, round(card["cost"] / 2))
    notes = book.add_worksheet("Notes")
    notes.write_row(0, 0, ["Playtest", "Verdict"])
    notes.write_row(1, 0, ["2023-03-01", "too long"])
    book.close()


def write_ods(path: Path) -> None:
    document = OpenDocumentSpreadsheet()
    table = Table(name="Cards")
    table.addElement(_ods_row([_ods_text(header) for header in HEADERS]))
    for card in cards():
        table.addElement(
            _ods_row(
                [
                    _ods_text(card["title"]),
                    _ods_text(card["text"]),
                    _ods_text(card["flavour"]),
                    _ods_text("art/landscape.png"),
                    TableCell(valuetype="float", value=card["qty"]),
                    _ods_shown(
                        TableCell(valuetype="currency", currency="USD", value=card["cost"]), money(card["cost"])
                    ),
                    _ods_shown(TableCell(valuetype="date", datevalue=card["added"].isoformat()), day(card["added"])),
                    TableCell(),
                    TableCell(valuetype="float", value=card["qty"] * card["vp"] + card["climb"], formula="of:=1+1"),
                    TableCell(valuetype="float", value=round(card["cost"] / 2), formula="of:=2"),
                ]
            )
        )
    document.spreadsheet.addElement(table)
    notes = Table(name="Notes")
    notes.addElement(_ods_row([_ods_text("Playtest"), _ods_text("Verdict")]))
    document.spreadsheet.addElement(notes)
    document.save(str(path))


def _ods_row(cells: list) -> TableRow:
    row = TableRow()
    for cell in cells:
        row.addElement(cell)
    return row


def _ods_text(text: str) -> TableCell:
    return _ods_shown(TableCell(valuetype="string"), text) if text else TableCell()


def _ods_shown(cell: TableCell, text: str) -> TableCell:
    cell.addElement(P(text=text))
    return cell


def write_csv(path: Path) -> None:
    """As a spreadsheet program exports it: the values as shown, semicolons, CR line ends."""
    lines = [";".join(HEADERS)]
    for card in cards():
        shown = [card["title"], card["text"], card["flavour"], "art/landscape.png", str(card["qty"])]
        shown += [money(card["cost"]), day(card["added"]), ""]
        shown += [str(card["qty"] * card["vp"] + card["climb"]), str(round(card["cost"] / 2))]
        lines.append(";".join(f'"{value}"' if "," in value else value for value in shown))
    path.write_bytes(("\r".join(lines) + "\r").encode())


WRITERS = {"cards.xlsx": write_xlsx, "cards.ods": write_ods, "cards.csv": write_csv}


@pytest.fixture
def deck(starter_deck) -> Path:
    layout = starter_deck / "layouts" / "card.yaml"
    layout.write_text(layout.read_text().replace("back_background:", PRICE + "back_background:"))
    return starter_deck


@pytest.mark.parametrize("name", list(WRITERS))
def test_the_workbook_builds_as_it_is_with_a_columns_mapping(deck, tmp_path, name):
    WRITERS[name](deck / name)
    (deck / "cards.yaml").write_text(COMPONENT.format(data=name))
    result = CliRunner().invoke(main, ["build", str(deck), "--out", str(tmp_path / "out"), "--format", "pdf"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert not [line for line in lines if "error" in line or "warning" in line], result.output
    (unused,) = [line for line in lines if "[T001]" in line]
    assert unused.endswith(": 'VP + Climb', 'Est. Actions Min'"), unused

    text = pdf_text(tmp_path / "out" / "deck" / "deck.pdf")
    printed = Counter(word for word in text.split() if word.startswith("Card"))
    titles = Counter(line for line in text.splitlines() if line.startswith("Card "))
    assert sum(printed.values()) >= sum(card["qty"] for card in cards())
    for card in cards():
        assert titles[card["title"]] == card["qty"], card["title"]
    assert money(82.5) in text and money(1.25) in text, "the currency column as the workbook shows it"
    assert "5-Jan-23" in text and "7-Mar-23" in text, "the date column as the workbook shows it"
