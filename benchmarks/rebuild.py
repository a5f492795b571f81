"""Editing one card: what a rebuild costs against a cold build of the same deck.

    python benchmarks/rebuild.py [--cards 1000] [--repeat 3] [--against OTHER_CHECKOUT]

A synthetic deck (benchmarks/build.py's: a title and about 40 words a card) is built cold
into a new folder, then one card's title in the middle of the deck is changed and the deck
built again into the same folder, as a designer's edit-and-build loop does, then once more
with nothing changed, then once more with the edit undone (the card's title as the cold
build drew it); PDF only, and with the default formats (PDF, SVG, PNG). Each build is a
fresh `cutsheet build` process, its rules checks included, timed in CPU seconds (its own
and its workers'), best of N; the line for each gives all four. The last line holds

    rebuild_pdf_vs_cold=R rebuild_default_vs_cold=D

R = the PDF-only rebuild's CPU time over the cold PDF-only build's; D = the same for the
default formats. Target (issue 41): at most 0.15 at 1000 cards, 0.05 at 10,000. With
--against, the code of another checkout does the same in turn with this one's, and a line
before the last gives its figures: each side runs as benchmarks/checkout.py runs a checkout,
with its own code and shipped data.

A fresh process pays Python's start-up and the imports before it reads a file, about 0.3 s
of CPU, so the same edits are also made to a deck that `cutsheet build --watch` keeps
building, as a designer leaves it running beside the editor: N edits (the edit, then its
undoing, in turns), each timed in the CPU seconds the watching process and its workers
spend from the save until they are idle again, and in the wall-clock seconds between the save
and its saying the game is written (latency_s). The watch's line for each format gives the best of N; the last line
then also holds

    watched_pdf_vs_cold=W watched_default_vs_cold=WD

W = the watched PDF-only rebuild's CPU time over the cold PDF-only build's (the fresh
process's above); WD = the same for the default formats. The watch is this checkout's only
(--against's code may have none); its CPU time is read from /proc, so this part runs on Linux.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import checkout
from build import synthetic_deck
from clock import ROOT, cpu_seconds


def edit_one_card(deck: Path, cards: int, undo: bool = False) -> None:
    """The middle card's title, one character longer: one face on one sheet (with `undo`,
    put back as it was)."""
    path = deck / "cards.yaml"
    title, edited = f"title: 'Card {cards // 2}'", f"title: 'Card {cards // 2}X'"
    before, after = (edited, title) if undo else (title, edited)
    text = path.read_text()
    if before not in text:  # else the rebuild would time a deck with nothing changed
        raise SystemExit(f"the synthetic deck holds no {before}")
    path.write_text(text.replace(before, after, 1))


def builds(tmp: Path, cards: int, formats: tuple[str, ...], root: Path) -> tuple[float, float, float, float]:
    """(cold, rebuild, unchanged, undo) CPU seconds of a fresh deck built into a new folder by
    the code at `root`, then built again there after one card's edit, then once more with
    nothing changed, then with the edit undone."""
    deck, out = Path(tempfile.mkdtemp(dir=tmp)), Path(tempfile.mkdtemp(dir=tmp)) / "out"
    synthetic_deck(deck, cards)
    build = checkout.cutsheet(root, "build", str(deck), "--out", str(out), *formats)
    cold = cpu_seconds(build, tmp, checkout.ENV)
    edit_one_card(deck, cards)
    rebuild, unchanged = cpu_seconds(build, tmp, checkout.ENV), cpu_seconds(build, tmp, checkout.ENV)
    edit_one_card(deck, cards, undo=True)
    return cold, rebuild, unchanged, cpu_seconds(build, tmp, checkout.ENV)


#: Seconds between two readings of the watching process's CPU time that agree when it is idle
#: (its watch wakes every 0.2 s, for less than a clock tick).
IDLE_S = 0.3


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds process `pid` has spent, with its children: those it has waited for (its
    finished workers) and those still running."""
    ticks = os.sysconf("SC_CLK_TCK")

    def stat(process: str) -> list[str]:
        with open(f"/proc/{process}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()  # the fields after the command's name

    own = stat(str(pid))
    spent = sum(int(field) for field in own[11:15])  # utime, stime, cutime, cstime
    for process in os.listdir("/proc"):
        if process.isdigit() and process != str(pid):
            try:
                fields = stat(process)
            except OSError:  # ended meanwhile
                continue
            if fields[1] == str(pid):  # a child still running
                spent += int(fields[11]) + int(fields[12])
    return spent / ticks


def watched(tmp: Path, cards: int, formats: tuple[str, ...], edits: int) -> tuple[float, float]:
    """(CPU seconds, wall-clock seconds) of the best of `edits` rebuilds by one `cutsheet build
    --watch` process of a fresh deck, each after one card's edit or its undoing."""
    deck, out = Path(tempfile.mkdtemp(dir=tmp)), Path(tempfile.mkdtemp(dir=tmp)) / "out"
    synthetic_deck(deck, cards)
    command = checkout.cutsheet(ROOT, "build", str(deck), "--out", str(out), "--watch", *formats)
    said = tmp / f"{deck.name}.stderr"  # a file: a pipe read no further would fill and stop it
    with said.open("w") as stderr:
        process = subprocess.Popen(command, cwd=tmp, env=checkout.ENV, stdout=subprocess.PIPE, stderr=stderr, text=True)
    try:
        written(process)
        while "Watching" not in said.read_text():  # said once the first build is written
            if process.poll() is not None:
                sys.exit(f"{' '.join(command)} failed:\n{said.read_text()}")
            time.sleep(0.05)
        cpu, wall = [], []
        for n in range(edits):
            before, saved = idle_cpu_seconds(process.pid), time.perf_counter()
            edit_one_card(deck, cards, undo=n % 2 == 1)
            written(process)
            wall.append(time.perf_counter() - saved)
            cpu.append(idle_cpu_seconds(process.pid) - before)
        return min(cpu), min(wall)
    finally:
        process.terminate()
        process.wait()


def idle_cpu_seconds(pid: int) -> float:
    """tree_cpu_seconds once the process is idle again, its work after the line it says
    counted too (pruning the cache): the first of two readings IDLE_S apart that agree."""
    spent = tree_cpu_seconds(pid)
    while True:
        time.sleep(IDLE_S)
        now = tree_cpu_seconds(pid)
        if now == spent:
            return now
        spent = now


def written(process: subprocess.Popen) -> None:
    """Until the watching process says its game is written (its line on stdout)."""
    assert process.stdout is not None
    line = process.stdout.readline()
    if " sheets -> " not in line:
        sys.exit(f"cutsheet build --watch said {line!r}, not that it wrote the deck")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", type=Path, metavar="OTHER_CHECKOUT")
    args = parser.parse_args()
    roots = {"other": args.against.resolve()} if args.against else {}
    roots["this"] = ROOT
    ratios: dict[str, dict[str, float]] = {side: {} for side in roots}
    colds: dict[str, float] = {}
    watched_ratios: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        for name, formats in (("pdf", ("--format", "pdf")), ("default", ())):
            runs: dict[str, list[tuple[float, float, float, float]]] = {side: [] for side in roots}
            for _ in range(args.repeat):
                for side, root in roots.items():
                    runs[side].append(builds(tmp, args.cards, formats, root))
            for side, made in runs.items():
                cold, warm, unchanged, undo = (min(times) for times in zip(*made, strict=True))
                print(
                    f"{side} {name}: cold_cpu_s={cold:.2f} rebuild_cpu_s={warm:.2f} "
                    f"unchanged_cpu_s={unchanged:.2f} undo_cpu_s={undo:.2f} cards={args.cards}"
                )
                ratios[side][name] = warm / cold
                if side == "this":
                    colds[name] = cold
            cpu, wall = watched(tmp, args.cards, formats, 2 * args.repeat)
            print(f"this {name} watched: rebuild_cpu_s={cpu:.3f} latency_s={wall:.3f} cards={args.cards}")
            watched_ratios[name] = cpu / colds[name]
    for side, got in ratios.items():  # this checkout's last
        said = f"rebuild_pdf_vs_cold={got['pdf']:.2f} rebuild_default_vs_cold={got['default']:.2f}"
        if side == "this":
            said += (
                f" watched_pdf_vs_cold={watched_ratios['pdf']:.3f}"
                f" watched_default_vs_cold={watched_ratios['default']:.3f}"
            )
        print(f"other: {said}" if side == "other" else said)


if __name__ == "__main__":
    main()
