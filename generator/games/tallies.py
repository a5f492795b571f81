"""Histograms for the figures an engine gathers game by game (figure_tally(), see
Engine.figures).

A histogram is a mapping (a Counter) of values (turns, money, points) -> how many times each
occurred. The functions here give exactly what the statistics module gives for the list of
values a histogram counts (the same value and the same type: statistics.mean of whole
numbers is a whole number when it divides evenly), so a figure gathered game by game is the
figure computed from every game at the end, while memory grows with the distinct values only.
"""

import statistics
from collections.abc import Iterable, Iterator, Mapping
from itertools import repeat
from typing import Any, Protocol, TypeVar

#: What a histogram counts: whole numbers, or any numbers.
Value = TypeVar("Value", int, float)


def counted(count: int, noun: str) -> str:
    """'1 game', '246 games': a count with its noun, in the plural where English has it."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def expanded(counts: Mapping[Value, int]) -> Iterator[Value]:
    """Every value the histogram counts, one at a time."""
    for value, count in counts.items():
        yield from repeat(value, count)


def ranked(counts: Mapping[Value, int], position: int) -> Value:
    """The value at `position` (from 0) of the sorted values the histogram counts."""
    for value in sorted(counts):
        position -= counts[value]
        if position < 0:
            return value
    raise IndexError("a position past the last value")


def mean(counts: Mapping[int, int]) -> float:
    """statistics.mean() of the whole numbers the histogram counts (a whole number when the
    total divides evenly, as statistics.mean gives)."""
    games = sum(counts.values())
    total = sum(value * count for value, count in counts.items())
    return total // games if total % games == 0 else total / games


def fmean(counts: Mapping[Value, int]) -> float:
    """statistics.fmean() of the values the histogram counts."""
    return statistics.fmean(expanded(counts))


def median(counts: Mapping[Value, int]) -> float:
    """statistics.median() of the values the histogram counts."""
    games = sum(counts.values())
    middle = games // 2
    if games % 2:
        return ranked(counts, middle)
    return (ranked(counts, middle - 1) + ranked(counts, middle)) / 2


class _Adds(Protocol):
    def add(self, state: Any) -> None: ...


Tally = TypeVar("Tally", bound=_Adds)


def gathered(tally: Tally, states: Iterable[Any]) -> Tally:
    """`tally` with every one of `states` added: a list of finished games' figures, gathered
    as the harness gathers them, game by game."""
    for state in states:
        tally.add(state)
    return tally
