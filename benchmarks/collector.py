"""The garbage collector's share of a build: cutsheet's thresholds against CPython's own.

    python benchmarks/collector.py [--cards 10000] [--repeat 2]

benchmarks/build.py's synthetic deck is built cold and PDF only, as a user first builds it
(`cutsheet build DECK --out NEW-FOLDER --format pdf --no-cache`), each build a fresh process:
with the thresholds every cutsheet command sets (generator/collector.py), and with CPython
3.11's own (700, 10, 10), the two in turn. A few lines run first in each process time every
pass of the collector (`gc.callbacks`), those while the command's modules are imported, before
it sets its thresholds, included. Each line gives, best of N by CPU, the build's CPU seconds,
the collector's, and its passes by generation (youngest first); the last holds

    tuned_vs_cpython=R collector_share_cpython=A collector_share_tuned=B

R = the build's CPU time with cutsheet's thresholds over its time with CPython's; A and B =
the collector's share of the build's CPU time with each.
"""

import argparse
import json
import sys
import tempfile
from pathlib import Path

from build import synthetic_deck
from clock import cpu_seconds

#: Run as `python -c RUN STATS MODE ARGS...`: the cutsheet command ARGS, every collector pass
#: timed, with cutsheet's thresholds or (MODE "cpython") CPython's; at exit, the passes and
#: their CPU seconds are written to the file STATS as JSON.
RUN = """
import atexit, gc, json, sys, time
stats, mode = sys.argv[1], sys.argv[2]
passes, spent, started = [0, 0, 0], [0.0], [0.0]

def timed(phase, info):
    if phase == "start":
        started[0] = time.process_time()
    else:
        spent[0] += time.process_time() - started[0]
        passes[info["generation"]] += 1

gc.callbacks.append(timed)
atexit.register(lambda: open(stats, "w").write(json.dumps({"passes": passes, "seconds": spent[0]})))
import generator.collector
if mode == "cpython":
    generator.collector.tune_for_builds = lambda: gc.set_threshold(700, 10, 10)
from generator.cli import main
sys.argv = ["cutsheet", *sys.argv[3:]]
main()
"""


def measured(deck: Path, tmp: Path, mode: str) -> tuple[float, float, list[int]]:
    """(CPU seconds of the build, of its collector, the collector's passes by generation)."""
    out, stats = Path(tempfile.mkdtemp(dir=tmp)) / "out", tmp / "stats.json"
    build = ["build", str(deck), "--out", str(out), "--format", "pdf", "--no-cache"]
    cpu = cpu_seconds([sys.executable, "-c", RUN, str(stats), mode, *build], tmp)
    found = json.loads(stats.read_text())
    return cpu, found["seconds"], found["passes"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    best: dict[str, tuple[float, float, list[int]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        deck = tmp / "deck"
        deck.mkdir()
        synthetic_deck(deck, args.cards)
        for _ in range(args.repeat):
            for mode in ("cpython", "tuned"):
                got = measured(deck, tmp, mode)
                if mode not in best or got[0] < best[mode][0]:
                    best[mode] = got
    for mode, (cpu, collector, passes) in best.items():
        print(f"{mode}: build_cpu_s={cpu:.2f} collector_cpu_s={collector:.2f} passes={passes} cards={args.cards}")
    (cpython, in_cpython, _), (tuned, in_tuned, _) = best["cpython"], best["tuned"]
    print(
        f"tuned_vs_cpython={tuned / cpython:.2f} collector_share_cpython={in_cpython / cpython:.2f} "
        f"collector_share_tuned={in_tuned / tuned:.2f}"
    )


if __name__ == "__main__":
    main()
