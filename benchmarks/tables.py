"""How long a deck's table takes to read, in each format, against openpyxl's bare pass.

    python benchmarks/tables.py [--rows N] [--runs R]

Writes a table of N cards (2,000 by default) as a designer keeps one: a title, a rules text,
a currency, a percentage and a date (each in its number format), a formula with its saved
value, a set name merged down over every ten rows, and every fiftieth row hidden. It saves
the cells as .xlsx (xlsxwriter), as .ods (odfpy) and as the CSV a spreadsheet program would
export, reads each through read_table with `skip_hidden` (the best of R runs, 3 by default),
and times openpyxl's read-only pass over the .xlsx's values alone, the least any reader of
it does. Prints `xlsx_seconds=... ods_seconds=... csv_seconds=... openpyxl_values_seconds=...
xlsx_over_openpyxl=...`.
"""

import argparse
import datetime
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import openpyxl  # noqa: E402
import xlsxwriter  # noqa: E402
from clock import start_clock  # noqa: E402
from odf.opendocument import OpenDocumentSpreadsheet  # noqa: E402
from odf.table import CoveredTableCell, Table, TableCell, TableRow  # noqa: E402
from odf.text import P  # noqa: E402

from generator.located import Loc  # noqa: E402
from generator.sources.tables import Columns, TableRequest, read_table  # noqa: E402

HEADER = ["title", "text", "cost", "chance", "added", "total", "set"]
START = datetime.date(2023, 1, 1)


def card(n: int) -> dict:
    return {
        "title": f"Card {n}",
        "text": f"Move {n % 9 + 1} spaces, then draw a card.",
        "cost": n * 1.25,
        "chance": n % 100 / 100,
        "added": START + datetime.timedelta(days=n),
        "total": n % 7 + 3,
    }


def write_xlsx(path: Path, rows: int) -> None:
    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet("Cards")
    money, share = book.add_format({"num_format": '"$"#,##0.00'}), book.add_format({"num_format": "0%"})
    day = book.add_format({"num_format": "d-mmm-yy"})
    sheet.write_row(0, 0, HEADER)
    for n in range(1, rows + 1):
        values = card(n)
        sheet.write_row(n, 0, [values["title"], values["text"]])
        sheet.write_number(n, 2, values["cost"], money)
        sheet.write_number(n, 3, values["chance"], share)
        sheet.write_datetime(n, 4, datetime.datetime.combine(values["added"], datetime.time()), day)
        sheet.write_formula(n, 5, f"=MOD({n},7)+3", None, values["total"])
        if n % 10 == 1:
            last = min(n + 9, rows)
            if last > n:
                sheet.merge_range(n, 6, last, 6, f"Set {n // 10 + 1}")
            else:
                sheet.write(n, 6, f"Set {n // 10 + 1}")
        if n % 50 == 0:
            sheet.set_row(n, None, None, {"hidden": True})
    book.close()


def write_ods(path: Path, rows: int) -> None:
    document = OpenDocumentSpreadsheet()
    table = Table(name="Cards")
    table.addElement(_row([_shown(TableCell(valuetype="string"), name) for name in HEADER]))
    for n in range(1, rows + 1):
        values = card(n)
        cells = [
            _shown(TableCell(valuetype="string"), values["title"]),
            _shown(TableCell(valuetype="string"), values["text"]),
            _shown(TableCell(valuetype="currency", currency="USD", value=values["cost"]), f"${values['cost']:,.2f}"),
            _shown(TableCell(valuetype="percentage", value=values["chance"]), f"{values['chance']:.0%}"),
            _shown(TableCell(valuetype="date", datevalue=values["added"].isoformat()), _day(values["added"])),
            _shown(TableCell(valuetype="float", value=values["total"], formula="of:=3"), str(values["total"])),
        ]
        if n % 10 == 1:
            span = min(10, rows - n + 1)
            cells.append(_shown(TableCell(valuetype="string", numberrowsspanned=span), f"Set {n // 10 + 1}"))
        else:
            cells.append(CoveredTableCell())
        table.addElement(_row(cells, hidden=n % 50 == 0))
    document.spreadsheet.addElement(table)
    document.save(str(path))


def write_csv(path: Path, rows: int) -> None:
    lines = [",".join(HEADER)]
    for n in range(1, rows + 1):
        values = card(n)
        shown = [values["title"], values["text"], f"${values['cost']:,.2f}", f"{values['chance']:.0%}"]
        shown += [_day(values["added"]), str(values["total"]), f"Set {(n - 1) // 10 + 1}"]
        lines.append(",".join(f'"{value}"' if "," in value else value for value in shown))
    path.write_text("\r\n".join(lines) + "\r\n")


def _row(cells: list, hidden: bool = False) -> TableRow:
    row = TableRow(visibility="collapse") if hidden else TableRow()
    for cell in cells:
        row.addElement(cell)
    return row


def _shown(cell: TableCell, text: str) -> TableCell:
    cell.addElement(P(text=text))
    return cell


def _day(value: datetime.date) -> str:
    return f"{value.day}-{value:%b-%y}"


def best(runs: int, read: Callable[[], object]) -> float:
    """The fastest of `runs` reads, in seconds."""
    times = []
    for _ in range(runs):
        start = start_clock()
        read()
        times.append(start_clock() - start)
    return min(times)


def read(path: Path) -> int:
    request = TableRequest(path, path.name, Loc("cards.yaml", 1, 1), skip_hidden=True)
    return len(read_table(request, Columns()).items)


def openpyxl_values(path: Path) -> int:
    book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    try:
        return sum(1 for _ in book.worksheets[0].iter_rows(values_only=True))
    finally:
        book.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        paths = {suffix: Path(folder) / f"cards.{suffix}" for suffix in ("xlsx", "ods", "csv")}
        write_xlsx(paths["xlsx"], options.rows)
        write_ods(paths["ods"], options.rows)
        write_csv(paths["csv"], options.rows)
        seconds = {suffix: best(options.runs, lambda path=path: read(path)) for suffix, path in paths.items()}
        bare = best(options.runs, lambda: openpyxl_values(paths["xlsx"]))
    times = " ".join(f"{suffix}_seconds={value:.3f}" for suffix, value in seconds.items())
    print(f"{times} openpyxl_values_seconds={bare:.3f} xlsx_over_openpyxl={seconds['xlsx'] / bare:.2f}")


if __name__ == "__main__":
    main()
