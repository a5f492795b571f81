"""A simulation's memory does not grow with its number of games, and its report does not
depend on the order its games finish in.

The harness measures each game as it finishes and lets it go; an engine whose figures are
gathered game by game (Engine.figure_tally()) has none of its games kept. Live states are
counted directly (each state counts itself in and out), so the tests read what is alive,
not an estimate of memory."""

import math
import random
import statistics
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.check.simulate import InProcess, Played, SimulationJob, simulate, simulation_job
from generator.check.stats import counted_summary
from generator.games.game_state import GameState
from tests.check.test_harness import TRACK, ToyRace, ToyState

TIMINGS = ("games_per_second", "cpu_games_per_second")


def without_timings(report) -> dict:
    return {key: value for key, value in report.as_json().items() if key not in TIMINGS}


class Counted(ToyState):
    """A toy race state that knows how many states are alive, and the most ever at once."""

    alive = 0
    most = 0

    def __init__(self, *args):
        super().__init__(*args)
        self._count_in()

    @staticmethod
    def _count_in() -> None:
        Counted.alive += 1
        Counted.most = max(Counted.most, Counted.alive)

    def __del__(self) -> None:
        Counted.alive -= 1

    @classmethod
    def reset(cls) -> None:
        cls.alive = cls.most = 0


class BankTally:
    """ToyRace's figure, the mean bank at the end of the games that ended, game by game."""

    def __init__(self) -> None:
        self.banks = 0
        self.finished = 0

    def add(self, state: GameState) -> None:
        assert isinstance(state, ToyState)
        if state.is_terminal():
            self.banks += state.bank
            self.finished += 1

    def figures(self) -> dict:
        return {"bank_at_end": self.banks / self.finished if self.finished else 0}


class CountedRace(ToyRace):
    """ToyRace with figures gathered as the games finish."""

    def new_game(self, deck, num_players, rng, options):
        return Counted(deck, num_players, rng, options)

    def figure_tally(self) -> BankTally:
        return BankTally()


class KeptRace(CountedRace):
    """The same game with Engine.figures(states) only, which needs every state at the end."""

    def figure_tally(self) -> None:
        return None


@pytest.fixture
def counted():
    Counted.reset()
    yield Counted
    Counted.reset()


@pytest.mark.parametrize("games", [50, 500])
def test_games_are_let_go_as_they_finish(counted, games):
    report = simulate(CountedRace(), TRACK, games, 3, seed=5)
    assert report.games == games
    assert counted.most <= 2  # the game being played and the one last measured, whatever the games
    assert counted.alive == 0


class Swapped:
    """Plays the games in chunks of 20 and hands each pair of chunks on the wrong way round, as
    processes finishing out of order do: chunk 1 before chunk 0, chunk 3 before chunk 2..."""

    def play(self, job: SimulationJob, games: int) -> Iterator[Played]:
        chunks = [range(start, min(start + 20, games)) for start in range(0, games, 20)]
        for pair in range(0, len(chunks), 2):
            for chunk in reversed(chunks[pair : pair + 2]):
                yield job.play(chunk)


def test_games_finished_out_of_order_wait_only_for_the_games_before_them(counted):
    report = simulate(CountedRace(), TRACK, 400, 3, seed=5, player=Swapped())
    assert without_timings(report) == without_timings(simulate(CountedRace(), TRACK, 400, 3, seed=5))
    assert counted.most <= 2 * 20 + 1  # a chunk waiting for the one before it, which is arriving


def test_figures_gathered_as_games_finish_are_those_of_every_state_at_the_end(counted):
    gathered = without_timings(simulate(CountedRace(), TRACK, 300, 3, seed=5))
    kept = without_timings(simulate(KeptRace(), TRACK, 300, 3, seed=5))
    assert gathered == kept
    assert counted.most == 300  # the engine without a tally has every state kept, as its figures ask


def test_a_failing_figure_tally_is_a_problem_not_a_crash():
    class Failing(BankTally):
        def add(self, state: GameState) -> None:
            raise ZeroDivisionError("no figures today")

    class FailingRace(CountedRace):
        def figure_tally(self) -> BankTally:
            return Failing()

    report = simulate(FailingRace(), TRACK, 5, 2, seed=1)
    assert report.games == 5 and report.figures == {}
    [problem] = report.problems
    assert problem.code == "SIM007" and "ZeroDivisionError: no figures today" in problem.message


# --- the order games finish in --------------------------------------------------------------


