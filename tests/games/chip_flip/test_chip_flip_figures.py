"""Chip Flip's figures: the score margin is |South - North| of each finished game, counted
by margin, smallest first, with its mean; a game ended by repetition is counted as such, and the
game length covers unfinished games too. Every expected number is worked out by hand."""

import random

import pytest

from generator.games.chip_flip.board import parse_square
from generator.games.chip_flip.figures import ChipFlipTally, figures, score_margin
from generator.games.chip_flip.position import NORTH, SOUTH, Move, Placement, Position, setup
from generator.games.chip_flip.state import ChipFlipState


def state_of(south: list[str], north: list[str], turn: int = SOUTH, scores: tuple[int, int] = (0, 0)) -> ChipFlipState:
    bits = [sum(1 << parse_square(name) for name in names) for names in (south, north)]
    return ChipFlipState(Position(bits[0], bits[1], turn, scores), random.Random(0))


def move(text: str) -> Move:
    separator = "x" if "x" in text else "-"
    return Move(tuple(parse_square(square) for square in text.split(separator)))


def test_score_margin_counts_games_by_margin_smallest_first():
    margin = score_margin([3, 0, 3, 1])
    assert margin == {"games_by_margin": {"0": 1, "1": 1, "3": 2}, "mean": 1.75}  # 7 / 4
    assert list(margin["games_by_margin"]) == ["0", "1", "3"]


def test_score_margin_rounds_its_mean_and_is_empty_without_games():
    assert score_margin([1, 1, 2])["mean"] == 1.333  # 4 / 3 to three places
    assert score_margin([]) == {"games_by_margin": {}, "mean": 0.0}


def drawn_by_repetition() -> ChipFlipState:
    """The package docstring's loop c5xa3 c3xa5 a3xc5 a5xc3, played twice: 8 turns, and the
    starting position stands a third time."""
    start = setup(
        [
            Placement(SOUTH, parse_square("c5"), 5, 5),
            Placement(NORTH, parse_square("c3"), 5, 5),
            Placement(NORTH, parse_square("b4"), 1, 1),
        ]
    )
    state = ChipFlipState(start, random.Random(0))
    for _ in range(2):
        for text in ("c5xa3", "c3xa5", "a3xc5", "a5xc3"):
            state.apply(move(text))
    return state


def test_the_tally_gives_margins_endings_and_lengths_of_these_games():
    # South jumps North's last chip, turning it South's: North has no chip left. 3 - 1 = 2.
    emptied = state_of(["c3", "a1"], ["d4"], scores=(3, 1))
    emptied.apply(move("c3xe5"))
    # Neither side can move (South's chips blocked on rows 6-7, North's on row 8): 2 - 4.
    stuck = state_of(["a7", "c7", "e7", "g7", "b6", "d6", "f6", "h6"], ["b8", "d8", "f8", "h8"], scores=(2, 4))
    drawn = drawn_by_repetition()
    running = state_of(["c3"], ["h8"])  # still going: no margin, but its 0 turns count
    out = figures([emptied, stuck, drawn, running])
    assert out["score_margin"] == {"games_by_margin": {"0": 1, "2": 2}, "mean": pytest.approx(4 / 3, abs=1e-3)}
    assert out["ended_side_without_chips_share"] == 0.25
    assert out["ended_neither_can_move_share"] == 0.25
    assert out["ended_third_repetition_share"] == 0.25
    assert out["unfinished_games"] == 1
    # Lengths 1, 0, 8 and 0 turns: the median of 0 0 1 8 is 0.5, the mean 9 / 4.
    assert out["game_length"] == {"mean": 2.25, "median": 0.5, "max": 8}
    # Points of the three finished games: South 3, 2, 0; North 1, 4, 0.
    assert out["points"] == {"South": {"mean": pytest.approx(5 / 3), "max": 3}, "North": {"mean": 5 / 3, "max": 4}}


def test_gathering_game_by_game_gives_the_figures_of_the_whole_list():
    games = [drawn_by_repetition(), state_of(["c3"], ["h8"], turn=NORTH)]
    tally = ChipFlipTally()
    for game in games:
        tally.add(game)
    assert tally.games == 2 and tally.figures() == figures(games)


def test_no_games_give_zeros_not_errors():
    out = figures([])
    assert out["unfinished_games"] == 0 and out["ended_third_repetition_share"] == 0.0
    assert out["game_length"] == {"mean": 0.0, "median": 0.0, "max": 0}
    assert out["points"]["South"] == {"mean": 0.0, "max": 0}
