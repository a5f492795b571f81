"""Games that never end by the rules, counted in the figures and said to be: every figure of
who won or how long games took names the games it counts ("of the 12 games the rules
ended"), and where some games did not end by the rules the same figure over every game
stands beside it (an unended game has no winner, and counts at its length when stopped), in
the text, the JSON and the engine's own figures (COUNTED_OVER).

The toy race (tests/check/test_harness.py) on a 3-space track with the `stuck` fault: the
first mover wins on turn 1 with a 3 or a dash, the second on turn 2 likewise; any other game
is stopped by the engine at turn 3. The expected figures are counted again here from the
same games, played one by one (game i of a run is always the same game)."""

from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from generator import games
from generator.check.report import format_simulation
from generator.check.simulate import COUNTED_OVER, simulate, simulation_job
from generator.check.stats import rate, summary
from generator.games import load_game
from generator.games.slipmax.figures import SlipmaxTally
from tests.check.test_harness import TOY, ToyRace, Track, run

ROOT = Path(__file__).resolve().parents[2]
SHORT = Track("short", 3)
GAMES = 40


def played(games_played: int = GAMES, seed: int = 7) -> list:
    """The outcomes of the run's games, played one by one as the run plays them."""
    job = simulation_job(TOY, SHORT, 2, seed, options={"stuck": True})
    return job.play(range(games_played)).outcomes


def stuck_run():
    return run(games=GAMES, deck=SHORT, options={"stuck": True})


def test_the_run_is_a_mix_of_games_the_rules_ended_and_games_the_engine_stopped():
    report = stuck_run()
    assert 0 < report.completed < GAMES and report.stopped == GAMES - report.completed
    assert report.unended == report.stopped and report.measured == GAMES


def test_win_rates_of_every_game_count_an_unended_game_as_no_winner():
    outcomes = played()
    wins = Counter(o.state.returns().index(1.0) for o in outcomes if o.ending == "completed")
    unended = sum(o.ending == "stopped" for o in outcomes)
    report = stuck_run()
    assert report.seat_win_rate_all() == [rate(wins[0], GAMES), rate(wins[1], GAMES)]
    assert report.no_winner_rate() == rate(unended, GAMES)
    assert sum(r["rate"] for r in report.seat_win_rate_all()) + report.no_winner_rate()["rate"] == pytest.approx(1)
    # of the games the rules ended, the same wins are shared among fewer games
    assert report.seat_win_rate() == [rate(wins[0], GAMES - unended), rate(wins[1], GAMES - unended)]
    first = report.first_player_rate_all()
    assert first == {**rate(wins[0], GAMES), "games": GAMES}  # seat 1 moves first in every toy game


def test_game_length_of_every_game_and_of_the_games_the_rules_ended():
    outcomes = played()
    ended = [o.state.turns for o in outcomes if o.ending == "completed"]
    report = stuck_run()
    assert report.turns == summary([o.state.turns for o in outcomes])
    assert report.turns_ended() == summary(ended)
    assert report.turns["max"] == 3 and report.turns_ended()["max"] <= 2  # the engine stops games at turn 3


def test_every_figure_of_who_won_or_how_long_says_which_games_it_counts():
    report = stuck_run()
    ended, unended = report.completed, report.unended
    counted = report.counted_over()
    assert counted["seat_win_rate"] == counted["first_player"] == f"of the {ended} games the rules ended"
    assert counted["turns_ended_by_rules"] == f"of the {ended} games the rules ended"
    assert counted["turns"] == f"of all 40 games ({unended} unended: counted at their length when stopped or capped)"
    every = f"of all 40 games ({unended} unended: no winner)"
    assert counted["seat_win_rate_all_games"] == counted["first_player_all_games"] == counted["no_winner"] == every


