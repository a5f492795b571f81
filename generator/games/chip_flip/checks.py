"""Static checks of a Chip Flip deck: the board, the chips' squares, icons and values.

Codes (severity, meaning):

- CF001 error    the board is not 8 x 8 squares
- CF002 error    the board's squares are smaller than 25 mm
- CF003 error    light and dark squares differ too little in greyscale (under 25% of full scale)
- CF004 error    the game has no board, or more than one
- CF005 error    a chip is wider than a board square
- CF006 error    a component file has a kind Chip Flip does not know
- CF010 error    a side does not have exactly 8 chips of a chip kind
- CF011 error    a chip does not start on a dark square of its owner's two home rows (the
                 deck lists the dark-square set-up; `--variant light-squares` plays it on
                 the light squares, `--variant free-placement` lets the players place the
                 numbered chips)
- CF012 error    two chips start on the same square
- CF020 error    an icon is neither a built-in icon nor an existing icons/<name>.svg in the game folder
- CF021 error    a chip shows the same icon on both sides
- CF022 error    a chip's icons disagree with its side's: the front must be the owner's icon
                 and the back the opponent's, the same on every chip
- CF030 error    numbered chips are not divided evenly: the sides' (front, back) values differ
- CF031 error    a numbered chip starts with its smaller value up (the seed rules turn each
                 chip to its largest value)
"""

from collections import Counter
from pathlib import Path

from generator.findings import Finding, error
from generator.games.chip_flip.board import HOME, rotate
from generator.games.chip_flip.deck import Chip, Deck, load_deck
from generator.games.chip_flip.icons import BUILTIN_ICONS, USER_ICON
from generator.games.chip_flip.items import BoardItem
from generator.games.chip_flip.kinds import KINDS
from generator.games.chip_flip.position import SEATS, SOUTH
from generator.games.chip_flip.rules import BOARD_SIZE, CHIPS_A_SIDE
from generator.sources.errors import SourceError
from generator.sources.game import Game
from generator.sources.paths import file_inside

#: The kinds of Chip Flip's component files.
KIND_NAMES = tuple(kind.name for kind in KINDS)
MIN_SQUARE_MM = 25.0
MIN_GREY_CONTRAST = 0.25


def static_checks(game: Game) -> list[Finding]:
    """Every finding about the game's components; SourceError if an item is malformed."""
    deck = load_deck(game)
    known = ", ".join(KIND_NAMES)
    findings = [
        error("CF006", f"unknown component kind {f.kind!r} (expected one of: {known})", f.data.loc_of("kind"))
        for f in game.files
        if f.kind not in KIND_NAMES
    ]
    findings += check_boards(deck, game)
    for kind, chips in (("chip", deck.chips), ("numbered-chip", deck.numbered)):
        if chips or kind == "chip":
            findings += check_placement(chips, kind, game)
            findings += check_icons(chips, deck.folder)
    findings += check_values(deck.numbered)
    return findings


