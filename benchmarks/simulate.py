"""Games per second for every registered engine, on one core, with the shipped decks.

    python benchmarks/simulate.py [--games 200] [--seed 1] [--policy NAME] [--perft-depth 7]

Games per second are given by the wall clock and by this process's CPU time: on a shared
machine the second is the steadier figure. One line per engine, player count and policy
(the default player count, plus 4 players for Slipmax and Sliders), then a total line.
If generator.games.chip_flip exposes perft(depth, advanced=False), perft leaf nodes per
second are reported too.
"""

import argparse
import importlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator import shipped  # noqa: E402
from generator.check.simulate import simulate  # noqa: E402
from generator.games import engines  # noqa: E402
from generator.games.base import Engine  # noqa: E402
from generator.sources.errors import SourceError  # noqa: E402
from generator.sources.game import load_game  # noqa: E402
from generator.sources.loader import load_yaml  # noqa: E402

#: Engines also measured at four players (their speed targets are set there).
FOUR_PLAYERS = {"slipmax", "sliders"}


def shipped_folder(engine: Engine) -> Path | None:
    for game_yaml in sorted(shipped.components_dir().glob("*/game.yaml")):
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


def bench_perft(depth: int) -> None:
    try:
        chip_flip = importlib.import_module("generator.games.chip_flip")
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
    args = parser.parse_args()
    registered = engines()
    total_games, total_seconds = 0, 0.0
    for engine in registered.values():
        games, seconds = bench_engine(engine, args)
        total_games += games
        total_seconds += seconds
    rate = total_games / total_seconds if total_seconds else 0.0
    print(
        f"total: {len(registered)} engines, {total_games} games in {total_seconds:.2f} s ({rate:.1f} games/s overall)"
    )
    if args.perft_depth > 0:
        bench_perft(args.perft_depth)


if __name__ == "__main__":
    main()
