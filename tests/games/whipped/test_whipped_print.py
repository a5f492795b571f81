"""The Whipped! build read back from its PDF with pdfium: bills and their vote squares, riders
and their backs, the fold-over bidding tokens' geometry, votes' colours and shapes."""

import re
import shutil
from collections import Counter, defaultdict
from functools import cached_property
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
import yaml
from click.testing import CliRunner

from generator.cli import main
from generator.games import load_game
from generator.layout.context import LayoutContext
from generator.layout.folders import context_for
from generator.layout.scene import Group, Rect, Text
from generator.pipeline import lay_out
from tests.conftest import COMPONENTS, run_build
from tests.pdf_geometry import PT_MM, Line, is_cut, is_score, shape_lines
from tests.pdf_paths import Shape, fractions, shapes
from tests.pdf_text import Boxed, boxed_words, chars

SOURCE = COMPONENTS / "whipped"
#: Widths (pt) the PDF writer gives the lines we tell apart.
SQUARE_PT, CUT_PT = 1.0, 0.4


def items_of(name: str) -> list[dict]:
    return yaml.safe_load((SOURCE / name).read_text())["items"]


def expanded(name: str) -> list[dict]:
    return [item for item in items_of(name) for _ in range(item.get("count", 1))]


class Sheet:
    """A page of the PDF as pdfium reads it, each part read once: in points from the top left
    (the lines in mm)."""

    def __init__(self, index: int, page: pdfium.PdfPage):
        self.index, self.page = index, page  # the index from 0

    @cached_property
    def text(self) -> str:
        return self.page.get_textpage().get_text_range()

    @cached_property
    def words(self) -> list[Boxed]:
        return boxed_words(self.page)

    @cached_property
    def chars(self) -> list[Boxed]:
        return chars(self.page)

    @cached_property
    def shapes(self) -> list[Shape]:
        return shapes(self.page)

    @property
    def rects(self) -> list[Shape]:
        return [s for s in self.shapes if s.kind == "rect"]

    @property
    def curves(self) -> list[Shape]:
        return [s for s in self.shapes if s.kind == "curve"]

    @cached_property
    def lines(self) -> list[Line]:
        return shape_lines(self.shapes)

    @property
    def cuts(self) -> list[Line]:
        return [line for line in self.lines if is_cut(line)]

    @property
    def scores(self) -> list[Line]:
        return [line for line in self.lines if is_score(line)]


@pytest.fixture(scope="module", params=["letter", "a4"])
def pdf(request, tmp_path_factory):
    out = tmp_path_factory.mktemp("whipped")
    run_build(str(SOURCE), "--out", str(out), "--format", "pdf", "--paper", request.param)
    document = pdfium.PdfDocument(out / "whipped" / "whipped.pdf")
    yield [Sheet(index, document[index]) for index in range(len(document))]
    document.close()


def mm(value: float) -> float:
    return value * PT_MM


def box_mm(drawn: Boxed | Shape) -> tuple[float, float, float, float]:
    """x0, top, x1, bottom in mm."""
    return (mm(drawn.x0), mm(drawn.top), mm(drawn.x1), mm(drawn.bottom))


def inside(inner, outer, slack: float = 0.01) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def cells(page, width: float, height: float) -> list[tuple[float, float, float, float]]:
    """Cells (mm) of width x height between the page's cut lines, row by row: the cards of
    one size, whatever else (votes in a corner) shares the sheet."""
    cuts = page.cuts
    xs = sorted({round(c.x0, 2) for c in cuts if c.vertical})
    ys = sorted({round(c.y0, 2) for c in cuts if c.horizontal})

    def edge(value: float, edges: list[float]) -> bool:
        return any(abs(value - e) < 0.05 for e in edges)

    return [
        (a, top, a + width, top + height) for top in ys if edge(top + height, ys) for a in xs if edge(a + width, xs)
    ]


def words_in(page, cell) -> list[Boxed]:
    return [w for w in page.words if inside(box_mm(w), cell)]


def bill_pages(pdf) -> list:
    return [p for p in pdf if any(w.text == "Level" for w in p.words)]


