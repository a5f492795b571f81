"""`cutsheet new DIR --plugin` proves that a game is one package: the package it writes is
installed with pip into a fresh virtual environment, and there its example game folder
builds, checks with the package's own report section, and sweeps; its own tests pass.

The environment sees the installed cutsheet and its dependencies (--system-site-packages)
and nothing else: the game comes only from `pip install DIR`, found by its entry point.
pip fetches the package's build backend from PyPI, as it would for a designer."""

import os
import subprocess
import sys
from pathlib import Path

import pypdfium2
import pytest

from tests.venvs import fresh_venv, pip_into

pytestmark = pytest.mark.slow


def run(python: str | Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return subprocess.run([str(python), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """The plugin package made by `cutsheet new --plugin`, pip-installed into a new venv;
    returns the venv's python and the package folder."""
    root = tmp_path_factory.mktemp("plugin")
    made = subprocess.run(
        [sys.executable, "-m", "generator", "new", "coin-race", "--plugin"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    venv = fresh_venv(root / "venv", "--system-site-packages")
    # Its build backend comes from PyPI, as for any package; cutsheet is the one installed here.
    pip = run(*pip_into(venv), "install", "-q", "--no-deps", "./coin-race", cwd=root)
    assert pip.returncode == 0, pip.stderr
    return venv / "bin" / "python", root / "coin-race"


def test_the_package_holds_the_plan_of_a_game(installed):
    _, folder = installed
    package = folder / "coin_race"
    modules = {path.name for path in package.glob("*.py")}
    assert modules == {f"{name}.py" for name in ("__init__", "engine", "items", "kinds", "deck", "rules", "state")} | {
        "checks.py",
        "figures.py",
        "report.py",
    }
    assert (package / "layouts" / "number-card.yaml").is_file()
    assert 'coin_race = "coin_race:PLUGIN"' in (folder / "pyproject.toml").read_text()
    assert "engine: coin_race" in (folder / "example" / "game.yaml").read_text()


def test_the_installed_game_builds_its_example(installed, tmp_path):
    python, folder = installed
    result = run(python, "-m", "generator", "build", str(folder / "example"), "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    pdf = pypdfium2.PdfDocument(tmp_path / "out" / "example" / "example.pdf")
    text = "".join(pdf[n].get_textpage().get_text_range() for n in range(len(pdf)))
    # The kind's layout (package data) drew each card's title and its signed value.
    for title, value in (("Windfall", "+7"), ("Disaster", "-6"), ("Small Change", "+1")):
        assert title in text and value in text


def test_the_installed_game_checks_with_its_own_report_section(installed, tmp_path):
    python, folder = installed
    args = ("check", str(folder / "example"), "--simulate", "50", "--report", "r.html")
    result = run(python, "-m", "generator", *args, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    report = (tmp_path / "r.html").read_text()
    assert "Winning margin" in report and "winning margin" in report
    # The endings are reported by the engine's enumeration.
    assert "the pile ran out" in report or "every player passed" in report


def test_the_installed_game_sweeps(installed, tmp_path):
    python, folder = installed
    args = ("sweep", str(folder / "example"), "--vary", "players=2", "--out", "sweep")
    result = run(python, "-m", "generator", *args, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "players=2: 100 games" in result.stdout
    header, row = (tmp_path / "sweep" / "sweep.csv").read_text().splitlines()
    assert dict(zip(header.split(","), row.split(","), strict=True))["players"] == "2"


def test_the_packages_own_tests_pass(installed):
    python, folder = installed
    result = run(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests", cwd=folder)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 passed" in result.stdout
