"""The Sliders invariants keep catching what they catch when checked after every action:
the quick test of a sound state agrees with the full check in the middle of real games,
after any one thing is broken."""

import itertools
import pickle
import random
from pathlib import Path

import pytest

from generator.games import load_game
from generator.games.sliders import PLUGIN
from generator.games.sliders.rules import HOTEL
from generator.games.sliders.state import SlidersState, rolled_dice

ENGINE = PLUGIN.engine
DECK = ENGINE.load_deck(load_game(Path(__file__).parents[3] / "components" / "sliders"))
NO_DEEDS = [sq for sq in range(len(DECK.squares)) if sq not in DECK.deeds]


def mid_game(seed: int, actions: int, policy: str = "heuristic", players: int = 4) -> SlidersState:
    """A seeded game after `actions` actions (fewer if it ended), its invariants checked
    after each, as the harness does, so the quick test has seen many sound states."""
    rng = random.Random(seed)
    state = ENGINE.new_game(DECK, players, rng, {})
    choose = ENGINE.policies()[policy]
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply(choose(state, rng))
        assert state.invariant_violations() == []
    return state


def break_one_thing(state: SlidersState, rng: random.Random) -> str:
    """Change one value the invariants look at, at random; what was changed."""
    squares = len(state.owner)
    what = rng.choice(["cash", "ledger", "houses", "hotels", "owner", "level", "mortgaged", "alive", "held", "pile"])
    if what == "cash":
        state.cash[rng.randrange(state.num_players)] += rng.choice([-2000, -1, 1])
    elif what == "ledger":
        state.ledger += 1
    elif what == "houses":
        state.bank_houses += rng.choice([-1, 1])
    elif what == "hotels":
        state.bank_hotels += rng.choice([-1, 1])
    elif what == "owner":
        state.owner[rng.randrange(squares)] = rng.randrange(-2, state.num_players + 1)
    elif what == "level":
        state.level[rng.randrange(squares)] = rng.randrange(HOTEL + 1)
    elif what == "mortgaged":
        sq = rng.randrange(squares)
        state.mortgaged[sq] = not state.mortgaged[sq]
    elif what == "alive":
        seat = rng.randrange(state.num_players)
        state.alive[seat] = not state.alive[seat]
    elif what == "held":
        pile = state.piles[rng.choice(sorted(state.piles))]
        state.held[rng.randrange(state.num_players)].append(pile[rng.randrange(len(pile))])
    else:
        state.piles[rng.choice(sorted(state.piles))].pop()
    return what


@pytest.mark.parametrize("seed", range(12))
def test_the_quick_test_agrees_with_the_full_check_after_any_breakage(seed):
    rng = random.Random(seed)
    state = mid_game(seed, rng.randrange(20, 600), rng.choice(["heuristic", "random"]), rng.choice([2, 4, 6]))
    broken = []
    for _ in range(6):  # breakages pile up: each check compares with the last sound state
        broken.append(break_one_thing(state, rng))
        quick = state.invariant_violations()
        full = state._violations()
        assert quick == full, broken
        assert state._sound() == (not full), broken


def test_every_kind_of_breakage_is_found_in_a_game_well_under_way():
    """The same breakages as the rules tests, in a 4-player game with buildings up."""
    state = mid_game(3, 400)
    assert any(state.level), "the seed should give a game with buildings"
    built = next(sq for sq, level in enumerate(state.level) if level)
    group = DECK.groups[DECK.deeds[built].group]
    bank_deed = next(sq for sq in DECK.deeds if state.owner[sq] < 0 and not state.mortgaged[sq])
    card = next(card for card in state.piles["chance"] if card.effect.op != "get_out")
    breakages = {
        "ledger": lambda s: s.cash.__setitem__(0, s.cash[0] + 1),
        "has $": lambda s: s.cash.__setitem__(1, -5),
        "houses": lambda s: setattr(s, "bank_houses", s.bank_houses - 1),
        "event cards": lambda s: s.piles["chance"].pop(),
        "holds": lambda s: (s.piles["chance"].remove(card), s.held[0].append(card)),
        "Bank is mortgaged": lambda s: s.mortgaged.__setitem__(bank_deed, True),
        "no deed": lambda s: s.owner.__setitem__(NO_DEEDS[0], 1),
        "no seat": lambda s: s.owner.__setitem__(bank_deed, 9),
        "bankrupt seat": lambda s: s.alive.__setitem__(s.owner[built], False),
        "outside a complete group": lambda s: s.owner.__setitem__(group[-1], (s.owner[group[-1]] + 1) % 4),
        "uneven": lambda s: (s.level.__setitem__(group[0], 0), s.level.__setitem__(group[1], 2)),
        "takes no buildings": lambda s: s.level.__setitem__(NO_DEEDS[0], 1),
    }
    for expected, breakage in breakages.items():
        copy = pickle.loads(pickle.dumps(state))
        assert copy.invariant_violations() == []
        breakage(copy)
        problems = copy.invariant_violations()
        assert any(expected in problem for problem in problems), (expected, problems)


