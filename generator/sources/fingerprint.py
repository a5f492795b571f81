"""An item's fingerprint: a digest of its fields with everything they hold, each place in
the item's own file counted from the item's own line, so that the same item a few lines
further down its file (a line added above it) has the same one. The layout's memo draws an
item again only when its fingerprint is new (generator/layout/memo.py). A component keeps
its item's (game.py's Component.fingerprint), and so does the build cache's reading of a
game: a rebuild of a 10,000-card deck after one card's edit took a sixteenth of its time to
fingerprint every card again."""

import copyreg
import hashlib
import io
import pickle
from functools import partial

from generator.located import Loc
from generator.sources.frozen import LocMap


def item_fingerprint(item: LocMap) -> bytes:
    """A digest of the item pickled, every place it holds in its own file (and worksheet)
    counted from the item's own line."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, Loc: partial(_counted_from, item.loc)}
    pickler.dump(item)
    return hashlib.sha256(buffer.getvalue()).digest()


def _counted_from(start: Loc, loc: Loc) -> tuple:
    """How a place is pickled: its line counted from `start`'s when it is in the same file."""
    line = loc.line - start.line if alike(loc, start) else loc.line
    return Loc, (loc.file, line, loc.column, loc.sheet, loc.cell)


def alike(loc: Loc, other: Loc) -> bool:
    """Whether two places are in one file (and one worksheet of a workbook)."""
    return loc.file == other.file and loc.sheet == other.sheet
