"""Small statistics for simulation reports: nearest-rank percentiles, Wilson intervals, and
95% intervals of the difference between two runs' figures (a share, or a mean).

A run's values (turns per game) are kept as a histogram, value -> how many games had it: its
mean, median and percentiles are exactly those of the list of values it counts, and it grows
with the distinct values only, not with the number of games.
"""

import math
from collections import Counter
from collections.abc import Mapping, Sequence

from generator.games.tallies import Value, fmean, median, ranked

#: The normal quantile for a two-sided 95% interval.
Z95 = 1.959963984540054


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value with at least `share` of values at or
    below it (so it is always a value that occurred, e.g. a whole number of turns)."""
    return counted_percentile(Counter(values), share)


def counted_percentile(counts: Mapping[Value, int], share: float) -> Value:
    """percentile() of the values a histogram counts."""
    total = sum(counts.values())
    if not total:
        raise ValueError("percentile of no values")
    return ranked(counts, max(1, math.ceil(share * total)) - 1)


def summary(values: Sequence[float]) -> dict[str, float]:
    """mean, median, p95 and max of the values (all 0 when there are none)."""
    return counted_summary(Counter(values))


def counted_summary(counts: Mapping[Value, int]) -> dict[str, float]:
    """summary() of the values a histogram counts: the same figures, exactly (the mean is the
    correctly rounded sum, which does not depend on the order of the values)."""
    total = sum(counts.values())
    if not total:
        return {"mean": 0.0, "median": 0.0, "p95": 0.0, "max": 0.0}
    return {
        "mean": fmean(counts),
        "median": median(counts),
        "p95": counted_percentile(counts, 0.95),
        "max": max(value for value, count in counts.items() if count),
    }


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion; (0, 1) when there are no trials.

    `successes` may be fractional (a tie shared between seats counts as a part win).
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(successes: float, trials: int) -> dict:
    """A share of trials with its Wilson 95% interval, as reports and plots read it:
    {"rate", "ci95": [low, high]} (a rate of 0 when there are no trials)."""
    low, high = wilson_interval(successes, trials)
    return {"rate": successes / trials if trials else 0.0, "ci95": [low, high]}


def rate_difference(a: dict, b: dict) -> tuple[float, float]:
    """The 95% interval of a["rate"] - b["rate"] for two `rate()` figures of independent runs:
    Newcombe's hybrid score interval, built from each share's Wilson interval (it stays within
    -1..1 and behaves near 0% and 100%, where a plain normal interval does not)."""
    difference = a["rate"] - b["rate"]
    (a_low, a_high), (b_low, b_high) = a["ci95"], b["ci95"]
    below = math.hypot(a["rate"] - a_low, b_high - b["rate"])
    above = math.hypot(a_high - a["rate"], b["rate"] - b_low)
    return (difference - below, difference + above)


def mean_error(counts: Mapping[Value, int]) -> float:
    """The standard error of the mean of the values a histogram counts (their sample standard
    deviation over the square root of their number); ValueError for fewer than two values."""
    total = sum(counts.values())
    if total < 2:
        raise ValueError("the error of a mean needs two values or more")
    centre = fmean(counts)
    spread = math.fsum(count * (value - centre) ** 2 for value, count in counts.items()) / (total - 1)
    return math.sqrt(spread / total)


def mean_difference(a: Mapping[Value, int], b: Mapping[Value, int]) -> tuple[float, float]:
    """The 95% interval of mean(a) - mean(b) for two histograms of independent runs (Welch's
    normal approximation: the runs' errors added in quadrature)."""
    difference = fmean(a) - fmean(b)
    half = Z95 * math.hypot(mean_error(a), mean_error(b))
    return (difference - half, difference + half)
