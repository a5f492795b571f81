"""A source saved while a build runs, after the build read it: the build prints what it read,
and keeps nothing of it under the keys of the text saved, so the build after the save prints
the saved text (as `cutsheet build --watch` builds after each save). The build's cache keys
hash the files as they are when first worked out, after the sources were read."""

import shutil
from collections.abc import Callable

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.pipeline import run
from tests.conftest import COMPONENTS, run_build
from tests.package.test_cache import deck, outputs


@pytest.fixture
def saved_during_the_build(monkeypatch) -> list[Callable[[], object]]:
    """Saves to make during the next builds, each once the build's game is read."""
    checks = run.PrintRun.checks
    saves: list[Callable[[], object]] = []

    def checked(self, enabled: bool = True):
        if saves:
            saves.pop()()
        return checks(self, enabled)

    monkeypatch.setattr(run.PrintRun, "checks", checked)
    return saves


def test_the_build_after_a_save_during_a_build_prints_the_saved_text(tmp_path, saved_during_the_build):
    game, out = deck(tmp_path / "deck"), tmp_path / "out"
    run_build(str(game), "--out", str(out), "--format", "pdf", "--no-check")
    deck(game, changed=3)
    saved_during_the_build.append(lambda: deck(game, changed=7))
    run_build(str(game), "--out", str(out), "--format", "pdf", "--no-check")  # read with 3, saved with 7
    run_build(str(game), "--out", str(out), "--format", "pdf", "--no-check")  # the build after the save
    run_build(str(game), "--out", str(tmp_path / "cold"), "--format", "pdf", "--no-cache", "--no-check")
    assert outputs(out / "deck") == outputs(tmp_path / "cold" / "deck")


def test_the_checks_after_a_save_during_a_build_check_the_saved_text(tmp_path, saved_during_the_build):
    game, out = shutil.copytree(COMPONENTS / "chip-flip", tmp_path / "chip-flip"), tmp_path / "out"
    chips = game / "chips.yaml"
    assert CliRunner().invoke(main, ["build", str(game), "--out", str(out), "--format", "pdf"]).exit_code == 0
    saved_during_the_build.append(
        lambda: chips.write_text(chips.read_text().replace("  - {<<: *shoes, square: a7}\n", ""))
    )
    assert CliRunner().invoke(main, ["build", str(game), "--out", str(out), "--format", "pdf"]).exit_code == 0
    after = CliRunner().invoke(main, ["build", str(game), "--out", str(out), "--format", "pdf"])
    assert "North has 7 chips, expected 8" in after.output
    assert after.exit_code == 1
