"""How work is split among worker processes."""

import pytest

from generator.workers import chunks, shares


@pytest.mark.parametrize(("items", "parts"), [(112, 1), (112, 3), (10, 4), (3, 5), (0, 2)])
def test_shares_are_consecutive_runs_of_nearly_equal_length(items, parts):
    runs = shares(list(range(items)), parts)
    assert [item for run in runs for item in run] == list(range(items))
    assert len(runs) == min(items, parts)
    assert all(runs) and (not runs or max(map(len, runs)) - min(map(len, runs)) <= 1)


def test_chunks_give_each_worker_a_few_runs_of_at_most_the_most():
    runs = chunks(list(range(112)), 2)
    assert [item for run in runs for item in run] == list(range(112))
    assert len(runs) == 8 and max(map(len, runs)) == 14
    assert max(map(len, chunks(list(range(1000)), 2))) == 16
