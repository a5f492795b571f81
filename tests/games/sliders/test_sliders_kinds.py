"""The Sliders printable kinds (generator/games/sliders/kinds.py), called directly: the
fold-up house net's geometry worked out by hand (panel edges, size, the area of its outline),
the net centred in its component, the text each deed kind derives for its rent lines, the
note printed on each kind of square, where each of the 40 squares goes round the board, and
which ink reads on a deed's colour band."""

import math
from types import SimpleNamespace

import pytest

from generator.games.sliders.items import ITEMS
from generator.games.sliders.kinds import (
    INK,
    KINDS,
    PAPER,
    DeedKind,
    RailroadKind,
    SquareKind,
    UtilityKind,
    _ink_on,
    _money,
    centred_net,
    house_net,
)

#: A house net of round numbers: the roof's slope is hypot(20 / 2, 7.5) = 12.5.
W, WALL, RISE, DEPTH, TAB = 20.0, 10.0, 7.5, 15.0, 5.0


def shoelace(points) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True))) / 2


def test_the_house_net_is_wall_floor_wall_roof_roof_tab_with_a_gable_on_each_side():
    net = house_net(W, WALL, RISE, DEPTH, TAB)
    gable = WALL + RISE  # 17.5
    assert net.size == (10 + 20 + 10 + 12.5 + 12.5 + 5, gable + DEPTH + gable)  # (70, 50)
    vertical = sorted(a[0] for a, b in net.folds if a[0] == b[0])
    assert vertical == [10, 30, 40, 52.5, 65]
    assert all((a[1], b[1]) == (gable, gable + DEPTH) for a, b in net.folds if a[0] == b[0])
    across = sorted(tuple(fold) for fold in net.folds if fold[0][1] == fold[1][1])
    assert across == [((10, gable), (30, gable)), ((10, gable + DEPTH), (30, gable + DEPTH))]
    assert (20, 0) in net.outline and (20, 50) in net.outline  # the gables' apexes
    # The strip 65 x 15, the tab a trapezoid 5 wide from 15 to 12 (1.5 cut each end), and
    # two gables of a 20 x 10 wall under a 20 x 7.5 triangle.
    assert shoelace(net.outline) == pytest.approx(65 * 15 + 5 * (15 + 12) / 2 + 2 * (20 * 10 + 20 * 7.5 / 2))


def test_a_moved_net_keeps_its_shape_and_says_where_it_starts():
    net = house_net(W, WALL, RISE, DEPTH, TAB)
    moved = net.moved(3, 4)
    assert moved.origin == (3, 4) and moved.size == net.size
    assert moved.outline == [(x + 3, y + 4) for x, y in net.outline]


def test_nets_are_centred_and_a_hotel_is_wider_and_deeper_by_four_tenths():
    params = {"width": W, "wall": WALL, "rise": RISE, "depth": DEPTH, "tab": TAB}
    layout = SimpleNamespace(params={"net": params}, width=100.0, height=80.0)
    house = centred_net({"type": "house"}, layout)
    assert house.origin == (15.0, 15.0)  # (100 - 70) / 2, (80 - 50) / 2
    hotel = centred_net({"type": "hotel"}, layout)
    width, depth = 1.4 * W, 1.4 * DEPTH
    wide = WALL + width + WALL + 2 * math.hypot(width / 2, RISE) + TAB
    high = 2 * (WALL + RISE) + depth
    assert hotel.size == pytest.approx((wide, high))
    assert hotel.origin == pytest.approx(((100 - wide) / 2, (80 - high) / 2))


def test_money_is_printed_with_a_dollar_and_thousands_separated():
    assert (_money(60), _money(1500), _money(0)) == ("$60", "$1,500", "$0")


def test_a_deed_lists_its_six_rents_and_its_house_cost():
    lines = DeedKind().lines({"rent": (2, 10, 30, 90, 160, 250), "house_cost": 50})
    assert lines["house_amount"] == "$50"
    assert [(r["label"], r["amount"]) for r in lines["rents"]] == [
        ("Rent", "$2"),
        ("With 1 House", "$10"),
        ("With 2 Houses", "$30"),
        ("With 3 Houses", "$90"),
        ("With 4 Houses", "$160"),
        ("With HOTEL", "$250"),
    ]


