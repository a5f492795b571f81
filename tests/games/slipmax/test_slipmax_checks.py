"""Slipmax static checks: a failing deck for each, asserting its code and its line.

Each deck is the shipped game folder copied to a temporary folder with one edit; the
expected line is found by looking for the edited text in the written file.
"""

import itertools
import shutil
from pathlib import Path

import pytest

from generator.findings import Severity
from generator.games import load_game
from generator.games.slipmax.checks import ordered_deals
from generator.games.slipmax.engine import SlipmaxEngine
from generator.sources.errors import SourceError

ENGINE = SlipmaxEngine()
SHIPPED = Path(__file__).resolve().parents[3] / "components" / "slipmax"


def deck(tmp_path: Path, file: str = "strips.yaml", edit=lambda text: text) -> Path:
    folder = tmp_path / "slipmax"
    shutil.copytree(SHIPPED, folder)
    path = folder / file
    path.write_text(edit(path.read_text()))
    return folder


def replace(old: str, new: str):
    def edit(text: str) -> str:
        assert text.count(old) == 1, old
        return text.replace(old, new)

    return edit


def line_of(folder: Path, text: str, file: str = "strips.yaml") -> int:
    lines = (folder / file).read_text().splitlines()
    found = [i + 1 for i, line in enumerate(lines) if text in line]
    assert len(found) == 1, (text, found)
    return found[0]


def findings(folder: Path, code: str):
    return [f for f in ENGINE.static_checks(load_game(folder)) if f.code == code]


def test_the_shipped_deck_has_only_the_seeds_own_numbering_warnings_and_the_deal_count():
    found = ENGINE.static_checks(load_game(SHIPPED))
    assert sorted(f.code for f in found) == ["SM003", "SM004", "SM013"]
    assert not [f for f in found if f.severity is Severity.ERROR]


def test_unreadable_step_text(tmp_path):
    folder = deck(tmp_path, edit=replace('text: "Lose 2 cents."}', 'text: "Lose 2 cents and dance."}'))
    [finding] = findings(folder, "SM001")
    assert finding.severity is Severity.ERROR
    assert finding.loc.line == line_of(folder, "and dance")
    assert "Life of Pain" in finding.message


def test_unreadable_effect_notation(tmp_path):
    folder = deck(tmp_path, edit=replace('text: "Lose 2 cents."}', 'text: "Lose 2 cents.", effect: "lose(2, 3)"}'))
    [finding] = findings(folder, "SM001")
    assert finding.loc.line == line_of(folder, "lose(2, 3)")


def test_an_effect_notation_stands_in_for_free_wording(tmp_path):
    folder = deck(
        tmp_path, edit=replace('text: "Lose 2 cents."}', 'text: "The cat eats two of your cents.", effect: "lose(2)"}')
    )
    assert findings(folder, "SM001") == []
    pain = next(s for s in ENGINE.load_deck(load_game(folder)).strips if s.title == "Life of Pain")
    assert str(pain.steps[1].effect) == "lose(2)"


def test_unreadable_note(tmp_path):
    folder = deck(tmp_path, edit=replace('note: "Never target yourself."', 'note: "Never target the dog."'))
    [finding] = findings(folder, "SM002")
    assert finding.loc.line == line_of(folder, "the dog")


def test_steps_not_starting_at_zero(tmp_path):
    folder = deck(tmp_path, edit=replace('      - {step: 0, text: "Lose a cent."}\n', ""))
    pain = [f for f in findings(folder, "SM003") if "Life of Pain" in f.message]
    assert [f.severity for f in pain] == [Severity.WARNING]
    assert pain[0].loc.line == line_of(folder, '{step: 1, text: "Lose 2 cents."}')


def test_a_gap_in_step_numbers(tmp_path):
    folder = deck(tmp_path, edit=replace('      - {step: 3, text: "Lose a turn, pay each player a cent."}\n', ""))
    [gap] = [f for f in findings(folder, "SM004") if "Life of Pain" in f.message]
    assert gap.severity is Severity.WARNING and "(3)" in gap.message
    assert gap.loc.line == line_of(folder, "Move to the space in front of the first player")


def test_a_repeated_step_number(tmp_path):
    folder = deck(
        tmp_path,
        edit=replace('{step: 2, text: "Pay each player a cent."}', '{step: 1, text: "Pay each player a cent."}'),
    )
    [finding] = findings(folder, "SM005")
    assert finding.severity is Severity.ERROR
    assert finding.loc.line == line_of(folder, "Pay each player a cent.")


def test_a_reference_to_a_missing_step(tmp_path):
    folder = deck(tmp_path, edit=replace('text: "(4) and (6)."', 'text: "(4) and (9)."'))
    [finding] = findings(folder, "SM006")
    assert finding.severity is Severity.ERROR and "(9)" in finding.message
    assert finding.loc.line == line_of(folder, "(4) and (9)")


