"""`cutsheet check` finds the games `cutsheet build` finds: the same SOURCE arguments, from the
same working folder, give the same game folders in the same order, or the same error."""

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

import generator.check.run
from generator import shipped
from generator.check.run import GameResult
from generator.cli import main
from generator.pipeline import PrintRun


def deck(folder: Path) -> Path:
    """A small deck of poker cards (no rules engine), its own game folder."""
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("name: Small\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "cards.yaml").write_text("kind: card\nitems:\n  - {title: One, text: Two}\n")
    return folder


@pytest.fixture
def seen(monkeypatch) -> dict[str, list[Path]]:
    """The game folders each command went on to build or check (neither is done)."""
    found: dict[str, list[Path]] = {"build": [], "check": []}

    def write(run, formats, release, progress):
        found["build"].append(run.game.folder)
        return SimpleNamespace(findings=[], ok=True, sheets=[])

    def check_game(folder, named, options, progress=None, player=None, game=None):
        found["check"].append(folder)
        return GameResult(folder, folder.name)

    monkeypatch.setattr(PrintRun, "write", write)
    monkeypatch.setattr(generator.check.run, "check_game", check_game)
    return found


def both(*sources: str, out: str = "out"):
    """(build's result, check's result) for the same arguments."""
    runner = CliRunner()
    built = runner.invoke(main, ["build", "--no-check", "--out", out, *sources])
    checked = runner.invoke(main, ["check", *sources])
    return built, checked


def test_no_arguments_in_an_empty_folder_take_the_shipped_games(tmp_path, monkeypatch, seen):
    monkeypatch.chdir(tmp_path)
    built, checked = both()
    assert (built.exit_code, checked.exit_code) == (0, 0), built.output + checked.output
    expected = sorted(p.resolve() for p in shipped.components_dir().iterdir() if (p / "game.yaml").is_file())
    assert len(expected) == 5
    assert seen["build"] == seen["check"] == expected
    assert "using the five shipped games" in built.stderr
    assert built.stderr.splitlines()[0] == checked.stderr.splitlines()[0]


def test_no_arguments_take_the_games_under_components(tmp_path, monkeypatch, seen):
    zeta, alpha = deck(tmp_path / "components" / "zeta"), deck(tmp_path / "components" / "alpha")
    (tmp_path / "components" / "notes").mkdir()  # no game.yaml: not a game
    monkeypatch.chdir(tmp_path)
    built, checked = both()
    assert (built.exit_code, checked.exit_code) == (0, 0), built.output + checked.output
    assert seen["build"] == seen["check"] == [alpha.resolve(), zeta.resolve()]
    assert "shipped" not in built.stderr + checked.stderr


def test_no_arguments_take_the_game_yaml_of_the_folder(tmp_path, monkeypatch, seen):
    here = deck(tmp_path / "mine")
    monkeypatch.chdir(here)
    built, checked = both(out="../out")  # outside the game folder: nothing is written into it
    assert (built.exit_code, checked.exit_code) == (0, 0), built.output + checked.output
    assert seen["build"] == seen["check"] == [here.resolve()]


def test_named_sources_give_the_same_games_in_the_same_order(tmp_path, monkeypatch, seen):
    one, two = deck(tmp_path / "one"), deck(tmp_path / "two")
    monkeypatch.chdir(tmp_path)
    built, checked = both("two/cards.yaml", "one/game.yaml", "two")
    assert (built.exit_code, checked.exit_code) == (0, 0), built.output + checked.output
    assert seen["build"] == seen["check"] == [two.resolve(), one.resolve()]


@pytest.mark.parametrize(
    ("sources", "message"),
    [
        (("missing",), "error: missing: no such file or folder"),
        (("plain",), "error: plain is not a game folder: it holds no game.yaml"),
        ((), "error: no game folders under components (none holds a game.yaml)"),
    ],
)
def test_bad_sources_are_the_same_error_for_both(tmp_path, monkeypatch, seen, sources, message):
    (tmp_path / "plain").mkdir()
    (tmp_path / "components").mkdir()
    monkeypatch.chdir(tmp_path)
    built, checked = both(*sources)
    assert (built.exit_code, checked.exit_code) == (2, 2)
    assert built.stderr.strip() == checked.stdout.strip() == message
    assert "Traceback" not in built.output + checked.output
    assert seen == {"build": [], "check": []}


def test_check_says_a_bad_source_as_json_when_asked(tmp_path, monkeypatch, seen):
    monkeypatch.chdir(tmp_path)
    checked = CliRunner().invoke(main, ["check", "missing", "--json"])
    assert checked.exit_code == 2
    said = json.loads(checked.stdout)
    assert [(e["code"], e["message"]) for e in said["errors"]] == [("SRC001", "missing: no such file or folder")]
    assert said["warnings"] == said["infos"] == []


def test_check_says_bad_options_before_it_looks_for_games(tmp_path, monkeypatch, seen):
    monkeypatch.chdir(tmp_path)
    checked = CliRunner().invoke(main, ["check", "missing", "--simulate", "-1"])
    assert (checked.exit_code, checked.stdout) == (2, "error: --simulate takes a number of games, 0 or more\n")
