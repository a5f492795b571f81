"""What a sweep says moved: each setting change whose figure's difference from its baseline
(the combination with that setting at its first value, the others the same) has a 95%
interval that leaves out 0, worded as "players 6: ended by the rules 73.0% vs 81.0% at 4",
on the terminal's lines and in sweep.html; and the intervals of differences it rests on.

Newcombe's hybrid score intervals are checked against his published examples (Statistics in
Medicine 17, 1998, Table II, method 10): 56/70 - 48/80 -> 0.0524 to 0.3339, 9/10 - 3/10 ->
0.1705 to 0.8090, 6/7 - 2/7 -> 0.0582 to 0.8062, 5/56 - 0/29 -> -0.0381 to 0.1926."""

import statistics
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator import games
from generator.charts import percent
from generator.check.stats import mean_difference, mean_error, rate, rate_difference
from generator.check.sweep import (
    COMPARED,
    Combination,
    SweepResult,
    baselines,
    moved,
    moved_lines,
    row,
    run_sweep,
    sweep_plan,
    terminal_lines,
    vary,
)
from generator.check.sweep_html import render_html
from generator.games import load_game
from tests.check.test_plots import report

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("a", "b", "low", "high"),
    [((56, 70), (48, 80), 0.0524, 0.3339), ((9, 10), (3, 10), 0.1705, 0.8090), ((6, 7), (2, 7), 0.0582, 0.8062),
     ((5, 56), (0, 29), -0.0381, 0.1926)],
)  # fmt: skip
def test_the_interval_of_a_difference_of_shares_is_newcombes(a, b, low, high):
    assert rate_difference(rate(*a), rate(*b)) == pytest.approx((low, high), abs=5e-5)


def test_the_interval_of_a_difference_of_means_adds_the_runs_errors():
    a, b = {1: 1, 3: 1, 5: 2}, {2: 3, 4: 1}  # 1 3 5 5 and 2 2 2 4
    errors = [statistics.stdev(values) / 2 for values in ([1, 3, 5, 5], [2, 2, 2, 4])]
    assert mean_error(a) == pytest.approx(errors[0])
    half = 1.959963984540054 * (errors[0] ** 2 + errors[1] ** 2) ** 0.5
    assert mean_difference(a, b) == pytest.approx((3.5 - 2.5 - half, 3.5 - 2.5 + half))
    with pytest.raises(ValueError, match="two values or more"):
        mean_error({7: 1})


# --- baselines ------------------------------------------------------------------------------


def combination(players: int, variant: str) -> Combination:
    return Combination((("players", str(players)), ("variant", variant)), players, "random", (), {})


PLAN = tuple(combination(p, v) for p in (4, 2, 6) for v in ("none", "house-rules"))


def test_each_combination_is_compared_with_the_one_at_a_settings_first_value_per_setting_changed():
    sweep = SweepResult("toy", 100, 1, ("players", "variant"), PLAN, (report(),) * len(PLAN))
    # 0 (4, none), 1 (4, house), 2 (2, none), 3 (2, house), 4 (6, none), 5 (6, house)
    assert list(baselines(sweep)) == [(1, 0, 1), (2, 0, 0), (3, 1, 0), (3, 2, 1), (4, 0, 0), (5, 1, 0), (5, 4, 1)]


def test_an_interrupted_sweep_compares_the_combinations_played():
    sweep = SweepResult("toy", 100, 1, ("players", "variant"), PLAN, (report(),) * 3)
    assert list(baselines(sweep)) == [(1, 0, 1), (2, 0, 0)]
    assert list(baselines(SweepResult("toy", 100, 1, (), PLAN[:1], ()))) == []


# --- what moved -----------------------------------------------------------------------------


def ran(completed: int, **changes):
    """100 games of which the rules ended `completed` (the rest capped)."""
    return report(games=100, completed=completed, capped=100 - completed, **changes)


def players_sweep(*reports) -> SweepResult:
    plan = tuple(
        Combination((("players", str(n)),), n, "random", (), {}) for n in (2, 3, 4, 5)[: len(reports)]
    )  # fmt: skip
    return SweepResult("toy", 100, 1, ("players",), plan, reports)


def test_a_share_of_games_ended_moved_beyond_its_interval_is_said_in_the_examples_words():
    """90 of 100 against 50 of 100: -40 points, 95% interval -50.6 to -27.8 (Wilson's
    intervals 82.6% to 94.5% and 40.4% to 59.6%, combined as Newcombe does)."""
    base = ran(90, first_player_wins=45, seat_wins=[45, 45], ended_lengths={3: 45, 5: 45})
    fewer = ran(50, first_player_wins=25, seat_wins=[25, 25], ended_lengths={3: 25, 5: 25})
    [change] = moved(players_sweep(base, fewer))
    said = "players 3: ended by the rules 50.0% vs 90.0% at 2 (-40.0 points, 95% interval -50.6 to -27.8)"
    assert str(change) == said


def test_a_change_within_the_interval_is_not_listed_and_the_terminal_says_nothing_moved():
    base = ran(90, first_player_wins=45, ended_lengths={3: 45, 5: 45})
    near = ran(85, first_player_wins=43, ended_lengths={3: 43, 5: 42})
    sweep = players_sweep(base, near)
    assert moved(sweep) == []
    assert moved_lines(sweep) == ["nothing moved beyond its 95% interval against each setting's first value"]
    assert moved_lines(players_sweep(base)) == []  # nothing to compare with


