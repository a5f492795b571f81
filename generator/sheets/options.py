"""How the sheets are produced for a printer: duplex flip, back offset, fold-over, ink saver,
checklist page. The defaults are those of `cutsheet build`: long-edge duplex backs, no offset,
the front matter (cover, rules, checklist) first."""

from msgspec import Struct

from generator.sheets.printer import PrinterProfile
from generator.units import parse_length

DUPLEX_MODES = ("long", "short", "off")


class PrintOptions(Struct, frozen=True):
    #: "long" or "short": the edge the printer flips the sheet over for its back;
    #: "off": one-sided, backs are not printed.
    duplex: str = "long"
    #: Where a printer puts backs relative to their fronts is corrected by moving the backs
    #: by this much (mm, x right, y down), as measured with the duplex alignment test.
    back_offset: tuple[float, float] = (0.0, 0.0)
    #: Fronts and backs on one side, the backs turned to meet them across a score line.
    fold_over: bool = False
    ink_saver: bool = False
    #: Front matter before the sheets: a cover, the rules (when the game has rules.md) and the checklist.
    checklist: bool = True
    #: Each component file on sheets of its own, instead of sharing sheets with the game's
    #: other components of the same size, stock and sides.
    separate: bool = False
    #: The rules as a half-size booklet (two pages a side, signature order) instead of full pages.
    booklet: bool = False
    #: Warnings stop the game as errors do (a character no font has, for one).
    strict: bool = False
    #: Print what a game deals by the player (play money's starting cash) for this many
    #: players; 0: for the most the game takes.
    players: int = 0
    #: The components a player may do without (a component file's `substitutes:`, Sliders'
    #: money): "in" the file with the rest, left "out" of it (a print-and-play release puts
    #: them in a file of their own), or "only" they.
    optional: str = "in"
    #: The home printer printed for (sheets/printer.py): its scale corrected on every sheet,
    #: its back offset used, its margins kept; None for none.
    printer: PrinterProfile | None = None
    #: Tokens (and any kind a die may cut) spaced for a die, each cut on its own outline,
    #: instead of butted in a grid of straight cuts for a paper trimmer.
    die_cut: bool = False

    def prints(self, optional: bool) -> bool:
        """Whether a part is printed, `optional` or not."""
        return {"in": True, "out": not optional, "only": optional}[self.optional]


def parse_offset(text: str) -> tuple[float, float]:
    """ "0.5mm,-0.3mm" -> (0.5, -0.3); each part a length with its unit."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != 2:
        raise ValueError(f"expected two lengths X,Y such as '0.5mm,-0.3mm', got {text!r}")
    x, y = (parse_length(part) for part in parts)
    return (x, y)