def test_the_json_keeps_its_keys_and_adds_the_figures_of_every_game_and_their_labels():
    report = stuck_run()
    data = report.as_json()
    assert data["seat_win_rate"] == report.seat_win_rate() and data["first_player"] == report.first_player_rate()
    assert data["turns"] == report.turns and data["completed_share"] == report.completed / GAMES
    assert data["completed"] == report.completed and data["unended"] == report.unended
    assert data["turns_ended_by_rules"] == report.turns_ended()
    assert data["seat_win_rate_all_games"] == report.seat_win_rate_all()
    assert data["first_player_all_games"] == report.first_player_rate_all()
    assert data["no_winner"] == report.no_winner_rate()
    assert data["counted_over"] == report.counted_over()


def test_the_text_labels_each_figure_and_shows_the_one_of_every_game_beside_it():
    report = stuck_run()
    ended, unended = report.completed, report.unended
    text = "\n".join(format_simulation(report))
    turns = report.turns_ended()
    assert f"  turns, of the {ended} games the rules ended: mean {turns['mean']:.1f}" in text
    assert f"  turns, of all 40 games ({unended} unended: counted at their length when stopped or capped): " in text
    assert f"  win rate by seat (95% interval), of the {ended} games the rules ended: 1: " in text
    no_winner = report.no_winner_rate()
    assert f"  win rate by seat (95% interval), of all 40 games ({unended} unended: no winner): 1: " in text
    assert f"no winner: {100 * no_winner['rate']:.1f}% [" in text
    assert f"of the {ended} games the rules ended (an even share is 50.0%)" in text
    assert text.count("  first player won ") == 2


def test_where_every_game_ended_the_figures_are_shown_once_and_say_so():
    report = run(games=30)
    assert report.unended == 0 and report.completed == 30
    lines = format_simulation(report)
    assert "  win rate by seat (95% interval), of the 30 games the rules ended: 1: " in "\n".join(lines)
    assert [line.split(":")[0] for line in lines if line.startswith("  turns")] == ["  turns, of all 30 games"]
    assert sum(line.startswith("  first player won ") for line in lines) == 1


def test_broken_games_are_left_out_and_the_label_says_so():
    report = run(games=6, deck=Track("long", 40), options={"crash_at": 5})
    assert report.broken == 6 and report.measured == 0
    assert report.counted_over()["turns"] == "of the 0 games without a problem"
    assert report.ended_games() == "of the 0 games the rules ended"


# --- the engine's own figures --------------------------------------------------------------


class LabelledRace(ToyRace):
    """Its bank figure counts the finished games only, and says so."""

    labels: object = None

    def figures(self, states: list) -> dict:
        finished = [s for s in states if s.is_terminal() and s.ended_by_rules()]
        labels = self.labels if self.labels is not None else {"bank_at_end": f"of the {len(finished)} games that ended"}
        return {"bank_at_end": sum(s.bank for s in finished) / max(len(finished), 1), COUNTED_OVER: labels}


def test_an_engine_figure_says_which_games_it_counts_in_the_text_and_the_json():
    report = simulate(LabelledRace(), SHORT, GAMES, 2, 7, options={"stuck": True})
    label = f"of the {report.completed} games that ended"
    assert report.figure_labels == {"bank_at_end": label}
    assert COUNTED_OVER not in report.figures  # moved beside the harness's labels
    assert report.as_json()["counted_over"]["bank_at_end"] == label
    figure = report.figures["bank_at_end"]
    assert f"  bank_at_end, {label}: {figure}" in format_simulation(report)


@pytest.mark.parametrize(
    ("labels", "message"),
    [
        ({"bank_in_the_end": "of some games"}, "counted_over names figures there are not: bank_in_the_end"),
        (["bank_at_end"], "counted_over is ['bank_at_end'], not figure names with what each counts"),
        ({"bank_at_end": 3}, "not figure names with what each counts"),
    ],
)
def test_labels_that_name_no_figure_or_are_no_phrases_are_a_figures_problem(labels, message):
    engine = LabelledRace()
    engine.labels = labels
    report = simulate(engine, SHORT, 4, 2, 7)
    [problem] = report.problems
    assert problem.code == "SIM007" and message in problem.message
    assert report.figures == {} and report.figure_labels == {}


