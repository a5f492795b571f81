"""The same random-simulation tests for every registered engine, as OpenSpiel's basic tests.

Parametrized over generator.games.engines() as found at collection time, plus the toy race
of tests/check/test_harness.py so the suite never runs empty. Each registered engine is played on
the shipped game folder under components/ whose game.yaml names it.
"""

import importlib
import random
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from generator import shipped
from generator.check.settings import game_settings
from generator.check.simulate import SimulationReport, resolve_policies, simulate
from generator.findings import Finding
from generator.games import engines, load_game
from generator.games.base import Engine
from generator.sources.game import Game
from generator.sources.loader import load_yaml
from tests.check.test_harness import ToyRace

GAMES = 8
#: Actions per game walked by hand when checking each state's legal actions.
WALK_ACTIONS = 400
SEED = 2024
TOY_GAME = """\
name: Toy
engine: toyrace
components: [track.yaml]
"""
TOY_TRACK = """\
kind: track
items:
  - name: Toy track
    length: 12
"""


@dataclass
class Case:
    engine: Engine
    game: Game
    #: Where the engine documents its finding codes (its checks.py docstring).
    codes_doc: str

    @property
    def deck(self) -> Any:
        return load_deck(self.engine.name, self.game.folder)


@cache
def load_deck(name: str, folder: Path) -> Any:
    engine = {**engines(), "toyrace": ToyRace()}[name]
    return engine.load_deck(load_game(folder))


#: The reports of played(), by engine, game folder, player count and the policies the
#: harness resolves for the seats.
PLAYED: dict[tuple, SimulationReport] = {}


def played(case: Case, players: int, policy: str | None = None) -> SimulationReport:
    """GAMES games from SEED, every seat playing `policy` (None: the harness's default):
    played once a process and read by every test that checks this same run (the invariants
    at the default player count, the fired names, the default policy's games among every
    policy's); none of them changes the report."""
    engine = case.engine
    _, names = resolve_policies(engine, players, policy)
    key = (engine.name, case.game.folder, players, tuple(names))
    if key not in PLAYED:
        PLAYED[key] = simulate(engine, case.deck, GAMES, players, SEED, policies=policy)
    return PLAYED[key]


def shipped_folder(engine: Engine) -> Path:
    for game_yaml in sorted(shipped.components_dir().glob("*/game.yaml")):
        if load_yaml(game_yaml).get("engine") == engine.name:
            return game_yaml.parent
    pytest.fail(f"no game folder under components/ names engine {engine.name!r}")


def codes_doc(engine: Engine) -> str:
    package = type(engine).__module__.rsplit(".", 1)[0]
    if not package.startswith("generator.games."):
        package = type(engine).__module__
    try:
        module = importlib.import_module(f"{package}.checks")
    except ModuleNotFoundError:
        pytest.fail(f"{engine.name}: no {package}.checks module documenting the finding codes")
    return module.__doc__ or ""


@pytest.fixture(scope="session")
def toy_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("toy")
    (folder / "game.yaml").write_text(TOY_GAME)
    (folder / "track.yaml").write_text(TOY_TRACK)
    return folder


@pytest.fixture
def case(request, toy_folder) -> Case:
    name = request.param
    if name == "toyrace":
        return Case(ToyRace(), load_game(toy_folder), ToyRace.__doc__ or "")
    engine = engines()[name]
    return Case(engine, load_game(shipped_folder(engine)), codes_doc(engine))


def names() -> list[str]:
    return [*engines(), "toyrace"]


def player_counts(name: str) -> list[int]:
    engine = ToyRace() if name == "toyrace" else engines()[name]
    return sorted({engine.min_players, engine.default_players, engine.max_players})


def with_players() -> list:
    return [pytest.param(name, n, id=f"{name}-{n}p") for name in names() for n in player_counts(name)]


def _problems(report) -> str:
    return "\n".join(f"{p.code} {p}" for p in report.problems[:5])


@pytest.mark.parametrize("case", names(), indirect=True)
def test_engine_declares_the_protocol(case):
    engine = case.engine
    assert isinstance(engine.name, str) and engine.name == case.game.engine
    assert 1 <= engine.min_players <= engine.default_players <= engine.max_players
    assert engine.max_actions > 0
    assert "random" in engine.policies()


