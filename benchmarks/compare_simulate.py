"""Games per second of each engine in two checkouts of cutsheet, or in this checkout's
plain modules and the wheel built from it (its Sliders engine compiled), measured side by side.

    python benchmarks/compare_simulate.py (OTHER_CHECKOUT | --compiled)
                                          [--engine sliders | --engine all | --engine A --engine B]
                                          [--policy heuristic] [--players N] [--games 100]
                                          [--seed 1] [--rounds 3]

`--compiled` builds the wheel (as `pip install .` does) and installs it, without its
dependencies, into a temporary folder that the compiled runs put first on sys.path.
Each round plays the same seeded games (one process, invariants checked, through the
simulation harness) with the other code and then with this checkout's, each in a fresh
process, so both see the same load; the best round of each counts (other work on a
shared machine only ever slows a run down). Games per second are given by the wall clock
and by the process's CPU time, the steadier figure on a busy machine, with the ratio of
this checkout to the other (with --compiled: of the compiled to the plain modules). The two
must play the same games: their reports (timings aside) are compared, and a difference is
said. Each engine plays at its default number of players unless --players is given. The
last line holds the lowest CPU ratio of the engines measured:

    lowest_cpu_ratio=R engine=NAME

Target (issue 41), with --compiled --engine all --policy random (the one policy every engine
has): no engine but Sliders below 1 (beyond the few per cent that rounds of a few seconds
vary by)."""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Run in a fresh interpreter with the code to measure first on sys.path, the game folders
#: from a checkout: one line of JSON out.
PLAY = """
import json, sys, time
sys.path.insert(0, sys.argv[7])
from generator.check.simulate import simulate
from generator.games import engines
from generator.games import load_game
from generator.sources.loader import load_yaml
from pathlib import Path

engine = engines()[sys.argv[2]]
folder = next(
    path.parent for path in sorted(Path(sys.argv[1], "components").glob("*/game.yaml"))
    if load_yaml(path).get("engine") == engine.name
)
deck = engine.load_deck(load_game(folder))
games, players, seed = int(sys.argv[4]), int(sys.argv[5]) or engine.default_players, int(sys.argv[6])
wall, cpu = time.perf_counter(), time.process_time()
report = simulate(engine, deck, games, players, seed, policies=sys.argv[3])
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
figures = report.as_json()
for timing in ("games_per_second", "cpu_games_per_second"):
    figures.pop(timing)
import generator.games.sliders.state as sliders
compiled = not sliders.__file__.endswith(".py")
found = {"wall": games / wall, "cpu": games / cpu, "report": figures, "compiled": compiled, "players": players}
print(json.dumps(found, sort_keys=True))
"""


def run(checkout: Path, engine: str, args: argparse.Namespace, code: Path | None = None) -> dict:
    """Play `engine` with the code of `code` (default: the checkout's) and the checkout's games."""
    command = [sys.executable, "-c", PLAY, str(checkout), engine, args.policy]
    command += [str(args.games), str(args.players or 0), str(args.seed), str(code or checkout)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


#: What the wheel is not built from: the checkout's history, caches and build leftovers.
NOT_BUILT_FROM = shutil.ignore_patterns(
    ".git", "build", "output", "*.egg-info", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis"
)


def install_wheel(folder: Path) -> Path:
    """This checkout's wheel, built and installed without its dependencies under `folder`.
    It is built from a copy of the working tree in `folder`: setuptools leaves a build/
    folder in the tree it builds, which would be left in the checkout."""
    source = folder / "source"
    shutil.copytree(ROOT, source, ignore=NOT_BUILT_FROM)
    pip = [sys.executable, "-m", "pip", "-q", "--disable-pip-version-check"]
    as_users_build = {name: value for name, value in os.environ.items() if name != "MYPYC_OPT_LEVEL"}  # -O3
    subprocess.run(
        [*pip, "wheel", "--no-deps", "--wheel-dir", str(folder / "dist"), str(source)], check=True, env=as_users_build
    )
    (wheel,) = (folder / "dist").glob("cutsheet-*.whl")
    subprocess.run([*pip, "install", "--no-deps", "--target", str(folder / "site"), str(wheel)], check=True)
    return folder / "site"


def engine_names(asked: list[str]) -> list[str]:
    """The engines asked for, "all" being every registered one (this checkout's)."""
    if "all" not in asked:
        return asked
    sys.path.insert(0, str(ROOT))
    from generator.games import engines

    return sorted(engines())


def compare(engine: str, args: argparse.Namespace, site: Path | None) -> float:
    """Print one engine's figures; the CPU ratio of this checkout (or the wheel) to the other."""
    runs: dict[str, list[dict]] = {"other": [], "this": []}
    for _ in range(args.rounds):  # alternating, so that both see the same load
        if site is None:
            runs["other"].append(run(args.other, engine, args))
            runs["this"].append(run(ROOT, engine, args))
        else:
            runs["other"].append(run(ROOT, engine, args))
            runs["this"].append(run(ROOT, engine, args, site))
    best = {name: {kind: max(r[kind] for r in found) for kind in ("wall", "cpu")} for name, found in runs.items()}
    same = all(r["report"] == runs["other"][0]["report"] for r in runs["other"] + runs["this"])
    players = runs["this"][0]["players"]
    what = f"{engine} {players}p {args.policy}, {args.games} games, best of {args.rounds}"
    print(f"{what} ({'same reports' if same else 'REPORTS DIFFER'}):")
    labels = (
        {"other": "plain modules", "this": "compiled wheel"} if site else {"other": str(args.other), "this": str(ROOT)}
    )
    for name, label in labels.items():
        build = "compiled" if runs[name][0]["compiled"] else "plain"
        print(f"  {label} ({build}): {best[name]['wall']:8.1f} games/s wall {best[name]['cpu']:8.1f} games/s cpu")
    ratio = {kind: best["this"][kind] / best["other"][kind] for kind in ("wall", "cpu")}
    print(f"  {labels['this']} / {labels['other']}: x{ratio['wall']:.2f} wall, x{ratio['cpu']:.2f} cpu", flush=True)
    return ratio["cpu"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, nargs="?", help="the checkout to compare with (its code and decks)")
    parser.add_argument("--compiled", action="store_true", help="compare the compiled wheel with the plain modules")
    parser.add_argument("--engine", action="append", help="an engine's name, or all (default: sliders)")
    parser.add_argument("--policy", default="heuristic")
    parser.add_argument("--players", type=int, help="default: each engine's own default")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if (args.other is None) == (not args.compiled):
        parser.error("give either OTHER_CHECKOUT or --compiled")
    with tempfile.TemporaryDirectory() as scratch:
        site = install_wheel(Path(scratch)) if args.compiled else None
        ratios = {engine: compare(engine, args, site) for engine in engine_names(args.engine or ["sliders"])}
    lowest = min(ratios, key=ratios.__getitem__)
    print(f"lowest_cpu_ratio={ratios[lowest]:.3f} engine={lowest}")


if __name__ == "__main__":
    main()
