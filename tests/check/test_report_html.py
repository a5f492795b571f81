"""The HTML simulation report of a run made by hand: its tables (the run's settings, win
rates with Wilson 95% intervals, what fired with never-fired names marked), its sections in
page order with the game's own sections drawn from the run's figures, the page itself (read
back with an HTML parser, each inline SVG with an XML parser) and the plot files (SVG parsed,
PNG opened with Pillow); a folder that cannot be written is bad input, not a traceback.

Intervals as statistics tables give Wilson's: 10 of 10 -> 72.2% to 100%, 0 of 10 -> 0% to
27.8%, 7 of 10 -> 39.7% to 89.2%."""

import json
import re
from html.parser import HTMLParser

import pytest
from defusedxml import ElementTree
from matplotlib.figure import Figure
from PIL import Image

from generator.charts import Section
from generator.check import report_html
from generator.check.report_html import (
    GamePage,
    SimulatedGame,
    fired_table,
    game_sections,
    render_report,
    seats_table,
    sections,
    settings_table,
    write_plots,
    write_report,
)
from generator.check.simulate import AT_THEIR_STOP, Problem
from generator.games.sections import ReportSection
from generator.sources.errors import SourceError
from tests.check.test_plots import report

PLOTS = ["game-length", "seat-win-rate", "first-player", "fired"]
SECTIONS = ["The run", "Game length", "Who wins", "What fired", "Which games each figure counts"]


def simulated(name: str, slug: str, run) -> GamePage:
    """The report's page of a game that was simulated (and not reviewed)."""
    return GamePage(name, slug, simulated=SimulatedGame(name, slug, run))


class Page(HTMLParser):
    """The headings, figure ids, list items and preformatted text of a page."""

    def __init__(self, text: str):
        super().__init__()
        self.texts: dict[str, list[str]] = {"h2": [], "h3": [], "li": [], "pre": [], "caption": []}
        self.figures: list[str] = []
        self._open: str | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        if tag == "figure":
            self.figures.append(dict(attrs)["id"])
        if tag in self.texts:
            self._open = tag
            self.texts[tag].append("")

    def handle_endtag(self, tag):
        if tag == self._open:
            self._open = None

    def handle_data(self, data):
        if self._open:
            self.texts[self._open][-1] += data


TURNS = "mean 4, median 4, p95 5, max 5"


def test_the_run_table_says_how_the_games_were_played_and_ended():
    assert settings_table(report()).rows == (
        ("games", "12"),
        ("players", "2"),
        ("policies", "random"),
        ("options", "none"),
        ("seed", "1"),
        ("turns, of all 12 games (2 unended: counted at their length when stopped or capped)", TURNS),
        ("turns, of the 10 games the rules ended", "mean 3.2, median 3, p95 4, max 4"),
        ("ended by the rules", "10 (83.3%)"),
        ("capped", "2 at 100 actions"),
        ("stopped with no end the rules could reach", "0"),
        ("broken (a problem)", "0"),
    )


def test_the_run_table_of_an_interrupted_run_with_options_and_endings():
    run = report(
        interrupted=True,
        requested=20,
        options={"goal": 12, "pace": "slow"},
        turns={"mean": 4.25, "median": 4, "p95": 5, "max": 5},
        endings={"score": 8, "stalemate": 2},
        completed=8,
        capped=0,
        stopped=2,
        problems=[Problem("P1", 3, 7, "stuck"), Problem("P1", 3, 9, "stuck"), Problem("P2", 5, None, "odd")],
    )
    rows = dict(settings_table(run).rows)
    assert rows["games"] == "12 of 20 (interrupted)"
    assert rows["options"] == "goal=12, pace=slow"
    assert rows["broken (a problem)"] == "2"  # games 3 and 5: no part of the figures
    label = "turns, of the 10 games without a problem (2 unended: counted at their length when stopped or capped)"
    assert rows["ended by the rules"] == "8 (66.7%)"
    assert rows[label] == "mean 4.2, median 4, p95 5, max 5"
    assert settings_table(run).rows[-2:] == (("ended: score", "8"), ("ended: stalemate", "2"))


