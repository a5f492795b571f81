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

Target (issue 41): B under 0.2 s (the issue measured 0.42 s, 23x an empty interpreter).
"""

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--against", type=Path, metavar="OTHER_CHECKOUT")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        deck = one_card_deck(tmp / "deck")
        roots = {"build": ROOT, **({"other": args.against.resolve()} if args.against else {})}
        times: dict[str, list[float]] = {name: [] for name in (*roots, "empty")}
        for n in range(args.repeat):
            for name, root in roots.items():
                build = checkout.cutsheet(root, "build", str(deck), "--out", str(tmp / f"{name}{n}"), "--format", "pdf")
                times[name].append(cpu_seconds(build, tmp, checkout.ENV))
            times["empty"].append(cpu_seconds([sys.executable, "-c", "pass"], tmp))
        best = {name: min(seconds) for name, seconds in times.items()}
        for name, seconds in times.items():
            print(f"{name}: " + ",".join(f"{s:.3f}" for s in seconds))
        other = f" build_vs_other={best['build'] / best['other']:.2f}" if args.against else ""
        print(
            f"one_card_build_cpu_s={best['build']:.3f} empty_interpreter_cpu_s={best['empty']:.3f} "
            f"build_vs_empty={best['build'] / best['empty']:.1f}{other}"
        )


if __name__ == "__main__":
    main()
