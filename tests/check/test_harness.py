"""The simulation harness, driven by a toy two-to-four player race whose faults are options.

ToyRace (also used by tests/games/test_engines_generic.py and tests/check/test_check_run.py): players
race along a track of `length` spaces. On a turn a player either rolls (moves 1-3) or, with
a chip, dashes (pays a chip to the bank, moves 3). Landing exactly halfway takes a chip from
the bank. Reaching the end wins; the score is 1 for the finisher, 0 for the others.
Chips are conserved: players' chips plus the bank always equal the starting total.

Fault options for the harness tests (declared as variants, crash_at as an option): leak (a
dash destroys its chip), stall (nobody ever moves: the game never ends), crash_at=N (apply
raises on turn N), empty (no legal actions), tie (every score equal), figure_clash (figures()
reuses a harness name), seat_99 (current_player() is no seat), short_returns (returns() has
one score for all seats), stuck (after three turns the engine stops the game: no end the
rules could reach), last_first (the last seat goes first). The track prints `chips` chips
(the Supply "chips"); the chips in players' hands are the ones in play.
"""

import os
import random
import signal
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from msgspec.structs import replace

from generator.check.report import simulation_findings
from generator.check.simulate import (
    InProcess,
    Played,
    Problem,
    SimulationJob,
    SupplyTally,
    derived_seed,
    simulate,
    simulation_job,
)
from generator.check.stats import percentile, summary, wilson_interval
from generator.findings import Severity, error, info, warning
from generator.games.base import (
    Engine,
    FigureRun,
    GameState,
    Option,
    RunSettings,
    Supply,
    Variant,
    random_policy,
    whole_number,
)
from generator.games.game_state import Ending
from generator.sources.errors import Loc, SourceError
from generator.sources.game import Game
from generator.sources.schema import closed, validate

TRACK_SCHEMA = closed(
    {
        "name": {"type": "string", "minLength": 1},
        "length": {"type": "integer", "minimum": 1},
        "pot": {"type": "integer", "minimum": 0},
        "count": {"type": "integer", "minimum": 1},
        "chips": {"type": "integer", "minimum": 0},
    },
    ["name", "length"],
)
START_CHIPS = 2


@dataclass(frozen=True)
class Track:
    name: str
    length: int
    pot: int = 5
    chips: int = 99
    chips_loc: Loc | None = None


class RaceEnding(Ending):
    FINISHED = "a racer finished"
    STUCK = "every racer is stuck"


class ToyState(GameState):
    def __init__(self, track: Track, num_players: int, rng: random.Random, options: dict):
        super().__init__(num_players, rng)
        self.track = track
        self.options = options
        self.positions = [0] * num_players
        self.chips = [START_CHIPS] * num_players
        self.bank = track.pot
        self.total = self.bank + START_CHIPS * num_players
        self.player = num_players - 1 if options.get("last_first") else 0
        self.first_player = self.player
        self.winner: int | None = None
        self.note_in_play("chips", sum(self.chips))

    def current_player(self) -> int:
        return 99 if self.options.get("seat_99") else self.player

    def legal_actions(self) -> list:
        if self.is_terminal() or self.options.get("empty"):
            return []
        if self.options.get("stall"):
            return ["wait"]
        return ["roll", "dash"] if self.chips[self.player] > 0 else ["roll"]

    def apply(self, action) -> None:
        if self.turns == self.options.get("crash_at"):
            raise RuntimeError("the toy engine fell over")
        self.turns += 1
        if action == "wait":
            return
        if action == "dash":
            self.chips[self.player] -= 1
            if not self.options.get("leak"):
                self.bank += 1
            self._move(3)
        else:
            self._move(self.rng.randint(1, 3))
        self.fired[action] += 1
        self.player = (self.player + 1) % self.num_players
        self.note_in_play("chips", sum(self.chips))

    def _move(self, steps: int) -> None:
        self.positions[self.player] += steps
        if self.positions[self.player] == self.track.length // 2 and self.bank > 0:
            self.bank -= 1
            self.chips[self.player] += 1
            self.fired["bonus"] += 1
        if self.positions[self.player] >= self.track.length:
            self.winner = self.player

    def is_terminal(self) -> bool:
        return self.winner is not None or not self.ended_by_rules()

    def ended_by_rules(self) -> bool:
        return not (self.options.get("stuck") and self.turns >= 3)

    def end_reason(self) -> RaceEnding:
        return RaceEnding.FINISHED if self.ended_by_rules() else RaceEnding.STUCK

    def returns(self) -> list[float]:
        if self.options.get("tie"):
            return [0.0] * self.num_players
        if self.options.get("short_returns"):
            return [1.0]
        return [1.0 if seat == self.winner else 0.0 for seat in range(self.num_players)]

    def invariant_violations(self) -> list[str]:
        problems = []
        if sum(self.chips) + self.bank != self.total:
            problems.append(f"chips not conserved: {sum(self.chips) + self.bank} != {self.total}")
        if min(self.chips) < 0 or self.bank < 0:
            problems.append("negative chips")
        return problems


