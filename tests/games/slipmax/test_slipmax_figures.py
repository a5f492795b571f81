"""The Slipmax simulation figures (SlipmaxTally, figures() and steps_in_force_at_end(),
generator/games/slipmax/figures.py) from four games written out here, every figure worked
out by hand: money at the end, the winners' money, players out, the steps showing when the
rules ended a game (a register showing only its title counts for none) and the steps that
held the stalemates."""

from pathlib import Path
from types import SimpleNamespace

from generator.games import load_game
from generator.games.slipmax.engine import SlipmaxEngine
from generator.games.slipmax.figures import SlipmaxTally, figures, steps_in_force_at_end

DECK = SlipmaxEngine().load_deck(load_game(Path(__file__).resolve().parents[3] / "components" / "slipmax"))
PAIN, JOY, JUSTICE, MOTION, CONTROL, CHANCE, CHAOS = range(7)  # the deck's first seven strips


def ended(money, out, strips, showing, terminal=True, by_rules=True, stalemate=""):
    return SimpleNamespace(
        deck=DECK,
        money=money,
        out=out,
        reg_strip=strips,
        reg_pos=showing,
        returns=lambda: [-1.0 if gone else float(cents) for cents, gone in zip(money, out, strict=True)],
        is_terminal=lambda: terminal,
        ended_by_rules=lambda: by_rules,
        stalemate_step=lambda: stalemate,
    )


GAMES = [
    # Everyone reached the end: Joy shows (2), Justice (0), Chaos (7); three show titles.
    ended([12, 0, 5], [False] * 3, [PAIN, JOY, JUSTICE, MOTION, CONTROL, CHAOS], [-1, 2, 0, -1, -1, 7]),
    # Seat 1 out of the game: Joy (2) and Justice (0) again.
    ended([3, 3, 20], [False, True, False], [JOY, PAIN, JUSTICE, MOTION, CONTROL, CHANCE], [2, -1, 0, -1, -1, -1]),
    # A stalemate the engine stopped.
    ended(
        [0, 0, 0],
        [False] * 3,
        [PAIN, JOY, JUSTICE, MOTION, CONTROL, CHAOS],
        [-1, -1, -1, -1, -1, 5],
        by_rules=False,
        stalemate="Life of Chaos (5)",
    ),
    # Not over: stopped by the harness's action cap.
    ended([10, 10, 10], [False] * 3, [PAIN, JOY, JUSTICE, MOTION, CONTROL, CHAOS], [0, 0, 0, 0, 0, 0], terminal=False),
]


def test_the_figures_of_four_games_worked_out_by_hand():
    assert figures(GAMES) == {
        # Every seat's money: 0 0 0 0 3 3 5 10 10 10 12 20.
        "final_money": {"mean": round(73 / 12, 2), "median": 4.0, "max": 20, "broke_share": round(4 / 12, 3)},
        "winner_money_mean": (12 + 20 + 0 + 10) / 4,
        "players_out_mean": 0.25,
        "steps_in_force_at_end": {
            "Life of Joy": {"Life of Joy (2)": 2},
            "Life of Justice": {"Life of Justice (0)": 2},
            "Life of Chaos": {"Life of Chaos (7)": 1},
        },
        "stalemate_steps": {"Life of Chaos (5)": 1},
        # The two games the rules ended: 0 3 3 5 12 20, their winners 12 and 20.
        "final_money_ended_by_rules": {
            "mean": round(43 / 6, 2),
            "median": 4.0,
            "max": 20,
            "broke_share": round(1 / 6, 3),
        },
        "winner_money_mean_ended_by_rules": (12 + 20) / 2,
        "counted_over": {
            "final_money": "of all 4 games (2 unended: their money when stopped)",
            "winner_money_mean": "of all 4 games (2 unended: their richest seat when stopped)",
            "final_money_ended_by_rules": "of the 2 games the rules ended",
            "winner_money_mean_ended_by_rules": "of the 2 games the rules ended",
            "steps_in_force_at_end": "of the 2 games the rules ended",
            "stalemate_steps": "of the 1 game stopped in a stalemate",
        },
    }


def test_the_steps_in_force_are_in_deck_order_and_only_from_games_the_rules_ended():
    counts = steps_in_force_at_end(GAMES)
    assert list(counts) == ["Life of Joy", "Life of Justice", "Life of Chaos"]
    assert steps_in_force_at_end(GAMES[2:]) == {}


def test_the_tally_gathered_game_by_game_gives_the_same_figures():
    tally = SlipmaxTally()
    for game in GAMES:
        tally.add(game)
    assert tally.games == 4 and tally.figures() == figures(GAMES)
    assert SlipmaxTally().figures() == {} == figures([])