class Scores(ToyState):
    """Every game's scores are drawn from {0, 1} per seat: games are won alone or tied by two or
    three seats, so the seats' wins are sums of 1, 1/2 and 1/3, whose float sum depends on the
    order they are added in."""

    def returns(self) -> list[float]:
        draw = random.Random(self.turns * 1_000 + sum(self.positions))
        return [float(draw.randint(0, 1)) for _ in range(self.num_players)]


class Tied(ToyRace):
    def new_game(self, deck, num_players, rng, options):
        return Scores(deck, num_players, rng, options)


class Shuffled:
    """Plays every game alone, then hands them on in a shuffled order; with `stop`, hands on
    the games before it and the games from `resume`, then acts as if Ctrl-C was pressed."""

    def __init__(self, seed: int, stop: int | None = None, resume: int | None = None):
        self.seed = seed
        self.stop = stop
        self.resume = resume

    def play(self, job: SimulationJob, games: int) -> Iterator[Played]:
        indices = list(range(games))
        if self.stop is not None:
            indices = indices[: self.stop] + indices[self.resume :]
        random.Random(self.seed).shuffle(indices)
        for index in indices:
            yield job.play(range(index, index + 1))
        if self.stop is not None:
            raise KeyboardInterrupt


def seat_shares(games: int) -> list[list[float]]:
    """Each completed game's share of the win per seat, in index order, as the report counts it."""
    job = simulation_job(Tied(), TRACK, 3, 2)
    shares = []
    for outcome in job.play(range(games)).outcomes:
        if outcome.ending == "completed":
            scores = outcome.state.returns()
            tied = [seat for seat, score in enumerate(scores) if score == max(scores)]
            shares.append([1 / len(tied) if seat in tied else 0.0 for seat in range(3)])
    return shares


def test_the_report_does_not_depend_on_the_order_games_finish_in():
    here = simulate(Tied(), TRACK, 400, 3, seed=2)
    for seed in range(3):
        shuffled = simulate(Tied(), TRACK, 400, 3, seed=2, player=Shuffled(seed))
        assert without_timings(shuffled) == without_timings(here)


def test_the_wins_added_in_the_order_the_games_finished_would_differ():
    """What the test above guards against: with these games, the seats' wins added in another
    order than the games' are other floats."""
    shares = seat_shares(400)
    report = simulate(Tied(), TRACK, 400, 3, seed=2)
    in_order = [sum(game[seat] for game in shares) for seat in range(3)]
    assert report.seat_wins == in_order
    reordered = shares[:]
    random.Random(0).shuffle(reordered)
    assert [sum(game[seat] for game in reordered) for seat in range(3)] != in_order


def test_after_ctrl_c_the_games_finished_are_measured_in_index_order_despite_the_gap():
    engine = Tied()
    interrupted = simulate(engine, TRACK, 60, 3, seed=2, player=Shuffled(4, stop=20, resume=35))
    assert interrupted.interrupted and interrupted.requested == 60 and interrupted.games == 45
    assert sum(interrupted.lengths.values()) == 45

    class Gapped(InProcess):
        def play(self, job: SimulationJob, games: int) -> Iterator[Played]:
            for index in [*range(20), *range(35, games)]:
                yield job.play(range(index, index + 1))

    in_order = simulate(engine, TRACK, 60, 3, seed=2, player=Gapped())
    assert without_timings(interrupted) | {"interrupted": None} == without_timings(in_order) | {"interrupted": None}


# --- histograms -----------------------------------------------------------------------------


@given(st.lists(st.integers(0, 500), min_size=1, max_size=60) | st.lists(st.floats(0, 1e6), min_size=1, max_size=60))
def test_a_histogram_gives_exactly_the_figures_of_its_values(values):
    """Values of one type (a histogram counts 0 and 0.0 as one value, as a Counter does)."""
    nearest = sorted(values)[max(1, math.ceil(0.95 * len(values))) - 1]
    expected = {
        "mean": statistics.fmean(values),
        "median": statistics.median(values),
        "p95": nearest,
        "max": max(values),
    }
    figures = counted_summary(Counter(values))
    assert figures == expected
    assert [type(figures[key]) for key in expected] == [type(value) for value in expected.values()]


def test_game_lengths_are_a_histogram(counted):
    report = simulate(CountedRace(), TRACK, 200, 2, seed=9)
    assert sum(report.lengths.values()) == 200
    assert list(report.lengths) == sorted(report.lengths)
    assert report.turns["max"] == max(report.lengths)