def dash_first(state: GameState, rng: random.Random):
    """Dash whenever a chip allows it."""
    legal = state.legal_actions()
    return "dash" if "dash" in legal else legal[0]


class ToyRace(Engine):
    """Codes: TOY001 error: a track shorter than 4 spaces; TOY002 warning: the bank starts
    empty; TOY003 info: the track's length."""

    name = "toyrace"
    min_players = 2
    max_players = 4
    default_players = 2
    endings = RaceEnding
    max_actions = 200

    def load_deck(self, game: Game) -> Track:
        items = game.items("track")
        if not items:
            raise SourceError(game.data.loc, "a toy race needs a `track` component")
        item = items[0]
        validate(item, TRACK_SCHEMA, fallback=item.loc, what="a track")
        chips_loc = item.loc_of("chips") if "chips" in item else None
        return Track(item["name"], item["length"], item.get("pot", 5), item.get("chips", 99), chips_loc)

    def static_checks(self, game: Game) -> list:
        self.load_deck(game)
        findings = []
        for item in game.items("track"):
            if item["length"] < 4:
                findings.append(error("TOY001", "track shorter than 4 spaces", item.loc_of("length")))
            if item.get("pot", 5) == 0:
                findings.append(warning("TOY002", "the bank starts empty", item.loc_of("pot")))
            findings.append(info("TOY003", f"a track of {item['length']} spaces", item.loc))
        return findings

    def new_game(self, deck: Track, num_players: int, rng: random.Random, options: dict) -> ToyState:
        return ToyState(deck, num_players, rng, options)

    def policies(self) -> dict:
        return {"random": random_policy, "greedy": dash_first}

    def variants(self) -> tuple[Variant, ...]:
        faults = ("leak", "stall", "empty", "tie", "figure_clash", "seat_99", "short_returns", "stuck", "last_first")
        return tuple(Variant(name, f"toy fault: {name}") for name in faults)

    def options(self) -> tuple[Option, ...]:
        return (Option("crash_at", "apply raises on this turn", None, whole_number(0)),)

    def supply(self, deck: Track) -> dict[str, Supply]:
        return {"chips": Supply(deck.chips, deck.chips_loc)}

    def fireable(self, deck: Track) -> list[str]:
        return ["bonus", "dash", "roll", "rocket"]

    def figures(self, states: list) -> dict:
        if any(state.options.get("figure_clash") for state in states):
            return {"turns": 0}
        finished = [s for s in states if s.is_terminal()]
        return {"bank_at_end": sum(s.bank for s in finished) / len(finished) if finished else 0}


TOY = ToyRace()
TRACK = Track("Toy track", 10, pot=5)


def run(games=30, players=2, seed=7, **kwargs):
    return simulate(TOY, kwargs.pop("deck", TRACK), games, players, seed, **kwargs)


def without_speed(report) -> dict:
    data = report.as_json()
    data.pop("games_per_second")
    data.pop("cpu_games_per_second")
    return data


# --- reproducibility -------------------------------------------------------------------------


def test_same_seed_gives_the_same_report():
    assert without_speed(run(seed=3)) == without_speed(run(seed=3))


def test_another_seed_gives_another_report():
    assert without_speed(run(seed=3)) != without_speed(run(seed=4))


