"""Start-up: what a one-card build costs, beside an empty interpreter.

    python benchmarks/startup.py [--repeat 7] [--against OTHER_CHECKOUT]

A deck of one card (engine: none) is built PDF-only, `cutsheet build DECK --out NEW-FOLDER
--format pdf`, each build a fresh process into a new folder, as a designer's first build of
a small deck is; beside it, in turns, an empty interpreter (`python -c pass`). Each is timed
in CPU seconds, best of N (other work on a shared machine only ever slows a run down). With
--against, the same build by the code of another checkout is timed in the same turns. The
builds run as benchmarks/checkout.py runs a checkout, each with its own code and shipped
data. The last line holds

    one_card_build_cpu_s=B empty_interpreter_cpu_s=E build_vs_empty=R [build_vs_other=O]

Target (issue 41): B under 0.2 s (the issue measured 0.42 s, 23x an empty interpreter). The
line before it says how much of B is out of cutsheet's hands: the modules the build loads
that are not its own (generator.*) and that an empty interpreter does not load (reportlab,
HarfBuzz, PyYAML, click and the standard modules they and cutsheet use), listed from one
build and imported alone in a fresh interpreter, timed in the same turns:

    libraries_cpu_s=L libraries_modules=M own_cpu_s=B-L
"""

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import checkout
from clock import ROOT, cpu_seconds


def one_card_deck(folder: Path) -> Path:
    folder.mkdir()
    (folder / "game.yaml").write_text("name: One\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "cards.yaml").write_text("kind: card\nitems:\n  - {title: One, text: The only card}\n")
    return folder


#: `python -c EMPTY`: the modules an interpreter loads before it runs anything.
EMPTY = "import sys; print(' '.join(name for name, module in sys.modules.items() if getattr(module, '__spec__', None)))"


def libraries(deck: Path, tmp: Path) -> list[str]:
    """The modules a one-card build of `deck` (this checkout's) loads that are not cutsheet's
    own and that an empty interpreter does not load, in name order (a package before its
    modules)."""
    empty = subprocess.run([sys.executable, "-c", EMPTY], check=True, capture_output=True, text=True, env=checkout.ENV)
    started = set(empty.stdout.split())
    build = checkout.cutsheet(ROOT, "build", str(deck), "--out", str(tmp / "listed"), "--format", "pdf", where=True)
    run = subprocess.run(build, check=True, cwd=tmp, capture_output=True, text=True, env=checkout.ENV)
    modules = checkout.loaded(run.stdout)["modules"]
    return [name for name in modules if name not in started and name.split(".")[0] not in ("generator", "__main__")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--against", type=Path, metavar="OTHER_CHECKOUT")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        deck = one_card_deck(tmp / "deck")
        roots = {"build": ROOT, **({"other": args.against.resolve()} if args.against else {})}
        times: dict[str, list[float]] = {name: [] for name in (*roots, "empty", "libraries")}
        modules = libraries(deck, tmp)
        imports = [sys.executable, "-c", f"import importlib\nfor name in {modules!r}: importlib.import_module(name)"]
        for n in range(args.repeat):
            for name, root in roots.items():
                build = checkout.cutsheet(root, "build", str(deck), "--out", str(tmp / f"{name}{n}"), "--format", "pdf")
                times[name].append(cpu_seconds(build, tmp, checkout.ENV))
            times["empty"].append(cpu_seconds([sys.executable, "-c", "pass"], tmp))
            times["libraries"].append(cpu_seconds(imports, tmp))
        best = {name: min(seconds) for name, seconds in times.items()}
        for name, seconds in times.items():
            print(f"{name}: " + ",".join(f"{s:.3f}" for s in seconds))
        other = f" build_vs_other={best['build'] / best['other']:.2f}" if args.against else ""
        own = best["build"] - best["libraries"]
        print(f"libraries_cpu_s={best['libraries']:.3f} libraries_modules={len(modules)} own_cpu_s={own:.3f}")
        print(
            f"one_card_build_cpu_s={best['build']:.3f} empty_interpreter_cpu_s={best['empty']:.3f} "
            f"build_vs_empty={best['build'] / best['empty']:.1f}{other}"
        )


if __name__ == "__main__":
    main()
