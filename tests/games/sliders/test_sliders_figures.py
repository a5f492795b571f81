"""The Sliders simulation figures (SlidersTally and figures(), generator/games/sliders/
figures.py), gathered from two games whose records are written out here, with every
figure worked out by hand: landing shares of all throws, the share in the Slidecage, rent
per game by group, turns to the first and second bankruptcy, and capped games."""

from types import SimpleNamespace

from generator.games.sliders.figures import SlidersTally, figures
from generator.games.sliders.stats import Stats


def finished(landings: dict[int, int], in_cage: int, rent: dict[str, int], bankrupt: list[int], over: bool):
    board = [0] * 40
    for square, count in landings.items():
        board[square] = count
    stats = Stats(board, in_cage)
    stats.rent_by_group.update(rent)
    stats.bankrupt_turns.extend(bankrupt)
    return SimpleNamespace(stats=stats, capped=False, is_terminal=lambda: over)


GAMES = [
    finished({0: 2, 10: 3, 24: 5}, 1, {"brown": 30, "railroad": 50}, [40, 90], over=True),
    finished({10: 1, 24: 9}, 1, {"brown": 10}, [60], over=False),  # stopped by the harness's cap
]


def test_the_figures_of_two_games_worked_out_by_hand():
    result = figures(GAMES)
    shares = [0.0] * 40
    shares[0], shares[10], shares[24] = 2 / 20, 4 / 20, 14 / 20
    assert result == {
        "landing_share": shares,
        "in_jail_share": 0.1,  # 2 of the 20 throws
        "rent_per_game_by_group": {"brown": 20.0, "railroad": 25.0},
        "turns_to_first_bankruptcy": {"games": 2, "mean": 50.0, "median": 50.0},
        "turns_to_second_bankruptcy": {"games": 1, "mean": 90, "median": 90},
        "games_capped": 1,
        "share_capped": 0.5,
    }


def test_a_game_the_rules_capped_counts_as_capped():
    game = finished({0: 1}, 0, {}, [], over=True)
    game.capped = True
    tally = SlidersTally()
    tally.add(game)
    assert tally.figures()["games_capped"] == 1
    assert tally.figures()["turns_to_first_bankruptcy"] is None


def test_the_tally_gathered_game_by_game_gives_the_same_figures():
    tally = SlidersTally()
    for game in GAMES:
        tally.add(game)
    assert tally.games == 2 and tally.figures() == figures(GAMES)


def test_no_games_give_no_figures():
    assert SlidersTally().figures() == {} == figures([])
