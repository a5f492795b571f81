"""The CPU time a test run costs: the pytest process and every process it started and waited
for, side by side with another checkout's run of the same tests.

    python benchmarks/suite.py [--against OTHER_CHECKOUT] [--repeat 3] [PYTEST_ARGS ...]

PYTEST_ARGS (default: the whole suite as `.ci/run` runs it, `-n auto --dist loadfile`) go to
`python -m pytest -q -p no:cacheprovider`, run in the checkout's folder. Target 8 of issue 41
is `.ci/run` under 6 minutes on a 2-core machine; its tests keep both cores nearly busy (one
worker more than the cores takes up what a waiting test leaves), so their CPU time, which
other work on a shared machine disturbs far less than the wall clock, is what a change to a
test moves; a change to how the tests are spread over the cores shows in the wall clock
alone. Each run is timed by the CPU its processes spent (this
process's RUSAGE_CHILDREN before and after) and by the wall clock; with --against, the
other checkout's run alternates with this one's, and the best of N of each counts. The last
line holds

    cpu_s=C wall_s=W [other_cpu_s=OC other_wall_s=OW cpu_vs_other=R]

R = C / OC. Each side's tests run its own code: pytest puts the checkout's folder first on
sys.path, and the tests start their commands with PYTHONPATH set to it. What a test reads
of the shipped data through the installed package is this working tree's, on both sides
(benchmarks/checkout.py says why an editable install maps it so); the tests read the shipped
games from their own checkout's folders.
"""

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

from clock import ROOT

#: .ci/run's pytest arguments, less the ones every run here takes.
WHOLE_SUITE = ["-n", "auto", "--dist", "loadfile"]


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed_run(checkout: Path, pytest_args: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one pytest run in `checkout`; a failing run ends the
    benchmark with pytest's last lines."""
    cpu, start = children_cpu(), time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *pytest_args],
        cwd=checkout,
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - start
    if run.returncode:
        sys.exit(f"the tests failed in {checkout}:\n" + "\n".join(run.stdout.splitlines()[-15:]))
    return children_cpu() - cpu, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, metavar="OTHER_CHECKOUT")
    parser.add_argument("--repeat", type=int, default=3)
    args, pytest_args = parser.parse_known_args()
    pytest_args = pytest_args or WHOLE_SUITE
    sides = {"this": ROOT, **({"other": args.against.resolve()} if args.against else {})}
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in sides}
    for _ in range(args.repeat):
        for name, checkout in sides.items():
            runs[name].append(timed_run(checkout, pytest_args))
    for name, times in runs.items():
        print(f"{name} ({sides[name]}): " + ", ".join(f"{cpu:.1f} s CPU / {wall:.1f} s" for cpu, wall in times))
    cpu, wall = (min(t[i] for t in runs["this"]) for i in (0, 1))
    line = f"cpu_s={cpu:.1f} wall_s={wall:.1f}"
    if args.against:
        other_cpu, other_wall = (min(t[i] for t in runs["other"]) for i in (0, 1))
        line += f" other_cpu_s={other_cpu:.1f} other_wall_s={other_wall:.1f} cpu_vs_other={cpu / other_cpu:.2f}"
    print(line)


if __name__ == "__main__":
    main()
