"""Move generation and play in hand-made positions: steps, chains, flips, scoring, passes."""

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.chip_flip import movegen
from generator.games.chip_flip.board import parse_square
from generator.games.chip_flip.position import (
    NORTH,
    PASS,
    SOUTH,
    Move,
    Placement,
    Position,
    setup,
)
from generator.games.chip_flip.state import ChipFlipEnding, outcome


def position(south: list[str], north: list[str], turn: int = SOUTH, scores: tuple[int, int] = (0, 0)) -> Position:
    bits = [sum(1 << parse_square(name) for name in names) for names in (south, north)]
    return Position(bits[0], bits[1], turn, scores)


def advanced(chips: dict[str, tuple[int, int, int]], turn: int = SOUTH) -> Position:
    """chips: square -> (owner, own value, other value)."""
    placed = [Placement(owner, parse_square(sq), own, other) for sq, (owner, own, other) in chips.items()]
    start = setup(placed)
    return Position(start.south, start.north, turn, (0, 0), start.south_values, start.north_values)


def names(pos: Position) -> set[str]:
    return {str(move) for move in pos.legal_moves()}


def move(text: str) -> Move:
    separator = "x" if "x" in text else "-"
    return Move(tuple(parse_square(sq) for sq in text.split(separator)))


def test_steps_are_diagonal_and_forward_only():
    assert names(position(["c3"], ["h8"])) == {"c3-b4", "c3-d4"}
    assert names(position(["c3"], ["f6"], turn=NORTH)) == {"f6-e5", "f6-g5"}


def test_edge_chip_has_one_step():
    assert names(position(["a3"], ["h8"])) == {"a3-b4"}


def test_jump_is_optional_and_turns_the_chip_over():
    pos = position(["c3", "g1"], ["d4", "b8"])
    assert names(pos) == {"c3-b4", "c3xe5", "g1-f2", "g1-h2"}
    after = pos.push(move("c3xe5"))
    assert after.owner(parse_square("d4")) == SOUTH
    assert after.owner(parse_square("e5")) == SOUTH
    assert after.owner(parse_square("c3")) is None
    assert after.turn == NORTH and after.chip_count() == pos.chip_count()


def test_no_jump_over_own_chip_or_onto_an_occupied_square():
    assert names(position(["c3", "d4"], ["h8"])) == {"c3-b4", "d4-c5", "d4-e5"}
    assert names(position(["c3"], ["d4", "e5"])) == {"c3-b4"}


def test_every_prefix_of_a_chain_is_a_move():
    pos = position(["a1"], ["b2", "d4", "b4", "f6"])
    jumps = {n for n in names(pos) if "x" in n}
    assert jumps == {"a1xc3", "a1xc3xe5", "a1xc3xa5", "a1xc3xe5xg7"}


def test_chains_through_different_squares_are_different_moves():
    pos = position(["c1"], ["b2", "d2", "b4", "d4"])
    moves = [m for m in pos.legal_moves() if m.is_jump]
    assert {str(m) for m in moves} == {"c1xa3", "c1xa3xc5", "c1xe3", "c1xe3xc5"}
    left, right = pos.push(move("c1xa3xc5")), pos.push(move("c1xe3xc5"))
    assert left.owner(parse_square("b4")) == SOUTH and left.owner(parse_square("d4")) == NORTH
    assert right.owner(parse_square("d4")) == SOUTH and right.owner(parse_square("b4")) == NORTH


def test_chain_turns_over_every_jumped_chip():
    pos = position(["a1"], ["b2", "d4", "h8"])
    after = pos.push(move("a1xc3xe5"))
    assert after.south == sum(1 << parse_square(s) for s in ("b2", "d4", "e5"))
    assert after.north == 1 << parse_square("h8")


def test_step_to_far_row_scores_and_leaves_the_board():
    pos = position(["b7", "a1"], ["h8"])
    assert {"b7-a8", "b7-c8"} <= names(pos)
    after = pos.push(move("b7-c8"))
    assert after.scores == (1, 0)
    assert after.owner(parse_square("c8")) is None and after.chip_count() == 2


def test_north_scores_on_row_one():
    pos = position(["h8"], ["d2", "a7"], turn=NORTH, scores=(0, 2))
    after = pos.push(move("d2-e1"))
    assert after.scores == (0, 3) and after.owner(parse_square("e1")) is None


