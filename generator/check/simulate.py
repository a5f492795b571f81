"""The simulation harness shared by every engine: seeded random games with invariant checks.

    report = simulate(ENGINE, deck, games=200, players=4, seed=1)

Each game gets its own chance and policy generators derived from (seed, game index), so a
report is reproducible (everything but games_per_second) and one game can be replayed
alone. After every action the harness checks that the state is sound: legal actions exist
unless the game is over, the engine's invariant_violations() is empty, the policy picked a
legal action, and nothing raised. A problem is recorded (code, game index, action number)
and ends that game; it never propagates. The codes are listed in docs/findings.md.

Where the games are played is the caller's choice (a GamePlayer: this process by default,
or processes or a Dask cluster, generator/check/parallel.py): the games come back as
finished states and are measured here in the order of their index, so the report is the
same whichever played them. Ctrl-C (KeyboardInterrupt) while games are played stops the
run; the report then measures the games finished so far and says it was interrupted.

A finished game is measured as soon as the games before it are (RunTally) and then let go:
the report keeps counts and histograms, so a run of a million games needs no more memory
than a run of a thousand. The engine's own figures are gathered the same way when the
engine has a figure_tally() method giving a FigureTally; for an engine that has only
Engine.figures(states), every finished state is kept until the report, as that asks.

Actions are numbered from 1 in each game: a problem while choosing or applying action N, or
in the checks after it, is reported as action N (action 0 is the setup by new_game).

Which games count for what (a game the engine stopped or the cap cut short is "unended"):
- turns, engine figures, supply: every game that ended without a problem (by the rules, by
  the engine stopping it, or by the cap), an unended game at its length when it stopped;
  turns_ended_by_rules: the games the rules ended only;
- seat win rates and the first player's win rate: games ended by the rules only; the top
  score wins and a tie splits the win evenly between the tied seats. The same over every
  game that ended without a problem (seat_win_rate_all_games, first_player_all_games), an
  unended game counting as no winner (no_winner), so the seats' shares and no_winner add
  up to 1;
- endings: games ended by the rules or stopped by the engine, counted by end_reason(), a
  member of the engine's `endings` enumeration, and reported in that enumeration's order;
- completed_share: games ended by the rules, out of all games played.
Which games a figure counts is never left unsaid: counted_over() gives, per figure, "of the
246 games the rules ended" and the like. An engine figure counted over only some games says
so in its figures' COUNTED_OVER entry (figure name -> such a phrase), which the report
moves beside the harness's own.
"""

import hashlib
import json
import math
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

from msgspec import Struct, field
from msgspec.structs import replace

from generator.check.playout import Playout, play_out
from generator.check.stats import counted_summary, rate
from generator.ctrl_c import CtrlC
from generator.games.base import Engine, FigureTally, Policy, RunSettings, Supply
from generator.games.game_state import Ending, GameState
from generator.games.tallies import counted
from generator.sources.errors import Loc

PolicySpec = str | Policy

#: Problem codes (see docs/findings.md); those found between actions are playout.py's.
EXCEPTION = "SIM002"
BAD_RETURNS = "SIM005"
BAD_FIGURES = "SIM007"

#: The engine figure naming which games its other figures count (see the module docstring).
COUNTED_OVER = "counted_over"
#: How an unended game counts in a figure of its length.
AT_THEIR_STOP = "counted at their length when stopped or capped"
#: How an unended game counts in a figure of who won.
NO_WINNER = "no winner"


class Problem(Struct, frozen=True):
    """Something that went wrong in one game of the run (or, with game None, in the figures or
    in a game of a figure run, which the message names)."""

    code: str
    game: int | None
    action: int | None
    message: str

    def __str__(self) -> str:
        where = []
        if self.game is not None:
            where.append(f"game {self.game}")
        if self.action is not None:
            where.append(f"action {self.action}")
        return f"{', '.join(where)}: {self.message}" if where else self.message

    def as_json(self) -> dict:
        return {
            "code": self.code,
            "game": self.game,
            "action": self.action,
            "message": self.message,
        }


