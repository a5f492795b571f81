"""`cutsheet --help`, `cutsheet check --no-review` and the export profiles' names (`cutsheet
export --help`) load none of the drawing libraries: the modules that need reportlab, cairosvg,
Pillow, pdfium, libdeflate or numpy import them where the work is. (The deck review, on by default,
draws each deck as a build does to measure the room its texts have, and loads what drawing
needs.)

Each command runs in a fresh interpreter (imports already made by the test session would
hide a module-level import), which then reports the heavy modules found in sys.modules."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("reportlab", "cairosvg", "PIL", "pypdfium2", "deflate", "numpy")

RUN_AND_REPORT = """
import json, sys
from generator.cli import main
try:
    main(sys.argv[1:], prog_name="cutsheet")
except SystemExit as exc:
    code = exc.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def modules_loaded_by(*args: str) -> tuple[int, set[str]]:
    """`cutsheet ARGS` in a fresh interpreter: its exit status and every module it imported."""
    result = subprocess.run(
        [sys.executable, "-c", RUN_AND_REPORT, *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = json.loads(result.stderr.strip().splitlines()[-1])
    return report["code"], set(report["modules"])


def loaded_by(*args: str) -> tuple[int, list[str]]:
    """The exit status of `cutsheet ARGS`, and the drawing libraries it imported."""
    code, modules = modules_loaded_by(*args)
    return code, [name for name in HEAVY if name in modules]


@pytest.mark.parametrize(
    "args",
    [
        ("--help",),
        ("check", "--no-review"),
        ("check", "components/slipmax", "--json", "--no-review"),
        ("build", "--help"),
        ("export", "--help"),
    ],
)
def test_command_loads_no_drawing_library(args):
    code, loaded = loaded_by(*args)
    assert code in (0, 1)
    assert loaded == []


def test_the_report_would_see_a_drawing_library(tmp_path):
    """A build does load them: the report is not blind."""
    code, loaded = loaded_by("build", "components/chip-flip", "--out", str(tmp_path), "--format", "pdf,png")
    assert code == 0
    assert {"reportlab", "PIL"} <= set(loaded)


def test_a_build_with_nothing_changed_loads_no_drawing_library(tmp_path):
    """Its PDF comes from the build cache whole, and its sheets' files are kept."""
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "game.yaml").write_text("name: One\nengine: none\ncomponents: [cards.yaml]\n")
    (deck / "cards.yaml").write_text("kind: card\nitems:\n  - {title: One, text: The only card}\n")
    build = ("build", str(deck), "--out", str(tmp_path / "out"), "--format", "pdf,svg")
    assert loaded_by(*build)[0] == 0
    assert loaded_by(*build) == (0, [])
