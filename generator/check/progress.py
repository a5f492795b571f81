"""A one-line progress display for long simulations: games done, games per second, time left."""

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO


def _duration(seconds: float) -> str:
    """'42 s', '3 min 05 s', '1 h 02 min'."""
    whole = int(round(seconds))
    if whole < 60:
        return f"{whole} s"
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class TerminalProgress:
    """Called with (name, games done, games in all); rewrites one line on `stream`, at most
    every `interval` seconds (and always for the last game), ending it at the last game."""

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.monotonic, interval: float = 0.2):
        self.stream = stream
        self.clock = clock
        self.interval = interval
        #: name -> (the time of its first call, games done by then): the rate is measured from there.
        self._started: dict[str, tuple[float, int]] = {}
        self._shown = float("-inf")
        #: A line is shown and not ended: the last game of its run is yet to come.
        self._open = False

    def line(self, name: str, done: int, total: int, now: float | None = None) -> str:
        since, done_then = self._started[name]
        elapsed = (self.clock() if now is None else now) - since
        text = f"{name}: {done}/{total} games"
        if elapsed > 0 and done > done_then:
            rate = (done - done_then) / elapsed
            text += f", {rate:.1f} games/s, {_duration((total - done) / rate)} left"
        return text

    def __call__(self, name: str, done: int, total: int) -> None:
        now = self.clock()
        self._started.setdefault(name, (now, done))
        last = done == total
        if not last and now - self._shown < self.interval:
            return
        self._shown = now
        self._open = not last
        self.stream.write("\r\x1b[K" + self.line(name, done, total, now) + ("\n" if last else ""))
        self.stream.flush()

    def end(self) -> None:
        """End the line of a run that stopped before its last game (Ctrl-C), so that what is
        written next starts a line of its own rather than running on from the progress."""
        if self._open:
            self._open = False
            self.stream.write("\n")
            self.stream.flush()


@contextmanager
def terminal_progress() -> Iterator[TerminalProgress | None]:
    """Progress on stderr when it is a terminal (None, quiet, otherwise), its line ended on the
    way out whatever stopped the runs."""
    progress = TerminalProgress(sys.stderr) if sys.stderr.isatty() else None
    try:
        yield progress
    finally:
        if progress is not None:
            progress.end()