class Shortage(Struct, frozen=True):
    """A physical component some games needed more of than the deck prints."""

    component: str
    printed: int
    #: The most in play at once in any game.
    most: int
    #: Games that needed more than `printed`.
    games: int
    loc: Loc | None

    def as_json(self) -> dict:
        return {"printed": self.printed, "most_in_play": self.most, "games_short": self.games}


class SimulationReport(Struct):
    """What a simulation run measured; as_json() gives the `simulation` object of --json."""

    engine: str
    games: int
    players: int
    seed: int
    policies: list[str]
    options: dict
    max_actions: int
    turns: dict[str, float]
    completed: int
    capped: int
    seat_wins: list[float]
    fired: dict[str, int]
    never_fired: list[str]
    unlisted_fired: list[str]
    games_per_second: float
    figures: dict = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    #: Games the engine stopped because the rules could never end them (e.g. stalemates).
    stopped: int = 0
    #: Games per second of this process's CPU time: steadier than the wall clock on a busy machine.
    cpu_games_per_second: float = 0.0
    #: end_reason() -> games, for games ended by the rules or stopped by the engine: each
    #: Engine.endings member that ended a game (by its value), in the enumeration's order.
    endings: dict[str, int] = field(default_factory=dict)
    #: The part of `endings` the engine stopped (not ended by the rules).
    stopped_reasons: dict[str, int] = field(default_factory=dict)
    #: The first player's share of the wins of the games ended by the rules.
    first_player_wins: float = 0.0
    #: Components of Engine.supply that some games ran out of, in supply order.
    shortages: list[Shortage] = field(default_factory=list)
    #: Turns -> games that took that many, of the games that ended without a problem
    #: (the length histogram), shortest first.
    lengths: dict[int, int] = field(default_factory=dict)
    #: The games asked for; more than `games` when the run was interrupted.
    requested: int = 0
    #: Whether Ctrl-C stopped the run: the figures are those of the `games` finished.
    interrupted: bool = False
    #: The length histogram of the games the rules ended only.
    ended_lengths: dict[int, int] = field(default_factory=dict)
    #: The engine's COUNTED_OVER: its figure name -> which games that figure counts.
    figure_labels: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def completed_share(self) -> float:
        return self.completed / self.games if self.games else 0.0

    @property
    def broken(self) -> int:
        """Games stopped by a problem."""
        return len({p.game for p in self.problems if p.game is not None})

    @property
    def unended(self) -> int:
        """Games that ended without a problem but not by the rules: stopped or capped."""
        return self.capped + self.stopped

    @property
    def measured(self) -> int:
        """Games that ended without a problem, by the rules or not: those the figures count."""
        return self.completed + self.unended

    def ended_games(self) -> str:
        """What a figure of the games the rules ended says it counts."""
        return f"of the {counted(self.completed, 'game')} the rules ended"

    def all_games(self, unended: str) -> str:
        """What a figure of every game that ended without a problem says it counts, with how
        an unended game counts in it (`unended`) where there are any."""
        measured = counted(self.measured, "game")
        every = f"of all {measured}" if self.measured != 1 and not self.broken else f"of the {measured}"
        every += " without a problem" if self.broken else ""
        return f"{every} ({self.unended} unended: {unended})" if self.unended else every

    def counted_over(self) -> dict[str, str]:
        """Figure name -> which games it counts, for the harness's figures of who won and how
        long games took, and the engine's figures that say (COUNTED_OVER)."""
        ended, no_winner = self.ended_games(), self.all_games(NO_WINNER)
        return {
            "turns": self.all_games(AT_THEIR_STOP),
            "turns_ended_by_rules": ended,
            "seat_win_rate": ended,
            "first_player": ended,
            "seat_win_rate_all_games": no_winner,
            "first_player_all_games": no_winner,
            "no_winner": no_winner,
            **self.figure_labels,
        }

    def turns_ended(self) -> dict[str, float]:
        """mean, median, p95 and max turns of the games the rules ended."""
        return counted_summary(self.ended_lengths)

    def seat_win_rate(self) -> list[dict]:
        """Per seat: the share of rule-ended games won, with its Wilson 95% interval."""
        return [rate(wins, self.completed) for wins in self.seat_wins]

    def first_player_rate(self) -> dict:
        """The first player's share of the rule-ended games won, its Wilson 95% interval, and
        the share an even game would give (1 / players)."""
        return {**rate(self.first_player_wins, self.completed), "games": self.completed, "even_share": 1 / self.players}

    def completed_rate(self) -> dict:
        """The share of the games played that the rules ended, with its Wilson 95% interval."""
        return rate(self.completed, self.games)

    def seat_win_rate_all(self) -> list[dict]:
        """Per seat: the share of every game that ended without a problem won (an unended
        game has no winner), with its Wilson 95% interval."""
        return [rate(wins, self.measured) for wins in self.seat_wins]

    def no_winner_rate(self) -> dict:
        """The share of the games that ended without a problem that no one won: the unended."""
        return rate(self.unended, self.measured)

    def first_player_rate_all(self) -> dict:
        """The first player's share of every game that ended without a problem won (an
        unended game has no winner), with its Wilson 95% interval."""
        return {**rate(self.first_player_wins, self.measured), "games": self.measured}

    def as_json(self) -> dict:
        data = {
            "engine": self.engine,
            "games": self.games,
            "players": self.players,
            "seed": self.seed,
            "policies": self.policies,
            "options": self.options,
            "max_actions": self.max_actions,
            "turns": self.turns,
            "turns_ended_by_rules": self.turns_ended(),
            "completed": self.completed,
            "completed_share": self.completed_share,
            "unended": self.unended,
            "capped": self.capped,
            "stopped": self.stopped,
            "broken": self.broken,
            "endings": self.endings,
            "stopped_reasons": self.stopped_reasons,
            "seat_win_rate": self.seat_win_rate(),
            "first_player": self.first_player_rate(),
            "seat_win_rate_all_games": self.seat_win_rate_all(),
            "first_player_all_games": self.first_player_rate_all(),
            "no_winner": self.no_winner_rate(),
            "counted_over": self.counted_over(),
            "supply_short": {s.component: s.as_json() for s in self.shortages},
            "fired": self.fired,
            "never_fired": self.never_fired,
            "unlisted_fired": self.unlisted_fired,
            "games_per_second": self.games_per_second,
            "cpu_games_per_second": self.cpu_games_per_second,
            "problems": [p.as_json() for p in self.problems],
        }
        if self.interrupted:
            data["interrupted"] = {"games_requested": self.requested, "games_finished": self.games}
        return {**data, **self.figures}