def test_a_reference_cycle(tmp_path):
    edit = replace('{step: 2, text: "(0)"}', '{step: 2, text: "(3)"}')
    folder = deck(tmp_path, edit=lambda t: edit(t).replace('{step: 3, text: "(1)"}', '{step: 3, text: "(2)"}'))
    [finding] = findings(folder, "SM007")
    assert finding.severity is Severity.ERROR and "(2) -> (3) -> (2)" in finding.message
    assert finding.loc.line == line_of(folder, '{step: 2, text: "(3)"}')


def test_a_strip_named_but_not_in_the_deck(tmp_path):
    def drop_charity(text: str) -> str:
        start = text.index("  - title: Life of Charity")
        return text[:start] + text[text.index("  - title: Life of Power") :]

    folder = deck(tmp_path, edit=drop_charity)
    [finding] = findings(folder, "SM008")
    assert finding.severity is Severity.WARNING and "Life of Charity" in finding.message
    assert finding.loc.line == line_of(folder, "Collect all uncollected cents")


def _keep_strips(count: int):
    def edit(text: str) -> str:
        starts = [i for i in range(len(text)) if text.startswith("  - title:", i)]
        return text[: starts[count]] if count < len(starts) else text

    return edit


def test_fewer_than_twenty_strips(tmp_path):
    folder = deck(tmp_path, edit=_keep_strips(19))
    [finding] = findings(folder, "SM010")
    assert finding.severity is Severity.WARNING
    assert finding.loc.line == line_of(folder, "items:")


def test_fewer_strips_than_registers(tmp_path):
    folder = deck(tmp_path, edit=_keep_strips(5))
    [finding] = findings(folder, "SM009")
    assert finding.severity is Severity.ERROR
    assert finding.loc.line == line_of(folder, "items:")
    with pytest.raises(SourceError, match="SM009"):
        ENGINE.load_deck(load_game(folder))


def test_a_repeated_register_shape_leaves_a_board_shape_without_register(tmp_path):
    folder = deck(tmp_path, "register-card.yaml", replace("pentagon, hexagon]", "pentagon, square]"))
    found = findings(folder, "SM011")
    assert {f.severity for f in found} == {Severity.ERROR}
    assert any("repeated: square" in f.message for f in found)
    assert any("no register: hexagon" in f.message for f in found)
    assert {f.loc.line for f in found} == {line_of(folder, "registers:", "register-card.yaml")}


def test_a_register_shape_no_board_space_has(tmp_path):
    folder = deck(tmp_path, "board.yaml", lambda text: text.replace("hexagon", "circle"))
    [finding] = findings(folder, "SM012")
    assert finding.severity is Severity.WARNING and "hexagon" in finding.message
    assert finding.loc.line == line_of(folder, "registers:", "register-card.yaml")


def test_the_number_of_starting_deals_is_reported():
    [finding] = findings(SHIPPED, "SM013")
    assert finding.severity is Severity.INFO
    assert "27,907,200 distinct ordered ways" in finding.message  # 20*19*18*17*16*15
    assert "38,760 sets" in finding.message  # C(20, 6)


@pytest.mark.parametrize("copies, registers", [([2, 1, 1], 3), ([3, 2, 1, 1], 4), ([1] * 6, 6)])
def test_ordered_deals_with_copies_match_brute_force(copies, registers):
    pool = [kind for kind, c in enumerate(copies) for _ in range(c)]
    brute = len(set(itertools.permutations(pool, registers)))
    assert ordered_deals(copies, registers) == brute


def test_an_error_stops_load_deck_at_its_line(tmp_path):
    folder = deck(tmp_path, edit=replace('text: "(4) and (6)."', 'text: "(4) and (9)."'))
    with pytest.raises(SourceError) as raised:
        ENGINE.load_deck(load_game(folder))
    assert raised.value.loc.line == line_of(folder, "(4) and (9)")


def test_bad_structure_is_a_source_error_at_its_line(tmp_path):
    folder = deck(tmp_path, edit=replace('{step: 0, text: "Gain a cent."}', '{step: 0, txt: "Gain a cent."}'))
    with pytest.raises(SourceError) as raised:
        ENGINE.static_checks(load_game(folder))
    assert raised.value.loc.line == line_of(folder, 'txt: "Gain a cent."')


def test_a_strip_with_more_steps_than_the_pocket_holds(tmp_path):
    last = '{step: 8, text: "Take a Time token from every player."}'
    folder = deck(tmp_path, edit=replace(last, last + '\n      - {step: 9, text: "Gain a cent."}'))
    (found,) = findings(folder, "SM014")
    assert found.severity is Severity.ERROR and "'Life of Mortality' has 10 steps" in found.message
    assert found.loc.line == line_of(folder, '{step: 0, text: "Gain a Time token."}')


def test_strips_too_wide_for_the_register_card(tmp_path):
    folder = deck(tmp_path)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "register-card.yaml").write_text(
        "extends: register-card\nsize: {width: 180mm, height: 140mm}\n"
    )
    shipped = findings(SHIPPED, "SM015")
    (found,) = findings(folder, "SM015")
    assert not shipped
    assert found.severity is Severity.ERROR and "too wide" in found.message
    assert found.loc.line == line_of(folder, "registers:", "register-card.yaml")
