"""Legal moves in the frame of the player to move, who moves up the board (see board.py).

A move is a path of squares: (from, to) for a step, (from, landing, landing, ...) for a
chain of jumps; every prefix of a chain is a move of its own. Paths here are in the mover's
frame; position.py turns North's back to board squares.

Two generators share these rules: `paths` (any variant, used by the game state) and the
bitboard pair `count_basic` / `children_basic` (basic play only, used by perft, which counts
and plays millions of moves and so allocates no move objects).
"""

from generator.games.chip_flip.board import FULL, NOT_A, NOT_AB, NOT_GH, NOT_H, ROW_7

Path = tuple[int, ...]

#: Values by square, in the mover's frame, for advanced play: what each chip shows when
#: the mover owns it and when the opponent does. None in basic play.
Values = tuple[int, ...]


def _jump_table(steps: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each square, the (jumped square, landing square) pairs in the given directions."""
    table = []
    for sq in range(64):
        row, column = divmod(sq, 8)
        pairs = []
        for d_row, d_col in steps:
            land_row, land_col = row + 2 * d_row, column + 2 * d_col
            if 0 <= land_row < 8 and 0 <= land_col < 8:
                pairs.append(((row + d_row) * 8 + column + d_col, land_row * 8 + land_col))
        table.append(tuple(pairs))
    return tuple(table)


FORWARD_JUMPS = _jump_table(((1, -1), (1, 1)))
ALL_JUMPS = _jump_table(((1, -1), (1, 1), (-1, -1), (-1, 1)))


def is_jump(a: int, b: int) -> bool:
    return abs(a - b) in (14, 18)


def paths(own: int, opp: int, own_values: Values | None = None, opp_values: Values | None = None) -> list[Path]:
    """Every move of the mover: steps first (by target square), then chains by chip."""
    empty = FULL & ~(own | opp)
    found: list[Path] = []
    for shift, mask in ((7, NOT_A), (9, NOT_H)):
        targets = ((own & mask) << shift) & empty
        while targets:
            low = targets & -targets
            targets ^= low
            to = low.bit_length() - 1
            found.append((to - shift, to))
    advanced = own_values is not None
    table = ALL_JUMPS if advanced else FORWARD_JUMPS
    chips = _first_jumpers(own, opp, empty, advanced)
    while chips:
        low = chips & -chips
        chips ^= low
        src = low.bit_length() - 1
        value = own_values[src] if own_values is not None else 0
        _chains((src,), opp, (own | opp) ^ low, table, value, opp_values, found)
    return found


def _first_jumpers(own: int, opp: int, empty: int, backward: bool) -> int:
    """The mover's chips with an opponent chip next to them and an empty square beyond
    (values aside): the only ones that can start a chain."""
    ahead = (NOT_AB & (opp >> 7) & (empty >> 14)) | (NOT_GH & (opp >> 9) & (empty >> 18))
    if backward:
        ahead |= (NOT_GH & (opp << 7) & (empty << 14)) | (NOT_AB & (opp << 9) & (empty << 18))
    return own & ahead


def _chains(
    path: Path, opp: int, occupied: int, table, value: int, opp_values: Values | None, found: list[Path]
) -> None:
    """Append every chain continuing `path`; jumped chips leave `opp` (they are turned over)."""
    for jumped, landing in table[path[-1]]:
        if not (opp >> jumped) & 1 or (occupied >> landing) & 1:
            continue
        if opp_values is not None and opp_values[jumped] > value:
            continue
        longer = path + (landing,)
        found.append(longer)
        if landing < 56:
            _chains(longer, opp ^ (1 << jumped), occupied, table, value, opp_values, found)


def play(own: int, opp: int, path: Path) -> tuple[int, int, int]:
    """(own, opp, points scored) after the mover plays `path` in their frame."""
    src, dst = path[0], path[-1]
    own ^= 1 << src
    if is_jump(src, path[1]):
        for a, b in zip(path, path[1:], strict=False):
            mid = 1 << ((a + b) >> 1)
            own |= mid
            opp ^= mid
    if dst >= 56:
        return own, opp, 1
    return own | (1 << dst), opp, 0


def count_basic(own: int, opp: int) -> int:
    """How many moves the mover has in basic play (passes not counted)."""
    empty = FULL & ~(own | opp)
    count = (((own & NOT_A) << 7) & empty).bit_count() + (((own & NOT_H) << 9) & empty).bit_count()
    jumpers = _first_jumpers(own, opp, empty, False)
    while jumpers:
        low = jumpers & -jumpers
        jumpers ^= low
        count += _chain_count(low.bit_length() - 1, opp, empty)
    return count


def _chain_count(sq: int, opp: int, empty: int) -> int:
    """Forward chains from sq. The board is static along a basic chain: the chips it turns
    over lie behind the jumper, and the square it left lies behind too."""
    count = 0
    for jumped, landing in FORWARD_JUMPS[sq]:
        if (opp >> jumped) & 1 and (empty >> landing) & 1:
            count += 1 + _chain_count(landing, opp, empty)
    return count


def children_basic(own: int, opp: int) -> list[tuple[int, int]]:
    """(own, opp) after each of the mover's basic moves, in the mover's frame; a chip that
    reaches row 7 is gone from `own` (it scored)."""
    empty = FULL & ~(own | opp)
    kids = []
    for shift, mask in ((7, NOT_A), (9, NOT_H)):
        targets = ((own & mask) << shift) & empty
        while targets:
            low = targets & -targets
            targets ^= low
            moved = own ^ (low >> shift)
            kids.append((moved if low & ROW_7 else moved | low, opp))
    jumpers = _first_jumpers(own, opp, empty, False)
    while jumpers:
        low = jumpers & -jumpers
        jumpers ^= low
        found: list[Path] = []
        _chains((low.bit_length() - 1,), opp, (own | opp) ^ low, FORWARD_JUMPS, 0, None, found)
        for path in found:
            mine, theirs, _ = play(own, opp, path)
            kids.append((mine, theirs))
    return kids