def test_the_win_rate_table_gives_each_seat_and_the_first_player_with_intervals():
    table = seats_table(report(capped=0, games=10))
    assert table.header == ("seat", "share of wins, of the 10 games the rules ended")
    assert table.rows == (
        ("1", "100.0% [72.2%-100.0%]"),
        ("2", "0.0% [0.0%-27.8%]"),
        ("first player", "70.0% [39.7%-89.2%] (an even share is 50.0%)"),
    )


def test_where_some_games_did_not_end_the_win_rates_of_every_game_stand_beside():
    """10 of 12 won by seat 1: 83.3% (55.2% to 95.3%); 7 of 12 by the first player: 58.3%
    (32.0% to 80.7%); 2 of 12 won by no one: 16.7% (4.7% to 44.8%)."""
    table = seats_table(report())
    assert table.header == (
        "seat",
        "share of wins, of the 10 games the rules ended",
        "share of wins, of all 12 games (2 unended: no winner)",
    )
    assert table.rows == (
        ("1", "100.0% [72.2%-100.0%]", "83.3% [55.2%-95.3%]"),
        ("2", "0.0% [0.0%-27.8%]", "0.0% [0.0%-24.2%]"),
        ("first player", "70.0% [39.7%-89.2%] (an even share is 50.0%)", "58.3% [32.0%-80.7%]"),
        ("no winner", "", "16.7% [4.7%-44.8%]"),
    )


def test_the_fired_table_marks_the_names_that_never_fired():
    table = fired_table(report())
    assert table.caption == "Fired (1 never)"
    assert table.rows == (
        ("arch", "4", "0.33"),
        ("bridge", "4", "0.33"),
        ("cave", "1", "0.08"),
        ("zoo", "0", "0.00"),
    )
    assert table.marked == (False, False, False, True)


def test_the_sections_in_page_order():
    drawn = sections(SimulatedGame("Toy", "toy", report()))
    assert [section.title for section in drawn] == [*SECTIONS[:4], SECTIONS[-1]]
    assert [[plot.name for plot in section.plots] for section in drawn] == [[], [PLOTS[0]], PLOTS[1:3], [PLOTS[3]], []]
    assert drawn[1].text == f"Turns per game, of all 12 games (2 unended: {AT_THEIR_STOP})."
    quiet = sections(SimulatedGame("Toy", "toy", report(fired={}, never_fired=[])))
    assert quiet[3].plots == () and quiet[3].tables[0].rows == ()


def test_the_last_section_says_which_games_each_figure_counts():
    run = report(figure_labels={"margin": "of the 10 games that ended"}, figures={"margin": 3})
    [table] = sections(SimulatedGame("Toy", "toy", run))[-1].tables
    counted = dict(table.rows)
    assert counted["seat_win_rate"] == counted["turns_ended_by_rules"] == "of the 10 games the rules ended"
    assert counted["seat_win_rate_all_games"] == "of all 12 games (2 unended: no winner)"
    assert counted["margin"] == "of the 10 games that ended"


def test_the_games_own_sections_are_drawn_from_its_figures_those_with_nothing_left_out(monkeypatch):
    seen = []

    def margins(simulated):
        seen.append(simulated)
        return Section("Margins", text=f"{simulated.figures['margin']} points in {simulated.completed} games")

    declared = (ReportSection("margins", "toy", margins), ReportSection("empty", "toy", lambda simulated: None))
    monkeypatch.setattr(report_html, "report_sections", lambda engine: declared if engine == "toy" else ())
    game = SimulatedGame("Toy", "toy", report(figures={"margin": 3}), deck="the deck")
    assert game_sections(game) == [Section("Margins", text="3 points in 10 games")]
    assert (seen[0].name, seen[0].deck, dict(seen[0].figures)) == ("Toy", "the deck", {"margin": 3})
    assert sections(game)[-2].title == "Margins"


