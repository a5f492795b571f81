"""perft from the opening, against a second, deliberately naive counter.

The naive counter below reads the rules straight from the seed rules (as the issue settles
them) on a board kept as a dict {(row, column): chip}; it shares no code with the engine.
PERFT and PERFT_ADVANCED were computed with it for depths 1-6, and the first test re-derives
them (about two seconds).
"""

import pytest

from generator.games.chip_flip.perft import perft, perft_position
from generator.games.chip_flip.position import opening
from generator.games.chip_flip.state import outcome

SOUTH, NORTH = 0, 1


def naive_opening(advanced: bool) -> dict:
    """South on the dark squares of rows 0-1, North on those of rows 6-7, as in the rules.

    Advanced values (own, other) follow the default numbered chips: South's a1 4/1 ... h2 11/8,
    North's the same on the squares turned 180 degrees.
    """
    values = dict(zip("aceg", [(4, 1), (5, 2), (6, 3), (7, 4)], strict=True))
    values.update(zip("bdfh", [(8, 5), (9, 6), (10, 7), (11, 8)], strict=True))
    board = {}
    for row in range(8):
        for column in range(8):
            if (row + column) % 2:
                continue
            if row <= 1:
                own, other = values["abcdefgh"[column]]
                board[(row, column)] = {"owner": SOUTH, "vals": {SOUTH: own, NORTH: other}}
            elif row >= 6:
                own, other = values["abcdefgh"[7 - column]]
                board[(row, column)] = {"owner": NORTH, "vals": {NORTH: own, SOUTH: other}}
    if not advanced:
        for chip in board.values():
            chip["vals"] = None
    return board


def naive_moves(board: dict, player: int, advanced: bool) -> list[tuple]:
    """(path, board after, points) for every move of `player`."""
    forward = 1 if player == SOUTH else -1
    far_row = 7 if player == SOUTH else 0
    result = []
    for (row, column), chip in board.items():
        if chip["owner"] != player:
            continue
        for dc in (-1, 1):
            to = (row + forward, column + dc)
            if 0 <= to[0] < 8 and 0 <= to[1] < 8 and to not in board:
                after = dict(board)
                del after[(row, column)]
                points = 1 if to[0] == far_row else 0
                if not points:
                    after[to] = chip
                result.append((((row, column), to), after, points))
        without = dict(board)
        del without[(row, column)]
        naive_chains(without, chip, ((row, column),), player, advanced, result)
    return result


def naive_chains(board: dict, chip: dict, path: tuple, player: int, advanced: bool, result: list) -> None:
    """Extend a chain from path[-1]; `board` lacks the jumping chip."""
    forward = 1 if player == SOUTH else -1
    far_row = 7 if player == SOUTH else 0
    row, column = path[-1]
    for dr in (forward, -forward) if advanced else (forward,):
        for dc in (-1, 1):
            over = (row + dr, column + dc)
            land = (row + 2 * dr, column + 2 * dc)
            if not (0 <= land[0] < 8 and 0 <= land[1] < 8) or land in board:
                continue
            jumped = board.get(over)
            if jumped is None or jumped["owner"] == player:
                continue
            if advanced and jumped["vals"][jumped["owner"]] > chip["vals"][player]:
                continue
            after = dict(board)
            after[over] = {"owner": player, "vals": jumped["vals"]}
            longer = path + (land,)
            if land[0] == far_row:
                result.append((longer, after, 1))
                continue
            placed = dict(after)
            placed[land] = chip
            result.append((longer, placed, 0))
            naive_chains(after, chip, longer, player, advanced, result)


def naive_perft(board: dict, player: int, depth: int, advanced: bool) -> int:
    if depth == 0:
        return 1
    owners = {chip["owner"] for chip in board.values()}
    if owners != {SOUTH, NORTH}:
        return 0
    moves = naive_moves(board, player, advanced)
    if not moves:
        if not naive_moves(board, 1 - player, advanced):
            return 0
        return naive_perft(board, 1 - player, depth - 1, advanced)
    return sum(naive_perft(after, 1 - player, depth - 1, advanced) for _, after, _ in moves)


PERFT = {1: 7, 2: 49, 3: 392, 4: 3136, 5: 27210, 6: 235732}
PERFT_ADVANCED = {1: 7, 2: 49, 3: 392, 4: 3136, 5: 27182, 6: 234737}


@pytest.mark.parametrize("depth", range(1, 7))
def test_naive_counter_reproduces_the_table(depth):
    assert naive_perft(naive_opening(False), SOUTH, depth, False) == PERFT[depth]
    assert naive_perft(naive_opening(True), SOUTH, depth, True) == PERFT_ADVANCED[depth]


@pytest.mark.parametrize("depth", range(1, 7))
def test_perft_basic(depth):
    assert perft(depth) == PERFT[depth]


@pytest.mark.parametrize("depth", range(1, 7))
def test_perft_advanced(depth):
    assert perft(depth, advanced=True) == PERFT_ADVANCED[depth]


def test_perft_depth_zero_is_the_opening_itself():
    assert perft(0) == 1 and perft(0, advanced=True) == 1


@pytest.mark.parametrize("depth", range(1, 5))
def test_fast_and_general_generators_agree(depth):
    assert perft(depth) == perft_position(opening(), depth)
    assert perft(depth, advanced=True) == perft_position(opening(True), depth)


def as_naive(pos) -> dict:
    """The engine's position as the naive counter's dict board."""
    board = {}
    for sq in range(64):
        owner = pos.owner(sq)
        if owner is None:
            continue
        vals = None
        if pos.advanced:
            vals = {SOUTH: pos.south_values[sq], NORTH: pos.north_values[sq]}
        board[divmod(sq, 8)] = {"owner": owner, "vals": vals}
    return board


@pytest.mark.parametrize("advanced", [False, True])
def test_engine_and_naive_agree_on_every_position_of_random_games(advanced):
    """Moves, resulting boards and points agree all along 60 random games per variant."""
    import random

    rng = random.Random(7)
    compared = 0
    for _ in range(60):
        pos = opening(advanced)
        while outcome(pos) is None:
            engine_moves = pos.legal_moves()
            naive = naive_moves(as_naive(pos), pos.turn, advanced)
            if engine_moves[0].is_pass:
                assert naive == []
            else:
                expected = {tuple(divmod(sq, 8) for sq in m.path): m for m in engine_moves}
                assert len(expected) == len(engine_moves)
                assert set(expected) == {path for path, _, _ in naive}
                for path, after, points in naive:
                    pushed = pos.push(expected[path])
                    assert as_naive(pushed) == after
                    assert sum(pushed.scores) - sum(pos.scores) == points
                    compared += 1
            pos = pos.push(rng.choice(engine_moves))
    assert compared > 1000