def test_the_first_players_edge_is_compared_over_the_even_share_of_each_player_count():
    """Two players, 50 of 100 won by the first (edge 0); three players, 60 of 100 (edge +26.7
    points over 33.3%): the win rates differ by 10 points (-3.7 to +23.2), the edges by 26.7."""
    even = ran(100, first_player_wins=50, ended_lengths={4: 100})
    edged = ran(100, players=3, first_player_wins=60, seat_wins=[60, 20, 20], ended_lengths={4: 100})
    [change] = moved(players_sweep(even, edged))
    assert change.figure is COMPARED[1]
    assert (change.this, change.before) == ("+26.7 points", "+0.0 points")
    difference, low, high = change.difference
    assert difference == pytest.approx(26.667, abs=1e-3)
    win_low, win_high = rate_difference(rate(60, 100), rate(50, 100))
    assert (low, high) == pytest.approx((100 * (win_low + 1 / 6), 100 * (win_high + 1 / 6)))
    assert str(change).startswith("players 3: first player's edge +26.7 points vs +0.0 points at 2 (+26.7 points")


def test_the_mean_length_of_the_games_the_rules_ended_is_compared():
    base = ran(100, first_player_wins=50, ended_lengths={10: 50, 12: 50})
    longer = ran(100, first_player_wins=50, ended_lengths={20: 50, 22: 50})
    [change] = moved(players_sweep(base, longer))
    assert change.figure is COMPARED[2]
    assert str(change).startswith("players 3: mean length of the games the rules ended 21 turns vs 11 turns at 2")


def test_the_settings_held_are_named_and_the_terminal_lists_every_change():
    base = ran(90, first_player_wins=45, ended_lengths={3: 45, 5: 45})
    fewer = ran(50, first_player_wins=25, ended_lengths={3: 25, 5: 25})
    plan = (combination(4, "none"), combination(4, "house-rules"))
    sweep = SweepResult("toy", 100, 1, ("players", "variant"), plan, (fewer, base))
    lines = moved_lines(sweep)
    assert lines == [
        "moved beyond its 95% interval, against each setting's first value:",
        "  variant house-rules (players 4): ended by the rules 90.0% vs 50.0% at none "
        "(+40.0 points, 95% interval +27.8 to +50.6)",
    ]


class Items(HTMLParser):
    def __init__(self, text: str):
        super().__init__()
        self.items: list[str] = []
        self.headings: list[str] = []
        self._in: list[str] | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        if tag in ("li", "h2"):
            self._in = self.items if tag == "li" else self.headings
            self._in.append("")

    def handle_endtag(self, tag):
        self._in = None

    def handle_data(self, data):
        if self._in is not None:
            self._in[-1] += data


def test_the_page_lists_what_moved_in_the_terminals_words():
    sweep = players_sweep(ran(90, ended_lengths={3: 45, 5: 45}), ran(50, ended_lengths={3: 25, 5: 25}))
    page = Items(render_html(sweep, "Toy"))
    assert page.headings == ["What moved"]
    assert page.items == [str(change) for change in moved(sweep)] and len(page.items) == 1
    quiet = Items(render_html(players_sweep(ran(90, ended_lengths={3: 90})), "Toy"))
    assert quiet.headings == [] and quiet.items == []


def test_the_table_row_has_the_figures_of_every_game_and_of_the_games_the_rules_ended():
    cells = row(combination(2, "none"), ran(90, ended_lengths={3: 45, 5: 45}))
    assert cells["completed"] == 90 and cells["unended"] == 10
    assert cells["turns_ended_by_rules_mean"] == 4 and cells["turns_ended_by_rules_max"] == 5
    assert cells["no_winner_share"] == 0.1


def test_slipmax_at_six_players_ends_by_the_rules_less_often_and_takes_longer_than_at_two():
    engine = games.engines()["slipmax"]
    deck = engine.load_deck(load_game(ROOT / "components" / "slipmax"))
    sweep = run_sweep(engine, deck, sweep_plan(engine, [vary("players=2,6")]), 100, 0)
    two, six = sweep.reports
    assert six.completed_share < two.completed_share and six.turns_ended()["mean"] > two.turns_ended()["mean"]
    found = {change.figure.name: str(change) for change in moved(sweep)}
    shares = f"{percent(six.completed_share)} vs {percent(two.completed_share)}"
    assert found["ended by the rules"].startswith(f"players 6: ended by the rules {shares} at 2 (-")
    assert found["mean length of the games the rules ended"].startswith("players 6: mean length of the games the")


def test_the_terminal_gives_each_combinations_figures_with_the_games_they_count_then_what_moved():
    base = ran(90, first_player_wins=45, ended_lengths={3: 45, 5: 45})
    turns = {"mean": 6.5, "median": 6, "p95": 9, "max": 9}  # the unended games are the long ones
    fewer = ran(50, first_player_wins=25, ended_lengths={3: 25, 5: 25}, turns=turns)
    sweep = players_sweep(base, fewer)
    assert terminal_lines(sweep) == [
        "players=2: 100 games, 90.0% ended by the rules; mean 4 turns of every game, 4 of the games the rules "
        "ended; first player won 50.0% of the games the rules ended",
        "players=3: 100 games, 50.0% ended by the rules; mean 6.5 turns of every game, 4 of the games the rules "
        "ended; first player won 50.0% of the games the rules ended",
        *moved_lines(sweep),
    ]
    assert len(moved_lines(sweep)) == 2