@pytest.mark.parametrize("case", names(), indirect=True)
def test_a_fresh_state_has_the_game_state_members(case):
    """Every state, the compiled Sliders one among them (which has GameState's members
    itself rather than from the class), starts with the bookkeeping the harness reads."""
    engine, rng = case.engine, random.Random(SEED)
    state = engine.new_game(case.deck, engine.default_players, rng, {})
    assert (state.num_players, state.rng) == (engine.default_players, rng)
    assert isinstance(state.fired, Counter) and isinstance(state.peak_in_play, Counter)
    assert state.turns >= 0 and 0 <= state.first_player < state.num_players
    before = dict(state.peak_in_play)
    for count in (2, 5, 3):
        state.note_in_play("test pawns", count)
    assert state.peak_in_play == Counter({**before, "test pawns": 5})
    assert state.invariant_violations() == [] and not state.is_terminal()
    for name in ("ended_by_rules", "end_reason", "drop_caches"):
        assert callable(getattr(state, name)), name


@pytest.mark.parametrize(("case", "players"), with_players(), indirect=["case"])
def test_random_games_keep_every_invariant(case, players):
    report = played(case, players)
    assert report.ok, _problems(report)
    assert report.completed + report.stopped + report.capped == GAMES
    assert len(report.seat_win_rate()) == players


@pytest.mark.parametrize("case", names(), indirect=True)
def test_every_policy_plays_sound_games(case):
    engine = case.engine
    for name in engine.policies():
        report = played(case, engine.default_players, name)
        assert report.ok, f"policy {name}:\n{_problems(report)}"


@pytest.mark.parametrize("case", names(), indirect=True)
def test_the_same_seed_gives_the_same_report(case):
    engine = case.engine

    def report() -> dict:
        data = simulate(engine, case.deck, 4, engine.default_players, SEED).as_json()
        data.pop("games_per_second")
        data.pop("cpu_games_per_second")
        return data

    assert report() == report()


@pytest.mark.parametrize("case", names(), indirect=True)
def test_legal_actions_are_distinct_hashable_and_for_a_seated_player(case):
    engine = case.engine
    players = engine.default_players
    rng = random.Random(SEED)
    for game in range(3):
        state = engine.new_game(case.deck, players, random.Random(game), {})
        for _ in range(WALK_ACTIONS):
            if state.is_terminal():
                assert len(state.returns()) == players
                break
            legal = state.legal_actions()
            assert legal, "no legal actions before the end"
            assert len(set(legal)) == len(legal), f"repeated actions in {legal!r}"
            assert 0 <= state.current_player() < players
            state.apply(rng.choice(legal))
            assert state.invariant_violations() == []
        assert state.turns >= 0


@pytest.mark.parametrize("case", names(), indirect=True)
def test_static_findings_are_placed_and_documented(case):
    findings = case.engine.static_checks(case.game)
    for finding in findings:
        assert isinstance(finding, Finding)
        assert finding.loc is not None, f"{finding} has no place"
        assert finding.loc.line >= 1 and finding.loc.column >= 1
        assert finding.code in case.codes_doc, f"code {finding.code} is not documented"


@pytest.mark.parametrize("case", names(), indirect=True)
def test_fired_names_are_listed_as_fireable(case):
    """Whatever fired is a name fireable() lists, so never_fired is meaningful."""
    engine = case.engine
    report = played(case, engine.default_players)
    assert engine.fireable(case.deck), "fireable() lists nothing"
    assert report.unlisted_fired == []


@pytest.mark.parametrize("case", list(engines()), indirect=True)
def test_every_declared_variant_and_option_default_plays_sound_games(case):
    """What an engine declares (variants, options with their defaults) new_game accepts, and
    the games say who went first and how they ended."""
    engine = case.engine
    for variant in [None, *engine.variants()]:
        settings = game_settings(engine, [variant.name] if variant else [], {})
        report = simulate(engine, case.deck, 2, engine.default_players, SEED, options=settings)
        assert report.ok, f"variant {variant}:\n{_problems(report)}"
        assert report.options == settings
        assert sum(report.endings.values()) == report.completed + report.stopped
        assert all(isinstance(reason, str) and reason for reason in report.endings)
        assert 0 <= report.first_player_rate()["rate"] <= 1