def test_houses_on_railways_are_found_though_one_seat_owns_every_railway():
    state = mid_game(3, 400)
    seat = state.alive.index(True)
    railways = next(members for members in DECK.groups.values() if DECK.deeds[members[0]].kind == "railroad")
    for sq in railways:
        state.owner[sq], state.level[sq] = seat, 1
        state.bank_houses -= 1
    assert state.invariant_violations() == [f"square {sq} takes no buildings but has some" for sq in railways]


def test_a_repaired_state_is_sound_again():
    state = mid_game(5, 300)
    state.cash[0] += 7
    assert state.invariant_violations()
    state.cash[0] -= 7
    assert state.invariant_violations() == []


def test_the_dice_throw_what_randint_throws():
    """The fast dice are the numbers rng.randint(1, 6) gives, so seeded games stay the same."""
    throw = rolled_dice(random.Random(11))
    reference = random.Random(11)
    for _ in range(2000):
        assert throw() == (reference.randint(1, 6), reference.randint(1, 6))


def test_a_state_carried_to_another_process_leaves_its_caches_and_plays_on_the_same():
    state = mid_game(8, 250)
    data = pickle.dumps(state)
    assert b"_by_owner" not in data and b"_group_moves" not in data
    copy = pickle.loads(data)
    assert copy.legal_actions() == state.legal_actions()
    assert copy.returns() == state.returns() and copy.fired == state.fired
    for action in state.legal_actions():
        twin = pickle.loads(data)
        twin.rng.setstate(state.rng.getstate())
        twin.apply(action)
        assert twin.invariant_violations() == []


@pytest.mark.parametrize("policy", ["random", "heuristic"])
@pytest.mark.parametrize("seed", range(2))
def test_the_kept_moves_and_menus_equal_ones_worked_out_afresh(seed, policy):
    """What the state keeps from one decision to the next (holdings, property moves, trade
    menus) equals what a copy without any of it works out from the board, after every
    action of a game and for every seat."""
    rng = random.Random(seed)
    state = ENGINE.new_game(DECK, 4, rng, {})
    choose = ENGINE.policies()[policy]
    for _ in range(1000):
        if state.is_terminal():
            break
        state.apply(choose(state, rng))
        assert state.invariant_violations() == []
        fresh = pickle.loads(pickle.dumps(state))  # the tables and caches are made anew
        assert fresh.legal_actions() == state.legal_actions()
        for seat in range(4):
            assert fresh.holdings(seat) == state.holdings(seat)
            assert fresh.manage_actions(seat) == state.manage_actions(seat)
            assert fresh.raise_actions(seat) == state.raise_actions(seat)
            assert fresh._deed_menu(seat) == state._deed_menu(seat)


@pytest.mark.parametrize("short", [False, True])
def test_the_quick_building_check_agrees_with_the_full_one_on_every_owner_and_height(short):
    """Every owner (the Bank or one of two seats) and every height (no building to a
    hotel) on each square of a two-square and a three-square group."""
    state = ENGINE.new_game(DECK, 2, random.Random(1), {"short": short})
    heights = [*range(state.hotel_at + 1), HOTEL]
    by_size = {len(members): group for group, members in DECK.groups.items() if DECK.deeds[members[0]].kind == "deed"}
    for group in (by_size[2], by_size[3]):
        members = DECK.groups[group]
        for sq in range(len(state.owner)):
            state.owner[sq], state.level[sq] = -1, 0
        for owners in itertools.product((-1, 0, 1), repeat=len(members)):
            for levels in itertools.product(heights, repeat=len(members)):
                for sq, owner, level in zip(members, owners, levels, strict=True):
                    state.owner[sq], state.level[sq] = owner, level
                full = not any(levels) or state._building_problem(group) == ""
                assert state._buildings_sound() == full, (group, owners, levels)
