"""Ctrl-C during a long simulation: the run stops, says so, and reports the games it finished.

The command runs in a subprocess, its stderr a terminal, which is sent SIGINT (what a
terminal's Ctrl-C sends) once its progress line shows games finished; its JSON, text and HTML
report are read back."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.interrupted import interrupted_under_way

ROOT = Path(__file__).resolve().parents[2]
COMPONENTS = ROOT / "components"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


#: Games each run asks for: far more than it finishes before Ctrl-C.
ASKED = 1_000_000


def interrupted(*args: str, jobs: str = "1") -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "generator", *args, "--jobs", jobs]
    return interrupted_under_way(command, ENV, ASKED)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_reports_the_games_finished_so_far(tmp_path, jobs):
    page = tmp_path / "report.html"
    asked = ASKED
    args = ["check", str(COMPONENTS / "chip-flip"), "--simulate", str(asked), "--json", "--report", str(page)]
    done = interrupted(*args, jobs=jobs)
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr
    simulation = json.loads(done.stdout)["simulation"]
    finished = simulation["interrupted"]["games_finished"]
    assert simulation["interrupted"]["games_requested"] == asked
    assert 0 < finished < asked
    assert simulation["games"] == finished
    assert sum(simulation["endings"].values()) + simulation["capped"] + simulation["broken"] == finished
    assert sum(simulation["score_margin"]["games_by_margin"].values()) <= finished
    text = page.read_text()
    assert f"Interrupted: the figures are of the {finished} of {asked} games finished." in text


def test_ctrl_c_in_text_mode_says_it_was_interrupted():
    done = interrupted("check", str(COMPONENTS / "chip-flip"), "--simulate", str(ASKED))
    assert done.returncode == 130
    assert "  interrupted (Ctrl-C): the figures are of the " in done.stdout
    assert "of 1000000 games finished" in done.stdout
    # On the terminal, the progress line that Ctrl-C cut short is ended: the report (on the
    # same screen) starts a line of its own.
    assert re.fullmatch(r"(\r\x1b\[KChip Flip: [^\r\n]*)+\n", done.stderr), repr(done.stderr)
