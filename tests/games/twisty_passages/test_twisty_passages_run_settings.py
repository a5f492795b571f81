"""Twisty Passages' figures from games of their own (game length by player count, How Long?
+4) follow the run's `--policy`, `--option` and `--variant`, and say what they were played
with; a caller that gives no settings gets the adaptive policy and the rules' numbers.

The figures' games are played here as the harness plays an engine's figure runs: each run's
games in index order, with the run's player count, seed, policy and options."""

from functools import cache
from pathlib import Path
from statistics import fmean

from msgspec.structs import replace

from generator.check.report import format_simulation
from generator.check.settings import game_settings
from generator.check.simulate import SimulationReport, simulate, simulation_job
from generator.games import load_game
from generator.games.base import RunSettings
from generator.games.twisty_passages import PLUGIN
from generator.games.twisty_passages.figures import GAMES, OWN_SETTINGS

ENGINE = PLUGIN.engine
ROOT = Path(__file__).resolve().parents[3]
DECK = ENGINE.load_deck(load_game(ROOT / "components" / "twisty-passages"))


def settings(policy: str, variants: tuple[str, ...] = (), **options: str) -> RunSettings:
    """A run's settings as `--policy`, `--variant` and `--option NAME=VALUE` give them."""
    return RunSettings(policy, game_settings(ENGINE, variants, options))


@cache
def figures_for(policy: str | None, variants: tuple[str, ...] = (), **options: str) -> dict:
    """The figures of the engine's own games for a run with these settings (None: none given)."""
    given = None if policy is None else settings(policy, variants, **options)
    played = {}
    for run in ENGINE.figure_runs(given):
        job = simulation_job(ENGINE, DECK, run.players, run.seed, run.policy, dict(run.options))
        played[run.name] = [outcome.state for outcome in job.play(range(run.games)).outcomes]
    return ENGINE.run_figures(played, given)


@cache
def default_run() -> SimulationReport:
    """One game of a run given no settings (4 players, seed 0), as the harness reports it:
    played once and read by the tests of that report, neither of which changes it."""
    return simulate(ENGINE, DECK, games=1, players=4, seed=0)


def mean_turns(figures: dict) -> dict[str, float]:
    """Player count -> mean turns of the game-length-by-players figure."""
    return {players: row["mean"] for players, row in figures["game_length_by_players"]["players"].items()}


def played_with(figures: dict, name: str) -> dict:
    return figures[name]["played_with"]


def test_the_figures_follow_the_runs_policy():
    adaptive, random = figures_for("adaptive"), figures_for("random")
    assert played_with(random, "game_length_by_players") == {"policy": "random", "options": {"cards_to_win": "+0"}}
    assert played_with(random, "threshold_plus_4") == {"policy": "random", "options": {"cards_to_win": "+4"}}
    # Random speeds take longer to reach the exit than the adaptive policy, at every count.
    slower = mean_turns(random)
    assert all(slower[n] > turns for n, turns in mean_turns(adaptive).items())
    for deck in ("single_deck", "double_deck"):
        key = f"{deck}_mean_turns"
        assert random["threshold_plus_4"][key] > adaptive["threshold_plus_4"][key]


def test_the_figures_follow_the_runs_options_but_plus_4_keeps_its_own_cards_to_win():
    rules, more = figures_for("adaptive"), figures_for("adaptive", cards_to_win="+2")
    assert played_with(more, "game_length_by_players")["options"] == {"cards_to_win": "+2"}
    # Two more cards to win: longer games on average over the player counts.
    assert fmean(mean_turns(more).values()) > fmean(mean_turns(rules).values())
    assert mean_turns(more) != mean_turns(rules)
    # How Long? +4 sets the cards to win itself: the same games whatever the run's number.
    assert more["threshold_plus_4"] == rules["threshold_plus_4"]


def test_the_figures_follow_the_runs_variants():
    rules, exit_strategy = figures_for("adaptive"), figures_for("adaptive", ("exit_strategy",))
    expected = {"policy": "adaptive", "options": {"cards_to_win": "+0", "exit_strategy": True}}
    assert played_with(exit_strategy, "game_length_by_players") == expected
    plus_4 = played_with(exit_strategy, "threshold_plus_4")
    assert plus_4["options"] == {"cards_to_win": "+4", "exit_strategy": True}
    # Exit Strategy also asks for a Black Zone card drawn in the winning turn: longer games.
    assert fmean(mean_turns(exit_strategy).values()) > fmean(mean_turns(rules).values())
    single = "single_deck_mean_turns"
    assert exit_strategy["threshold_plus_4"][single] != rules["threshold_plus_4"][single]


def test_a_double_deck_run_plays_its_games_with_two_decks_but_plus_4_still_compares_one_with_two():
    runs = {run.name: run for run in ENGINE.figure_runs(settings("adaptive", ("double_deck",)))}
    assert all(runs[f"players-{n}"].options["double_deck"] for n in range(2, 6))
    assert "double_deck" not in runs["single_deck"].options and runs["double_deck"].options["double_deck"]
    doubled = figures_for("adaptive", ("double_deck",))
    assert mean_turns(doubled) != mean_turns(figures_for("adaptive"))
    assert doubled["threshold_plus_4"] == figures_for("adaptive")["threshold_plus_4"]


def test_without_the_runs_settings_the_figures_are_played_adaptive_by_the_rules_numbers():
    runs = ENGINE.figure_runs()
    assert {run.policy for run in runs} == {"adaptive"} and {run.games for run in runs} == {GAMES}
    assert figures_for(None) == figures_for("adaptive")
    assert played_with(figures_for(None), "game_length_by_players") == {
        "policy": "adaptive",
        "options": {"cards_to_win": "+0"},
    }


def test_the_default_runs_figures_are_those_of_the_default_settings():
    """A default run's figures are played by the rules' numbers, with the run's policy where
    the harness passes the engine its settings (the figures' own, adaptive, where it does
    not), and are exactly the figures of the settings they say."""
    report = default_run()
    said = report.figures["game_length_by_players"]["played_with"]
    assert said["options"] == {"cards_to_win": "+0"}
    assert said["policy"] in {report.policies[0], OWN_SETTINGS.policy}
    expected = figures_for(said["policy"])
    assert {name: report.figures[name] for name in expected} == expected


def test_the_text_report_says_what_the_figures_were_played_with():
    report = default_run()
    followed = replace(report, figures={**report.figures, **figures_for("random", ("exit_strategy",))})
    lines = {line.split(":")[0].strip(): line for line in format_simulation(followed)}
    for name, cards in (("game_length_by_players", "+0"), ("threshold_plus_4", "+4")):
        shown = lines[name]
        assert "'policy': 'random'" in shown
        assert f"'cards_to_win': '{cards}'" in shown and "'exit_strategy': True" in shown


def test_a_checked_run_gives_the_figures_its_own_settings():
    """Through the harness (as `cutsheet check --simulate 1 --policy random --variant
    exit_strategy` runs): the figures are those of the run's settings, and say so."""
    options = game_settings(ENGINE, ("exit_strategy",), {})
    report = simulate(ENGINE, DECK, 1, 3, 0, policies="random", options=options)
    by_players = report.figures["game_length_by_players"]
    assert by_players["played_with"] == {"policy": "random", "options": {**options}}
    assert by_players == figures_for("random", ("exit_strategy",))["game_length_by_players"]
