"""How cutsheet runs Python's garbage collector.

CPython looks for reference cycles every 700 container objects allocated (2000 from Python
3.13), and passes over its older objects as they pile up: made for programs whose objects
die young. A build keeps nearly everything it makes until it ends (the sources read, every
face drawn, the sheets), so the collector's passes find next to nothing and cost more as the
build grows: with CPython's thresholds they took a quarter of a 10,000-card PDF build's CPU,
most of it in passes over the whole heap, and with these a tenth (`python
benchmarks/collector.py`). A cold 10,000-card PDF build takes 20% less CPU, and its rebuild
after one card's edit 23% less (`python benchmarks/rebuild.py --cards 10000`).
"""

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

#: Container objects allocated between the collector's passes over the youngest: 100,000
#: costs a pass over each new object about once, as 700 does, but the passes over the older
#: generations rarely come. Cycles are still collected, young ones within this many
#: allocations and older ones as their generation's pass comes, so memory stays bounded.
YOUNG = 100_000


def tune_for_builds() -> None:
    """The thresholds a cutsheet command runs with: YOUNG, and ten passes of each generation
    before the next older one's, as CPython 3.11 to 3.13 have it (3.14's incremental collector
    ignores the third)."""
    gc.set_threshold(YOUNG, 10, 10)


@contextmanager
def tuned_for_a_build() -> Iterator[None]:
    """A build called as a library function (generator.pipeline.build_game) with the
    thresholds a cutsheet command runs with, and the caller's own after: a build keeps what it
    makes to its end however it is called. With CPython's thresholds, a 1000-card PDF build
    in the caller's process spent a quarter of its time in the collector's passes."""
    before = gc.get_threshold()
    tune_for_builds()
    try:
        yield
    finally:
        gc.set_threshold(*before)


@contextmanager
def collection_paused() -> Iterator[None]:
    """No garbage collection meanwhile, for work that makes many objects and no garbage (a
    pickle read or written whole), or that someone waits for (a live preview's first phase).
    The collector is as it was after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


#: Whether a command keeps what it reads whole until it is done (reads_kept).
_keeping: ContextVar[bool] = ContextVar("keeping", default=False)


@contextmanager
def reads_kept() -> Iterator[None]:
    """A command whose reads from the build cache (keep_until_done) stay out of the
    collector's passes until it is done, when everything goes back to the collector.

    An entry read whole (a 10,000-card layout) is millions of new objects, and the build
    keeps them all to its end. Collected as new objects, they were passed over once more
    right after the read: about 0.25 s of such a deck's rebuild after an edit, and 0.45 s of
    its build with nothing changed, a quarter of it. Frozen (gc.freeze), they are not. The
    freeze takes every object the collector tracks at that moment, so garbage in a cycle it
    has not found yet also waits for the command's end; objects that die meanwhile without a
    cycle are freed as ever. A command's end, not the process's: a live preview rebuilds
    many times in one process. Nested, the outermost command's end counts."""
    outermost = not _keeping.get()
    token = _keeping.set(True)
    try:
        yield
    finally:
        _keeping.reset(token)
        if outermost:
            gc.unfreeze()


def keep_until_done() -> None:
    """Within reads_kept: every object the collector tracks now stays out of its passes
    until the command is done. Elsewhere (a library caller's own loop, say) nothing changes."""
    if _keeping.get():
        gc.freeze()


def thaw() -> None:
    """Every frozen object back in the collector's care (gc.unfreeze), as after forking
    workers, unless a command keeps what it read until it is done (reads_kept): its end
    does it then."""
    if not _keeping.get():
        gc.unfreeze()
