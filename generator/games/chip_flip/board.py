"""The 8x8 board as 64-bit integers: square = row * 8 + column, bit `square` set when occupied.

Row 0 is South's home row, row 7 North's. Chips stand on the dark squares, those with
(row + column) even (a1, c1, ... in chess names, with columns a-h and rows 1-8), or in the
light-square set-up on the light ones: a diagonal move keeps a chip on its hue.

Move generation always works in the frame of the player to move, who moves up (towards
row 7). North's position is turned 180 degrees into that frame by `rotate`, which maps
square s to 63 - s; dark squares stay dark because (7 - r) + (7 - c) has the parity of r + c.
"""

FULL = (1 << 64) - 1

FILE_A = sum(1 << (row * 8) for row in range(8))
FILE_B = FILE_A << 1
FILE_G = FILE_A << 6
FILE_H = FILE_A << 7
ROW_0 = 0xFF
ROW_7 = ROW_0 << 56

NOT_A = FULL ^ FILE_A
NOT_H = FULL ^ FILE_H
NOT_AB = FULL ^ FILE_A ^ FILE_B
NOT_GH = FULL ^ FILE_G ^ FILE_H

DARK = sum(1 << (r * 8 + c) for r in range(8) for c in range(8) if (r + c) % 2 == 0)
LIGHT = FULL ^ DARK

#: Each player's starting squares in their own (moving-up) frame: the dark squares of rows 0-1.
HOME = DARK & (ROW_0 | ROW_0 << 8)
#: The same in the light-square set-up: the light squares of rows 0-1.
LIGHT_HOME = LIGHT & (ROW_0 | ROW_0 << 8)


def _reversed_bytes() -> bytes:
    return bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


_REVERSE_BITS = _reversed_bytes()


def rotate(bb: int) -> int:
    """The board turned 180 degrees: square s goes to 63 - s (a 64-bit bit reversal)."""
    return int.from_bytes(bb.to_bytes(8, "big").translate(_REVERSE_BITS), "little")


def mirror(sq: int) -> int:
    """The square turned left to right (column c to 7 - c, same row): the other hue, and
    diagonals stay diagonals, so a game mirrored is the same game on the other hue."""
    return sq ^ 7


def square(row: int, column: int) -> int:
    return row * 8 + column


def row_of(sq: int) -> int:
    return sq >> 3


def column_of(sq: int) -> int:
    return sq & 7


def square_name(sq: int) -> str:
    """Chess-style name: columns a-h, rows 1-8 (row 0 is '1')."""
    return "abcdefgh"[column_of(sq)] + str(row_of(sq) + 1)


def parse_square(name: str) -> int:
    """The square of a name such as 'c3'; ValueError for anything else."""
    if len(name) != 2 or name[0] not in "abcdefgh" or name[1] not in "12345678":
        raise ValueError(f"expected a square name a1..h8, got {name!r}")
    return square(int(name[1]) - 1, "abcdefgh".index(name[0]))


def squares_of(bb: int) -> list[int]:
    """The set squares of a bitboard, lowest first."""
    found = []
    while bb:
        low = bb & -bb
        found.append(low.bit_length() - 1)
        bb ^= low
    return found