def test_each_game_has_its_own_generator_from_seed_and_index():
    """Game 5 of a 10-game run plays as game 5 of a 6-game run: its rng does not depend on
    the games before it."""
    long, short = [], []

    class Recording(ToyRace):
        def __init__(self, into):
            self.into = into

        def new_game(self, deck, num_players, rng, options):
            self.into.append(rng.random())
            return super().new_game(deck, num_players, rng, options)

    simulate(Recording(long), TRACK, 10, 2, 1)
    simulate(Recording(short), TRACK, 6, 2, 1)
    assert long[:6] == short
    assert long[5] == random.Random(derived_seed(1, 5, "chance")).random()
    assert len(set(long)) == 10


# --- problems are recorded, never raised ----------------------------------------------------


def test_broken_conservation_is_recorded_with_game_and_action():
    report = run(games=4, policies="greedy", options={"leak": True})
    assert not report.ok
    # greedy dashes on the very first action of every game, which leaks a chip at once
    assert [(p.code, p.game, p.action) for p in report.problems] == [("SIM001", game, 1) for game in range(4)]
    assert "chips not conserved" in report.problems[0].message
    assert report.broken == 4 and report.completed == 0


def test_an_exception_is_recorded_not_raised():
    report = run(games=3, options={"crash_at": 2})  # the third apply raises
    assert [(p.code, p.game, p.action) for p in report.problems] == [("SIM002", game, 3) for game in range(3)]
    assert "RuntimeError: the toy engine fell over" in report.problems[0].message


def test_no_legal_actions_before_the_end_is_a_problem():
    report = run(games=2, options={"empty": True})
    assert {p.code for p in report.problems} == {"SIM003"}
    assert report.problems[0].action == 1


def test_a_policy_choosing_an_illegal_action_is_a_problem():
    report = run(games=2, policies=lambda state, rng: "teleport")
    assert [(p.code, p.action) for p in report.problems] == [("SIM004", 1), ("SIM004", 1)]


def test_a_current_player_who_is_no_seat_is_a_problem():
    report = run(games=2, options={"seat_99": True})
    assert [(p.code, p.action) for p in report.problems] == [("SIM006", 1), ("SIM006", 1)]


def test_returns_without_a_score_per_seat_are_a_problem():
    report = run(games=2, deck=Track("tiny", 1), options={"short_returns": True})
    # the first action ends the game; returns() is then checked
    assert [(p.code, p.action) for p in report.problems] == [("SIM005", 1), ("SIM005", 1)]


def test_figures_clashing_with_harness_names_are_a_problem():
    report = run(games=2, options={"figure_clash": True})
    assert [p.code for p in report.problems] == ["SIM007"]
    assert report.problems[0] == Problem("SIM007", None, None, report.problems[0].message)
    assert "turns" in report.problems[0].message


# --- the cap ------------------------------------------------------------------------------


def test_capped_games_are_counted_and_have_no_winner():
    report = run(games=5, options={"stall": True})
    assert report.ok
    assert report.capped == 5 and report.completed == 0
    assert report.completed_share == 0
    assert report.turns["max"] == TOY.max_actions
    assert report.seat_win_rate() == [{"rate": 0.0, "ci95": [0.0, 1.0]}] * 2


def test_games_are_kept_for_the_report_without_their_caches_unless_a_problem_stopped_them():
    class CachingState(ToyState):
        def __init__(self, *args):
            super().__init__(*args)
            self.cache = ["worked out"]

        def drop_caches(self) -> None:
            self.cache = []

    class Caching(ToyRace):
        def new_game(self, deck, num_players, rng, options):
            return CachingState(deck, num_players, rng, options)

    endings = {}
    for options in ({}, {"stall": True}, {"stuck": True}, {"crash_at": 2}):
        job = simulation_job(Caching(), TRACK, 2, 1, options=options)
        for outcome in job.play(range(3)).outcomes:
            endings.setdefault(outcome.ending, set()).add(tuple(outcome.state.cache))
    assert endings == {"completed": {()}, "capped": {()}, "stopped": {()}, "broken": {("worked out",)}}


# --- figures --------------------------------------------------------------------------------


