"""Games per second for every registered engine, on one core, with the shipped decks, and
the speed-up of playing them in two processes (`--jobs 2`) over one.

    python benchmarks/simulate.py [--games 200] [--seed 1] [--policy NAME] [--perft-depth 7]
                                  [--jobs-games 400] [--jobs 2] [--installed]
                                  [--memory-games 0] [--memory-engine NAME]

It measures this checkout's modules, unless `--installed` asks for the cutsheet installed
in the Python that runs it: installed from a wheel (`pip install .`), its Sliders engine is
compiled (setup.py). The first line says which Sliders engine was measured.

Games per second are given by the wall clock and by this process's CPU time: on a shared
machine the second is the steadier figure. One line per engine, player count and policy
(the default player count, plus 4 players for Slipmax and Sliders), then a total line.
If generator.games.chip_flip.perft exposes perft(depth, advanced=False), perft leaf nodes per
second are reported too.

The speed-up lines play the same seeded games (default players, random policy; heuristic
for Sliders) in this process and then in `--jobs` worker processes, side by side, and give
the ratio of the wall-clock games per second of the play (starting the processes included,
the engine's figures excluded) and of the whole run (figures included: some engines play
games of their own for them, in the parent). Each is run `--repeat` times, alternating, and
the fastest of each kind counts (other work on a shared machine only ever slows a run down).
The two reports are checked to be identical. On a machine other work keeps busy, the wall
clock cannot show the speed-up, so each line also gives the CPU seconds of both runs (the
worker processes' included) and the speed-up they allow on idle cores: jobs x CPU of one
process / CPU of all the processes.
The target on a 2-core machine is a speed-up of at least 1.7.

With `--memory-games N[,M...]`, the last lines give, per engine (or only `--memory-engine
NAME`) and number of games, the peak memory of one `cutsheet check FOLDER --simulate N`
process (the speed-up lines' players and policy), each a fresh process. With two numbers
or more, a line per engine compares the largest run's peak with the smallest's: a run
measures each game as it finishes and lets it go, so the peaks should be within 10% of
each other (an engine whose figures need every state, Engine.figures with no
figure_tally(), keeps them all, and its peak grows with the games). For example:

    python benchmarks/simulate.py --games 0 --jobs-games 0 --perft-depth 0 \
        --memory-games 2000,50000 --memory-engine chip_flip

`--games 0` skips the speed lines, as `--jobs-games 0` and `--perft-depth 0` skip theirs.
"""

import argparse
import importlib
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if "--installed" not in sys.argv[1:]:
    sys.path.insert(0, str(ROOT))

from generator.check.parallel import Processes  # noqa: E402
from generator.check.simulate import SimulationReport, simulate  # noqa: E402
from generator.games import engines, load_game  # noqa: E402
from generator.games.base import Engine  # noqa: E402
from generator.sources.errors import SourceError  # noqa: E402
from generator.sources.loader import load_yaml  # noqa: E402

#: Engines also measured at four players (their speed targets are set there).
FOUR_PLAYERS = {"slipmax", "sliders"}


def shipped_folder(engine: Engine) -> Path | None:
    """The game folder under this checkout's components/ that names the engine (the code
    measured and the decks it plays come from the same checkout)."""
    for game_yaml in sorted((ROOT / "components").glob("*/game.yaml")):
        if load_yaml(game_yaml).get("engine") == engine.name:
            return game_yaml.parent
    return None


def player_counts(engine: Engine) -> list[int]:
    counts = {engine.default_players}
    if engine.name in FOUR_PLAYERS and engine.min_players <= 4 <= engine.max_players:
        counts.add(4)
    return sorted(counts)


def bench_engine(engine: Engine, args: argparse.Namespace) -> tuple[int, float]:
    """Print this engine's lines; return (games played, seconds spent)."""
    folder = shipped_folder(engine)
    if folder is None:
        print(f"{engine.name}: no game folder under components/ names this engine")
        return 0, 0.0
    try:
        deck = engine.load_deck(load_game(folder))
    except SourceError as exc:
        print(f"{engine.name}: the shipped deck does not load: {exc}")
        return 0, 0.0
    policies = [args.policy] if args.policy else sorted(engine.policies())
    games, seconds = 0, 0.0
    for players in player_counts(engine):
        for policy in policies:
            if policy not in engine.policies():
                print(f"{engine.name}: no policy {policy!r}")
                continue
            report = simulate(engine, deck, args.games, players, args.seed, policies=policy)
            games += args.games
            seconds += args.games / report.games_per_second
            print(
                f"{engine.name:<16} {players}p {policy:<10} "
                f"{report.games_per_second:10.1f} games/s wall {report.cpu_games_per_second:10.1f} games/s cpu  "
                f"({args.games} games, {report.capped} capped, {len(report.problems)} problems)"
            )
    return games, seconds