def grey(colour: str) -> float:
    """Greyscale lightness of '#rrggbb', 0 (black) to 1 (white), Rec. 601 weights."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def check_boards(deck: Deck, game: Game) -> list[Finding]:
    if len(deck.boards) != 1:
        where = deck.boards[1].loc if deck.boards else game.data.loc
        return [error("CF004", f"expected one board, found {len(deck.boards)}", where)]
    board = deck.boards[0]
    findings = _board_findings(board)
    widest = max(deck.chips + deck.numbered, key=lambda chip: chip.item.diameter, default=None)
    if widest is not None and widest.item.diameter > board.square:
        findings.append(
            error(
                "CF005",
                f"chip diameter {widest.item.diameter:g} mm is wider than the board's {board.square:g} mm squares",
                widest.item.loc_of("diameter"),
            )
        )
    return findings


def _board_findings(board: BoardItem) -> list[Finding]:
    findings = []
    if (board.rows, board.columns) != (BOARD_SIZE, BOARD_SIZE):
        findings.append(
            error("CF001", f"the board must be 8 x 8 squares, not {board.rows} x {board.columns}", board.loc_of("rows"))
        )
    if board.square < MIN_SQUARE_MM:
        findings.append(
            error(
                "CF002",
                f"squares of {board.square:g} mm are smaller than {MIN_SQUARE_MM:g} mm",
                board.loc_of("square"),
            )
        )
    contrast = abs(grey(board.light) - grey(board.dark))
    if contrast < MIN_GREY_CONTRAST:
        findings.append(
            error(
                "CF003",
                f"light {board.light} and dark {board.dark} differ by "
                f"{contrast:.0%} in greyscale (need {MIN_GREY_CONTRAST:.0%})",
                board.loc_of("dark"),
            )
        )
    return findings


def home_squares(owner: int) -> int:
    """The starting squares of a seat as a bitboard (North's turned 180 degrees)."""
    return HOME if owner == SOUTH else rotate(HOME)


def check_placement(chips: list[Chip], kind: str, game: Game) -> list[Finding]:
    findings = []
    files = game.files_of(kind)
    where = files[0].data.loc_of("items") if files else game.data.loc_of("components")
    for owner, seat in enumerate(SEATS):
        count = sum(1 for chip in chips if chip.owner == owner)
        if count != CHIPS_A_SIDE:
            findings.append(error("CF010", f"{seat} has {count} {kind}s, expected {CHIPS_A_SIDE}", where))
    taken: set[int] = set()
    for chip in chips:
        loc = chip.item.loc_of("square")
        if not (home_squares(chip.owner) >> chip.square) & 1:
            findings.append(
                error(
                    "CF011",
                    f"{SEATS[chip.owner]} chip on {chip.item.square}: "
                    "chips start on the dark squares of their owner's two home rows "
                    "(--variant light-squares plays them on the light ones)",
                    loc,
                )
            )
        if chip.square in taken:
            findings.append(error("CF012", f"a second chip on {chip.item.square}", loc))
        taken.add(chip.square)
    return findings


def icon_present(icon: str, folder: Path) -> bool:
    """A built-in icon, or an existing icons/<name>.svg in the game folder (what the build draws)."""
    if icon in BUILTIN_ICONS:
        return True
    if not USER_ICON.match(icon):
        return False
    try:
        return file_inside(folder / icon, folder / "icons", None, "icon file") is not None
    except SourceError:  # leads outside icons/: the build refuses it, so it is not there
        return False


def check_icons(chips: list[Chip], folder: Path) -> list[Finding]:
    findings = []
    for chip in chips:
        for side in ("front", "back"):
            face = getattr(chip, side)
            if not icon_present(face.icon, folder):
                findings.append(
                    error(
                        "CF020",
                        f"icon {face.icon!r} is neither a built-in icon "
                        f"({', '.join(sorted(BUILTIN_ICONS))}) nor an existing icons/<name>.svg in the game folder",
                        face.loc_of("icon"),
                    )
                )
        if chip.front.icon == chip.back.icon:
            findings.append(error("CF021", f"both sides show {chip.front.icon!r}", chip.back.loc_of("icon")))
    icons = _side_icons(chips)
    for chip in chips:
        mine, theirs = icons[chip.owner], icons[1 - chip.owner]
        if mine is None or theirs is None:
            continue
        if (chip.front.icon, chip.back.icon) != (mine, theirs):
            odd = chip.front if chip.front.icon != mine else chip.back
            findings.append(
                error(
                    "CF022",
                    f"{SEATS[chip.owner]} chips show {mine!r} on the front and {theirs!r} "
                    f"on the back; this one {chip.front.icon!r} / {chip.back.icon!r}",
                    odd.loc_of("icon"),
                )
            )
    return findings


def _side_icons(chips: list[Chip]) -> list[str | None]:
    """Each seat's icon: the front most of its chips show."""
    icons: list[str | None] = []
    for owner in range(2):
        fronts = Counter(chip.front.icon for chip in chips if chip.owner == owner)
        icons.append(fronts.most_common(1)[0][0] if fronts else None)
    return icons


def _values(chip: Chip) -> tuple[int, int]:
    """A numbered chip's (front, back) values, both of which its item requires."""
    values = chip.values()
    assert values is not None, f"a numbered chip without values at {chip.loc}"
    return values


def check_values(chips: list[Chip]) -> list[Finding]:
    findings = [
        error(
            "CF031",
            f"starts with {front} up but its back is {back}: turn each chip to its largest value",
            chip.front.loc_of("value"),
        )
        for chip in chips
        for front, back in [_values(chip)]
        if front < back
    ]
    values = [Counter(_values(c) for c in chips if c.owner == owner) for owner in range(2)]
    unmatched = [values[0] - values[1], values[1] - values[0]]
    for chip in chips:
        pair = _values(chip)
        if unmatched[chip.owner][pair] > 0:
            unmatched[chip.owner][pair] -= 1
            findings.append(
                error(
                    "CF030",
                    f"numbered chips are not divided evenly: {SEATS[chip.owner]}'s "
                    f"{pair[0]}/{pair[1]} has no {SEATS[1 - chip.owner]} chip with the same values",
                    chip.item.loc,
                )
            )
    return findings
