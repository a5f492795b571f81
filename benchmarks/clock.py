"""The clock of the benchmarks that time builds one after another in their own process."""

import gc
import time


def start_clock() -> float:
    """The time now, after collecting the garbage that earlier runs left, so that no run pays
    for another's: a default build timed right after a PDF-only one spent 40-47 ms in the
    collector, against 14-17 ms after a collection. (A user's `cutsheet build` starts in a
    fresh process, with no such garbage.)"""
    gc.collect()
    return time.perf_counter()
