"""Static checks and schemas of Chip Flip, on copies of the shipped game folder."""

import random
import re
import shutil
from pathlib import Path

import pytest
from msgspec.structs import replace

from generator.games import load_game
from generator.games.chip_flip import checks
from generator.games.chip_flip.engine import ChipFlipEngine
from generator.games.chip_flip.position import opening
from generator.sources.errors import SourceError

ENGINE = ChipFlipEngine()
SHIPPED = Path(__file__).resolve().parents[3] / "components" / "chip-flip"


def copy_game(tmp_path: Path) -> Path:
    folder = tmp_path / "chip-flip"
    shutil.copytree(SHIPPED, folder)
    return folder


def edit(folder: Path, file: str, old: str, new: str) -> int:
    """Replace the first `old` in a file by `new`; return the line number it is on."""
    path = folder / file
    text = path.read_text()
    assert old in text, old
    text = text.replace(old, new, 1)
    path.write_text(text)
    return text[: text.index(new)].count("\n") + 1


def findings_of(folder: Path) -> list:
    return ENGINE.static_checks(load_game(folder))


def codes_at(findings) -> set[tuple[str, int]]:
    return {(f.code, f.loc.line) for f in findings}


def test_shipped_game_is_clean():
    assert findings_of(SHIPPED) == []


def test_shipped_chips_are_the_engine_openings():
    deck = ENGINE.load_deck(load_game(SHIPPED))
    for advanced in (False, True):
        state = ENGINE.new_game(deck, 2, random.Random(0), {"advanced": advanced})
        # the chips of the opening, with the side the flipped chip chose to move first
        assert state.position == replace(opening(advanced), turn=state.first_player)


@pytest.mark.parametrize(
    ("file", "old", "new", "code"),
    [
        ("board.yaml", "rows: 8", "rows: 9", "CF001"),
        ("board.yaml", "square: 29mm", "square: 0.9in", "CF002"),
        ("board.yaml", 'dark: "#6b4423"', 'dark: "#d8c0a0"', "CF003"),
        ("chips.yaml", "diameter: 24mm, square: a1", "diameter: 31mm, square: a1", "CF005"),
        ("chips.yaml", "{<<: *flowers, square: c1}", "{<<: *flowers, square: c3}", "CF011"),
        ("chips.yaml", "{<<: *flowers, square: c1}", "{<<: *flowers, square: b1}", "CF011"),
        ("chips.yaml", "{<<: *flowers, square: c1}", "{<<: *flowers, square: a1}", "CF012"),
        ("chips.yaml", "{<<: *shoes, square: f8}", "{<<: *shoes, square: c1}", "CF011"),
        ("chips.yaml", "{<<: *flowers, square: c1}", "{<<: *flowers, back: {icon: flowers}, square: c1}", "CF021"),
        ("chips.yaml", "{<<: *flowers, square: c1}", "{<<: *flowers, back: {icon: stars}, square: c1}", "CF022"),
        ("chips.yaml", "{<<: *flowers, square: c1}", "{<<: *flowers, back: {icon: boots}, square: c1}", "CF020"),
        (
            "numbered-chips.yaml",
            "square: h8, diameter: 24mm, front: {icon: shoes, value: 4}",
            "square: h8, diameter: 24mm, front: {icon: shoes, value: 12}",
            "CF030",
        ),
        (
            "numbered-chips.yaml",
            "value: 4}, back: {icon: shoes, value: 1}",
            "value: 4}, back: {icon: shoes, value: 5}",
            "CF031",
        ),
    ],
)
def test_each_problem_is_found_at_its_line(tmp_path, file, old, new, code):
    folder = copy_game(tmp_path)
    line = edit(folder, file, old, new)
    found = findings_of(folder)
    assert (code, line) in codes_at(found), [str(f) for f in found]
    assert all(f.loc.file.endswith(file) for f in found if f.code == code)


def test_a_side_short_of_chips(tmp_path):
    folder = copy_game(tmp_path)
    edit(folder, "chips.yaml", "  - {<<: *flowers, square: c1}\n", "")
    found = [f for f in findings_of(folder) if f.code == "CF010"]
    assert len(found) == 1 and "South has 7 chips" in found[0].message


def test_two_boards(tmp_path):
    folder = copy_game(tmp_path)
    board = (folder / "board.yaml").read_text()
    (folder / "board.yaml").write_text(board + board[board.index("  - name") :])
    assert "CF004" in {f.code for f in findings_of(folder)}


def test_unknown_component_kind(tmp_path):
    folder = copy_game(tmp_path)
    (folder / "tokens.yaml").write_text("kind: meeple\nitems:\n  - {name: x}\n")
    edit(folder, "game.yaml", "  - numbered-chips.yaml", "  - numbered-chips.yaml\n  - tokens.yaml")
    assert ("CF006", 1) in codes_at(findings_of(folder))


def test_icons_may_be_svg_files_inside_the_game_folder(tmp_path):
    folder = copy_game(tmp_path)
    text = (folder / "chips.yaml").read_text().replace("icon: shoes", "icon: icons/boots.svg")
    (folder / "chips.yaml").write_text(text)
    missing = [f for f in findings_of(folder) if f.code == "CF020"]
    assert len(missing) == 16 and "icons/boots.svg" in missing[0].message
    (folder / "icons").mkdir()
    (folder / "icons" / "boots.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    assert findings_of(folder) == []


def test_svg_outside_the_game_folder_is_not_an_icon(tmp_path):
    folder = copy_game(tmp_path)
    (tmp_path / "boots.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    text = (folder / "chips.yaml").read_text().replace("icon: shoes", "icon: ../boots.svg")
    (folder / "chips.yaml").write_text(text)
    assert "CF020" in {f.code for f in findings_of(folder)}


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("{<<: *flowers, square: c1}", "{<<: *flowers, square: i9}", "expected a square of the board, a1 to h8"),
        ("{<<: *flowers, square: c1}", "{<<: *flowers, square: c1, colour: red}", "unknown key"),
        ("diameter: 24mm, square: a1", "diameter: 24, square: a1", "no unit"),
        ("{<<: *flowers, square: c1}", "{<<: *flowers, owner: east, square: c1}", "expected one of"),
    ],
)
def test_malformed_chip_is_a_source_error_at_its_line(tmp_path, old, new, message):
    folder = copy_game(tmp_path)
    line = edit(folder, "chips.yaml", old, new)
    with pytest.raises(SourceError) as caught:
        ENGINE.load_deck(load_game(folder))
    assert caught.value.loc.line == line and message in caught.value.message


def test_numbered_chip_needs_values(tmp_path):
    folder = copy_game(tmp_path)
    line = edit(folder, "numbered-chips.yaml", "front: {icon: flowers, value: 4}", "front: {icon: flowers}")
    with pytest.raises(SourceError) as caught:
        ENGINE.static_checks(load_game(folder))
    assert caught.value.loc.line == line and "value" in caught.value.message


def test_every_code_used_is_documented():
    source = Path(checks.__file__).read_text()
    used = set(re.findall(r'error\(\s*"(CF\d{3})"', source))
    documented = set(re.findall(r"^- (CF\d{3}) ", checks.__doc__, re.MULTILINE))
    assert used and used == documented
