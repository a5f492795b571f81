"""Ctrl-C while a simulation's games are played in processes (`--jobs N`).

Python raises KeyboardInterrupt wherever the main thread is, and inside multiprocessing's
pool it can leave a lock held, so that stopping the pool waits for good: `check --simulate
--jobs 2` hung so after Ctrl-C, about once in three hundred runs on a busy machine. The
pool's own code therefore runs with Ctrl-C held (generator/ctrl_c.py), and the run takes it
between waits. Ctrl-C here is a real SIGINT sent to this process."""

import multiprocessing.pool
import os
import signal
import threading
from pathlib import Path

import pytest

from generator import games
from generator.check.parallel import Processes
from generator.check.simulate import simulate
from generator.games import load_game
from tests.interrupted import handlers_in, held

CHIP_FLIP = Path(__file__).resolve().parents[2] / "components" / "chip-flip"

pytestmark = pytest.mark.usefixtures("python_takes_ctrl_c")


def chip_flip():
    engine = games.engines()["chip_flip"]
    return engine, engine.load_deck(load_game(CHIP_FLIP))


def test_the_pools_own_code_runs_with_ctrl_c_held(monkeypatch):
    pool = multiprocessing.pool
    seen = handlers_in(
        monkeypatch, (pool.Pool, "imap_unordered"), (pool.IMapIterator, "next"), (pool.Pool, "terminate")
    )
    engine, deck = chip_flip()
    with Processes(2) as processes:
        report = simulate(engine, deck, 8, 2, 1, player=processes)
    assert report.games == 8
    assert {name for name, _ in seen} == {"imap_unordered", "next", "terminate"}
    assert all(held(handler) for _, handler in seen), seen
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_while_the_processes_play_stops_the_run_with_the_games_finished():
    """What a person sees (the race itself cannot be forced: the test above guards it)."""
    engine, deck = chip_flip()
    asked = 100_000
    pressed: list[int] = []
    timer = threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT))

    def progress(done: int, total: int) -> None:
        if not pressed:  # Ctrl-C a moment after the first games come back, while the next are awaited
            pressed.append(done)
            timer.start()

    try:
        with Processes(2) as processes:
            data = simulate(engine, deck, asked, 2, 1, progress=progress, player=processes).as_json()
    finally:
        timer.cancel()  # never left to reach a later test
    finished = data["interrupted"]["games_finished"]
    assert data["interrupted"]["games_requested"] == asked
    assert pressed[0] <= finished < asked
    assert data["games"] == finished
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
