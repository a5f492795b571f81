"""perft: how many move sequences of a given length start from the opening (python-chess
style leaf count; a finished game has no moves, a pass is one move)."""

from generator.games.chip_flip.board import rotate
from generator.games.chip_flip.movegen import Values, children_basic, count_basic, paths, play
from generator.games.chip_flip.position import Position, opening


def perft(depth: int, advanced: bool = False) -> int:
    """Leaf nodes at `depth` plies from the opening (advanced: the numbered opening)."""
    if depth < 0:
        raise ValueError("depth must be >= 0")
    if depth == 0:
        return 1
    start = opening(advanced)
    if start.south_values is not None and start.north_values is not None:
        return _advanced(start.south, start.north, start.south_values, start.north_values, depth)
    return _basic(start.south, start.north, depth)


def _moves_or_pass(own: int, opp: int) -> int:
    """Moves of a live position: its moves, or 1 (a pass) if only the opponent can move."""
    count = count_basic(own, opp)
    if count:
        return count
    return 1 if count_basic(rotate(opp), rotate(own)) else 0


def _basic(own: int, opp: int, depth: int) -> int:
    """Leaves below a live basic position, mover's frame (both sides have chips)."""
    if depth == 1:
        return _moves_or_pass(own, opp)
    kids = children_basic(own, opp)
    if not kids:
        flipped_own, flipped_opp = rotate(opp), rotate(own)
        if count_basic(flipped_own, flipped_opp):
            return _basic(flipped_own, flipped_opp, depth - 1)
        return 0
    total = 0
    for mine, theirs in kids:
        if mine and theirs:
            total += _basic(rotate(theirs), rotate(mine), depth - 1)
    return total


def _advanced(own: int, opp: int, own_values: Values, opp_values: Values, depth: int) -> int:
    """As _basic for advanced play; values by square in the mover's frame (see movegen)."""
    found = paths(own, opp, own_values, opp_values)
    if not found:
        turned = (rotate(opp), rotate(own), opp_values[::-1], own_values[::-1])
        if not paths(*turned):
            return 0
        return 1 if depth == 1 else _advanced(*turned, depth - 1)
    if depth == 1:
        return len(found)
    total = 0
    for path in found:
        mine, theirs, scored = play(own, opp, path)
        if mine and theirs:
            src, dst = path[0], path[-1]
            total += _advanced(
                rotate(theirs),
                rotate(mine),
                _moved(opp_values, src, dst, scored),
                _moved(own_values, src, dst, scored),
                depth - 1,
            )
    return total


def _moved(values: Values, src: int, dst: int, scored: int) -> Values:
    """Values after the chip on src went to dst (or off the board), turned to the next frame."""
    updated = list(values)
    carried, updated[src] = updated[src], 0
    if not scored:
        updated[dst] = carried
    updated.reverse()
    return tuple(updated)


def perft_position(position: Position, depth: int) -> int:
    """Leaves below any position through the general move generator (any variant)."""
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft_position(position.push(move), depth - 1) for move in moves)