def derived_seed(seed: int, game: int, stream: str) -> int:
    """A 64-bit seed for one stream ("chance", "policy") of one game, stable across runs."""
    digest = hashlib.sha256(f"{seed}/{game}/{stream}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def resolve_policies(
    engine: Engine, players: int, policies: PolicySpec | Sequence[PolicySpec] | None
) -> tuple[list[Policy], list[str]]:
    """One policy per seat, from a name or callable for all seats or a list of them."""
    if policies is None:
        policies = "random"
    if isinstance(policies, str) or callable(policies):
        policies = [policies] * players
    if len(policies) != players:
        raise ValueError(f"{len(policies)} policies given for {players} players")
    available = engine.policies()
    chosen, names = [], []
    for spec in policies:
        if isinstance(spec, str):
            if spec not in available:
                raise ValueError(
                    f"engine {engine.name!r} has no policy {spec!r} (it has: {', '.join(sorted(available))})"
                )
            chosen.append(available[spec])
            names.append(spec)
        else:
            chosen.append(spec)
            names.append(getattr(spec, "__name__", type(spec).__name__))
    return chosen, names


def _describe_exception(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    where = ""
    if frames:
        last = frames[-1]
        where = f" (at {Path(last.filename).name}:{last.lineno} in {last.name})"
    return f"{type(exc).__name__}: {exc}{where}"


class GameOutcome(Struct):
    """One game played: its finished state (None if setup failed) and how it ended."""

    index: int
    state: GameState | None
    ending: str  # "completed", "stopped" (no end the rules could reach), "capped" or "broken"
    problem: Problem | None = None


class Played(Struct, frozen=True):
    """Some games played together, and the CPU seconds the process playing them spent."""

    outcomes: list[GameOutcome]
    cpu_seconds: float


class SimulationJob(Struct, frozen=True):
    """Everything needed to play any game of a run, in any process: game `index` of a job is
    always the same game."""

    engine: Engine
    deck: Any
    players: int
    seed: int
    policies: tuple[Policy, ...]
    policy_names: tuple[str, ...]
    options: dict

    def shared(self) -> tuple[Any, ...]:
        """What the states of the job's games refer to and every process playing them has:
        it need not travel with them (generator/check/transport.py)."""
        return (self.engine, self.deck)

    def play(self, indices: range) -> Played:
        """Play the games with these indices, in this process."""
        started = time.process_time()
        runner = _GameRunner(self.engine, self.deck, self.players, list(self.policies), self.options)
        outcomes = [runner.play(index, self.seed) for index in indices]
        return Played(outcomes, time.process_time() - started)


class GamePlayer(Protocol):
    """Plays the games of a job somewhere, yielding them in batches as they finish (in any
    order); stopping the iteration early must cancel the games not yet played."""

    def play(self, job: SimulationJob, games: int) -> Iterator[Played]: ...


class InProcess:
    """Plays the games one by one in this process."""

    def play(self, job: SimulationJob, games: int) -> Iterator[Played]:
        for index in range(games):
            yield job.play(range(index, index + 1))


class _GameRunner:
    """Plays one game to its end, the cap or its first problem."""

    def __init__(self, engine: Engine, deck: Any, players: int, policies: list[Policy], options: dict):
        self.engine = engine
        self.deck = deck
        self.players = players
        self.policies = policies
        self.options = options

    def play(self, index: int, seed: int) -> GameOutcome:
        chance = random.Random(derived_seed(seed, index, "chance"))
        choice = random.Random(derived_seed(seed, index, "policy"))
        playout = Playout()
        state = None
        problem: tuple[str, str] | None = None
        try:
            state = self.engine.new_game(self.deck, self.players, chance, dict(self.options))
            play_out(state, self.policies, choice, self.engine.max_actions, playout)
            problem = playout.problem
            if problem is None and not playout.capped:
                problem = self._check_returns(state)
            if problem is None:  # kept until the report: its caches would be kept with it
                state.drop_caches()
        except Exception as exc:  # an engine bug must be reported, not crash the run
            problem = (EXCEPTION, _describe_exception(exc))
        if problem is not None:
            return GameOutcome(index, state, "broken", Problem(problem[0], index, playout.actions, problem[1]))
        assert state is not None  # had new_game raised, `problem` would say so
        if playout.capped:
            return GameOutcome(index, state, "capped")
        return GameOutcome(index, state, "completed" if state.ended_by_rules() else "stopped")

    def _check_returns(self, state: GameState) -> tuple[str, str] | None:
        scores = state.returns()
        if len(scores) != self.players or not all(isinstance(s, (int, float)) and math.isfinite(s) for s in scores):
            return (BAD_RETURNS, f"returns() is {scores!r}: expected {self.players} finite numbers")
        return None


def _seat_shares(scores: Sequence[float]) -> list[float]:
    """Each seat's share of the win: 1 to the top score, split evenly on a tie."""
    top = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == top]
    return [1 / len(tied) if seat in tied else 0.0 for seat in range(len(scores))]