def test_one_space_track_is_won_by_the_first_mover_in_one_turn():
    report = run(games=20, deck=Track("tiny", 1))
    assert report.completed_share == 1
    assert report.turns == {"mean": 1, "median": 1, "p95": 1, "max": 1}
    rates = report.seat_win_rate()
    assert rates[0]["rate"] == 1 and rates[1]["rate"] == 0
    assert rates[0]["ci95"] == list(wilson_interval(20, 20))
    assert rates[1]["ci95"] == list(wilson_interval(0, 20))


def test_ties_split_the_win_between_tied_seats():
    report = run(games=9, players=3, options={"tie": True})
    assert [seat["rate"] for seat in report.seat_win_rate()] == pytest.approx([1 / 3] * 3)


def test_fired_counts_and_never_fired():
    report = run(games=10, deck=Track("tiny", 1), policies="greedy")
    # every game is one dash by seat 0
    assert report.fired == {"dash": 10}
    assert report.never_fired == ["bonus", "rocket", "roll"]
    assert report.unlisted_fired == []


def test_engine_figures_are_merged_into_the_json():
    data = run(games=5).as_json()
    assert "bank_at_end" in data
    assert set(data) >= {
        "games",
        "players",
        "seed",
        "turns",
        "completed_share",
        "seat_win_rate",
        "fired",
        "never_fired",
        "games_per_second",
        "capped",
    }


class ToyRaceWithRuns(ToyRace):
    """Figures that need games of their own: four players with the last seat first, greedy."""

    def __init__(self):
        self.settings: list[RunSettings | None] = []

    def figure_runs(self, settings: RunSettings | None = None) -> tuple[FigureRun, ...]:
        self.settings.append(settings)
        return (FigureRun("four", 4, 6, "greedy", {"last_first": True}, seed=3),)

    def run_figures(self, runs: dict[str, list], settings: RunSettings | None = None) -> dict:
        (four,) = runs.values()
        return {"four": [(s.num_players, s.first_player) for s in four]}


def test_the_harness_plays_the_games_an_engines_figures_declare():
    engine = ToyRaceWithRuns()
    data = simulate(engine, TRACK, 2, 2, 7).as_json()
    # Six games of four players, the last seat first (the run's option).
    assert data["four"] == [(4, 3)] * 6
    again = simulate(engine, TRACK, 3, 3, 99).as_json()["four"]
    assert again == data["four"], "the runs are seeded by their own seed, not the report's"
    assert data["bank_at_end"] == run(games=2, seed=7).as_json()["bank_at_end"]


def test_the_figure_runs_are_given_the_runs_policy_and_options():
    engine = ToyRaceWithRuns()
    simulate(engine, TRACK, 2, 2, 7, policies="greedy", options={"last_first": True})
    given = RunSettings("greedy", {"crash_at": None, "last_first": True})  # every option the game declares
    assert engine.settings and all(settings == given for settings in engine.settings)
    engine.settings.clear()
    simulate(engine, TRACK, 2, 2, 7, policies=["greedy", "random"])
    assert engine.settings and all(s is None for s in engine.settings), "the seats play no one policy"


class ToyRaceWithFaultyRuns(ToyRaceWithRuns):
    """Figure runs whose games break where the run's own never do: those reaching turn 14 (the
    run's options do not reach them: the figure run names its own)."""

    def figure_runs(self, settings: RunSettings | None = None) -> tuple[FigureRun, ...]:
        return (FigureRun("four", 4, 6, "random", {"crash_at": 13}, seed=3),)


def test_a_figure_runs_broken_games_are_problems_of_the_report_not_figures():
    engine = ToyRaceWithFaultyRuns()
    report = simulate(engine, TRACK, 5, 2, 7)
    (figure,) = engine.figure_runs()
    job = simulation_job(engine, TRACK, figure.players, figure.seed, figure.policy, dict(figure.options))
    run = job.play(range(figure.games)).outcomes
    broken = [outcome for outcome in run if outcome.problem]
    assert broken and len(broken) < figure.games, "the test needs some games of the run broken, not all"
    # Each is a problem of the report, named by its run, the game's own place kept in its words.
    assert [(p.code, p.game, p.action) for p in report.problems] == [("SIM002", None, None)] * len(broken)
    named = "figure run 'four' (4 players, seed 3, options {'crash_at': 13})"
    assert [p.message for p in report.problems] == [f"{named}, {o.problem}" for o in broken]
    assert "RuntimeError: the toy engine fell over" in report.problems[0].message
    assert not report.ok and report.broken == 0, "the run's own games are all sound"
    # The figures count the games that ended without a problem only.
    kept = [(4, o.state.first_player) for o in run if not o.problem]
    assert report.figures["four"] == kept


