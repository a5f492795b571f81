"""The Sliders invariants (InvariantsMixin, generator/games/sliders/invariants.py): the full
check names every broken rule at once, with the amounts and squares worked out by hand
below; a hotel counts one higher than the most houses (four, three in the short game) when
buildings must stand evenly; and the quick test agrees with the full check before, during
and after a breakage."""

from generator.games.sliders.invariants import InvariantsMixin
from generator.games.sliders.rules import HOTEL
from tests.games.sliders.test_sliders_rules import CHEST, DESERT, EARTH, ICE, NORTH_LINE, WATER, game, on_top, own


def test_a_fresh_game_is_sound():
    state = game(players=3)
    assert InvariantsMixin._sound(state)
    assert InvariantsMixin._violations(state) == []


def test_every_broken_rule_is_named_at_once():
    state = game()
    state.cash[0] = 1490  # $10 gone without the ledger knowing
    state.level[NORTH_LINE] = 1  # a house from nowhere, on a railway
    state.mortgaged[EARTH] = True  # a deed nobody owns
    assert not InvariantsMixin._sound(state)
    assert InvariantsMixin._violations(state) == [
        "players hold $2990, the ledger says $3000",
        "33 houses and 12 hotels exist",
        "square 5 takes no buildings but has some",
        "a deed of the Bank is mortgaged",
        "buildings on railroad outside a complete group",
    ]


def test_holdings_no_seat_may_have_are_named():
    state = game(players=3)
    on_top(state, "chance", "Dividend")
    state.held[1].append(state.piles["chance"].popleft())  # still 32 cards, one in a hand
    state.owner[CHEST] = 0
    own(state, 2, DESERT)
    state.alive[2] = False
    assert InvariantsMixin._violations(state) == [
        "seat 1 holds 'chance: Dividend'",  # only a Get Out card may be kept
        "square 6 owned by the bankrupt seat 2",
        "square 2 is no deed but seat 0 owns it",
    ]
    assert not InvariantsMixin._sound(state)


def light_blue(state, levels: tuple[int, int, int]):
    """Seat 0 owns the light-blue group with these buildings, taken from the Bank."""
    own(state, 0, DESERT, WATER, ICE)
    for sq, level in zip((DESERT, WATER, ICE), levels, strict=True):
        state.level[sq] = level
        if level == HOTEL:
            state.bank_hotels -= 1
        else:
            state.bank_houses -= level
    return state


def test_a_hotel_stands_one_above_four_houses():
    assert InvariantsMixin._violations(light_blue(game(), (HOTEL, 4, 4))) == []
    uneven = light_blue(game(), (HOTEL, 3, 4))
    assert InvariantsMixin._violations(uneven) == ["uneven building on light-blue: [5, 3, 4]"]
    assert not InvariantsMixin._sound(uneven)


def test_in_the_short_game_a_hotel_stands_one_above_three_houses():
    assert InvariantsMixin._violations(light_blue(game(short=True), (HOTEL, 3, 3))) == []
    uneven = light_blue(game(short=True), (HOTEL, 2, 3))
    assert InvariantsMixin._violations(uneven) == ["uneven building on light-blue: [4, 2, 3]"]


def test_the_quick_test_finds_a_breakage_after_sound_states_and_forgets_it_once_repaired():
    state = light_blue(game(), (1, 1, 2))
    assert InvariantsMixin._sound(state)  # remembered as the last sound holdings
    state.owner[WATER] = 1  # the group is no longer whole under its buildings
    assert not InvariantsMixin._sound(state)
    assert InvariantsMixin._violations(state) == ["buildings on light-blue outside a complete group"]
    state.owner[WATER] = 0
    assert InvariantsMixin._sound(state) and InvariantsMixin._violations(state) == []