def run_settings(job: SimulationJob) -> RunSettings | None:
    """The run's settings, for the engine's figure runs to follow: its policy (when every seat
    plays the same) and what new_game is given; None when the seats play different ones."""
    if len(set(job.policy_names)) != 1:
        return None
    return RunSettings(job.policy_names[0], dict(job.options))


def _figure_runs(
    job: SimulationJob, player: GamePlayer, settings: RunSettings | None
) -> tuple[dict[str, list[GameState]], list[Problem]]:
    """The games the engine's figures ask for besides the run's own, played like the run's
    (by the same player: in its processes or on its cluster), in index order. Each run has
    the number of games the engine declares, whatever the number of the report's games.

    These games are checked as the run's are: a game a problem stopped (a broken invariant,
    an engine error) is left out of the figures and its problem returned, named by its run,
    for the report to say. They are played at other player counts and options than the
    run's, so a rule broken only there is found only there."""
    played: dict[str, list[GameState]] = {}
    problems: list[Problem] = []
    for run in job.engine.figure_runs(settings):
        extra = simulation_job(job.engine, job.deck, run.players, run.seed, run.policy, dict(run.options))
        outcomes = sorted(
            (outcome for batch in player.play(extra, run.games) for outcome in batch.outcomes),
            key=lambda outcome: outcome.index,
        )
        where = f"figure run {run.name!r} ({counted(run.players, 'player')}, seed {run.seed}, options {extra.options})"
        states: list[GameState] = []
        for outcome in outcomes:
            if outcome.problem is not None:
                problems.append(replace(outcome.problem, game=None, action=None, message=f"{where}, {outcome.problem}"))
            elif outcome.state is not None:
                states.append(outcome.state)
        played[run.name] = states
    return played, problems


