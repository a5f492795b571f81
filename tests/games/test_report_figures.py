"""The figures the HTML report draws that engines added for it: Chip Flip's score margin,
Whipped!'s bill pass rates, Twisty Passages' turns by declared speed, and the Slipmax steps
in force when games ended. Each is checked against the finished games themselves."""

from collections import Counter
from pathlib import Path

import pytest

from generator import games
from generator.check.simulate import simulation_job
from generator.games import load_game
from generator.games.chip_flip.figures import score_margin
from generator.games.plugin import report_sections
from generator.games.sections import Simulated
from generator.games.slipmax.figures import steps_in_force_at_end
from generator.games.whipped.figures import bill_pass_rate

COMPONENTS = Path(__file__).resolve().parents[2] / "components"


def finished_states(name: str, folder: str, games_played: int, players: int) -> list:
    engine = games.engines()[name]
    job = simulation_job(engine, engine.load_deck(load_game(COMPONENTS / folder)), players, 7)
    return [outcome.state for outcome in job.play(range(games_played)).outcomes if outcome.ending != "broken"]


def test_score_margin_counts_each_finished_games_margin():
    states = finished_states("chip_flip", "chip-flip", 30, 2)
    margins = [abs(s.outcome().scores[0] - s.outcome().scores[1]) for s in states if s.outcome() is not None]
    figure = games.engines()["chip_flip"].figures(states)["score_margin"]
    assert figure["games_by_margin"] == {str(m): n for m, n in sorted(Counter(margins).items())}
    assert figure["mean"] == round(sum(margins) / len(margins), 3)
    assert score_margin([]) == {"games_by_margin": {}, "mean": 0.0}
    assert list(score_margin([10, 2, 2])["games_by_margin"]) == ["2", "10"]  # by margin, not as text


def test_bill_pass_rate_is_the_share_of_games_each_bill_passed_in():
    states = finished_states("whipped", "whipped", 12, 5)
    rates = bill_pass_rate(states)
    bills = [bill.name for bill in states[0].deck.bills]
    assert list(rates) == bills
    for name in bills:
        assert rates[name] == round(sum(1 for s in states if s.fired[name] > 0) / len(states), 4)
    # a bill passes at most once a game, so the rates add up to the bills passed
    assert sum(rates.values()) * len(states) == pytest.approx(sum(s.tally.bills_passed for s in states), abs=0.01)
    figures = games.engines()["whipped"].figures(states)
    passed, failed = (sum(getattr(s.tally, key) for s in states) for key in ("bills_passed", "bills_failed"))
    assert figures["pass_share"] == {"5": round(passed / (passed + failed), 4)}


def test_whipped_reports_its_bill_pass_rates():
    states = finished_states("whipped", "whipped", 12, 5)
    figures = games.engines()["whipped"].figures(states)
    (section,) = report_sections("whipped")
    drawn = section.draw(Simulated("Whipped!", figures, None, len(states)))
    assert drawn is not None and drawn.title == "Bill pass rates"
    assert [plot.name for plot in drawn.plots] == ["bill-pass-rate"]
    share = 100 * figures["pass_share"]["5"]
    assert drawn.text == f"Bills passed out of bills voted on: 5 players: {share:.1f}%."
    assert section.draw(Simulated("Whipped!", {}, None, 0)) is None


def test_twisty_passages_reports_its_turns_by_declared_speed():
    states = finished_states("twisty_passages", "twisty-passages", 6, 4)
    figures = games.engines()["twisty_passages"].figures(states)
    (section,) = report_sections("twisty_passages")
    drawn = section.draw(Simulated("Twisty Passages", figures, None, len(states)))
    assert drawn is not None and drawn.title == "Speed"
    assert [plot.name for plot in drawn.plots] == ["speed"]
    (table,) = drawn.tables
    assert [row[:2] for row in table.rows] == [(str(row["speed"]), str(row["turns"])) for row in figures["speed"]]
    assert section.draw(Simulated("Twisty Passages", {}, None, 0)) is None


def test_steps_in_force_at_end_are_the_steps_showing_when_the_rules_ended_the_game():
    states = finished_states("slipmax", "slipmax", 15, 4)
    decided = [s for s in states if s.is_terminal() and s.ended_by_rules()]
    assert decided
    counts = steps_in_force_at_end(states)
    strips = states[0].deck.strips
    expected: Counter = Counter()
    for state in decided:
        for register, strip in enumerate(state.reg_strip):
            if state.reg_pos[register] >= 0:
                expected[(strips[strip].title, strips[strip].steps[state.reg_pos[register]].name)] += 1
    assert {(title, step): n for title, steps in counts.items() for step, n in steps.items()} == dict(expected)
    titles = [strip.title for strip in strips]
    assert list(counts) == sorted(counts, key=titles.index)  # in deck order
    shown = sum(1 for s in decided for position in s.reg_pos if position >= 0)
    assert sum(n for steps in counts.values() for n in steps.values()) == shown
