"""`python -m generator` is the `cutsheet` command: the same click group, run as a module."""

import subprocess
import sys

import pytest

from tests.conftest import COMPONENTS


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True, timeout=120)


def test_importing_the_module_runs_the_command(monkeypatch, capsys):
    """In this process, the command's end (which would end the test run) raises instead."""

    def ended(code):
        raise SystemExit(code)

    monkeypatch.setattr(sys, "argv", ["cutsheet", "--version"])
    monkeypatch.setattr("generator.cli.end", ended)
    monkeypatch.delitem(sys.modules, "generator.__main__", raising=False)
    with pytest.raises(SystemExit) as exited:
        import generator.__main__  # noqa: F401
    assert exited.value.code == 0
    assert "cutsheet, version 0.1.0" in capsys.readouterr().out


def test_the_module_runs_the_command_line():
    version = run("--version")
    assert version.returncode == 0 and "version" in version.stdout
    listed = run("examples")
    assert listed.returncode == 0
    assert sorted(line.split()[0] for line in listed.stdout.splitlines()) == sorted(
        folder.name for folder in COMPONENTS.iterdir() if (folder / "game.yaml").is_file()
    )


def test_bad_input_through_the_module_exits_2_without_a_traceback(tmp_path):
    result = run("build", str(tmp_path / "nowhere"), "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr + result.stdout
