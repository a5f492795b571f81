"""Speed and cap measurement: `python -m generator.games.sliders.bench [GAMES] [PLAYERS]`.

Plays seeded games with the heuristic policy on the shipped deck and prints games per
second of CPU time (without and with the invariant check after every action, as the
simulation harness does), the share of games stopped by the turn cap, and game lengths.
"""

import random
import sys
import time
from pathlib import Path

from generator.games.sliders import ENGINE
from generator.games.sliders.state import SlidersState
from generator.sources.game import load_game

COMPONENTS = Path(__file__).parents[3] / "components" / "sliders"


def run(games: int, players: int, check: bool) -> tuple[float, list[SlidersState]]:
    deck = ENGINE.load_deck(load_game(COMPONENTS))
    policy = ENGINE.policies()["heuristic"]
    states = []
    started = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        state = ENGINE.new_game(deck, players, rng, {})
        for _ in range(ENGINE.max_actions):
            if state.is_terminal():
                break
            state.apply(policy(state, rng))
            if check and state.invariant_violations():
                raise AssertionError(f"seed {seed}: {state.invariant_violations()}")
        states.append(state)
    return time.process_time() - started, states


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 500
    players = int(argv[1]) if len(argv) > 1 else 4
    seconds, states = run(games, players, check=False)
    checked, _ = run(games, players, check=True)
    turns = sorted(state.turns for state in states)
    unfinished = sum(1 for state in states if state.capped or not state.is_terminal())
    print(f"{games} {players}-player heuristic games: {games / seconds:.0f} games/s "
          f"({games / checked:.0f} games/s checking invariants after every action)")
    print(f"capped: {unfinished} ({unfinished / games:.1%}); turns median {turns[games // 2]}, "
          f"p95 {turns[int(games * 0.95)]}, max {turns[-1]}")


if __name__ == "__main__":
    main(sys.argv[1:])