#: A bill is as tall as its rows of squares (two to a row): 93.5 mm for five rows, and one
#: square's pitch (12 mm and 1.2 mm apart) less for each row fewer.
BILL_WIDTH, TALLEST, ROWS, PITCH = 88.9, 93.5, 5, 13.2


def bill_height(levels: list[list[str]]) -> float:
    rows = max(-(-len(level) // 2) for level in levels)
    return TALLEST - (ROWS - rows) * PITCH


def bill_cells(page) -> list[tuple[float, float, float, float]]:
    """The cells (mm) of bills of every height, each side on a cut line that runs its length."""
    cuts = page.cuts
    across = [c for c in cuts if c.horizontal]
    down = [c for c in cuts if c.vertical]
    xs = sorted({round(c.x0, 2) for c in down})

    def edge(a: float, y: float) -> bool:
        return any(
            abs(c.y0 - y) < 0.05 and min(c.x0, c.x1) <= a + 0.05 and max(c.x0, c.x1) >= a + BILL_WIDTH - 0.05
            for c in across
        )

    def sides(a: float, top: float, bottom: float) -> bool:
        return all(
            any(
                abs(c.x0 - x) < 0.05 and min(c.y0, c.y1) <= top + 0.05 and max(c.y0, c.y1) >= bottom - 0.05
                for c in down
            )
            for x in (a, a + BILL_WIDTH)
        )

    tops = sorted({round(c.y0, 2) for c in across})
    heights = [TALLEST - k * PITCH for k in range(ROWS - 1)]
    return [
        (a, top, a + BILL_WIDTH, top + h)
        for top in tops
        for a in xs
        for h in heights
        if edge(a, top)
        and edge(a, top + h)
        and sides(a, top, top + h)
        and not any(edge(a, top + other) for other in heights if other < h - 0.1)
    ]


def bill_cards(pdf):
    """(page, cell, name) for every bill card, in sheet order."""
    found = []
    for page in bill_pages(pdf):
        for cell in bill_cells(page):
            words = words_in(page, cell)
            if not words:
                continue
            level_top = min(w.top for w in words if w.text == "Level")
            name = " ".join(w.text for w in sorted(words, key=lambda w: (round(w.top), w.x0)) if w.top < level_top)
            found.append((page, cell, name))
    return found


def test_every_bill_appears_once_as_tall_as_its_rows_of_squares(pdf):
    """Bills are sized to their content, so each height is its own batch on the sheets: every
    bill once, its cell between cut lines as tall as its longest level's rows."""
    cards = bill_cards(pdf)
    bills = {bill["name"]: bill for bill in items_of("bills.yaml")}
    assert sorted(card[2] for card in cards) == sorted(bills)
    for _, cell, name in cards:
        assert cell[3] - cell[1] == pytest.approx(bill_height(bills[name]["levels"]), abs=0.05), name
    assert {round(cell[3] - cell[1], 1) for _, cell, _ in cards} == {53.9, 67.1, 80.3}  # 2, 3 and 4 rows


def squares_by_level(page, cell) -> dict[int, Counter]:
    """Each bill square in the cell, solid or dashed (printed shaded), under the nearest "Level n" heading."""
    words = words_in(page, cell)
    headings = sorted((w.x0 + w.x1) / 2 for w in words if w.text == "Level")
    found: dict[int, Counter] = defaultdict(Counter)
    for rect in page.rects:
        if not (rect.stroke and abs(rect.width_pt - SQUARE_PT) < 0.01):
            continue
        if not inside(box_mm(rect), cell):
            continue
        centre = (rect.x0 + rect.x1) / 2
        level = min(range(len(headings)), key=lambda n: abs(headings[n] - centre)) + 1
        assert not rect.dashed, "dashed lines mean fold; squares are solid"
        found[level]["dashed" if rect.fill else "solid"] += 1
    return found


def test_each_level_shows_the_sources_solid_and_dashed_squares(pdf):
    cards = bill_cards(pdf)
    bills = {bill["name"]: bill for bill in items_of("bills.yaml")}
    assert len(cards) == len(bills)
    for page, cell, name in cards:
        bill = bills[name]
        expected = {n: Counter(level) for n, level in enumerate(bill["levels"], 1)}
        assert squares_by_level(page, cell) == expected, name


def test_bill_squares_hold_a_vote_and_level_1_is_the_sponsors(pdf):
    page, cell, _ = bill_cards(pdf)[0]
    squares = [r for r in page.rects if abs(r.width_pt - SQUARE_PT) < 0.01 and inside(box_mm(r), cell)]
    vote = vote_boxes(pdf)[0][1]
    vote_side = vote[2] - vote[0]
    for rect in squares:
        x0, top, x1, bottom = box_mm(rect)
        assert abs((x1 - x0) - (bottom - top)) < 0.01 and x1 - x0 >= vote_side + 1.5
    words = words_in(page, cell)
    levels = sorted((w for w in words if w.text == "Level"), key=lambda w: w.x0)
    sponsor = [w for w in words if w.text == "sponsor"]
    assert len(sponsor) == 1 and abs(sponsor[0].x0 - levels[0].x0) < abs(sponsor[0].x0 - levels[1].x0)


def test_riders_show_name_and_effect_with_a_common_back_behind_each(pdf):
    riders = expanded("riders.yaml")
    fronts = [p for p in pdf if "RIDER" in p.text]
    shown = Counter()
    indexes = []
    for page in fronts:
        for cell in cells(page, 63.5, 88.9):
            words = words_in(page, cell)
            text = " ".join(w.text for w in words)
            index = re.search(rf"Whipped! · (\d+)/{len(riders)} ", text)
            if index:  # each rider's place among them, to reprint a lost one
                indexes.append(int(index.group(1)))
                text = text.replace(index.group(0), "")
            for rider in items_of("riders.yaml"):
                if text.startswith(f"RIDER {rider['name']} {rider['effect']}"):
                    shown[rider["name"]] += 1
            if " and " in text:  # each gain on a line of its own: "and" starts the second
                first_gain = next(w for w in words if w.text.startswith("+"))
                joint = next(w for w in words if w.text == "and")
                assert joint.top > first_gain.bottom and joint.x0 < first_gain.x1
    assert shown == Counter(r["name"] for r in riders)
    assert sorted(indexes) == list(range(1, len(riders) + 1))
    backs = [pdf[page.index + 1] for page in fronts]  # each fronts sheet's next page
    assert sum(p.text.count("Whipped! rider") for p in backs) == len(riders)
    assert all("RIDER" not in p.text for p in backs)


def token_pairs(pdf):
    """(page, outline (mm), score line) for each fold-over token: its own cut outline with
    the one score line inside it."""
    found = []
    for page in pdf:
        scores = [s for s in page.scores if s.vertical]
        if not scores:
            continue
        for rect in page.rects:
            if rect.fill or not (rect.stroke and abs(rect.width_pt - CUT_PT) < 0.01):
                continue
            outline = box_mm(rect)
            inner = [
                s
                for s in scores
                if outline[0] < s.x0 < outline[2] and inside((s.x0, min(s.y0, s.y1), s.x1, max(s.y0, s.y1)), outline)
            ]
            assert len(inner) == 1, outline
            found.append((page, outline, inner[0]))
    return found


def test_fold_over_tokens_score_line_on_the_shared_edge_faces_mirror(pdf):
    pairs = token_pairs(pdf)
    tokens = expanded("bidding-tokens.yaml")
    assert len(pairs) == len(tokens)
    levels = Counter()
    for page, (x0, top, x1, bottom), score in pairs:
        fold = score.x0
        # Both faces the same size, the score line the whole height of the shared edge.
        assert abs((fold - x0) - (x1 - fold)) < 0.1
        assert abs(min(score.y0, score.y1) - top) < 0.01 and abs(max(score.y0, score.y1) - bottom) < 0.01
        fills = [
            box_mm(r)
            for r in page.rects
            if r.fill
            and not r.stroke
            and box_mm(r)[0] < x1
            and box_mm(r)[2] > x0
            and box_mm(r)[1] < bottom
            and box_mm(r)[3] > top
        ]
        white = [f for f in fills if f[2] <= fold + 0.01]
        black = [f for f in fills if f[0] >= fold - 0.01]
        assert len(white) == 1 and len(black) == 1
        (w0, wt, w1, wb), (b0, bt, b1, bb) = white[0], black[0]
        # Each face's fill meets the fold exactly, and mirrors the other across it.
        assert abs(w1 - fold) < 0.01 and abs(b0 - fold) < 0.01
        assert abs((fold - w0) - (b1 - fold)) < 0.1 and abs(wt - bt) < 0.1 and abs(wb - bb) < 0.1
        chars = [c for c in page.chars if inside(box_mm(c), (x0, top, x1, bottom)) and c.text in "123"]
        left = [c for c in chars if mm(c.x1) <= fold]
        right = [c for c in chars if mm(c.x0) >= fold]
        assert len(left) == len(right) == 1 and left[0].text == right[0].text
        centre_left = mm(left[0].x0 + left[0].x1) / 2
        centre_right = mm(right[0].x0 + right[0].x1) / 2
        assert abs((fold - centre_left) - (centre_right - fold)) < 0.1
        assert abs(left[0].top - right[0].top) < 0.1 / PT_MM
        words = {w.text for w in page.words if inside(box_mm(w), (x0, top, x1, bottom))}
        assert {"bid", "accepted"} <= words
        levels[int(left[0].text)] += 1
    assert levels == Counter(t["level"] for t in tokens)


def test_nothing_is_tiled_and_the_votes_butt_on_shared_cut_lines(pdf):
    """Votes are colour to the edge and butt: each edge of each vote lies on a cut line that
    runs on past it (one long cut a row and a column); they either all fill one sheet of
    their own or share their sheets with other components."""
    assert not any("tile" in p.text for p in pdf)
    by_page = defaultdict(list)
    for page, box, _ in vote_boxes(pdf):
        by_page[page.index].append((page, box))
    assert sum(map(len, by_page.values())) == len(expanded("votes.yaml"))
    for votes in by_page.values():
        cuts = votes[0][0].cuts
        across = [(c.y0, c.x0, c.x1) for c in cuts if c.horizontal]
        down = [(c.x0, c.y0, c.y1) for c in cuts if c.vertical]
        for _, (x0, top, x1, bottom) in votes:
            assert all(covered(down, x, top, bottom) for x in (x0, x1))
            assert all(covered(across, y, x0, x1) for y in (top, bottom))
        assert max(c.length for c in cuts if c.horizontal) > 5 * 10.0  # shared cuts run across many votes
    others = ("RIDER", "Level", "brief", "bid")  # riders, bills, the rules summary, bidding tokens
    alone = [n for n in by_page if not any(w.text in others for w in pdf[n].words)]
    assert not alone or alone == list(by_page), "votes that share no sheet take one sheet of their own"
    assert len(by_page) <= 2


def covered(lines: list[tuple[float, float, float]], at: float, low: float, high: float) -> bool:
    """Whether one of the lines (at, start, end) lies at `at` and runs from `low` to `high`."""
    return any(abs(place - at) < 0.05 and start <= low + 0.05 and end >= high - 0.05 for place, start, end in lines)


def rgb(colour: str) -> tuple[float, ...]:
    return tuple(round(int(colour[i : i + 2], 16) / 255, 3) for i in (1, 3, 5))


def luminance(channels) -> float:
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def vote_boxes(pdf):
    """(page, box in mm, fill colour) of every vote: the 10 mm squares of a vote colour."""
    colours = {rgb(v["colour"]) for v in items_of("votes.yaml")}
    found = []
    for page in pdf:
        for rect in page.rects:
            colour = fractions(rect.fill_colour) if rect.fill else None
            if colour in colours and not rect.stroke and abs(mm(rect.x1 - rect.x0) - 10) < 0.05:
                found.append((page, box_mm(rect), colour))
    return found


#: Corners (or curve segments) each vote shape is drawn with, by its geometry.
CORNERS = {"triangle": 3, "square": 4, "diamond": 4, "hexagon": 6, "star": 10, "cross": 12}


def shape_in(page, box) -> tuple[str, int, tuple[float, ...]]:
    """The one filled shape inside a vote: ('curve'|'corners'|'rect', count, fill)."""
    found = []
    for curve in page.curves:
        if curve.fill and inside(box_mm(curve), box):
            kind = "curve" if "c" in curve.ops else "corners"
            found.append(
                (
                    kind,
                    curve.ops.count("c") if kind == "curve" else curve.ops.count("l") + 1,
                    fractions(curve.fill_colour),
                )
            )
    for rect in page.rects:
        drawn = box_mm(rect)
        if rect.fill and not rect.stroke and inside(drawn, box) and mm(rect.x1 - rect.x0) < 9:
            found.append(("rect", 4, fractions(rect.fill_colour)))
    assert len(found) == 1, found
    return found[0]


def test_votes_carry_their_colour_and_their_own_shape_in_contrast(pdf):
    votes = {rgb(v["colour"]): v for v in items_of("votes.yaml")}
    boxes = vote_boxes(pdf)
    assert Counter(colour for _, _, colour in boxes) == Counter({c: v["count"] for c, v in votes.items()})
    seen: dict[tuple, set] = defaultdict(set)
    for page, box, colour in boxes:
        kind, count, ink = shape_in(page, box)
        assert ink in ((0.0, 0.0, 0.0), (1.0, 1.0, 1.0)) and contrast(ink, colour) >= 3.0
        seen[colour].add((kind, count))
    for colour, vote in votes.items():
        ((kind, count),) = seen[colour]
        if vote["shape"] == "circle":
            assert kind == "curve"
        else:
            assert kind != "curve" and count == CORNERS[vote["shape"]]
        # square and diamond share a corner count: the square alone is axis-aligned (a rect).
        assert (kind == "rect") == (vote["shape"] == "square")
    assert len({frozenset(s) for s in seen.values()}) == len(votes)


def test_build_finds_no_overflow_and_a_too_long_name_is_reported_at_its_line(tmp_path):
    game = load_game(SOURCE)
    ctx = context_for(game)
    lay_out(game, ctx)
    assert ctx.findings == []
    copy = tmp_path / "whipped"
    shutil.copytree(SOURCE, copy)
    bills = copy / "bills.yaml"
    long_name = "Omnibus Appropriations and Continuing Resolution for Everything Everywhere Act " * 3
    bills.write_text(bills.read_text().replace("name: Fair Wages Act", f"name: {long_name.strip()}", 1))
    line = next(n for n, text in enumerate(bills.read_text().splitlines(), 1) if "Omnibus Appropriations" in text)
    ctx = context_for(load_game(copy))
    lay_out(load_game(copy), ctx)
    assert [(f.code, f.loc.line) for f in ctx.findings] == [("L001", line)]
    assert Path(ctx.findings[0].loc.file).name == "bills.yaml"


def texts(items) -> list[Text]:
    out = []
    for item in items:
        if isinstance(item, Group):
            out += texts(item.items)
        elif isinstance(item, Text):
            out.append(item)
    return out


def test_the_dark_rider_backs_text_stays_visible_when_the_ink_saver_drops_the_background():
    from generator.games.whipped.kinds import RiderKind

    game = load_game(SOURCE)
    rider, kind = game.items("rider")[0], RiderKind()
    ctx, saving = context_for(game), context_for(game)
    saving.ink_saver = True
    layout = ctx.layout("whipped-rider-dark", kind)
    plain = kind.draw(rider, layout, ctx).back
    saver = kind.draw(rider, layout, saving).back
    assert [t.colour for t in texts(plain.items)] == ["#ffffff"] * len(texts(plain.items))
    assert {t.colour for t in texts(saver.items)} == {"#000000"}
    assert " ".join(t.text for t in texts(saver.items)) == rider["back"]


def test_token_text_stays_visible_when_the_ink_saver_drops_the_dark_fill():
    from generator.games.whipped.kinds import BiddingTokenKind

    game = load_game(SOURCE)
    token = game.items("bidding-token")[0]
    kind = BiddingTokenKind()
    layout = context_for(game).layout("whipped-bidding-token", kind)
    plain = kind.draw(token, layout, LayoutContext(game)).front
    saver = kind.draw(token, layout, LayoutContext(game, ink_saver=True)).front
    accepted = [t for t in texts(plain.items) if t.text == "accepted"]
    assert accepted and accepted[0].colour == "#ffffff"  # white on the black face
    assert {t.colour for t in texts(saver.items)} == {"#000000"}
    assert any(isinstance(i, Rect) and i.style.fill == "#000000" for i in plain.items)
    # The dark face keeps hatched bands (lines survive the ink saver), clear of the text.
    bands = [i for i in saver.items if isinstance(i, Group) and i.clip]
    assert not any(isinstance(i, Group) and i.clip for i in plain.items) and len(bands) == 2
    face = saver.width / 2
    assert all(face - 1e-6 <= band.clip[0] and band.clip[0] + band.clip[2] <= 2 * face + 1e-6 for band in bands)
    for text in texts(saver.items):
        if text.x >= face:
            right = text.x + text.width
            assert all(right <= b.clip[0] or text.x >= b.clip[0] + b.clip[2] for b in bands), text.text


@pytest.mark.parametrize("squares, findings", [(10, 0), (11, 1)])
def test_a_level_of_ten_squares_fits_the_bill_and_eleven_do_not(tmp_path, squares, findings):
    """The rules let one player's ten votes fill a level, so a bill must hold ten a level."""
    copy = tmp_path / "whipped"
    shutil.copytree(SOURCE, copy)
    bills = copy / "bills.yaml"
    row = "[" + ", ".join(["solid"] * squares) + "]"
    text = bills.read_text().replace("      - [solid, solid, dashed, dashed]\n", f"      - {row}\n", 1)
    bills.write_text(text)
    line = text.splitlines().index(f"      - {row}") + 1
    ctx = context_for(load_game(copy))
    laid = lay_out(load_game(copy), ctx)
    assert [(f.code, f.loc.line) for f in ctx.findings] == [("L001", line)] * findings
    bill = laid[0].faces[0].front
    drawn = [i for i in bill.items if isinstance(i, Rect) and abs(i.w - 12) < 1e-6 and i.style.stroke]
    others = sum(len(level) for level in items_of("bills.yaml")[0]["levels"][1:])
    assert len(drawn) == squares + others


def test_rider_backs_are_light_and_the_navy_back_is_a_layout_away(tmp_path):
    """The riders' backs print a frame on the card's cream (little ink); riders.yaml saying
    `layout: whipped-rider-dark` prints the full-bleed navy back of the first edition."""
    game = tmp_path / "whipped"
    shutil.copytree(COMPONENTS / "whipped", game)
    light = back_page_ink(game, tmp_path / "light")
    riders = game / "riders.yaml"
    riders.write_text(riders.read_text().replace("layout: whipped-rider\n", "layout: whipped-rider-dark\n"))
    dark = back_page_ink(game, tmp_path / "dark")
    assert light < 0.2 < 0.6 < dark


def back_page_ink(game, out) -> float:
    """The ink coverage (the mean of 1 - R, 1 - G, 1 - B over the page, drawn by pdfium) of
    the first page of riders' backs."""
    result = CliRunner().invoke(main, ["build", str(game), "--out", str(out), "--format", "pdf"])
    assert result.exit_code == 0, result.output
    document = pdfium.PdfDocument(str(out / "whipped" / "whipped.pdf"))
    for page in document:
        if "Whipped! rider" in page.get_textpage().get_text_range():
            rgb = np.asarray(page.render(scale=30 / 72).to_pil().convert("RGB")).astype(float)
            return float(1 - rgb.mean() / 255)
    raise AssertionError("no page of rider backs")
