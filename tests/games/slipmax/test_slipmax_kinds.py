"""The Slipmax printable kinds (generator/games/slipmax/kinds.py): the spiral order of the
board's squares worked out by hand, walls only between squares that do not follow each other
on the track, the register card's measurements derived from the strip layout (the numbers of
this package's layouts/*.yaml, worked out by hand), read back from the laid-out scenes, and
a board listing the wrong number of spaces reported at its line."""

import shutil
from itertools import pairwise
from pathlib import Path
from types import SimpleNamespace

import pytest

from generator.games import load_game
from generator.games.slipmax.items import StripItem
from generator.games.slipmax.kinds import STRIP_KIND, RegisterGeometry, _walls, register_geometry, spiral_cells
from generator.layout.folders import context_for
from generator.layout.scene import Polyline
from generator.pipeline import lay_out
from generator.sources.loader import load_yaml

ROOT = Path(__file__).resolve().parents[3]
SLIPMAX = ROOT / "components" / "slipmax"
LAYOUTS = ROOT / "generator" / "games" / "slipmax" / "layouts"


def mm(text: str) -> float:
    return float(text.removesuffix("mm"))


def test_the_spiral_runs_clockwise_from_the_top_left_corner_inwards():
    assert spiral_cells(1) == [(0, 0)]
    assert spiral_cells(2) == [(0, 0), (0, 1), (1, 1), (1, 0)]
    assert spiral_cells(3) == [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (1, 1)]


def test_the_seven_by_seven_board_visits_every_square_once_ending_in_the_middle():
    cells = spiral_cells(7)
    assert sorted(cells) == [(row, col) for row in range(7) for col in range(7)]
    for (r0, c0), (r1, c1) in pairwise(cells):
        assert abs(r1 - r0) + abs(c1 - c0) == 1
    # The innermost ring (rows and columns 2 to 4) ends left of the centre, then the centre.
    assert cells[-3:] == [(4, 2), (3, 2), (3, 3)]
    board = load_yaml(SLIPMAX / "board.yaml")["items"][0]
    assert len(board["spaces"]) + len(board["centre"]) == len(cells)  # 46 + 3 = 7 x 7


def test_walls_stand_only_between_squares_that_do_not_follow_each_other():
    lines = _walls(spiral_cells(3), border=10.0, s=20.0, wall=1.5)
    walls = sorted(line.points for line in lines if line.style.stroke_width == 1.5)
    # Of the 12 pairs of side-by-side squares, the 8 that follow on the track have none:
    # (0,0)|(1,0), (0,1)|(1,1), (1,1)|(1,2) and (1,1)|(2,1) have one.
    assert walls == sorted(
        [
            ((10.0, 30.0), (30.0, 30.0)),  # below (0,0)
            ((30.0, 30.0), (50.0, 30.0)),  # below (0,1)
            ((50.0, 30.0), (50.0, 50.0)),  # right of (1,1)
            ((30.0, 50.0), (50.0, 50.0)),  # below (1,1)
        ]
    )
    assert len(lines) == 12


def layouts() -> tuple[SimpleNamespace, SimpleNamespace]:
    card, strip = load_yaml(LAYOUTS / "register-card.yaml"), load_yaml(LAYOUTS / "strip.yaml")
    card_params = {key: mm(value) for key, value in card["params"].items() if key != "strip_layout"}
    strip_params = {"title_height": mm(strip["params"]["title_height"])}
    return (
        SimpleNamespace(params=card_params, width=mm(card["size"]["width"])),
        SimpleNamespace(params=strip_params, width=mm(strip["size"]["width"]), height=mm(strip["size"]["height"])),
    )


def test_the_register_card_is_measured_from_the_strip():
    card, strip = layouts()
    # A 38 x 108.5 strip with a 22 mm title: an 86.5 mm pocket, slits 38 + 1.5 wide, 10 mm
    # down; the front is 10 + 86.5 + 2 of slack, and six registers share the 255 mm (42.5 mm
    # apart, so 3 mm of card stands between two slits).
    assert register_geometry(card, strip) == RegisterGeometry(38, 108.5, 86.5, 39.5, 10, 98.5, 50, 42.5, 255)


def test_the_laid_out_register_card_has_its_slits_and_fold_where_measured():
    game = load_game(SLIPMAX)
    ctx = context_for(game)
    laid = {part.kind.name: part for part in lay_out(game, ctx)}
    assert ctx.findings == []
    card = laid["register-card"].faces[0].front
    assert (card.width, card.height) == (255, 98.5 + 50)
    slits = sorted(item.points for item in card.items if isinstance(item, Polyline) and item.style.role == "slit")
    assert slits == pytest.approx([((42.5 * i + 21.25 - 19.75, 10), (42.5 * i + 21.25 + 19.75, 10)) for i in range(6)])
    folds = [item.points for item in card.items if isinstance(item, Polyline) and item.style.role == "score"]
    assert folds == [((0, 98.5), (255, 98.5))]


def test_each_strip_has_a_rule_under_its_title_and_under_every_step_all_within_the_strip():
    game = load_game(SLIPMAX)
    ctx = context_for(game)
    (strips,) = [part for part in lay_out(game, ctx) if part.kind is STRIP_KIND]
    for faces, strip in zip(strips.faces, game.typed("strip", StripItem), strict=True):
        lines = [item.points for item in faces.front.items if isinstance(item, Polyline)]
        assert all(a[1] == b[1] and (a[0], b[0]) == (0, 38) for a, b in lines)  # across the strip
        # Steps 9.5 mm deep below the 22 mm title: the longest strips' nine steps end at 107.5.
        assert sorted(a[1] for a, _ in lines) == pytest.approx([22 + 9.5 * n for n in range(len(strip.steps) + 1)])
        assert 22 + 9.5 * len(strip.steps) <= 108.5


def test_a_board_listing_too_few_spaces_is_an_error_at_its_spaces(tmp_path):
    copy = tmp_path / "slipmax"
    shutil.copytree(SLIPMAX, copy)
    board = copy / "board.yaml"
    text = board.read_text()
    board.write_text(text.replace("triangle, circle, pentagon, square,", "triangle, circle, pentagon,"))
    game = load_game(copy)
    ctx = context_for(game)
    lay_out(game, ctx)
    (finding,) = [f for f in ctx.findings if f.code == "L003"]
    assert "45" in str(finding) and "46" in str(finding)
    assert finding.loc.line == 1 + next(n for n, line in enumerate(text.splitlines()) if "spaces: [" in line)
