"""Whipped!'s sources and static checks: the shipped deck is clean; each broken deck gets its
finding (or SourceError) at the line of the item concerned."""

import shutil
from pathlib import Path

import pytest
import yaml

from generator.games import load_game
from generator.games.whipped import PLUGIN, items
from generator.games.whipped.checks import static_checks
from generator.games.whipped.kinds import KINDS
from generator.games.whipped.rules import level_points
from generator.sources.errors import SourceError
from generator.sources.items import item_schema
from generator.sources.schema import validate

ENGINE = PLUGIN.engine

GAME = Path(__file__).resolve().parents[3] / "components" / "whipped"


class Folder:
    """A copy of the shipped game folder that a test breaks in one place."""

    def __init__(self, root: Path):
        self.root = root / "whipped"
        shutil.copytree(GAME, self.root)

    def edit(self, name: str, old: str, new: str) -> int:
        """Replace the first `old` in file `name`; return the line where `new` starts."""
        path = self.root / name
        text = path.read_text()
        assert old in text, old
        start = text.index(old)
        path.write_text(text.replace(old, new, 1))
        return text[:start].count("\n") + 1

    def findings(self):
        return ENGINE.static_checks(load_game(self.root))


@pytest.fixture
def folder(tmp_path) -> Folder:
    return Folder(tmp_path)


def only(findings, code):
    found = [f for f in findings if f.code == code]
    assert found, [str(f) for f in findings]
    return found


def test_shipped_deck_is_clean_and_complete():
    game = load_game(GAME)
    assert ENGINE.static_checks(game) == []
    deck = ENGINE.load_deck(game)
    assert len({bill.name for bill in deck.bills}) >= 49
    assert all(len(bill.levels) == 3 for bill in deck.bills)
    assert len(deck.riders) >= 40
    assert len(deck.colours) == 7 and deck.token_levels == (1, 2, 3)
    sizes = {len(level) for bill in deck.bills for level in bill.levels}
    points = {level_points(level) for bill in deck.bills for level in bill.levels}
    assert len(sizes) >= 4 and len(points) >= 4  # varied
    assert any("dashed" in level for bill in deck.bills for level in bill.levels)
    assert ENGINE.component_counts(game)["vote"] >= 70


def test_each_item_class_accepts_the_shipped_deck_and_the_deck_is_built_from_its_items():
    game = load_game(GAME)
    for kind in KINDS:
        components = [c for f in game.files_of(kind.name) for c in f.components]
        assert components, kind.name
        for component in components:
            validate(component.fields, item_schema(kind.item), fallback=component.loc, what=kind.name)
            assert isinstance(component.item, kind.item)
    deck = ENGINE.load_deck(game)
    bills = game.typed("bill", items.Bill)
    assert {id(bill) for bill in deck.bills} == {id(bill) for bill in bills}  # the items themselves
    assert len(deck.bills) == sum(bill.count for bill in bills)
    riders = game.typed("rider", items.Rider)
    assert {id(rider.item) for rider in deck.riders} == {id(rider) for rider in riders}
    assert len(deck.riders) == sum(rider.count for rider in riders)
    assert deck.colours == tuple(game.typed("vote", items.Vote))
    assert deck.tokens == tuple(game.typed("bidding-token", items.BiddingToken))


def test_w001_bill_with_two_levels(folder):
    line = folder.edit(
        "bills.yaml",
        "      - [solid, solid, solid, dashed, dashed, dashed]\n",
        "",
    )
    finding = only(folder.findings(), "W001")[0]
    assert (finding.loc.line, finding.loc.column) == (line - 3, 5)  # its `levels:` key
    assert "Clean Rivers Act" in finding.message and "2 levels" in finding.message


def test_w001_bill_with_four_levels(folder):
    line = folder.edit("bills.yaml", "      - [solid, solid, solid, solid]\n", "      - [solid]\n" * 2)
    finding = only(folder.findings(), "W001")[0]
    assert finding.loc.line == line - 2 and "4 levels" in finding.message


