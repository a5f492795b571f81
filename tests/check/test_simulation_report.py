"""The HTML simulation report, its plot files, and games played in several processes.

The report is read back: the page parsed as HTML, each inline <svg> parsed as XML, the PNG
files opened with Pillow. matplotlib's SVG writes each text as paths preceded by a comment
holding the text, which is how the tests find a square's name on the drawn board.
"""

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from defusedxml import ElementTree
from PIL import Image

from generator import games
from generator.check.parallel import Processes, chunks
from generator.check.simulate import simulate
from generator.cli import main
from generator.games import load_game

ROOT = Path(__file__).resolve().parents[2]
COMPONENTS = ROOT / "components"
TIMINGS = ("games_per_second", "cpu_games_per_second")


class Page(HTMLParser):
    """What the tests look at in a report page: outside references, figures, marked rows."""

    def __init__(self, text: str):
        super().__init__()
        self.references: list[str] = []
        self.figures: list[str] = []
        self.marked_rows: list[list[str]] = []
        self._in_marked = False
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name, value in attrs:  # an <svg>'s own references (xlink:href="#glyph") stay in the page
            if (name == "src" or name.endswith("href")) and value and not value.startswith("#"):
                self.references.append(f"{tag} {name}={value}")
        if tag == "figure":
            self.figures.append(values.get("id") or "")
        if tag == "tr":
            self._in_marked = values.get("class") == "marked"
            if self._in_marked:
                self.marked_rows.append([])
        if tag == "td" and self._in_marked:
            self.marked_rows[-1].append("")

    def handle_data(self, data: str) -> None:
        if self._in_marked and self.marked_rows[-1]:
            self.marked_rows[-1][-1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "tr":
            self._in_marked = False


def inline_svgs(text: str) -> list:
    return [ElementTree.fromstring(svg) for svg in re.findall(r"<svg.*?</svg>", text, flags=re.S)]


def check(*args: str) -> tuple[int, str]:
    """`cutsheet check` without the deck review: the simulation's part of the page alone (the
    review's part is tests/check/test_deck_review.py's)."""
    result = CliRunner().invoke(main, ["check", "--no-review", *args], catch_exceptions=False)
    return result.exit_code, result.output


def without_timings(text: str) -> dict:
    data = json.loads(text)["simulation"]
    for key in TIMINGS:
        data.pop(key)
    return data


def test_the_report_is_one_page_with_every_plot_inline_and_nothing_fetched(tmp_path):
    page_path = tmp_path / "report.html"
    args = [str(COMPONENTS / "chip-flip"), "--simulate", "60", "--seed", "3", "--json"]
    code, output = check(*args, "--report", str(page_path))
    assert code == 0, output
    simulation = json.loads(output)["simulation"]
    text = page_path.read_text()
    page = Page(text)
    assert page.references == []  # no scripts, styles or images from anywhere
    assert "<script" not in text and "<link" not in text
    assert page.figures == [
        "chip-flip-game-length",
        "chip-flip-seat-win-rate",
        "chip-flip-first-player",
        "chip-flip-fired",
        "chip-flip-score-margin",
    ]
    svgs = inline_svgs(text)
    assert len(svgs) == 5 and all(svg.tag.endswith("svg") for svg in svgs)
    # the margins plotted are the engine's: one bar label per margin seen
    margins = simulation["score_margin"]["games_by_margin"]
    assert sum(margins.values()) == 60 - simulation["capped"]
    score_margin = re.findall(r"<svg.*?</svg>", text, flags=re.S)[4]
    for margin in margins:
        assert f"<!-- {margin} -->" in score_margin
    # the win rates with their intervals, as the JSON has them
    first = simulation["first_player"]
    assert f"{100 * first['rate']:.1f}% [{100 * first['ci95'][0]:.1f}%-{100 * first['ci95'][1]:.1f}%]" in text


def test_never_fired_names_are_marked(tmp_path):
    page_path = tmp_path / "report.html"
    code, output = check(str(COMPONENTS / "slipmax"), "--simulate", "3", "--json", "--report", str(page_path))
    assert code in (0, 1), output
    never = json.loads(output)["simulation"]["never_fired"]
    assert never  # three games cannot fire every step and space
    marked = Page(page_path.read_text()).marked_rows
    assert sorted(row[0] for row in marked) == sorted(never)
    assert all(row[1:] == ["0", "0.00"] for row in marked)
    fired = re.findall(r"<svg.*?</svg>", page_path.read_text(), flags=re.S)[3]
    assert f"<!-- {never[0]} (never) -->" in fired


def test_sliders_landing_share_is_drawn_on_the_board(tmp_path):
    page_path = tmp_path / "report.html"
    code, output = check(
        str(COMPONENTS / "sliders"), "--simulate", "4", "--policy", "heuristic", "--json", "--report", str(page_path)
    )
    assert code in (0, 1), output
    shares = json.loads(output)["simulation"]["landing_share"]
    text = page_path.read_text()
    assert 'id="sliders-landing-board"' in text and 'id="sliders-rent-by-group"' in text
    board = text[text.index('id="sliders-landing-board"') :]
    board = board[: board.index("</svg>")]
    for name in ("GO", "Free", "Sliding"):  # square names, wrapped onto lines
        assert f"<!-- {name}" in board or f"\n{name}" in board or f"{name} -->" in board
    for share in shares[:5]:
        assert f"<!-- {100 * share:.1f}% -->" in board


def test_same_run_same_bytes_and_plot_files(tmp_path):
    outputs = []
    for run in ("a", "b"):
        folder = tmp_path / run
        args = [str(COMPONENTS / "chip-flip"), "--simulate", "20", "--report", str(folder / "r.html")]
        code, _ = check(*args, "--report-dir", str(folder / "plots"))
        assert code == 0
        outputs.append(folder)
    first, second = outputs
    assert (first / "r.html").read_bytes() == (second / "r.html").read_bytes()
    names = sorted(path.name for path in (first / "plots").iterdir())
    assert names == sorted(
        f"chip-flip-{plot}.{suffix}"
        for plot in ("game-length", "seat-win-rate", "first-player", "fired", "score-margin")
        for suffix in ("svg", "png")
    )
    for name in names:
        assert (first / "plots" / name).read_bytes() == (second / "plots" / name).read_bytes()
    with Image.open(first / "plots" / "chip-flip-game-length.png") as image:
        low, high = image.convert("L").getextrema()
        assert image.width > 500 and low < 100 < 200 < high
    ElementTree.parse(first / "plots" / "chip-flip-fired.svg")


def test_report_needs_a_simulation():
    code, output = check(str(COMPONENTS / "chip-flip"), "--report", "r.html")
    assert code == 2
    assert "--report and --report-dir need --simulate N or the deck review" in output


@pytest.mark.parametrize("folder", ["chip-flip", "slipmax", "whipped", "twisty-passages"])
def test_the_report_is_the_same_for_any_number_of_processes(folder, tmp_path):
    """Twisty Passages' figures play games of their own: the processes play those too."""
    runs = {}
    for jobs in ("1", "2", "3"):
        page = tmp_path / f"{jobs}.html"
        args = [str(COMPONENTS / folder), "--simulate", "24", "--seed", "5", "--json", "--jobs", jobs]
        code, output = check(*args, "--report", str(page))
        runs[jobs] = (without_timings(output), page.read_bytes())
    assert runs["1"] == runs["2"] == runs["3"]


def test_processes_cover_every_game_once_in_chunks():
    for games_asked, processes in ((1, 2), (7, 2), (1000, 2), (45, 3)):
        parts = chunks(games_asked, processes)
        assert [index for part in parts for index in part] == list(range(games_asked))


def test_engine_states_with_lambdas_and_paused_turns_come_back_from_processes():
    """Sliders states hold a dice lambda and Slipmax states a paused turn generator: both
    travel, and the figures computed from them equal the single-process ones."""
    for name, folder in (("slipmax", "slipmax"), ("sliders", "sliders")):
        engine = games.engines()[name]
        deck = engine.load_deck(load_game(COMPONENTS / folder))
        alone = simulate(engine, deck, 6, 4, 2).as_json()
        with Processes(2) as processes:
            shared = simulate(engine, deck, 6, 4, 2, player=processes).as_json()
        for data in (alone, shared):
            for key in TIMINGS:
                data.pop(key)
        assert alone == shared