#: The policy the speed-up lines play, where an engine has it (random elsewhere).
JOBS_POLICY = {"sliders": "heuristic"}
TIMINGS = ("games_per_second", "cpu_games_per_second")


def _cpu() -> float:
    """CPU seconds of this process and of its finished (reaped) child processes."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _timed(run: Callable[[], SimulationReport]) -> tuple[SimulationReport, float, float]:
    """The report, the wall-clock seconds and the CPU seconds (workers included) of a run."""
    started, cpu = time.perf_counter(), _cpu()
    report = run()
    return report, time.perf_counter() - started, _cpu() - cpu


def _without_timings(report: SimulationReport) -> dict:
    return {key: value for key, value in report.as_json().items() if key not in TIMINGS}


def bench_jobs(engine: Engine, args: argparse.Namespace) -> tuple[float, float] | None:
    """Print the engine's speed-up line; return (seconds with one process, with --jobs)."""
    folder = shipped_folder(engine)
    if folder is None:
        return None
    deck = engine.load_deck(load_game(folder))
    policy = JOBS_POLICY.get(engine.name, "random")
    players = engine.default_players

    def alone() -> SimulationReport:
        return simulate(engine, deck, args.jobs_games, players, args.seed, policies=policy)

    def shared() -> SimulationReport:
        with Processes(args.jobs) as processes:
            return simulate(engine, deck, args.jobs_games, players, args.seed, policies=policy, player=processes)

    runs = [(_timed(alone), _timed(shared)) for _ in range(args.repeat)]  # alternating, so both see the same load
    one, one_seconds, one_cpu = min((run[0] for run in runs), key=lambda timed: timed[1])
    many, many_seconds, many_cpu = min((run[1] for run in runs), key=lambda timed: timed[1])
    same = "same report" if _without_timings(one) == _without_timings(many) else "REPORTS DIFFER"
    play = many.games_per_second / one.games_per_second
    print(
        f"{engine.name:<16} {players}p {policy:<10} --jobs 1 {one.games_per_second:8.1f} games/s, "
        f"--jobs {args.jobs} {many.games_per_second:8.1f} games/s: play x{play:.2f}, "
        f"whole run x{one_seconds / many_seconds:.2f}; CPU {one_cpu:.2f} s vs {many_cpu:.2f} s, "
        f"so x{args.jobs * one_cpu / many_cpu:.2f} on {args.jobs} idle cores ({args.jobs_games} games, {same})"
    )
    return one.games / one.games_per_second, many.games / many.games_per_second


#: The most the peak memory of the largest --memory-games run may exceed the smallest's.
FLAT = 0.10


def game_counts(text: str) -> list[int]:
    """`--memory-games`: '2000,50000' -> [2000, 50000]; '0' -> [] (no memory lines)."""
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        counts = [-1]
    if any(count < 0 for count in counts):
        raise argparse.ArgumentTypeError(f"expected numbers of games, e.g. 2000,50000, not {text!r}")
    return sorted(count for count in counts if count)


def peak_memory(engine: Engine, folder: Path, games: int, args: argparse.Namespace) -> tuple[float, int]:
    """The peak resident memory in MB of a fresh `cutsheet check --simulate GAMES` process on
    the engine's game, run from outside the checkout (with --installed, the installed
    cutsheet), and its exit status."""
    policy, players = JOBS_POLICY.get(engine.name, "random"), engine.default_players
    command = [sys.executable, "-m", "generator", "check", str(folder), "--simulate", str(games)]
    command += ["--players", str(players), "--policy", policy]
    env = {**os.environ, "PYTHONPATH": "" if args.installed else str(ROOT)}
    with tempfile.TemporaryDirectory() as elsewhere:
        child = subprocess.Popen(command, cwd=elsewhere, env=env, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)  # its own peak, where RUSAGE_CHILDREN gives the highest so far
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped: Popen must not wait for it again
    return usage.ru_maxrss / 1024, child.returncode


