"""The check-then-build policy (generator/pipeline/checks.py): a game whose static checks find
an error is stopped (StaticChecks.then makes nothing), one without errors goes on, checks
switched off run nothing, and a result is kept in the build cache under the files the checks
read: a later store on the same cache does not check the unchanged game again, and an edit
to one of its files checks it again.

The error is Chip Flip's CF021, "a chip shows the same icon on both sides"
(generator/games/chip_flip/checks.py), made by giving the first chip flowers on both sides."""

import shutil
from pathlib import Path

import pytest

from generator.cache import BuildCache
from generator.check import run
from generator.findings import Severity
from generator.games import load_game
from generator.pipeline.checks import StaticChecks, check_first
from generator.sources.errors import SourceError
from tests.conftest import COMPONENTS


def chip_flip(folder: Path, both_sides_flowers: bool = False) -> Path:
    shutil.copytree(COMPONENTS / "chip-flip", folder)
    if both_sides_flowers:
        chips = folder / "chips.yaml"
        text = chips.read_text()
        same = "front: {icon: flowers}, back: {icon: flowers}"
        chips.write_text(text.replace("front: {icon: flowers}, back: {icon: shoes}", same, 1))
    return folder


@pytest.fixture
def runs(monkeypatch) -> list[Path]:
    """The game folder of every check_game call the policy makes."""
    calls: list[Path] = []
    original = run.check_game

    def check_game(folder, *args, **kwargs):
        calls.append(folder)
        return original(folder, *args, **kwargs)

    monkeypatch.setattr(run, "check_game", check_game)
    return calls


def test_then_makes_the_output_unless_the_checks_stop_the_game():
    made: list[int] = []
    assert StaticChecks().then(lambda: made.append(1) or "sheets") == "sheets"
    assert StaticChecks(stops=True).then(lambda: made.append(2) or "sheets") is None
    assert made == [1]


def test_an_error_stops_the_game_with_its_finding(tmp_path):
    game = load_game(chip_flip(tmp_path / "game", both_sides_flowers=True))
    found = check_first(game, BuildCache(None))
    assert found.stops
    cf021 = [f for f in found.findings if f.code == "CF021"]
    assert cf021 and all(f.severity is Severity.ERROR for f in cf021)
    # the first chip's back, on line 11 of chips.yaml
    assert any(f.loc.file.endswith("chips.yaml") and f.loc.line == 11 for f in cf021)
    assert found.then(lambda: "sheets") is None


def test_the_shipped_game_goes_on(tmp_path):
    found = check_first(load_game(chip_flip(tmp_path / "game")), BuildCache(None))
    assert not found.stops
    assert not [f for f in found.findings if f.severity is Severity.ERROR]
    assert found.then(lambda: "sheets") == "sheets"


def test_checks_switched_off_run_nothing(tmp_path, runs):
    game = load_game(chip_flip(tmp_path / "game", both_sides_flowers=True))
    assert check_first(game, BuildCache(None), enabled=False) == StaticChecks((), False)
    assert runs == []


def test_the_checks_are_kept_until_a_file_they_read_changes(tmp_path, runs):
    folder, cache = chip_flip(tmp_path / "game"), tmp_path / "out" / ".cache"
    first = check_first(load_game(folder), BuildCache(cache))
    again = check_first(load_game(folder), BuildCache(cache))
    assert again == first and runs == [folder]
    chips = folder / "chips.yaml"
    chips.write_text(chips.read_text().replace("back: {icon: shoes}", "back: {icon: flowers}", 1))
    edited = check_first(load_game(folder), BuildCache(cache))
    assert edited.stops and not first.stops and runs == [folder, folder]


def test_bad_input_is_raised_and_never_kept(tmp_path, runs):
    """A game.yaml naming no installed engine cannot be checked: SourceError at its place,
    again on the next run (it is not kept)."""
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text("name: Odd\nengine: nosuch\ncomponents: [cards.yaml]\n")
    (folder / "cards.yaml").write_text("kind: card\nitems:\n  - {title: A}\n")
    game, cache = load_game(folder), tmp_path / ".cache"
    for _ in range(2):
        with pytest.raises(SourceError, match="unknown engine 'nosuch'") as raised:
            check_first(game, BuildCache(cache))
        assert (raised.value.loc.line, raised.value.loc.column) == (2, 9)
    assert runs == [folder, folder]
