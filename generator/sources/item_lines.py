"""Where a component file's items are written, so that an edit to one of them is read alone.

A designer's edit changes a line or two of one item. In a deck of 10,000 cards, reading the
whole file again (parsing it, building every value with its place, validating every item)
takes about a second; reading the one item takes a millisecond. The live preview reads an
edited file this way; an item is read alone only where that gives exactly what reading the
whole file gives:

- the file has no directives (which change what its tags mean), and its items are a block
  sequence, each item's '-' on the line its mapping begins;
- the new text has as many lines as the old, and differs from it only on lines of one item
  (from its '-' to the next item's, or to whatever follows the last), so every other item
  keeps its places;
- those lines hold one entry of the sequence, its '-' where it was, with no anchor or alias
  (no other item names a value of it, and it names none of theirs, before or after the
  edit), no document marker (a `...` there ends the entry's text, but in the file a
  document, and what follows it then is an error) and no byte order mark, which reads
  without a problem on its own, by libyaml (loader.parse_entry).

Otherwise the whole file is read again, as a build reads it, and so is every problem
reported, at the place a build reports it.
"""

import bisect

from msgspec import Struct
from msgspec.structs import replace

from generator.sources.loader import Entry, LocList, ParsedYaml, parse_entry


class ItemLines(Struct, frozen=True):
    """A component file's lines (each with its line end) and where its items are written."""

    lines: tuple[str, ...]
    #: Each item's first line (from 0): the line of its '-'.
    starts: tuple[int, ...]
    #: The line after the items: where what follows them begins, or the number of lines.
    end: int
    #: The column of every item's '-' (from 0).
    column: int
    #: The values the whole file builds, counted against the loader's MAX_NODES.
    values: int

    @classmethod
    def of(cls, text: str, parsed: ParsedYaml, items: LocList) -> "ItemLines | None":
        """Where the items of a file read from `text` are, or None when an edit to one can
        never be read alone."""
        if parsed.marks.directives or not items:
            return None
        lines = tuple(text.splitlines(keepends=True))
        column = items.loc.column - 1
        starts = tuple(loc.line - 1 for loc in items.item_locs)
        if any(not _entry_begins(lines[start], column) for start in starts):
            return None
        end = items.end.line - 1 + (items.end.column > 1)  # a mark after the last line's text: the line's end
        return cls(lines, starts, end, column, parsed.values)

    def edited(self, text: str, shown: str) -> "Edit | None":
        """The item the new text of the file changes, read alone, when it may be (see the
        module's docstring); an Edit of no item when the text is the same."""
        lines = tuple(text.splitlines(keepends=True))
        if len(lines) != len(self.lines):
            return None
        changed = [n for n, (old, new) in enumerate(zip(self.lines, lines, strict=True)) if old != new]
        if not changed:
            return Edit(None, self)
        index = bisect.bisect_right(self.starts, changed[0]) - 1
        if index < 0:
            return None
        first = self.starts[index]
        stop = self.starts[index + 1] if index + 1 < len(self.starts) else self.end
        if changed[-1] >= stop:
            return None
        old = parse_entry(self.lines, first, stop, shown, self.column, 0)
        if old is None:
            return None
        others = self.values - old.values
        new = parse_entry(lines, first, stop, shown, self.column, others)
        if new is None:
            return None
        return Edit(EditedItem(index, new), replace(self, lines=lines, values=others + new.values))


class EditedItem(Struct, frozen=True):
    """The item an edit changed, by its index in the file, read alone."""

    index: int
    entry: Entry


class Edit(Struct, frozen=True):
    """What an edit to a file changed (no item: the text is the same), and where the new
    text's items are."""

    item: EditedItem | None
    lines: ItemLines


def _entry_begins(line: str, column: int) -> bool:
    """Whether a line begins a block sequence's entry with its '-' in `column`."""
    indent, mark, after = line[:column], line[column : column + 1], line[column + 1 : column + 2]
    return indent == " " * column and mark == "-" and after in (" ", "\n", "\r", "")