def test_the_page_shows_every_game_escaped_with_its_plots_inline_and_its_figures():
    run = report(figures={"margin": {"mean": 3}}, problems=[Problem("P1", 3, 7, "a <stuck> game")])
    text = render_report([simulated("Toy <b>", "toy", run), simulated("Other", "other", report())])
    page = Page(text)
    assert page.texts["h2"] == ["Toy <b> (toy)", "Other (toy)"]
    assert "Toy <b>" not in text  # escaped
    assert page.texts["h3"][:5] == SECTIONS
    assert page.figures == [f"{slug}-{plot}" for slug in ("toy", "other") for plot in PLOTS]
    assert page.texts["li"] == ["game 3, action 7: a <stuck> game"]
    assert json.loads(page.texts["pre"][0]) == {"margin": {"mean": 3}}
    assert json.loads(page.texts["pre"][1]) == {}
    seats = [caption for caption in page.texts["caption"] if caption.startswith("Win rate (95% interval)")]
    assert len(seats) == 2  # one table a game, each saying what a seat and the first player are
    assert all("a seat is a place at the table" in c and "whoever took the first turn" in c for c in seats)
    svgs = re.findall(r"<svg.*?</svg>", text, flags=re.S)
    assert len(svgs) == 8
    assert all(ElementTree.fromstring(svg.encode()).tag == "{http://www.w3.org/2000/svg}svg" for svg in svgs)
    assert render_report([simulated("Toy", "toy", run)]) == render_report([simulated("Toy", "toy", run)])


def test_the_report_and_its_plot_files_are_written(tmp_path):
    games = [simulated("Toy", "toy", report())]
    write_report(tmp_path / "out" / "report.html", games)
    assert (tmp_path / "out" / "report.html").read_text() == render_report(games)
    written = write_plots(tmp_path / "plots", games)
    assert written == [tmp_path / "plots" / f"toy-{plot}.{suffix}" for plot in PLOTS for suffix in ("svg", "png")]
    assert sorted(path.name for path in (tmp_path / "plots").iterdir()) == sorted(path.name for path in written)
    for path in written:
        if path.suffix == ".svg":
            assert ElementTree.parse(path).getroot().tag == "{http://www.w3.org/2000/svg}svg"
        else:
            with Image.open(path) as image:
                assert image.format == "PNG" and image.width == 770  # 7 inches at 110 dpi


def test_the_page_and_its_plot_files_draw_each_plot_once(tmp_path, monkeypatch):
    """--report and --report-dir together: each plot is drawn once, and its SVG file is what
    the page shows."""
    saved = []
    savefig = Figure.savefig

    def noted(figure, buffer, **options):
        saved.append((id(figure), options["format"]))
        return savefig(figure, buffer, **options)

    monkeypatch.setattr(Figure, "savefig", noted)
    games = [simulated("Toy", "toy", report())]
    write_report(tmp_path / "report.html", games)
    write_plots(tmp_path / "plots", games)
    assert sorted(form for _, form in saved) == ["png"] * len(PLOTS) + ["svg"] * len(PLOTS)
    assert len({figure for figure, _ in saved}) == len(PLOTS)
    page = (tmp_path / "report.html").read_text()
    for plot in PLOTS:
        drawn = (tmp_path / "plots" / f"toy-{plot}.svg").read_text()
        assert drawn[drawn.index("<svg") :] in page


def test_a_place_that_cannot_be_written_is_bad_input(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    games = [simulated("Toy", "toy", report())]
    with pytest.raises(SourceError, match=r"cannot write the report .*file/report.html: "):
        write_report(tmp_path / "file" / "report.html", games)
    with pytest.raises(SourceError, match=r"cannot write plots into .*file/plots: "):
        write_plots(tmp_path / "file" / "plots", games)
