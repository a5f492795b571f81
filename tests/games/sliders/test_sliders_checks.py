"""Each Sliders static check, with a deck broken at a known line."""

import shutil
from pathlib import Path

import pytest

from generator.findings import Severity
from generator.games import load_game
from generator.games.sliders import PLUGIN
from generator.sources.errors import SourceError

ENGINE = PLUGIN.engine

SOURCE = Path(__file__).parents[3] / "components" / "sliders"


def broken(tmp_path: Path, file: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of the deck with the first `old` in `file` replaced; the line of the change."""
    folder = tmp_path / "sliders"
    shutil.copytree(SOURCE, folder)
    path = folder / file
    text = path.read_text()
    assert old in text, f"{old!r} is not in {file}"
    at = text.index(old)
    path.write_text(text[:at] + new + text[at + len(old) :])
    return folder, text[:at].count("\n") + 1


def findings_at(folder: Path, code: str) -> list[tuple[str, int]]:
    return [(Path(f.loc.file).name, f.loc.line) for f in ENGINE.static_checks(load_game(folder)) if f.code == code]


def test_the_shipped_deck_has_no_findings_and_matches_the_classic_tables():
    assert ENGINE.static_checks(load_game(SOURCE)) == []


KIND = "kind:"
CASES = [
    # code, file changed, old text, new text, where expected: None for the changed line, or
    # (file, text) for the first line of that file holding the text
    ("SL001", "deeds.yaml", "rent: [2, 10, 30, 90,", "rent: [2, 10, 30, 30,", None),
    ("SL001", "deeds.yaml", "160, 250]", "160, 150]", None),
    ("SL002", "deeds.yaml", "mortgage: 30", "mortgage: 31", None),
    ("SL002", "railroads.yaml", "mortgage: 100}", "mortgage: 90}", None),
    ("SL003", "deeds.yaml", "house_cost: 50\n    mortgage: 60", "house_cost: 75\n    mortgage: 60", None),
    ("SL004", "deeds.yaml", "group: dark-blue", "group: navy", None),
    (
        "SL005",
        "railroads.yaml",
        "  - {name: West Vortex Line, price: 200, rent_by_count: [25, 50, 100, 200], mortgage: 100}\n",
        "",
        ("railroads.yaml", KIND),
    ),
    (
        "SL006",
        "utilities.yaml",
        "  - {name: Timer Works, price: 150, dice_multiplier: [4, 10], mortgage: 75}\n",
        "",
        ("utilities.yaml", KIND),
    ),
    ("SL007", "chance.yaml", "effect: collect 150", "effect: collect 150\n    count: 2", ("chance.yaml", KIND)),
    ("SL008", "chance.yaml", 'advance to "Royal World"', 'advance to "Royal Wrld"', None),
    ("SL009", "board.yaml", "deed: Soviet World}", "deed: Sovjet World}", ("deeds.yaml", "- name: Soviet World")),
    ("SL010", "board.yaml", "deed: Soviet World}", "deed: Sovjet World}", None),
    ("SL010", "board.yaml", "type: railroad, deed: East Vortex Line", "type: utility, deed: East Vortex Line", None),
    ("SL011", "board.yaml", "type: go-to-slidecage}", "type: free}", ("board.yaml", KIND)),
    ("SL012", "money.yaml", "{value: 1, per_player: 5, bank: 20}", "{value: 1, per_player: 5, count: 39}", None),
    ("SL012", "money.yaml", "per_player: 5, bank: 20}", "per_player: 5, bank: 20, count: 60}", None),
    ("SL012", "money.yaml", "{value: 1, per_player: 5, bank: 20}", "{value: 1, per_player: 5}", None),
    ("SL013", "deeds.yaml", "price: 240", "price: 250", None),
    ("SL013", "community-chest.yaml", "effect: collect 45", "effect: collect 50", None),
    ("SL013", "board.yaml", "amount: 75", "amount: 100", None),
    ("SL014", "board.yaml", "  - {name: Free Sliding, type: free}\n", "", ("board.yaml", KIND)),
    ("SL015", "community-chest.yaml", "effect: pay 50", "effect: pay fifty", None),
    ("SL016", "card-backs.yaml", "  - {deck: chance,", "  - {deck: community-chest,", ("chance.yaml", KIND)),
    ("SL017", "board.yaml", "deed: Kromagg Prime}", "deed: Earth Prime}", None),
    ("SL017", "railroads.yaml", "name: West Vortex Line", "name: North Vortex Line", None),
    ("SL018", "buildings.yaml", "type: hotel", "type: house", ("buildings.yaml", KIND)),
    (
        "SL019",
        "deeds.yaml",
        'colour: "#955436"\n    price: 60\n    rent: [4,',
        'colour: "#955437"\n    price: 60\n    rent: [4,',
        None,
    ),
]


def line_holding(path: Path, text: str) -> int:
    return 1 + next(n for n, line in enumerate(path.read_text().splitlines()) if text in line)


@pytest.mark.parametrize("code, file, old, new, where", CASES)
def test_each_check_reports_at_the_broken_line(tmp_path, code, file, old, new, where):
    folder, line = broken(tmp_path, file, old, new)
    if where is not None:
        file, line = where[0], line_holding(folder / where[0], where[1])
    places = findings_at(folder, code)
    assert (file, line) in places, places


def test_the_classic_comparison_is_information_only(tmp_path):
    folder, _ = broken(tmp_path, "deeds.yaml", "price: 240", "price: 250")
    findings = ENGINE.static_checks(load_game(folder))
    codes = {(f.code, f.severity) for f in findings}
    assert ("SL013", Severity.INFO) in codes
    assert all(f.severity == Severity.INFO for f in findings if f.code == "SL013")


def test_a_group_of_four_and_a_group_of_one_are_both_reported(tmp_path):
    folder, _ = broken(tmp_path, "deeds.yaml", "group: dark-blue", "group: green")
    messages = sorted(f.message for f in ENGINE.static_checks(load_game(folder)) if f.code == "SL004")
    assert messages == [
        "group 'dark-blue' holds 1 deeds (expected 2 or 3)",
        "group 'green' holds 4 deeds (expected 2 or 3)",
    ]


@pytest.mark.parametrize(
    "file, old, new, expected",
    [
        ("deeds.yaml", "house_cost: 50", "house_cots: 50", "unknown key 'house_cots'"),
        ("deeds.yaml", "rent: [2, 10, 30, 90, 160, 250]", "rent: [2, 10, 30, 90, 160]", "rent"),
        ("deeds.yaml", 'colour: "#955436"', 'colour: "brown"', "colour"),
        ("board.yaml", "type: free}", "type: parking}", "parking"),
        ("money.yaml", "{value: 1,", "{value: one,", "value"),
    ],
)
def test_malformed_items_are_source_errors_at_their_line(tmp_path, file, old, new, expected):
    folder, line = broken(tmp_path, file, old, new)
    with pytest.raises(SourceError) as raised:
        ENGINE.static_checks(load_game(folder))
    assert raised.value.loc.line == line and expected in raised.value.message


@pytest.mark.parametrize(
    "file, old, new, expected",
    [
        ("chance.yaml", 'advance to "Royal World"', 'advance to "Royal Wrld"', "no board square"),
        ("chance.yaml", "effect: pay 15", "effect: pay 15 dollars", "cannot read effect"),
        ("board.yaml", "deed: Soviet World}", "deed: Sovjet World}", "names no property deed"),
    ],
)
def test_load_deck_refuses_dangling_references_at_their_line(tmp_path, file, old, new, expected):
    folder, line = broken(tmp_path, file, old, new)
    with pytest.raises(SourceError) as raised:
        ENGINE.load_deck(load_game(folder))
    assert raised.value.loc.line == line and expected in raised.value.message


def test_every_code_is_documented_in_the_checks_module():
    from generator.games.sliders import checks

    for code, *_ in CASES:
        assert f"    {code} " in checks.__doc__