class Recording(InProcess):
    """Plays in this process, noting the player count and game count of each job it is given."""

    def __init__(self) -> None:
        self.jobs: list[tuple[int, int]] = []

    def play(self, job: SimulationJob, games: int) -> Iterator[Played]:
        self.jobs.append((job.players, games))
        return super().play(job, games)


def test_the_figures_games_are_played_by_the_runs_player():
    """With --jobs or a cluster, the figures' games go where the run's games go."""
    player = Recording()
    data = simulate(ToyRaceWithRuns(), TRACK, 2, 2, 7, player=player).as_json()
    assert player.jobs == [(2, 2), (4, 6)]
    assert data["four"] == simulate(ToyRaceWithRuns(), TRACK, 2, 2, 7).as_json()["four"]


def test_ctrl_c_while_a_game_is_measured_stops_the_run_after_it(monkeypatch):
    """A Ctrl-C that lands while a finished game is being measured (here: between counting it
    and counting its ending) waits until the game is measured whole, then stops the run."""
    measured = []
    add_supply = SupplyTally.add

    def add_and_press_ctrl_c(self, state):
        measured.append(state)
        if len(measured) == 5:
            os.kill(os.getpid(), signal.SIGINT)
        add_supply(self, state)

    monkeypatch.setattr(SupplyTally, "add", add_and_press_ctrl_c)
    data = run(games=1000).as_json()
    assert data["interrupted"] == {"games_requested": 1000, "games_finished": 5}
    assert sum(data["endings"].values()) + data["capped"] + data["broken"] == data["games"] == 5


def test_players_outside_the_engine_range_are_refused():
    with pytest.raises(ValueError, match="2 to 4 players"):
        run(players=5)


def test_unknown_policy_name_is_refused():
    with pytest.raises(ValueError, match="no policy 'clever'"):
        run(policies="clever")