class KeptStates:
    """The FigureTally of an engine with no tally of its own: every state is kept, for
    Engine.figures(states) to be given them all at the end."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.states: list[GameState] = []

    def add(self, state: GameState) -> None:
        self.states.append(state)

    def figures(self) -> dict:
        return self.engine.figures(self.states)


def figure_tally(engine: Engine) -> FigureTally:
    """The engine's own tally (its figure_tally(), where it has one), else KeptStates."""
    own = engine.figure_tally()
    return own if own is not None else KeptStates(engine)


class EngineFigures:
    """The engine's figures, gathered by its FigureTally. An engine bug while gathering is
    reported as a problem (BAD_FIGURES), not raised, and the figures are then left out."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.games = 0
        self.failure: Problem | None = None
        try:
            self.tally = figure_tally(engine)
        except Exception as exc:
            self._failed(exc)

    def _failed(self, exc: Exception) -> Problem:
        self.failure = Problem(BAD_FIGURES, None, None, f"engine figures: {_describe_exception(exc)}")
        return self.failure

    def add(self, state: GameState) -> None:
        if self.failure is not None:
            return
        self.games += 1
        try:
            self.tally.add(state)
        except Exception as exc:
            self._failed(exc)

    def result(
        self, job: SimulationJob, reserved: set[str], player: GamePlayer
    ) -> tuple[dict, dict[str, str], list[Problem]]:
        """The figures (with those of the engine's figure runs, after a run of any game),
        their COUNTED_OVER labels taken out of them, and the problems of the figure runs'
        games and the one that left the figures out, if any."""
        if self.failure is not None:
            return {}, {}, [self.failure]
        engine = self.engine
        problems: list[Problem] = []
        try:
            figures, labels = _split(self.tally.figures())
            settings = run_settings(job)
            if self.games and engine.figure_runs(settings):
                played, problems = _figure_runs(job, player, settings)
                runs, run_labels = _split(engine.run_figures(played, settings))
                figures, labels = {**figures, **runs}, {**labels, **run_labels}
            json.dumps(figures, allow_nan=False)
            unknown = sorted(set(labels) - set(figures))
            if unknown:
                raise ValueError(f"{COUNTED_OVER} names figures there are not: {', '.join(unknown)}")
        except Exception as exc:
            return {}, {}, [*problems, self._failed(exc)]
        clashes = sorted(reserved & set(figures))
        if clashes:
            message = f"engine figures reuse the harness's names: {', '.join(clashes)}"
            return {}, {}, [*problems, Problem(BAD_FIGURES, None, None, message)]
        return figures, labels, problems


def _split(figures: object) -> tuple[dict, dict[str, str]]:
    """Some engine figures without their COUNTED_OVER entry, and that entry; TypeError for
    figures that are not a dict, or an entry that is not figure names with phrases."""
    if not isinstance(figures, dict):
        raise TypeError(f"figures() returned {type(figures).__name__}, not a dict")
    labels = figures.get(COUNTED_OVER, {})
    if not isinstance(labels, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in labels.items()):
        raise TypeError(f"{COUNTED_OVER} is {labels!r}, not figure names with what each counts")
    return {key: value for key, value in figures.items() if key != COUNTED_OVER}, labels


def _in_order(endings: type[Ending], counts: Counter[Ending]) -> dict[str, int]:
    """The endings that ended games, by their words, in the order the engine lists them."""
    return {ending.value: counts[ending] for ending in endings if counts[ending]}


class SupplyTally:
    """Per supplied component: the most any game had in play, and the games that needed more
    than the deck prints."""

    def __init__(self, supply: dict[str, Supply]):
        self.supply = supply
        self.most: Counter[str] = Counter()
        self.short: Counter[str] = Counter()

    def add(self, state: GameState) -> None:
        for component, printed in self.supply.items():
            peak = state.peak_in_play[component]
            self.most[component] = max(self.most[component], peak)
            if peak > printed.printed:
                self.short[component] += 1

    def shortages(self) -> list[Shortage]:
        """The components some games ran short of, in supply order."""
        return [
            Shortage(component, printed.printed, self.most[component], self.short[component], printed.loc)
            for component, printed in self.supply.items()
            if self.short[component]
        ]


class RunTally:
    """Everything the report says about a run's games, gathered game by game in index order:
    counts, sums and histograms, never the games themselves (the engine's tally aside)."""

    def __init__(self, job: SimulationJob):
        self.games = 0
        self.ends: Counter[str] = Counter()
        self.problems: list[Problem] = []
        self.lengths: Counter[int] = Counter()
        self.ended_lengths: Counter[int] = Counter()
        self.endings: Counter[Ending] = Counter()
        self.stopped: Counter[Ending] = Counter()
        self.seat_wins = [0.0] * job.players
        self.first_wins = 0.0
        self.fired: Counter[str] = Counter()
        self.supply = SupplyTally(job.engine.supply(job.deck))
        self.ways_to_end = job.engine.endings
        self.engine = EngineFigures(job.engine)

    def add(self, outcome: GameOutcome) -> None:
        """Measure the next game (the games must come in index order: sums of floats depend
        on their order, and the report must not depend on the order games finished in)."""
        self.games += 1
        self.ends[outcome.ending] += 1
        state = outcome.state
        if outcome.problem is not None:
            self.problems.append(outcome.problem)
        elif state is not None:
            self._ended(outcome.ending, state)

    def _ended(self, ending: str, state: GameState) -> None:
        """A game that ended without a problem: by the rules, stopped by the engine or capped."""
        self.lengths[state.turns] += 1
        self.fired.update(state.fired)
        self.supply.add(state)
        self.engine.add(state)
        if ending in ("completed", "stopped"):
            reason = state.end_reason()
            if not isinstance(reason, self.ways_to_end):
                raise TypeError(f"end_reason() gave {reason!r}, not one of the engine's endings")
            self.endings[reason] += 1
            if ending == "stopped":
                self.stopped[reason] += 1
        if ending == "completed":
            self.ended_lengths[state.turns] += 1
            shares = _seat_shares(state.returns())
            for seat, share in enumerate(shares):
                self.seat_wins[seat] += share
            self.first_wins += shares[state.first_player]


class InIndexOrder:
    """Hands finished games to a RunTally in index order, whatever order they finish in:
    a game that finishes before an earlier one waits here for it."""

    def __init__(self, tally: RunTally):
        self.tally = tally
        self.received = 0
        self._next = 0
        self._early: dict[int, GameOutcome] = {}

    def add(self, outcome: GameOutcome) -> None:
        self.received += 1
        self._early[outcome.index] = outcome
        while self._next in self._early:
            self.tally.add(self._early.pop(self._next))
            self._next += 1

    def finish(self) -> None:
        """Measure the games still waiting: after Ctrl-C, the games before them may never come."""
        for index in sorted(self._early):
            self.tally.add(self._early.pop(index))


def simulation_job(
    engine: Engine,
    deck: Any,
    players: int,
    seed: int,
    policies: PolicySpec | Sequence[PolicySpec] | None = None,
    options: dict | None = None,
) -> SimulationJob:
    """The job of a run; ValueError for a player count or policy the engine does not have."""
    if not engine.seats(players):
        raise ValueError(f"{engine.name} is for {engine.min_players} to {engine.max_players} players, not {players}")
    chosen, names = resolve_policies(engine, players, policies)
    settings = {**{option.name: option.default for option in engine.options()}, **(options or {})}
    return SimulationJob(engine, deck, players, seed, tuple(chosen), tuple(names), settings)


def simulate(
    engine: Engine,
    deck: Any,
    games: int,
    players: int,
    seed: int,
    policies: PolicySpec | Sequence[PolicySpec] | None = None,
    options: dict | None = None,
    progress: Callable[[int, int], None] | None = None,
    player: GamePlayer | None = None,
) -> SimulationReport:
    """Play `games` seeded games (in this process unless `player` says where) and measure
    them; see the module docstring."""
    if games < 1:
        raise ValueError("simulate at least one game")
    return run_job(simulation_job(engine, deck, players, seed, policies, options), games, progress, player)


def run_job(
    job: SimulationJob,
    games: int,
    progress: Callable[[int, int], None] | None = None,
    player: GamePlayer | None = None,
) -> SimulationReport:
    """Play the first `games` games of `job` and measure them as they finish."""
    tally = RunTally(job)
    ordered = InIndexOrder(tally)
    cpu = 0.0
    interrupted = False
    started = time.perf_counter()
    player = player or InProcess()
    batches = player.play(job, games)
    try:
        for played in batches:
            # Ctrl-C meanwhile is handed on once the batch is measured: a game half measured
            # (counted among the games but not yet among the endings) would make the report
            # disagree with itself.
            with CtrlC():
                for outcome in played.outcomes:
                    ordered.add(outcome)
                cpu += played.cpu_seconds
            if progress is not None:
                progress(ordered.received, games)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        close = getattr(batches, "close", None)
        if close is not None:
            close()
    ordered.finish()
    elapsed = time.perf_counter() - started
    return measure(job, tally, games, elapsed, cpu, interrupted, player)


def measure(
    job: SimulationJob,
    tally: RunTally,
    requested: int,
    elapsed: float,
    cpu: float,
    interrupted: bool,
    player: GamePlayer,
) -> SimulationReport:
    """The report of the games measured by `tally`; the timings only set the speed figures.
    `player` plays the games the engine's figures ask for."""
    engine = job.engine
    games = tally.games
    fireable = set(engine.fireable(job.deck))
    report = SimulationReport(
        engine=engine.name,
        games=games,
        players=job.players,
        seed=job.seed,
        policies=list(job.policy_names),
        options=job.options,
        max_actions=engine.max_actions,
        turns=counted_summary(tally.lengths),
        completed=tally.ends["completed"],
        capped=tally.ends["capped"],
        stopped=tally.ends["stopped"],
        seat_wins=tally.seat_wins,
        fired=dict(sorted(tally.fired.items())),
        never_fired=sorted(fireable - set(tally.fired)),
        unlisted_fired=sorted(set(tally.fired) - fireable) if fireable else [],
        games_per_second=games / max(elapsed, 1e-9),
        cpu_games_per_second=games / max(cpu, 1e-9),
        problems=tally.problems,
        endings=_in_order(engine.endings, tally.endings),
        stopped_reasons=_in_order(engine.endings, tally.stopped),
        first_player_wins=tally.first_wins,
        shortages=tally.supply.shortages(),
        lengths=dict(sorted(tally.lengths.items())),
        requested=requested,
        interrupted=interrupted,
        ended_lengths=dict(sorted(tally.ended_lengths.items())),
    )
    figures, labels, problems = tally.engine.result(job, set(report.as_json()), player)
    report.figures = figures
    report.figure_labels = labels
    report.problems += problems
    return report
