"""Ctrl-C during a long simulation: the run stops, says so, and reports the games it finished.

The command runs in a subprocess which is sent SIGINT (what a terminal's Ctrl-C sends) once
its games are under way; its JSON, text and HTML report are read back."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.interrupted import started, stopped

ROOT = Path(__file__).resolve().parents[2]
COMPONENTS = ROOT / "components"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def under_way(jobs: str) -> float:
    """Seconds after which a long run has surely finished some games: twice what a short run of
    20 games takes from start to end on this machine now, so a loaded machine waits longer."""
    command = [sys.executable, "-m", "generator", "check", str(COMPONENTS / "chip-flip")]
    started = time.monotonic()
    subprocess.run([*command, "--simulate", "20", "--jobs", jobs], env=ENV, capture_output=True, check=True)
    return 2 * (time.monotonic() - started) + 1


def interrupted(*args: str, jobs: str = "1") -> subprocess.CompletedProcess:
    wait = under_way(jobs)
    command = [sys.executable, "-m", "generator", *args, "--jobs", jobs]
    process = started(command, ENV)
    try:
        time.sleep(wait)
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=120)
    finally:
        stopped(process)
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_reports_the_games_finished_so_far(tmp_path, jobs):
    page = tmp_path / "report.html"
    asked = 1_000_000
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
    done = interrupted("check", str(COMPONENTS / "chip-flip"), "--simulate", "1000000")
    assert done.returncode == 130
    assert "  interrupted (Ctrl-C): the figures are of the " in done.stdout
    assert "of 1000000 games finished" in done.stdout
