"""The deck review `cutsheet check` gives every deck, with a rules engine or without: game.yaml's
`expect:` enforced, consistency findings (D001-D004) and deck statistics, in the terminal, in
JSON and in the HTML report.

The deck below is made to hold each problem once, in a spreadsheet, so each finding must name
its cell: Heal writes 'unit' where Fireball and Frost mark it as a keyword (D001), Frost prints
the icon :d6-6: the rules never show (D002), Squire has no flavour where the other units do
(D003) and Squire's text is Archer's (D004); Page's cost 9 breaks `cost: 0..5` and the three
spells break `"type == 'spell'": 4..6` (D010); no card has the `rarity` game.yaml expects
(D011). Knight's and Page's texts differ by one letter: near-duplicates."""

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from defusedxml import ElementTree

from generator.check import deck_stats
from generator.check.deck_items import entries
from generator.check.deck_stats import deck_statistics
from generator.check.run import CheckOptions, check
from generator.check.text_room import DeckRoom
from generator.cli import main
from generator.games import load_game
from tests.pdf_text import chars, pages

HEAD = "name: Review\nengine: none\ncomponents: [cards.yaml]\n"
GAME = """\
name: Review
engine: none
components: [cards.yaml]
expect:
  count: 9
  "type == 'spell'": 4..6
  cost: 0..5
  rarity: 1..3
"""
CARDS = """\
title,type,cost,text,flavour,count
Fireball,spell,3,Deal 3 :star: damage to a **Unit**.,It burns.,1
Frost,spell,2,Deal 2 :d6-6: damage to a Unit and freeze it.,It bites.,1
Heal,spell,1,Restore 2 health to a unit of yours.,It soothes.,1
Knight,unit,4,A brave soldier who guards the gate.,Loyal to the end.,2
Archer,unit,3,A keen shot who guards the wall.,Sharp of eye.,2
Squire,unit,2,A keen shot who guards the wall.,,1
Page,unit,9,A brave soldier who guards the gates.,Quick on foot.,1
"""
RULES = "# Review\n\nPlay a card. :star: is fire damage.\n"


def make_deck(folder: Path, game: str = GAME, cards: str = CARDS) -> Path:
    folder.mkdir()
    (folder / "game.yaml").write_text(game)
    (folder / "cards.yaml").write_text("kind: card\ndata: cards.csv\n")
    (folder / "cards.csv").write_text(cards)
    (folder / "rules.md").write_text(RULES)
    return folder


