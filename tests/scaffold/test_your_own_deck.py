"""docs/your-own-deck.md, run as written: its `$ ` commands in order, and the files it shows
(a code block after `<!-- file: PATH -->`) saved where it says, so the page and the
program cannot drift apart."""

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "your-own-deck.md"
BLOCK = re.compile(r"(?:<!-- file: (?P<file>\S+) -->\n)?```(?P<lang>\w*)\n(?P<body>.*?)```", re.DOTALL)


@dataclass(frozen=True)
class Step:
    """One command to run (`command`), or one file to save (`file` with `text`)."""

    command: tuple[str, ...] = ()
    file: str = ""
    text: str = ""


def steps(doc: str) -> list[Step]:
    found = []
    for block in BLOCK.finditer(doc):
        if block["file"]:
            found.append(Step(file=block["file"], text=block["body"]))
        elif block["lang"] == "console":
            for line in block["body"].splitlines():
                assert line.startswith("$ "), f"a console block holds commands only: {line!r}"
                found.append(Step(command=tuple(shlex.split(line[2:]))))
    return found


def test_the_walkthrough_shows_commands_and_files():
    found = steps(DOC.read_text(encoding="utf-8"))
    commands = [s.command[0] for s in found if s.command]
    assert commands.count("cutsheet") >= 4
    files = {"cards.csv", "art/dragon.svg", "layouts/card.yaml"}
    assert {s.file for s in found if s.file} == {f"dragon-deck/{name}" for name in files}


def test_the_walkthrough_runs_as_written(tmp_path):
    """Each command a process of its own, as a designer runs them."""
    cwd = tmp_path
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for step in steps(DOC.read_text(encoding="utf-8")):
        if step.file:
            (cwd / step.file).write_text(step.text, encoding="utf-8")
        else:
            assert step.command[0] == "cutsheet"
            command = [sys.executable, "-m", "generator", *step.command[1:]]
            result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
            output = result.stdout + result.stderr
            assert result.returncode == 0, f"{shlex.join(step.command)}:\n{output}"
            assert not re.search(r"(warning|error|info) \[|error:", output), output
    pdf = tmp_path / "output" / "dragon-deck" / "dragon-deck.pdf"
    assert not (tmp_path / "dragon-deck" / "output").exists()
    reader = PdfReader(pdf)
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Dragon" in text and "Gold Mine" in text  # the table's cards
    # the back as the doc wrote it: its background, and the dragon's red
    back = next(n for n, page in enumerate(reader.pages) if "backs" in page.extract_text())
    image = pdfium.PdfDocument(pdf)[back].render(scale=50 / 72).to_pil().convert("RGB")
    colours = {colour for _, colour in image.getcolors(maxcolors=1 << 24)}
    assert {(0x3B, 0x2A, 0x4D), (0x8C, 0x2F, 0x39)} <= colours
    # the landscape PNG is one image, embedded once; the dragon SVG is vector, no image
    images = {
        ref.idnum
        for page in reader.pages
        for ref in page["/Resources"].get("/XObject", {}).values()
        if ref.get_object()["/Subtype"] == "/Image"
    }
    assert len(images) == 1