def test_w002_level_needing_more_than_ten_votes(folder):
    line = folder.edit(
        "bills.yaml",
        "      - [solid, solid, solid, solid]\n",
        "      - [" + "solid, " * 10 + "dashed]\n",
    )
    finding = only(folder.findings(), "W002")[0]
    assert (finding.loc.line, finding.loc.column) == (line, 9)
    assert "level 2" in finding.message and "11 squares" in finding.message


def test_ten_squares_are_fine(folder):
    folder.edit(
        "bills.yaml",
        "      - [solid, solid, solid, solid]\n",
        "      - [" + "solid, " * 9 + "dashed]\n",
    )
    assert folder.findings() == []


def test_w003_w004_too_few_distinct_bills(folder):
    line = folder.edit("bills.yaml", "  - name: Rural Broadband Act", "  - name: Clean Rivers Act")
    findings = folder.findings()
    duplicate = only(findings, "W004")[0]
    assert duplicate.loc.line == line and "line 6" in duplicate.message
    # 52 bills, 51 distinct: still enough for seven players.
    assert not [f for f in findings if f.code == "W003"]
    for name in ["Fair Wages Act", "Highway Renewal Act", "Public Libraries Act"]:
        folder.edit("bills.yaml", f"  - name: {name}", "  - name: Clean Rivers Act")
    short = only(folder.findings(), "W003")
    assert len(short) == 1 and "only 48 distinct bills" in short[0].message
    assert "49 for 7 players" in short[0].message and "36 for 6" not in short[0].message
    assert short[0].loc.line == 5  # the bills file's `items:`


def test_w005_rider_effect_that_does_not_parse(folder):
    line = folder.edit("riders.yaml", "effect: +2 points\n", "effect: +2 pints\n")
    finding = only(folder.findings(), "W005")[0]
    assert (finding.loc.line, finding.loc.column) == (line, 13)
    assert "Pork Barrel" in finding.message and "character 4" in finding.message


def test_w006_colours_confused_under_deuteranopia(folder):
    folder.edit("votes.yaml", 'colour: "#56b4e9"', 'colour: "#00aa00"')
    line = folder.edit("votes.yaml", 'colour: "#d55e00"', 'colour: "#ff0000"')
    finding = only(folder.findings(), "W006")[0]
    assert finding.loc.line == line
    assert "'Sky Blue' and 'Vermillion'" in finding.message
    assert "deuteranopia" in finding.message


def test_w006_close_colours_in_normal_vision(folder):
    line = folder.edit("votes.yaml", 'colour: "#0072b2"', 'colour: "#5ab8ec"')  # ~ Sky Blue
    messages = [f.message for f in only(folder.findings(), "W006")]
    assert any("in normal vision" in m for m in messages)
    assert only(folder.findings(), "W006")[0].loc.line == line


def test_w007_repeated_colour_and_too_few_colours(folder):
    line = folder.edit("votes.yaml", 'colour: "#cc79a7"', 'colour: "#56B4E9"')
    assert only(folder.findings(), "W007")[0].loc.line == line  # Sky Blue's, in capitals
    folder.edit("votes.yaml", 'colour: "#56B4E9"', 'colour: "#cc79a7"')
    start = folder.edit(
        "votes.yaml",
        '  - name: White\n    colour: "#ffffff"\n    shape: cross\n    count: 36\n',
        "",
    )
    finding = only(folder.findings(), "W007")[0]
    assert "6 vote colours" in finding.message and finding.loc.line == 6  # `items:`
    assert start > 6


def test_w008_shared_shape(folder):
    line = folder.edit("votes.yaml", "shape: star", "shape: circle")
    finding = only(folder.findings(), "W008")[0]
    assert finding.loc.line == line and "'Reddish Purple'" in finding.message


def test_w009_too_few_votes_of_a_colour(folder):
    folder.edit("votes.yaml", "shape: circle\n    count: 36", "shape: circle\n    count: 9")
    finding = only(folder.findings(), "W009")[0]
    assert finding.loc.line == 10 and "9 Black votes" in finding.message


