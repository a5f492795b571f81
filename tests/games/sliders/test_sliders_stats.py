"""What a Sliders game records for its figures (Stats, generator/games/sliders/stats.py): a
fresh record of the 40 squares, kept apart for each game, and, as a game is played, where
the throw ended, the rent charged by colour group and the turn of each bankruptcy."""

from generator.games.sliders.stats import Stats
from tests.games.sliders.test_sliders_rules import DYNASTY, KROMAGG, LUXURY, broke, game, own, play


def test_a_fresh_record_counts_nothing_on_forty_squares():
    stats = Stats()
    assert stats.landings == [0] * 40
    assert (stats.in_cage, stats.rent_by_group, stats.bankrupt_turns) == (0, {}, [])


def test_each_record_has_lists_of_its_own():
    first, second = Stats(), Stats()
    first.landings[3] += 1
    first.bankrupt_turns.append(12)
    first.rent_by_group["brown"] += 4
    assert second == Stats()


def test_a_game_records_where_the_throw_ended_and_the_rent_by_group():
    state = game((1, 2))
    assert state.stats == Stats(landings=[0] * 40)
    own(state, 1, KROMAGG)
    play(state, "roll")  # 3 from GO: Kromagg Prime, seat 1's, $4 alone
    assert state.stats.landings == [0, 0, 0, 1] + [0] * 36
    assert state.stats.rent_by_group == {"brown": 4}
    assert state.stats.in_cage == 0


def test_a_game_records_the_turn_of_each_bankruptcy():
    state = game((1, 1), players=3)
    own(state, 2, DYNASTY)
    state.pos[0] = 36
    state.turns = 17
    broke(state, 0, 10)
    play(state, "roll")  # to the Luxury Tax, $75, with $10 and nothing to sell
    assert state.pos[0] == LUXURY
    play(state, "bankrupt")
    assert state.stats.bankrupt_turns == [17]
    assert state.stats.landings[LUXURY] == 1
