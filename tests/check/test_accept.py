"""A game keeps a finding on purpose with `accept:` in game.yaml: check lists it as accepted,
build says nothing of it, a stale acceptance is itself a warning, and errors are never
accepted."""

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def slipmax(tmp_path) -> Path:
    game = tmp_path / "slipmax"
    shutil.copytree(ROOT / "components" / "slipmax", game, ignore=shutil.ignore_patterns("__pycache__"))
    return game


def set_accept(game: Path, lines: str) -> None:
    text = (game / "game.yaml").read_text()
    head, tail = text.split("accept:\n", 1)
    rest = tail.split("components:", 1)[1]
    (game / "game.yaml").write_text(f"{head}accept:\n{lines}components:{rest}")


def test_a_first_build_of_the_shipped_games_prints_no_warnings(tmp_path):
    result = cli("build", str(ROOT / "components" / "slipmax"), "--out", str(tmp_path), "--format", "pdf")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output and "info" not in result.output


def test_check_lists_accepted_findings_as_such_with_the_reason(slipmax):
    result = cli("check", str(slipmax))
    assert result.exit_code == 0
    assert "warning [SM004] 'Life of Power' has no step (6) (accepted in game.yaml: the rules print" in result.output
    assert "Slipmax: 0 errors, 0 warnings, 1 info, 2 accepted" in result.output
    data = json.loads(cli("check", str(slipmax), "--json").output)
    accepted = [(f["code"], f["accepted"][:9]) for f in data["accepted"]]
    assert accepted == [("SM004", "the rules"), ("SM003", "the rules")]
    assert data["warnings"] == []


def test_without_the_acceptance_the_warnings_are_back(slipmax, tmp_path):
    set_accept(slipmax, '  SM004: "Power has no (6) in the rules"\n')
    built = cli("build", str(slipmax), "--out", str(tmp_path / "out"), "--format", "pdf")
    assert "warning [SM003]" in built.output and "SM004" not in built.output
    assert "1 warning" in cli("check", str(slipmax)).output


def test_a_stale_acceptance_is_a_warning_at_its_line(slipmax):
    set_accept(slipmax, '  SM003: "kept"\n  SM004: "kept"\n  SM099: "misspelt"\n')
    result = cli("check", str(slipmax))
    line = next(n for n, text in enumerate((slipmax / "game.yaml").read_text().splitlines(), 1) if "SM099" in text)
    stale = f"slipmax/game.yaml:{line}:3: warning [CHK002] game.yaml accepts SM099, but this run found no"
    assert stale in result.output


def test_an_error_is_never_accepted(slipmax):
    strips = slipmax / "strips.yaml"
    strips.write_text(strips.read_text().replace('text: "(4) and (6)."', 'text: "(4) and (9)."', 1))
    plain = cli("check", str(slipmax), "--json")
    codes = {f["code"] for f in json.loads(plain.output)["errors"]}
    assert codes, plain.output
    set_accept(slipmax, "".join(f'  {code}: "please"\n' for code in sorted(codes)))
    accepted = cli("check", str(slipmax), "--json")
    assert accepted.exit_code == 1
    assert {f["code"] for f in json.loads(accepted.output)["errors"]} == codes
