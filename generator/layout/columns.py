"""The columns of a component file's table that nothing reads: one note per file.

A workbook kept for more than printing has helper columns (sums, estimates, notes to
oneself) and columns with no header. They never stop a build and never cost a line per row:
the file gets one info naming them, in the order the header has them, so a misspelt column
is still seen (a layout element showing a field no column gives is its own warning, L007).
"""

from generator.findings import Finding, info
from generator.sources.game import ComponentFile
from generator.sources.tables import Column, normal

#: The code of the note; a build prints it, as it prints warnings.
UNREAD_COLUMNS = "T001"


def column_findings(component_file: ComponentFile, reads: frozenset[str] | None) -> list[Finding]:
    """T001 for the file's table columns that fill no field, or a field outside `reads`
    (the fields its kind reads with its layout; None: every field the kind declares)."""
    read = None if reads is None else {normal(name) for name in reads}
    unread = [column for column in component_file.columns if not _is_read(column, read)]
    if not unread:
        return []
    named = ", ".join(column.shown for column in unread)
    table = component_file.table.name if component_file.table else "the table"
    return [
        info(
            UNREAD_COLUMNS,
            f"{len(unread)} of the {len(component_file.columns)} columns of {table} fill nothing that prints "
            f"(kept for the spreadsheet's own use, or misspelt): {named}",
            unread[0].loc,
        )
    ]


def _is_read(column: Column, read: set[str] | None) -> bool:
    if not column.path:
        return False
    return read is None or normal(column.path[0]) in read