def slipmax_game(money, out, terminal=True, by_rules=True):
    """A finished Slipmax game as SlipmaxTally reads it, every register showing its title."""
    return SimpleNamespace(
        deck=SimpleNamespace(strips=()),
        money=money,
        out=out,
        reg_strip=[],
        reg_pos=[],
        returns=lambda: [-1.0 if gone else float(cents) for cents, gone in zip(money, out, strict=True)],
        is_terminal=lambda: terminal,
        ended_by_rules=lambda: by_rules,
        stalemate_step=lambda: "Life of Chaos (5)",
    )


def test_slipmax_gives_the_money_of_the_games_the_rules_ended_beside_that_of_every_game():
    """Ended: [12, 0, 5] (winner 12) and [3, out, 20] (winner 20); a stalemate [0, 0, 0]
    whose richest seat has 0; a capped game [10, 10, 10]."""
    tally = SlipmaxTally()
    for game in (
        slipmax_game([12, 0, 5], [False] * 3),
        slipmax_game([3, 3, 20], [False, True, False]),
        slipmax_game([0, 0, 0], [False] * 3, by_rules=False),
        slipmax_game([10, 10, 10], [False] * 3, terminal=False),
    ):
        tally.add(game)
    figures = tally.figures()
    # every seat's money of the two ended games: 0 3 3 5 12 20
    assert figures["final_money_ended_by_rules"] == {"mean": 7.17, "median": 4.0, "max": 20, "broke_share": 0.167}
    assert figures["winner_money_mean_ended_by_rules"] == 16.0
    assert figures["winner_money_mean"] == 10.5  # (12 + 20 + 0 + 10) / 4: unended games' richest seats too
    assert figures["counted_over"] == {
        "final_money": "of all 4 games (2 unended: their money when stopped)",
        "winner_money_mean": "of all 4 games (2 unended: their richest seat when stopped)",
        "final_money_ended_by_rules": "of the 2 games the rules ended",
        "winner_money_mean_ended_by_rules": "of the 2 games the rules ended",
        "steps_in_force_at_end": "of the 2 games the rules ended",
        "stalemate_steps": "of the 1 game stopped in a stalemate",
    }


def test_slipmax_without_a_game_the_rules_ended_has_no_money_of_them():
    tally = SlipmaxTally()
    tally.add(slipmax_game([0, 0, 0], [False] * 3, by_rules=False))
    figures = tally.figures()
    assert figures["final_money_ended_by_rules"] is None and figures["winner_money_mean_ended_by_rules"] is None
    assert figures["counted_over"]["final_money"] == "of the 1 game (1 unended: their money when stopped)"


def test_slipmax_as_written_leaves_games_unended_and_its_report_says_which_games_each_figure_counts():
    engine = games.engines()["slipmax"]
    deck = engine.load_deck(load_game(ROOT / "components" / "slipmax"))
    report = simulate(engine, deck, 60, 6, 0)
    assert report.stopped > 0  # stalemates the rules give no way out of
    labels = report.counted_over()
    assert labels["winner_money_mean_ended_by_rules"] == f"of the {report.completed} games the rules ended"
    assert labels["stalemate_steps"] == f"of the {report.stopped} games stopped in a stalemate"
    assert labels["final_money"] == f"of all 60 games ({report.stopped} unended: their money when stopped)"
    text = "\n".join(format_simulation(report))
    assert f"  winner_money_mean_ended_by_rules, of the {report.completed} games the rules ended: " in text


def test_chip_flips_points_and_margins_say_they_count_the_games_that_ended():
    engine = games.engines()["chip_flip"]
    deck = engine.load_deck(load_game(ROOT / "components" / "chip-flip"))
    report = simulate(engine, deck, 12, 2, 3)
    finished = sum(report.figures["score_margin"]["games_by_margin"].values())
    assert finished == 12 - report.figures["unfinished_games"]
    assert report.figure_labels == dict.fromkeys(("points", "score_margin"), f"of the {finished} games that ended")
