"""The histogram figures of generator/games/tallies.py give what the statistics module gives
for the values a histogram counts (same value, same type), and gathered() adds every state
to a tally in order."""

import statistics
from collections import Counter

import pytest

from generator.games.tallies import expanded, fmean, gathered, mean, median, ranked

#: The values 1, 3, 3, 10 as a histogram, in no particular order.
COUNTS = Counter({10: 1, 3: 2, 1: 1})
VALUES = [1, 3, 3, 10]


def test_expanded_gives_each_value_as_often_as_it_is_counted():
    assert sorted(expanded(COUNTS)) == VALUES
    assert list(expanded(Counter())) == []


def test_ranked_is_the_value_at_a_position_of_the_sorted_values():
    assert [ranked(COUNTS, position) for position in range(4)] == VALUES
    with pytest.raises(IndexError):
        ranked(COUNTS, 4)


def test_the_mean_is_whole_when_it_divides_evenly_as_statistics_gives_it():
    assert mean(COUNTS) == 4.25  # 17 / 4
    even = mean(Counter({2: 1, 4: 1}))
    assert even == 3 and type(even) is int
    assert type(statistics.mean([2, 4])) is int  # what the histogram's mean stands for
    assert mean(Counter({7: 3})) == statistics.mean([7, 7, 7])


def test_fmean_and_median_are_the_statistics_modules():
    assert fmean(COUNTS) == 4.25
    assert median(COUNTS) == 3.0  # (3 + 3) / 2
    assert median(Counter({1: 1, 3: 1, 10: 1})) == 3  # odd count: the middle value
    assert median(Counter({1: 1, 2: 1})) == 1.5
    money = Counter({0: 3, 5: 1, 12: 2, 7: 1})
    values = list(expanded(money))
    assert (fmean(money), median(money)) == (statistics.fmean(values), statistics.median(values))


class Summing:
    def __init__(self) -> None:
        self.seen: list[int] = []

    def add(self, state: int) -> None:
        self.seen.append(state)


def test_gathered_adds_every_state_in_order_and_returns_the_tally():
    tally = Summing()
    assert gathered(tally, iter([4, 1, 9])) is tally
    assert tally.seen == [4, 1, 9]