def test_a_line_lists_its_rent_by_lines_owned_and_a_utility_its_dice_rules():
    rents = RailroadKind().lines({"rent_by_count": (25, 50, 100, 200)})["rents"]
    assert [r["label"] for r in rents] == [
        "Rent",
        "If 2 lines are owned",
        "If 3 lines are owned",
        "If 4 lines are owned",
    ]
    assert [r["amount"] for r in rents] == ["$25", "$50", "$100", "$200"]
    assert UtilityKind().lines({"dice_multiplier": (4, 10)})["rules"] == [
        "If one utility is owned, rent is 4 times the amount shown on the dice.",
        "If both utilities are owned, rent is 10 times the amount shown on the dice.",
    ]


@pytest.mark.parametrize(
    ("square", "note"),
    [
        ({"type": "go", "salary": 200}, "Collect $200 salary as you pass"),
        ({"type": "tax", "amount": 200, "percent": 10}, "Pay $200 or 10% of your worth"),
        ({"type": "tax", "amount": 75}, "Pay $75"),
        ({"type": "slidecage", "aside": "Just Visiting"}, "Just Visiting"),
        ({"type": "go-to-slidecage"}, "Do not pass GO"),
        ({"type": "free"}, ""),
    ],
)
def test_each_square_prints_its_note(square, note):
    assert SquareKind._note(square, None) == note


def test_a_deed_square_prints_its_deeds_price():
    assert SquareKind._note({"type": "railroad"}, SimpleNamespace(price=200)) == "$200"


def placed(index: int, side: float, corner: float, per_side: int) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) square `index` covers on the board, y downwards."""
    on_side, k = divmod(index, per_side + 1)
    cell = (side - 2 * corner) / per_side
    a, b, c, d, e, f = SquareKind._transform(on_side, k, side, corner, cell)
    w = corner if k == 0 else cell
    corners = [(a * x + c * y + e, b * x + d * y + f) for x, y in ((0, 0), (w, 0), (0, corner), (w, corner))]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return min(xs), min(ys), max(xs), max(ys)


def test_the_forty_squares_go_clockwise_from_go_in_the_bottom_right_and_fill_the_ring():
    side, corner = 500.0, 60.0  # cells of (500 - 120) / 9
    boxes = [placed(i, side, corner, 9) for i in range(40)]
    assert boxes[0] == pytest.approx((440, 440, 500, 500))  # GO
    assert boxes[10] == pytest.approx((0, 440, 60, 500))  # the Slidecage, bottom left
    assert boxes[20] == pytest.approx((0, 0, 60, 60))  # top left
    assert boxes[30] == pytest.approx((440, 0, 500, 60))  # top right
    assert boxes[1][0] < boxes[0][0] and boxes[11][1] < boxes[10][1]  # leftwards, then upwards
    # Every square touches the board's edge, and together they cover the ring exactly once.
    assert all(min(x0, y0) == pytest.approx(0) or max(x1, y1) == pytest.approx(side) for x0, y0, x1, y1 in boxes)
    area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes)
    assert area == pytest.approx(side**2 - (side - 2 * corner) ** 2)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            overlap = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
            assert not (overlap[0] > 1e-6 and overlap[1] > 1e-6)


def test_band_text_is_white_on_dark_colours_and_black_on_light_ones():
    assert _ink_on("#000000") == PAPER and _ink_on("#ffffff") == INK
    assert _ink_on("#955436") == PAPER  # brown: 0.299 * 149 + 0.587 * 84 + 0.114 * 54 = 100
    assert _ink_on("#aae0fa") == INK  # light blue: 211


def test_every_kind_of_item_has_a_printable_kind():
    assert {kind.name for kind in KINDS} == set(ITEMS)
