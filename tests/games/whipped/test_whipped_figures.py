"""Whipped!'s figures: per player count, the per-game means of each game's tally, the share of
bills voted on that passed (None where none came to a vote), and each bill's pass rate over
all games, in deck order. The games are three tallies written out here; every expected
number is their arithmetic done by hand."""

from collections import Counter
from types import SimpleNamespace

from generator.games.whipped.figures import WhippedTally, bill_pass_rate, figures
from generator.games.whipped.state import Tally

#: The deck as the figures read it: its bills' names, in deck order.
DECK = SimpleNamespace(bills=tuple(SimpleNamespace(name=name) for name in ("Act C", "Act A", "Act B")))


def game(players: int, passed: list[str], **tally) -> SimpleNamespace:
    """A finished game as the figures read it: its deck, players, tally and what fired."""
    return SimpleNamespace(deck=DECK, num_players=players, tally=Tally(**tally), fired=Counter(passed))


GAMES = [
    game(
        4,
        ["Act A", "Act B"],
        bills_passed=2,
        bills_failed=4,
        turns_without_sponsor=10,
        sponsor_auctions=1,
        self_fills=1,
        level_points=Counter({1: 6, 2: 3, 3: 1}),
        penalty_points=1,
        riders_played=3,
        rider_points=4,
        rider_votes=2,
    ),
    game(4, ["Act A"], bills_passed=1, bills_failed=3, turns_without_sponsor=12, level_points=Counter({1: 3})),
    game(5, [], turns_without_sponsor=25),
]


def test_each_bills_pass_rate_is_the_share_of_games_it_passed_in_in_deck_order():
    rates = bill_pass_rate(GAMES)
    assert rates == {"Act C": 0.0, "Act A": 0.6667, "Act B": 0.3333}  # 0, 2 and 1 of 3 games
    assert list(rates) == ["Act C", "Act A", "Act B"]


def test_means_per_player_count():
    out = figures(GAMES)
    assert out["bills_per_game"] == {
        "4": {"passed": 1.5, "failed": 3.5, "without_sponsor": 11.0, "sponsor_auctions": 0.5},
        "5": {"passed": 0.0, "failed": 0.0, "without_sponsor": 25.0, "sponsor_auctions": 0.0},
    }
    assert out["points_by_level_per_game"]["4"] == {"1": 4.5, "2": 1.5, "3": 0.5, "penalty": 0.5, "self_fills": 0.5}
    assert out["riders_per_game"]["4"] == {"played": 1.5, "points": 2.0, "votes": 1.0}


def test_the_pass_share_is_of_bills_voted_on_and_none_without_a_vote():
    # 4 players: 3 passed of 3 + 7 voted on; 5 players: no bill came to a vote.
    assert figures(GAMES)["pass_share"] == {"4": 0.3, "5": None}


def test_the_totals_keep_the_sums_and_the_games():
    totals = figures(GAMES)["whipped_totals"]
    assert list(totals) == ["4", "5"]
    assert totals["4"]["games"] == 2 and totals["5"]["games"] == 1
    assert (totals["4"]["bills_passed"], totals["4"]["points_level_1"], totals["4"]["rider_votes"]) == (3, 9, 2)


def test_game_by_game_is_the_same_as_all_at_once():
    tally = WhippedTally()
    for one in GAMES:
        tally.add(one)
    assert tally.games == 3 and tally.figures() == figures(GAMES)