def test_w010_missing_bidding_token_level(folder):
    folder.edit("bidding-tokens.yaml", "  - level: 3\n", "  - level: 2\n")
    finding = only(folder.findings(), "W010")[0]
    assert "level 3" in finding.message and finding.loc.file.endswith("bidding-tokens.yaml")


def test_w011_too_few_riders(folder):
    text = (folder.root / "riders.yaml").read_text()
    head = text[: text.index("  - name: Pork Barrel")]
    (folder.root / "riders.yaml").write_text(head)  # six Earmarks only
    finding = only(folder.findings(), "W011")[0]
    assert "6 riders" in finding.message and "needs 21" in finding.message


def test_unknown_key_is_a_source_error_at_its_line(folder):
    line = folder.edit("riders.yaml", "    back: Whipped! rider\n", "    back: Whipped! rider\n    cost: 1\n")
    with pytest.raises(SourceError) as caught:
        folder.findings()
    assert caught.value.loc.line == line + 1 and "unknown key 'cost'" in caught.value.message


def test_bad_square_is_a_source_error_at_its_line(folder):
    line = folder.edit("bills.yaml", "[solid, solid, dashed, dashed]", "[solid, solid, dotted, dashed]")
    with pytest.raises(SourceError) as caught:
        ENGINE.load_deck(load_game(folder.root))
    assert (caught.value.loc.line, caught.value.loc.column) == (line, 24)


def test_vote_colour_must_be_hex(folder):
    line = folder.edit("votes.yaml", 'colour: "#f0e442"', "colour: yellow")
    with pytest.raises(SourceError) as caught:
        folder.findings()
    assert caught.value.loc.line == line and "colour" in caught.value.message


def test_unknown_component_kind(folder):
    folder.edit("summary.yaml", "kind: rules-summary", "kind: rules-sumary")
    with pytest.raises(SourceError, match="unknown component kind 'rules-sumary'"):
        ENGINE.load_deck(load_game(folder.root))


def test_w012_fewer_votes_than_a_round_can_need(folder):
    # 10 dealt + the 26 votes riders.yaml can pay: 36 is enough, 35 is not.
    line = folder.edit("votes.yaml", "shape: circle\n    count: 36", "shape: circle\n    count: 35")
    finding = only(folder.findings(), "W012")[0]
    assert finding.severity.value == "warning" and finding.loc.line == line + 1
    assert "35 Black votes" in finding.message and "36 out in a round" in finding.message


def test_w012_counts_the_votes_the_riders_pay(folder):
    # Two Filibuster Threats (+3 votes each) fewer: 30 votes are enough.
    folder.edit("riders.yaml", "effect: +3 votes", "effect: +3 points")
    folder.edit("votes.yaml", "shape: circle\n    count: 36", "shape: circle\n    count: 30")
    assert not [f for f in folder.findings() if f.code == "W012"]


def test_w013_fewer_bidding_tokens_than_seven_players(folder):
    line = folder.edit("bidding-tokens.yaml", "    count: 7\n", "    count: 6\n")
    finding = only(folder.findings(), "W013")[0]
    assert "6 level 1 bidding tokens" in finding.message and finding.loc.line == line


@pytest.mark.parametrize(("bills", "short"), [(15, [4, 5, 6, 7]), (16, [5, 6, 7]), (36, [7]), (49, [])])
def test_w003_names_every_player_count_the_bills_cannot_serve(folder, bills, short):
    # n players play n rounds of n fresh bills: n * n distinct bills.
    path = folder.root / "bills.yaml"
    data = yaml.safe_load(path.read_text())
    data["items"] = data["items"][:bills]  # all distinct in the shipped file
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    found = [f for f in static_checks(load_game(folder.root)) if f.code == "W003"]
    if not short:
        assert found == []
        return
    needs = ", ".join(f"{n * n} for {n} players" for n in short)
    assert [f.message for f in found] == [f"only {bills} distinct bills; fresh bills every round need {needs}"]
    assert found[0].severity.value == "error"
