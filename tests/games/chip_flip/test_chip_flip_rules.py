"""Chip Flip's rules module: a move scores exactly when it ends on the mover's far row (the
rules' item 8), never when it passes; the fixed numbers are the rules' (an 8x8 board, 8 chips
a side) and the draw comes on the third occurrence of a position, as the package reads it."""

import random
from pathlib import Path

import pytest

from generator.games import load_game
from generator.games.chip_flip.board import parse_square
from generator.games.chip_flip.engine import ChipFlipEngine
from generator.games.chip_flip.position import NORTH, PASS, SOUTH, Move, Placement, Position, opening, setup
from generator.games.chip_flip.rules import (
    BOARD_SIZE,
    CHIPS_A_SIDE,
    REPETITIONS_TO_END,
    VARIANTS,
    scores,
)
from generator.games.chip_flip.state import ChipFlipEnding, ChipFlipState

SHIPPED = Path(__file__).resolve().parents[3] / "components" / "chip-flip"


def move(text: str) -> Move:
    separator = "x" if "x" in text else "-"
    return Move(tuple(parse_square(square) for square in text.split(separator)))


def position(south: list[str], north: list[str], turn: int = SOUTH) -> Position:
    bits = [sum(1 << parse_square(name) for name in names) for names in (south, north)]
    return Position(bits[0], bits[1], turn)


def test_a_south_move_scores_on_row_8_and_nowhere_else():
    south = position(["b7", "c3", "f6"], ["g7", "h1"])
    assert scores(south, move("b7-c8"))  # row 7 to row 8: South's far row
    assert scores(south, move("b7-a8"))
    assert scores(south, move("f6xh8"))  # a jump that lands on the far row scores too
    assert not scores(south, move("c3-d4"))
    assert not scores(south, PASS)


def test_a_north_move_scores_on_row_1_and_not_on_souths_far_row():
    north = position(["h8"], ["b2", "f6", "g7"], turn=NORTH)
    assert scores(north, move("b2-a1"))  # row 2 to row 1: North's far row
    assert not scores(north, move("g7-f6"))
    # An advanced-play backward jump of North's onto row 8 lands on South's far row: no point.
    assert not scores(north, move("f6xh8"))
    assert not scores(north, PASS)


def test_the_board_and_the_chips_are_the_rules_numbers():
    # "Each player selects 8 chips" and sets them up "in the first two rows" of an 8x8
    # board, all "on squares of the same hue" (the dark ones: a1, c1, ...).
    assert BOARD_SIZE == 8 and CHIPS_A_SIDE == 8
    start = opening()
    south = [sq for sq in range(64) if (start.south >> sq) & 1]
    north = [sq for sq in range(64) if (start.north >> sq) & 1]
    assert len(south) == len(north) == CHIPS_A_SIDE
    assert {sq // BOARD_SIZE for sq in south} == {0, 1} and {sq // BOARD_SIZE for sq in north} == {6, 7}
    assert all((sq // 8 + sq % 8) % 2 == 0 for sq in south + north)


def test_the_variants_are_advanced_play_and_the_rules_two_other_set_ups():
    # tests/games/chip_flip/test_chip_flip_variants.py plays the two set-ups.
    assert [variant.name for variant in VARIANTS] == ["advanced", "light-squares", "free-placement"]
    engine = ChipFlipEngine()
    deck = engine.load_deck(load_game(SHIPPED))
    assert engine.new_game(deck, 2, random.Random(0), {"advanced": True}).position.advanced
    assert not engine.new_game(deck, 2, random.Random(0), {}).position.advanced
    with pytest.raises(ValueError, match="unknown Chip Flip option"):
        engine.new_game(deck, 2, random.Random(0), {"kings": True})


def test_the_third_occurrence_of_a_position_ends_the_game():
    # The loop the package's docstring names: c5xa3 c3xa5 a3xc5 a5xc3 turns the b4 chip over
    # and back (advanced play, so backward jumps) and returns to the starting position.
    start = setup(
        [
            Placement(SOUTH, parse_square("c5"), 5, 5),
            Placement(NORTH, parse_square("c3"), 5, 5),
            Placement(NORTH, parse_square("b4"), 1, 1),
        ]
    )
    state = ChipFlipState(start, random.Random(0))
    loop = [move(text) for text in ("c5xa3", "c3xa5", "a3xc5", "a5xc3")]
    occurrences = [1]
    for _ in range(REPETITIONS_TO_END - 1):
        for step in loop:
            assert not state.is_terminal()
            state.apply(step)
        assert state.position == start
        occurrences.append(state.seen[start])
    assert occurrences == [1, 2, 3] and REPETITIONS_TO_END == 3
    assert state.is_terminal() and state.legal_actions() == []
    assert state.outcome().ending is ChipFlipEnding.REPETITION and state.outcome().winner is None  # 0-0: a tie
    assert state.returns() == [0.0, 0.0]