def test_jump_to_far_row_scores_and_ends_the_chain():
    pos = position(["d6"], ["e7", "a3"])
    assert "d6xf8" in names(pos)
    after = pos.push(move("d6xf8"))
    assert after.scores == (1, 0)
    assert after.owner(parse_square("e7")) == SOUTH and after.owner(parse_square("f8")) is None


def test_player_without_a_move_passes_while_the_opponent_can_move():
    pos = position(["a1"], ["b2", "c3"])
    assert pos.legal_moves() == [PASS]
    after = pos.push(PASS)
    assert after.turn == NORTH and (after.south, after.north) == (pos.south, pos.north)
    assert after.legal_moves() and PASS not in after.legal_moves()


def test_game_ends_when_neither_side_can_move():
    south = ["a7", "c7", "e7", "g7", "b6", "d6", "f6", "h6"]
    pos = position(south, ["b8", "d8", "f8", "h8"], scores=(2, 3))
    assert pos.legal_moves() == []
    ended = outcome(pos)
    assert ended.ending is ChipFlipEnding.NO_MOVES
    assert ended.winner == NORTH and ended.scores == (2, 3)


def test_game_ends_when_a_side_has_no_chip_even_if_the_other_can_move():
    pos = position(["c3", "a1"], ["d4"], scores=(1, 1))
    after = pos.push(move("c3xe5"))
    assert after.north == 0 and after.legal_moves() == []
    ended = outcome(after)
    assert ended.ending is ChipFlipEnding.NO_CHIPS and ended.winner is None


def test_last_chip_scoring_ends_the_game_with_the_higher_score_winning():
    after = position(["b7"], ["h8", "f8"]).push(move("b7-a8"))
    assert outcome(after).ending is ChipFlipEnding.NO_CHIPS
    assert outcome(after).winner == SOUTH


def test_advanced_jumps_only_equal_or_lesser_values():
    pos = advanced({"c3": (SOUTH, 5, 2), "b4": (NORTH, 5, 9), "d4": (NORTH, 6, 1), "h8": (NORTH, 1, 1)})
    assert {n for n in names(pos) if "x" in n} == {"c3xa5"}


def test_advanced_jumps_backward_but_steps_forward_only():
    pos = advanced({"e5": (SOUTH, 7, 3), "d4": (NORTH, 4, 4), "f6": (NORTH, 9, 1)})
    assert names(pos) == {"e5-d6", "e5xc3"}


def test_advanced_turned_chip_shows_its_other_value_and_chip_values_travel():
    pos = advanced({"e5": (SOUTH, 7, 3), "d4": (NORTH, 4, 2), "h8": (NORTH, 1, 1)})
    after = pos.push(move("e5xc3"))
    assert after.value(parse_square("d4")) == 2
    assert after.value(parse_square("c3")) == 7 and after.value(parse_square("e5")) is None


def test_advanced_chain_may_turn_back_through_its_start():
    # Around a square of four chips and back home: e3 -> c5 -> e7 -> g5 -> e3.
    chips = {"e3": (SOUTH, 9, 1), "d4": (NORTH, 2, 2), "d6": (NORTH, 2, 2), "f6": (NORTH, 2, 2), "f4": (NORTH, 2, 2)}
    pos = advanced(chips)
    assert "e3xc5xe7xg5xe3" in names(pos)
    after = pos.push(move("e3xc5xe7xg5xe3"))
    assert after.north == 0 and after.owner(parse_square("e3")) == SOUTH


# Positions as the rules allow them: chips on dark squares, none on its own far row.
_DARK = [sq for sq in range(64) if (sq // 8 + sq % 8) % 2 == 0]
_positions = st.lists(st.sampled_from(["south", "north", None]), min_size=32, max_size=32)


def _bitboards(cells: list) -> tuple[int, int]:
    south = sum(1 << sq for sq, who in zip(_DARK, cells, strict=True) if who == "south" and sq < 56)
    north = sum(1 << sq for sq, who in zip(_DARK, cells, strict=True) if who == "north" and sq >= 8)
    return south, north


@settings(max_examples=300, deadline=None)
@given(_positions)
def test_bulk_counter_and_children_match_the_path_generator(cells):
    """perft's bitboard shortcuts agree with the general generator on arbitrary positions."""
    own, opp = _bitboards(cells)
    found = movegen.paths(own, opp)
    assert movegen.count_basic(own, opp) == len(found)
    played = sorted(movegen.play(own, opp, path)[:2] for path in found)
    assert sorted(movegen.children_basic(own, opp)) == played