def bench_memory(engine: Engine, args: argparse.Namespace) -> None:
    """Print the peak memory of a simulation of each --memory-games number of games on the
    engine's game, then how the largest run's peak compares with the smallest's."""
    folder = shipped_folder(engine)
    if folder is None:
        return
    policy, players = JOBS_POLICY.get(engine.name, "random"), engine.default_players
    peaks = []
    for games in args.memory_games:
        peak, status = peak_memory(engine, folder, games, args)
        peaks.append(peak)
        outcome = "" if status == 0 else f", exit status {status}"
        run = f"{engine.name:<16} {players}p {policy:<10} cutsheet check --simulate {games}"
        print(f"{run}: peak {peak:.0f} MB{outcome}")
    if len(peaks) > 1:
        growth = peaks[-1] / peaks[0] - 1
        verdict = f"flat (within {FLAT:.0%})" if abs(growth) <= FLAT else "GROWS with the number of games"
        print(
            f"{engine.name:<16} peak at {args.memory_games[-1]} games vs {args.memory_games[0]} games: "
            f"{growth:+.1%}, {verdict}"
        )


def bench_perft(depth: int) -> None:
    try:
        chip_flip = importlib.import_module("generator.games.chip_flip.perft")
    except ImportError:
        return
    perft = getattr(chip_flip, "perft", None)
    if perft is None:
        return
    for advanced in (False, True):
        started = time.perf_counter()
        leaves = perft(depth, advanced=advanced)
        elapsed = max(time.perf_counter() - started, 1e-9)
        label = "advanced" if advanced else "basic"
        print(
            f"chip_flip perft({depth}) {label:<8} {leaves} leaves in {elapsed:.2f} s: {leaves / elapsed:,.0f} nodes/s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", help="only this policy (default: each engine's policies)")
    parser.add_argument("--perft-depth", type=int, default=7, help="0 to skip perft")
    parser.add_argument("--jobs-games", type=int, default=400, help="games for the speed-up lines (0 to skip them)")
    parser.add_argument("--jobs", type=int, default=2, help="processes the speed-up lines compare with one")
    parser.add_argument("--repeat", type=int, default=3, help="speed-up runs of each kind, alternating; best counts")
    parser.add_argument("--installed", action="store_true", help="measure the installed cutsheet, not this checkout")
    parser.add_argument(
        "--memory-games", type=game_counts, default=[], help="games of the peak memory lines, e.g. 2000,50000 (0: none)"
    )
    parser.add_argument("--memory-engine", help="the peak memory lines of this engine only (default: every engine)")
    args = parser.parse_args()
    registered = engines()
    if "sliders" in registered:
        module = importlib.import_module("generator.games.sliders.state")
        build = "plain Python" if str(module.__file__).endswith(".py") else "compiled"
        print(f"sliders engine: {build} (compare_simulate.py --compiled measures the compiled wheel beside the plain)")
    total_games, total_seconds = 0, 0.0
    if args.games > 0:
        for engine in registered.values():
            games, seconds = bench_engine(engine, args)
            total_games += games
            total_seconds += seconds
        rate = total_games / total_seconds if total_seconds else 0.0
        print(
            f"total: {len(registered)} engines, {total_games} games in {total_seconds:.2f} s "
            f"({rate:.1f} games/s overall)"
        )
    if args.jobs_games > 0:
        print(f"speed-up of --jobs {args.jobs} over --jobs 1 on {os.cpu_count()} cores:")
        timings = [t for t in (bench_jobs(engine, args) for engine in registered.values()) if t is not None]
        one, many = (sum(parts) for parts in zip(*timings, strict=True))
        print(f"all engines: play x{one / many:.2f} ({len(timings)} engines, {args.jobs_games} games each)")
    if args.perft_depth > 0:
        bench_perft(args.perft_depth)
    if args.memory_games:
        measured = [e for e in registered.values() if args.memory_engine in (None, e.name)]
        if not measured:
            parser.error(f"--memory-engine {args.memory_engine}: no such engine (registered: {', '.join(registered)})")
        print(f"peak memory of a simulation of {', '.join(map(str, args.memory_games))} games, a fresh process each:")
        for engine in measured:
            bench_memory(engine, args)


if __name__ == "__main__":
    main()