@pytest.fixture
def deck(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return make_deck(tmp_path / "review")


def findings(text: str) -> list[str]:
    return [line for line in text.splitlines() if "[D0" in line]


def test_each_problem_is_found_once_at_its_cell(deck):
    code, text = check(["review"])
    assert code == 1  # D010 is an error: the designer's own rule is broken
    assert findings(text) == [
        "review/cards.csv:3:4: warning [D002] the icon :d6-6: is on Frost, and the rules never show it: "
        "what does it mean?",
        "review/cards.csv:4:4: warning [D001] Heal's text writes 'unit', where 2 other components write it as a "
        "keyword (bold or capitalised): 'Unit'",
        "review/cards.csv:7:4: warning [D004] Squire's text is the same as Archer's (review/cards.csv:6:4)",
        "review/cards.csv:7:5: warning [D003] Squire has no flavour, which 3 of the 4 cards of type 'unit' have",
        "review/cards.csv:8:3: error [D010] Page's cost is 9, outside 0..5 (review/game.yaml:7:3 expects it)",
        "review/game.yaml:6:3: error [D010] game.yaml expects type == 'spell': 4..6, and 3 components are so",
        "review/game.yaml:8:3: warning [D011] game.yaml expects rarity: 1..3, and no component has a rarity",
    ]


def test_the_statistics_count_what_the_deck_holds(deck):
    _, text = check(["review"])
    lines = text.splitlines()
    assert "  deck: 9 components, 7 distinct faces, 1 letter sheet of fronts" in lines
    assert "    by type: unit 6; spell 3" in lines
    assert "    cost: 1 to 9, median 3, mean 3.44; components by value 1: 1; 2: 2; 3: 3; 4: 2; 9: 1" in lines
    assert "      by type: spell 1-3 (mean 2.00, 3); unit 2-9 (mean 4.17, 6)" in lines
    assert "  near-duplicate texts: Knight / Page (text, 99% alike, review/cards.csv:8:4)" in lines
    assert "  room, element 'text': 7 texts: 7 at the layout's size" in lines


def test_a_deck_that_keeps_its_rules_exits_0(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = GAME.replace("4..6", "3").replace("0..5", "1..9").replace("  rarity: 1..3\n", "")
    make_deck(tmp_path / "review", game)
    code, text = check(["review"])
    assert code == 0
    assert "[D010]" not in text and "[D011]" not in text


def test_the_json_holds_the_statistics(deck):
    _, text = check(["review"], CheckOptions(json=True))
    data = json.loads(text)
    deck_data = data["deck"]
    assert (deck_data["components"], deck_data["faces"], deck_data["sheets"]) == (9, 7, 1)
    (card,) = deck_data["kinds"]
    assert card["counts"] == {"type": {"unit": 6, "spell": 3}}
    assert card["distributions"]["cost"]["counts"] == {"1": 1, "2": 2, "3": 3, "4": 2, "9": 1}
    assert card["distributions"]["cost"]["spreads"]["unit"] == {"components": 6, "min": 2.0, "mean": 4.1667, "max": 9.0}
    assert [(p["first"], p["second"]) for p in deck_data["near_duplicates"]] == [("Knight", "Page")]
    assert {f["code"] for f in data["errors"]} == {"D010"}


def test_a_build_enforces_the_expectations_but_leaves_the_review_to_check(deck):
    result = CliRunner().invoke(main, ["build", "review", "--out", "out"])
    assert result.exit_code == 1
    assert "[D010]" in result.output and "[D011]" in result.output
    assert "[D001]" not in result.output and "deck:" not in result.output
    assert not Path("out").exists()


@pytest.mark.parametrize(
    ("expect", "place", "message"),
    [
        ("{cost: lots}", "review/game.yaml:4:16", "expected a number or a range such as 20..24, 3.. or ..7"),
        ("{cost: 5..2}", "review/game.yaml:4:16", "is empty: its low end is above its high end"),
        ('{"type ==": 3}', "review/game.yaml:4:10", "cannot read the condition 'type =='"),
        ("{cost: true}", "review/game.yaml:4:16", "a range such as 20..24, 3.. or ..7 for 'cost', got True"),
        ('{"type == 1": -2..4}', "review/game.yaml:4:23", "a count cannot be negative, and -2..4 allows it"),
    ],
)
def test_an_expectation_that_cannot_be_read_is_bad_input_at_its_place(tmp_path, monkeypatch, expect, place, message):
    monkeypatch.chdir(tmp_path)
    head = GAME.split("expect:")[0]
    make_deck(tmp_path / "review", f"{head}expect: {expect}\n")
    code, text = check(["review"])
    assert code == 2
    assert text.startswith(place) and message in text, text


def test_the_report_needs_no_simulation_and_draws_the_deck(deck):
    result = CliRunner().invoke(main, ["check", "review", "--report", "report.html", "--report-dir", "plots"])
    assert result.exit_code == 1, result.output
    page = Headings()
    page.feed(Path("report.html").read_text())
    assert {"The deck", "card: what the deck holds", "Room", "Alike"} <= set(page.headings)
    assert page.svgs == 3  # by type, the cost curve, the room
    for svg in Path("plots").glob("*.svg"):
        ElementTree.parse(svg)
    assert sorted(p.name for p in Path("plots").glob("*.png")) == [
        "review-card-by-type.png",
        "review-card-cost-curve.png",
        "review-room.png",
    ]


def test_a_simulated_game_has_its_review_and_its_simulation_on_its_page(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    chip_flip = Path(__file__).resolve().parents[2] / "components" / "chip-flip"
    result = CliRunner().invoke(main, ["check", str(chip_flip), "--simulate", "4", "--report", "report.html"])
    assert result.exit_code == 0, result.output
    page = Headings()
    page.feed(Path("report.html").read_text())
    assert page.headings.index("The deck") < page.headings.index("Game length")


class Headings(HTMLParser):
    def __init__(self):
        super().__init__()
        self.headings: list[str] = []
        self.svgs = 0
        self._in: str | None = None

    def handle_starttag(self, tag, attrs):
        self._in = tag if tag in ("h2", "h3") else None
        self.svgs += tag == "svg"

    def handle_data(self, data):
        if self._in == "h3":
            self.headings.append(data.strip())
        self._in = None


def test_the_starter_prints_its_statistics_and_writes_a_report(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["new", "starter"]).exit_code == 0
    result = runner.invoke(main, ["check", "starter", "--report", "starter.html"])
    assert result.exit_code == 0, result.output
    assert "  deck: 5 components, 3 distinct faces, 1 letter sheet of fronts" in result.output
    assert "  room, element 'text': 3 texts: 3 at the layout's size" in result.output
    assert Path("starter.html").read_text().count("<svg") >= 1


def test_a_shrunk_text_is_reported_at_the_size_the_pdf_prints_it(tmp_path, monkeypatch):
    """The room figure against the printed page: the size pdfium reads of the shrunk text's
    characters (as printed, through every transform) is the size the review names."""
    monkeypatch.chdir(tmp_path)
    long = "A long rule that goes on and on. " * 24
    make_deck(tmp_path / "review", HEAD, f"title,text\nTome,{long}\n")
    _, text = check(["review"], CheckOptions(json=True))
    (room,) = [r for r in json.loads(text)["deck"]["room"] if r["element"] == "element 'text'"]
    assert room["shrunk"] == 1
    reported = room["smallest"][0]["size_pt"]
    assert CliRunner().invoke(main, ["build", "review", "--out", "out", "--format", "pdf"]).exit_code == 0
    sizes = {round(c.size, 2) for page in pages(next(Path("out").rglob("*.pdf"))) for c in chars(page) if c.text == "g"}
    assert reported in sizes and reported < 9


def test_the_near_duplicate_search_is_bounded(deck, monkeypatch):
    """Knight and Page are the one pair alike enough in words to be compared: a bound of no
    pairs, or of fewer characters than theirs, stops the search there and says so."""
    game = load_game(deck)
    stats = deck_statistics(entries(game), DeckRoom((), ()), "letter")
    assert (stats.compared, stats.stopped_short, len(stats.near_duplicates)) == (1, False, 1)
    monkeypatch.setattr(deck_stats, "MAX_PAIRS", 0)
    stats = deck_statistics(entries(game), DeckRoom((), ()), "letter")
    assert (stats.compared, stats.stopped_short, stats.near_duplicates) == (0, True, ())


def test_duplicate_titles_are_listed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cards = "title,text\nScout,Look ahead three cards.\nscout,Look behind three cards.\n"
    make_deck(tmp_path / "review", HEAD, cards)
    _, text = check(["review"])
    assert "  duplicate titles: Scout / scout (review/cards.csv:3:1)" in text.splitlines()
