"""Player turns a CPU second: the Sliders engine (invariants checked after every action)
against the Monopoly simulator of gamescomputersplay/monopoly, measured side by side.

    python benchmarks/monopoly.py --monopoly DIR [--games 200] [--seed 1] [--rounds 3]
                                  [--no-compiled]

DIR is a checkout of that simulator; nothing of it is copied here. Its games are played in one
process, as its `monopoly_game` plays them, with its game log off; its settings are left as it
ships them (four players, trading on, at most 1000 rounds). A player turn is one call of its
`Player.make_a_move` from the game's loop (a throw of doubles plays on inside that call); the
turns are counted in a separate, untimed run of the same seeded games, so that counting costs
the timed runs nothing.

cutsheet plays the shipped Sliders game through the simulation harness of `cutsheet check
--simulate` (four players, heuristic policy, invariants checked after every action), with
this checkout's plain modules and, unless --no-compiled, with the wheel built from it (its
engine compiled). A player turn there is one of the engine's turns (doubles included in it).

Each round runs every contender once, each in a fresh process, so that all see the same load;
the best round of each counts (other work on a shared machine only ever slows a run down).
The figures are player turns per second of the process's CPU time, and each contender's ratio
to the simulator's.
"""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from compare_simulate import install_wheel

ROOT = Path(__file__).resolve().parent.parent

#: The Monopoly simulator's games, in a fresh interpreter whose working folder is the
#: simulator's checkout: one line of JSON out (turns counted only when asked).
MONOPOLY = """
import json, random, sys, tempfile, time
from pathlib import Path
sys.path.insert(0, ".")
from monopoly.log_settings import LogSettings
from monopoly.core.game import monopoly_game
from monopoly.core.player import Player

games, seed, count = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "count"
scratch = Path(tempfile.mkdtemp())
LogSettings.KEEP_GAME_LOG = False
LogSettings.EVENTS_LOG_PATH = scratch / "events.log"
LogSettings.BANKRUPTCIES_PATH = scratch / "bankruptcies.tsv"
master = random.Random(seed)
pairs = [(i + 1, master.getrandbits(32)) for i in range(games)]
turns = 0
if count:
    move, depth = Player.make_a_move, [0]
    def counted(self, *args):
        global turns
        turns += depth[0] == 0
        depth[0] += 1
        try:
            return move(self, *args)
        finally:
            depth[0] -= 1
    Player.make_a_move = counted
cpu = time.process_time()
for pair in pairs:
    monopoly_game(pair)
cpu = time.process_time() - cpu
print(json.dumps({"cpu": cpu, "turns": turns}))
"""

#: The Sliders engine's games, with the code of argv[1] first on sys.path: one line of JSON.
SLIDERS = """
import json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from generator.check.simulate import simulate
from generator.games import engines, load_game

engine = engines()["sliders"]
deck = engine.load_deck(load_game(Path(sys.argv[4])))
games, seed = int(sys.argv[2]), int(sys.argv[3])
cpu = time.process_time()
report = simulate(engine, deck, games, 4, seed, policies="heuristic")
cpu = time.process_time() - cpu
import generator.games.sliders.state as sliders
turns = sum(length * count for length, count in report.lengths.items())
print(json.dumps({
    "cpu": cpu, "turns": turns, "games": report.games, "problems": len(report.problems),
    "compiled": not sliders.__file__.endswith(".py"),
}))
"""


def monopoly(folder: Path, args: argparse.Namespace, mode: str) -> dict:
    command = [sys.executable, "-c", MONOPOLY, str(args.games), str(args.seed), mode]
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def sliders(code: Path, args: argparse.Namespace) -> dict:
    deck = ROOT / "components" / "sliders"
    command = [sys.executable, "-c", SLIDERS, str(code), str(args.games), str(args.seed), str(deck)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--monopoly", type=Path, required=True, help="a checkout of gamescomputersplay/monopoly")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-compiled", action="store_true", help="skip the compiled wheel")
    args = parser.parse_args()
    if not (args.monopoly / "monopoly" / "core" / "game.py").is_file():
        parser.error(f"{args.monopoly} is not a checkout of the Monopoly simulator (no monopoly/core/game.py)")
    monopoly_turns = monopoly(args.monopoly, args, "count")["turns"]
    with tempfile.TemporaryDirectory() as scratch:
        contenders = {"cutsheet Sliders, plain": ROOT}
        if not args.no_compiled:
            contenders["cutsheet Sliders, compiled"] = install_wheel(Path(scratch))
        best: dict[str, float] = {"Monopoly simulator": 0.0}
        played: dict[str, dict] = {}
        for _ in range(args.rounds):
            run = monopoly(args.monopoly, args, "time")
            best["Monopoly simulator"] = max(best["Monopoly simulator"], monopoly_turns / run["cpu"])
            for name, code in contenders.items():
                played[name] = sliders(code, args)
                best[name] = max(best.get(name, 0.0), played[name]["turns"] / played[name]["cpu"])
    print(f"{args.games} games of each, seed {args.seed}, best of {args.rounds} rounds; player turns per CPU second:")
    print(f"  {'Monopoly simulator':28} {best['Monopoly simulator']:9,.0f}  ({monopoly_turns:,} turns)")
    for name, found in played.items():
        build = "compiled" if found["compiled"] else "plain"
        note = f"{found['turns']:,} turns, {found['problems']} problems, engine {build}"
        ratio = best[name] / best["Monopoly simulator"]
        print(f"  {name:28} {best[name]:9,.0f}  x{ratio:.2f} of the simulator ({note})")


if __name__ == "__main__":
    main()