# --- statistics ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "trials", "low", "high"),
    [
        # Reference values: Newcombe (1998), Statistics in Medicine 17:857, table I
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_interval_matches_published_values(wins, trials, low, high):
    assert wilson_interval(wins, trials) == pytest.approx((low, high), abs=1e-4)


def test_wilson_interval_without_trials_is_everything():
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_percentile_is_nearest_rank():
    assert percentile(range(1, 21), 0.95) == 19
    assert percentile(range(1, 11), 0.95) == 10
    assert percentile([5], 0.95) == 5


def test_summary_of_turns():
    assert summary([1, 2, 3, 10]) == {"mean": 4, "median": 2.5, "p95": 10, "max": 10}


def test_games_the_rules_could_never_end_are_not_counted_as_completed():
    class Stalled(ToyState):
        def ended_by_rules(self) -> bool:
            return False

    class StalledRace(ToyRace):
        def new_game(self, deck, num_players, rng, options):
            state = super().new_game(deck, num_players, rng, options)
            state.__class__ = Stalled
            return state

    report = simulate(StalledRace(), TRACK, 20, 2, 1)
    assert report.stopped == 20 and report.completed == 0 and report.completed_share == 0.0
    assert all(r["rate"] == 0.0 for r in report.seat_win_rate())
    assert report.as_json()["stopped"] == 20


# --- how games end, the first player, the supply --------------------------------------------


def test_an_end_reason_outside_the_engines_endings_is_refused():
    class Untyped(ToyState):
        def end_reason(self):
            return "a racer finished"

    class UntypedRace(ToyRace):
        def new_game(self, deck, num_players, rng, options):
            return Untyped(deck, num_players, rng, options)

    with pytest.raises(TypeError, match="not one of the engine's endings"):
        simulate(UntypedRace(), TRACK, 1, 2, 7)


def test_endings_count_games_by_their_end_reason_and_stopped_ones_apart():
    report = run(games=12, deck=Track("long", 40), options={"stuck": True})
    assert report.stopped == 12
    assert report.endings == {"every racer is stuck": 12}
    assert report.stopped_reasons == {"every racer is stuck": 12}
    [finding] = [f for f in simulation_findings(report, None) if f.code == "SIM012"]
    assert finding.severity.value == "warning"
    assert finding.message == (
        "12 of 12 simulated games could never end by the rules (stopped by the engine): 12 every racer is stuck"
    )


def test_games_ended_by_the_rules_are_counted_by_reason_and_raise_no_warning():
    report = run(games=10)
    assert report.endings == {"a racer finished": 10} and report.stopped_reasons == {}
    assert "SIM012" not in {f.code for f in simulation_findings(report, None)}


def test_the_first_players_win_rate_follows_the_seat_that_went_first():
    # On a one-space track whoever moves first wins at once.
    first = run(games=15, deck=Track("tiny", 1)).first_player_rate()
    assert first["rate"] == 1.0 and first["games"] == 15 and first["even_share"] == 0.5
    assert first["ci95"] == list(wilson_interval(15, 15))
    report = run(games=15, deck=Track("tiny", 1), options={"last_first": True})
    assert [seat["rate"] for seat in report.seat_win_rate()] == [0.0, 1.0]
    assert report.first_player_rate()["rate"] == 1.0
    assert report.as_json()["first_player"]["rate"] == 1.0


def test_a_component_games_need_more_of_than_printed_is_a_warning_at_its_file():
    where = Loc("track.yaml", 6, 12)
    report = run(games=8, deck=Track("short of chips", 10, chips=3, chips_loc=where))
    # two players start with two chips each: four in play at once, one more than printed
    [short] = report.shortages
    assert (short.component, short.printed, short.games) == ("chips", 3, 8)
    assert short.most >= 4
    assert report.as_json()["supply_short"] == {"chips": {"printed": 3, "most_in_play": short.most, "games_short": 8}}
    [finding] = [f for f in simulation_findings(report, Loc("game.yaml", 2, 9)) if f.code == "SIM013"]
    assert finding.loc == where
    assert finding.message == (
        f"8 of 8 simulated games needed more chips than the 3 printed (up to {short.most} in play at once)"
    )


def test_enough_printed_components_give_no_warning():
    report = run(games=8, deck=Track("plenty", 10, chips=99))
    assert report.shortages == [] and report.as_json()["supply_short"] == {}


def test_declared_options_reach_new_game_with_their_defaults():
    seen = []

    class Recording(ToyRace):
        def new_game(self, deck, num_players, rng, options):
            seen.append(dict(options))
            return super().new_game(deck, num_players, rng, options)

    report = simulate(Recording(), TRACK, 2, 2, 1, options={"tie": True})
    assert seen == [{"crash_at": None, "tie": True}] * 2
    assert report.options == {"crash_at": None, "tie": True}


def test_a_first_players_edge_beyond_chance_is_warning_sim014_with_its_size():
    """On a one-space track whoever moves first wins: 15 of 15, an interval far above an even
    share, is SIM014 with the share, the interval and the edge in points; a race whose first
    player wins about half the games gives none."""
    report = run(games=15, deck=Track("tiny", 1))
    [edge] = [f for f in simulation_findings(report, Loc("game.yaml", 2, 9)) if f.code == "SIM014"]
    low, _ = wilson_interval(15, 15)
    assert edge.severity is Severity.WARNING and edge.loc == Loc("game.yaml", 2, 9)
    assert edge.message == (
        "the first player (whoever took the first turn, in any seat) won 100.0% of the 15 games the rules "
        f"ended (95% interval {100 * low:.1f}% to 100.0%), where an even game gives 50.0%: an edge of "
        f"+50.0 percentage points ({100 * (low - 0.5):+.1f} to +50.0)"
    )
    even = replace(report, first_player_wins=7.0)  # 7 of 15: the interval holds an even share
    assert "SIM014" not in {f.code for f in simulation_findings(even, None)}
