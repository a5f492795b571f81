"""Small value types, python-chess style: Move and Position (how a game ends is state.py's).

Squares are board squares (see board.py); South is seat 0 and moves first. A Position is
immutable: `push(move)` returns the next one.
"""

from collections.abc import Iterable

from msgspec import Struct
from msgspec.structs import replace

from generator.games.chip_flip import movegen
from generator.games.chip_flip.board import HOME, mirror, rotate, square_name, squares_of

SOUTH, NORTH = 0, 1
SEATS = ("South", "North")


class Move(Struct, frozen=True):
    """A path of board squares: (from, to) for a step, (from, landing, ...) for jumps; () passes."""

    path: tuple[int, ...]

    @property
    def is_pass(self) -> bool:
        return not self.path

    @property
    def is_jump(self) -> bool:
        return len(self.path) > 1 and movegen.is_jump(self.path[0], self.path[1])

    @property
    def jumped(self) -> tuple[int, ...]:
        """The squares of the chips this move turns over."""
        if not self.is_jump:
            return ()
        return tuple((a + b) // 2 for a, b in zip(self.path, self.path[1:], strict=False))

    def __str__(self) -> str:
        if self.is_pass:
            return "pass"
        return ("x" if self.is_jump else "-").join(square_name(sq) for sq in self.path)


PASS = Move(())


class Placement(Struct, frozen=True):
    """A chip at the start: its owner, square and (advanced) the values on its two sides.
    In free placement (placing.py) it is also the action of putting that chip there."""

    owner: int
    square: int
    own_value: int | None = None
    other_value: int | None = None

    def mirrored(self) -> "Placement":
        """The same chip on the square turned left to right: the light-square set-up of a
        dark-square one (see board.mirror)."""
        return replace(self, square=mirror(self.square))


class Position(Struct, frozen=True):
    south: int
    north: int
    turn: int = SOUTH
    scores: tuple[int, int] = (0, 0)
    #: Advanced play: by square, the value a chip shows when South owns it / when North does
    #: (0 where no chip). None in basic play.
    south_values: tuple[int, ...] | None = None
    north_values: tuple[int, ...] | None = None

    @property
    def advanced(self) -> bool:
        return self.south_values is not None

    def owner(self, sq: int) -> int | None:
        if (self.south >> sq) & 1:
            return SOUTH
        if (self.north >> sq) & 1:
            return NORTH
        return None

    def value(self, sq: int) -> int | None:
        """The value the chip on sq shows now (advanced play), else None."""
        who = self.owner(sq)
        if who is None:
            return None
        values = self.south_values if who == SOUTH else self.north_values
        return None if values is None else values[sq]

    def _frame(self, seat: int) -> tuple[int, int, movegen.Values | None, movegen.Values | None]:
        """(own, opp, own values, opp values) in `seat`'s moving-up frame."""
        south_values, north_values = self.south_values, self.north_values
        if seat == SOUTH:
            return self.south, self.north, south_values, north_values
        if south_values is None or north_values is None:
            return rotate(self.north), rotate(self.south), None, None
        return (rotate(self.north), rotate(self.south), north_values[::-1], south_values[::-1])

    def moves_of(self, seat: int) -> list[Move]:
        """The moves `seat` would have if it were to move (no pass)."""
        own, opp, own_values, opp_values = self._frame(seat)
        found = movegen.paths(own, opp, own_values, opp_values)
        if seat == NORTH:
            return [Move(tuple(63 - sq for sq in path)) for path in found]
        return [Move(path) for path in found]

    def legal_moves(self) -> list[Move]:
        """Moves of the player to move; [PASS] if only the opponent can move; [] when over."""
        if not self.south or not self.north:
            return []
        moves = self.moves_of(self.turn)
        if moves:
            return moves
        return [PASS] if self.moves_of(1 - self.turn) else []

    def push(self, move: Move) -> "Position":
        """The position after `move` (assumed legal)."""
        if move.is_pass:
            return Position(self.south, self.north, 1 - self.turn, self.scores, self.south_values, self.north_values)
        seat = self.turn
        own, opp, _, _ = self._frame(seat)
        frame_path = move.path if seat == SOUTH else tuple(63 - sq for sq in move.path)
        own, opp, points = movegen.play(own, opp, frame_path)
        if seat == NORTH:
            own, opp = rotate(own), rotate(opp)
        south, north = (own, opp) if seat == SOUTH else (opp, own)
        scores = list(self.scores)
        scores[seat] += points
        south_values, north_values = self.south_values, self.north_values
        if south_values is not None and north_values is not None:
            south_values = _moved(south_values, move.path[0], move.path[-1], points)
            north_values = _moved(north_values, move.path[0], move.path[-1], points)
        return Position(south, north, 1 - seat, (scores[0], scores[1]), south_values, north_values)

    def chip_count(self) -> int:
        return self.south.bit_count() + self.north.bit_count()

    def __str__(self) -> str:
        """The board as text, row 8 at the top: s/n for chips, '.' dark, ' ' light."""
        lines = []
        for row in range(7, -1, -1):
            cells = []
            for column in range(8):
                sq = row * 8 + column
                who = self.owner(sq)
                empty = "." if (row + column) % 2 == 0 else " "
                cells.append("sn"[who] if who is not None else empty)
            lines.append(f"{row + 1} {''.join(cells)}")
        return "\n".join(lines + ["  abcdefgh"])


def _moved(values: tuple[int, ...], src: int, dst: int, scored: int) -> tuple[int, ...]:
    """Values by square after the chip on src moved to dst (or left the board if it scored)."""
    updated = list(values)
    carried = updated[src]
    updated[src] = 0
    if not scored:
        updated[dst] = carried
    return tuple(updated)


#: The numbered chips of the default advanced opening, by South square: (own value, other
#: value). North's chips stand on the squares turned 180 degrees, with the same values, so
#: each player has the same values (the seed rules' "divide them up evenly").
ADVANCED_OPENING: dict[str, tuple[int, int]] = {
    "a1": (4, 1),
    "c1": (5, 2),
    "e1": (6, 3),
    "g1": (7, 4),
    "b2": (8, 5),
    "d2": (9, 6),
    "f2": (10, 7),
    "h2": (11, 8),
}


def default_placements(advanced: bool = False) -> list[Placement]:
    """Eight chips a side on the dark squares of each player's two home rows."""
    placements = []
    for sq in squares_of(HOME):
        values = ADVANCED_OPENING[square_name(sq)] if advanced else (None, None)
        placements.append(Placement(SOUTH, sq, *values))
        placements.append(Placement(NORTH, 63 - sq, *values))
    return placements


def setup(placements: Iterable[Placement], advanced: bool | None = None) -> Position:
    """The starting position of these chips, South to move; `advanced`: whether the chips
    carry values (None: whether these do; free placement's board may have none yet)."""
    placements = list(placements)
    south = north = 0
    if advanced is None:
        advanced = any(p.own_value is not None for p in placements)
    south_values, north_values = [0] * 64, [0] * 64
    for p in placements:
        if p.owner == SOUTH:
            south |= 1 << p.square
        else:
            north |= 1 << p.square
        if advanced:
            mine, theirs = south_values, north_values
            if p.owner == NORTH:
                mine, theirs = theirs, mine
            # Every placement of advanced play has both values (a numbered chip's item requires them).
            assert p.own_value is not None and p.other_value is not None
            mine[p.square], theirs[p.square] = p.own_value, p.other_value
    if not advanced:
        return Position(south, north)
    return Position(south, north, south_values=tuple(south_values), north_values=tuple(north_values))


def opening(advanced: bool = False) -> Position:
    return setup(default_placements(advanced))
