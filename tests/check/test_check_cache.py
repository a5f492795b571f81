"""`cutsheet build` keeps its static rules checks in the build cache: a rebuild of unchanged
sources says what the checks said without running them again, and any change to what they
read runs them again."""

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.games.chip_flip import PLUGIN
from generator.games.chip_flip.engine import ChipFlipEngine
from tests.conftest import COMPONENTS

MISSING_ICON = "CF020"


@pytest.fixture
def runs(monkeypatch) -> list[Path]:
    """The game folders whose Chip Flip static checks ran."""
    ran: list[Path] = []
    checks = ChipFlipEngine.static_checks

    def counted(self, game):
        ran.append(game.folder)
        return checks(self, game)

    monkeypatch.setattr(ChipFlipEngine, "static_checks", counted)
    return ran


def chip_flip_with_boots(folder: Path) -> Path:
    """Chip Flip whose south chips show icons/boots.svg, which the folder lacks: an error."""
    shutil.copytree(COMPONENTS / "chip-flip", folder)
    for name in ("chips.yaml", "numbered-chips.yaml"):
        path = folder / name
        path.write_text(path.read_text().replace("icon: flowers", "icon: icons/boots.svg"))
    return folder


def build(*args: str):
    return CliRunner().invoke(main, ["build", "--format", "pdf", *args])


def test_a_rebuild_says_what_the_checks_said_without_running_them(tmp_path, monkeypatch, runs):
    game = chip_flip_with_boots(tmp_path / "game")
    monkeypatch.chdir(tmp_path)
    first = build("game", "--out", "out")
    second = build("game", "--out", "out")
    assert first.exit_code == second.exit_code == 1
    assert f"game/chips.yaml:11:43: error [{MISSING_ICON}]" in first.stderr
    assert "Chip Flip: not built: the checker found errors" in first.stderr
    assert second.stderr == first.stderr
    assert runs == [game]
    assert not (tmp_path / "out" / "game" / "game.pdf").exists()


def test_an_icon_added_to_the_folder_runs_the_checks_again(tmp_path, monkeypatch, runs):
    """The checks read the game's icons/ (Chip Flip's chips name theirs by path): a new
    icon there is a change to what they read."""
    game = chip_flip_with_boots(tmp_path / "game")
    monkeypatch.chdir(tmp_path)
    assert build("game", "--out", "out").exit_code == 1
    (game / "icons").mkdir()
    shutil.copy(PLUGIN.layouts() / "icons" / "stars.svg", game / "icons" / "boots.svg")
    fixed = build("game", "--out", "out")
    assert fixed.exit_code == 0, fixed.output
    assert MISSING_ICON not in fixed.stderr
    assert runs == [game, game]
    assert (tmp_path / "out" / "game" / "game.pdf").is_file()


def test_an_edited_source_runs_the_checks_again(tmp_path, monkeypatch, runs):
    game = chip_flip_with_boots(tmp_path / "game")
    monkeypatch.chdir(tmp_path)
    build("game", "--out", "out")
    chips = game / "chips.yaml"
    chips.write_text(chips.read_text().replace("icons/boots.svg", "flowers"))
    edited = build("game", "--out", "out")
    assert runs == [game, game]
    assert "game/chips.yaml:" not in edited.stderr  # numbered-chips.yaml still names boots
    assert f"game/numbered-chips.yaml:10:62: error [{MISSING_ICON}]" in edited.stderr


def test_paths_in_findings_are_shown_from_the_working_folder(tmp_path, monkeypatch, runs):
    game = chip_flip_with_boots(tmp_path / "game")
    out = str(tmp_path / "out")
    monkeypatch.chdir(tmp_path)
    above = build("game", "--out", out)
    monkeypatch.chdir(game)
    inside = build(".", "--out", out)
    assert f"game/chips.yaml:11:43: error [{MISSING_ICON}]" in above.stderr
    assert inside.stderr.startswith(f"chips.yaml:11:43: error [{MISSING_ICON}]")
    assert runs == [game, game]


def test_without_the_cache_the_checks_run_every_time(tmp_path, monkeypatch, runs):
    game = chip_flip_with_boots(tmp_path / "game")
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        assert build("game", "--out", "out", "--no-cache").exit_code == 1
    assert runs == [game, game]
    assert not (tmp_path / "out" / ".cache").exists()
