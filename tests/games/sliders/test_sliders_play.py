"""Seeded games played to the end by both policies, invariants checked after every action."""

import dataclasses
import pickle
import random
from pathlib import Path

import pytest

from generator.check.simulate import simulation_job
from generator.games import load_game
from generator.games.sliders import PLUGIN
from generator.games.sliders.property import GROUP_MOVES_KEPT, SHARED_MOVES, SharedMoves, moves_basis
from generator.games.sliders.state import SlidersEnding, SlidersState

ENGINE = PLUGIN.engine


def read_deck():
    """The shipped deck, read anew (a test may change it in place)."""
    return ENGINE.load_deck(load_game(Path(__file__).parents[3] / "components" / "sliders"))


DECK = read_deck()


def street_group(deck) -> tuple[int, ...]:
    """The deck's first colour group of streets (railroads and utilities take no buildings)."""
    return next(members for members in deck.groups.values() if deck.deeds[members[0]].kind == "deed")


def holding(deck, group: tuple[int, ...], cash: int) -> SlidersState:
    """A new game of `deck` in which seat 0 holds `group` and `cash`."""
    state = ENGINE.new_game(deck, 4, random.Random(0), {})
    for sq in group:
        state.give(sq, 0)
    state.cash[0] = cash
    return state


def builds(state: SlidersState) -> list:
    """Seat 0's builds."""
    return [action for action in state.manage_actions(0) if action[0] == "build"]


def play_out(seed: int, policy_name: str, players: int, options: dict):
    rng = random.Random(seed)
    state = ENGINE.new_game(DECK, players, rng, options)
    policy = ENGINE.policies()[policy_name]
    for _ in range(ENGINE.max_actions):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        assert actions, f"seed {seed}: no legal action in phase {state.phase}"
        action = policy(state, rng)
        assert action in actions
        state.apply(action)
        assert state.invariant_violations() == [], f"seed {seed} after {action!r}"
    return state


@pytest.mark.parametrize(
    "policy_name, options, games",
    [
        ("random", {}, 40),
        ("heuristic", {}, 80),
        ("random", {"short": True}, 40),
        ("heuristic", {"time_limit": True, "time_limit_turns": 60}, 40),
    ],
)
def test_seeded_games_keep_the_invariants(policy_name, options, games):
    """200 games in all, 2 to 6 players."""
    states = [play_out(seed, policy_name, 2 + seed % 5, options) for seed in range(games)]
    finished = [s for s in states if s.is_terminal()]
    # random play can outlast the action cap (about 1 game in 8 with 2 to 6 players)
    assert len(finished) >= games * (0.75 if policy_name == "random" else 1)
    for state in finished:
        scores = state.returns()
        assert len(scores) == state.num_players
        if not options:
            assert sum(state.alive) == 1 and scores.index(max(scores)) == state.alive.index(True)


def test_heuristic_four_player_games_finish_well_before_the_action_cap():
    states = [play_out(seed, "heuristic", 4, {}) for seed in range(40)]
    assert all(s.is_terminal() and not s.capped for s in states)
    assert max(s.turns for s in states) < 1000


def test_figures_cover_every_square_and_sum_to_one():
    states = [play_out(seed, "heuristic", 4, {}) for seed in range(20)]
    figures = ENGINE.figures(states)
    shares = figures["landing_share"]
    assert len(shares) == 40 and abs(sum(shares) - 1) < 1e-3
    assert shares[30] == 0 and shares[10] == max(shares)  # nobody rests on Go to the Slidecage
    assert set(figures["rent_per_game_by_group"]) <= set(DECK.groups)
    assert figures["turns_to_first_bankruptcy"]["games"] == 20


def test_what_fires_is_what_the_engine_says_can_fire():
    states = [play_out(seed, "heuristic", 4, {}) for seed in range(30)]
    fireable = set(ENGINE.fireable(DECK))
    for state in states:
        assert set(state.fired) <= fireable


def test_throws_are_counted_where_cards_leave_the_token():
    """Chance sends the token on in 10 of 16 cards: its squares get about 1% of throws (the
    classic tables), not the 2.5% of every square a throw reaches before its card."""
    states = [play_out(seed, "heuristic", 4, {}) for seed in range(20)]
    figures = ENGINE.figures(states)
    shares = figures["landing_share"]
    chance = [sq for sq, square in enumerate(DECK.squares) if square.type == "chance"]
    assert all(0.004 < shares[sq] < 0.015 for sq in chance), [shares[sq] for sq in chance]
    assert 0.03 < figures["in_jail_share"] < shares[10]
    throws = sum(sum(s.stats.landings) for s in states)
    assert figures["in_jail_share"] == round(sum(s.stats.in_cage for s in states) / throws, 5)


def test_the_heuristic_chooses_the_sliding_tax_without_adding_up_its_worth(monkeypatch):
    """The rules: "The player must decide which option he will take before he adds up his
    total worth." The policy may look at what lies in front of it, never at the sum."""
    state = ENGINE.new_game(DECK, 2, random.Random(3), {})
    while state.phase != "tax":
        state.apply(ENGINE.policies()["heuristic"](state, random.Random(0)))

    def forbidden(seat: int) -> int:
        raise AssertionError("the policy added up its worth")

    monkeypatch.setattr(state, "worth", forbidden)
    assert ENGINE.policies()["heuristic"](state, random.Random(0)) in ("flat", "percent")


def test_variants_and_options_are_declared_and_filled_in():
    variants = {v.name for v in ENGINE.variants()}
    options = {o.name: o for o in ENGINE.options()}
    assert variants == {"short", "time_limit"}
    assert set(options) == {"time_limit_turns", "max_turns", "starting_money"}
    assert options["starting_money"].parse("1000") == 1000
    for bad in ("lots", "-5", "1.5"):
        with pytest.raises(ValueError, match="whole number of dollars"):
            options["starting_money"].parse(bad)
    state = ENGINE.new_game(DECK, 3, random.Random(1), {"starting_money": 1000})
    assert state.cash == [1000] * 3 and state.invariant_violations() == []
    state = ENGINE.new_game(DECK, 3, random.Random(1), {"time_limit": True})
    assert state.rules.time_limit == options["time_limit_turns"].default
    with pytest.raises(ValueError, match="turbo"):
        ENGINE.new_game(DECK, 3, random.Random(1), {"turbo": True})


def test_the_supply_is_the_printed_houses_and_hotels_and_play_stays_within_it():
    supply = ENGINE.supply(DECK)
    assert {name: s.printed for name, s in supply.items()} == {"houses": 32, "hotels": 12}
    text = (Path(__file__).parents[3] / "components" / "sliders" / "buildings.yaml").read_text().splitlines()
    for name, line, count in (("houses", "Quinn's house", "32"), ("hotels", "Chandler hotel", "12")):
        loc = supply[name].loc
        assert loc.file.endswith("buildings.yaml")
        assert line in text[loc.line - 1] and text[loc.line - 1][loc.column - 1 :].startswith(count)
    states = [play_out(seed, "heuristic", 6, {}) for seed in range(10)]
    peaks = [s.peak_in_play for s in states]
    assert max(p["houses"] for p in peaks) > 0
    assert all(p["houses"] <= 32 and p["hotels"] <= 12 for p in peaks)


def test_games_say_how_they_ended_and_who_went_first():
    states = [play_out(seed, "heuristic", 4, {}) for seed in range(12)]
    assert {s.end_reason() for s in states} == {SlidersEnding.LAST_PLAYER_LEFT}
    assert len({s.first_player for s in states}) > 1
    short = [play_out(seed, "random", 3, {"short": True}) for seed in range(4)]
    assert {s.end_reason() for s in short if s.is_terminal()} <= {
        SlidersEnding.SECOND_BANKRUPTCY,
        SlidersEnding.LAST_PLAYER_LEFT,
    }


def test_the_kept_property_moves_and_trade_menus_are_what_a_fresh_look_finds():
    """The state keeps moves and trade menus between actions; at every decision of a few
    random games they must equal those worked out afresh, its caches dropped."""
    rng = random.Random(5)
    for seed in range(3):
        state = ENGINE.new_game(DECK, 4, random.Random(seed), {})
        for _ in range(3000):
            if state.is_terminal():
                break
            kept = state.legal_actions()
            state.drop_caches()
            assert state.legal_actions() == kept, f"seed {seed}, phase {state.phase}"
            assert state.invariant_violations() == []
            state.apply(rng.choice(kept))


def test_the_games_a_run_keeps_for_its_report_have_dropped_their_caches():
    """A run keeps every finished game until its report is made: without its caches, a
    Sliders game kept so takes a sixth of the memory. The group moves it holds are the ones
    the deck's games share, not its own."""
    job = simulation_job(ENGINE, DECK, 4, 1, "heuristic")
    for outcome in job.play(range(3)).outcomes:
        state = outcome.state
        assert outcome.ending == "completed"
        assert state._group_moves is SHARED_MOVES.moves_for(moves_basis(DECK, 4)) and state._legal is None
        assert all(seen is None for seen in state._moves_seen)


def test_the_moves_shared_with_earlier_games_are_what_a_game_finds_alone():
    """A group's moves are kept for the deck's later games, by what they follow from: at
    every decision of games played after others, regular and short (whose hotels stand on
    three houses), the moves equal those worked out with no moves kept at all. The Bank has
    few buildings, so that what it has left decides many moves, and the players build as
    the heuristic does half the time."""
    scarce = dataclasses.replace(DECK, houses=10, hotels=2)
    heuristic = ENGINE.policies()["heuristic"]
    rng = random.Random(11)
    started_with = []
    for seed, options in enumerate([{}, {}, {"short": True}, {"short": True}, {}]):
        state = ENGINE.new_game(scarce, 4, random.Random(seed), options)
        started_with.append(len(state._group_moves))
        for _ in range(3000):
            if state.is_terminal():
                break
            kept = state.legal_actions()
            state.drop_caches()
            state._group_moves = {}  # this game's own, found afresh
            assert state.legal_actions() == kept, f"game {seed}, phase {state.phase}"
            state.drop_caches()
            state.apply(heuristic(state, rng) if rng.random() < 0.5 else rng.choice(kept))
    assert started_with[1] > 100 and started_with[3] > 100, "the game before of the same rule left its moves"


def test_the_moves_kept_for_a_group_follow_what_the_bank_has_left():
    """The group moves shared between games are kept by the Bank's houses and hotels as the
    moves see them: a group of four houses a square builds hotels while the Bank has one,
    and a group of three houses builds only while it has houses."""
    group = street_group(DECK)
    state = holding(DECK, group, 10_000)

    def built_with(height: int, houses: int, hotels: int) -> list:
        for sq in group:
            state.level[sq] = height
        state.bank_houses, state.bank_hotels = houses, hotels
        state.drop_caches()
        return builds(state)

    assert built_with(4, 0, 1) == [("build", sq) for sq in group]
    assert built_with(4, 0, 0) == []
    assert built_with(3, 0, 1) == []
    assert built_with(3, 2, 0) == [("build", sq) for sq in group]
    assert built_with(4, 2, 0) == []


def test_the_group_moves_are_shared_by_what_they_follow_from_and_bounded():
    """Shared by the games of a deck with the same content under the same hotel rule: a deck
    read again shares them, one changed in place, another rule or a full store does not."""
    moves = SharedMoves()
    regular = moves.moves_for(moves_basis(DECK, 4))
    regular[1] = []
    assert moves.moves_for(moves_basis(DECK, 4)) is regular
    read_again = read_deck()
    assert moves.moves_for(moves_basis(read_again, 4)) is regular, "the same content"
    assert moves.moves_for(moves_basis(DECK, 3)) == {}, "hotels on three houses: other moves"
    square, title = next((sq, title) for sq, title in read_again.deeds.items() if title.kind == "deed")
    for change in [{"house_cost": title.house_cost + 10}, {"mortgage": title.mortgage + 5}, {"kind": "railroad"}]:
        kept = moves.moves_for(moves_basis(read_again, 4))
        kept[1] = []
        read_again.deeds[square] = dataclasses.replace(read_again.deeds[square], **change)
        assert moves.moves_for(moves_basis(read_again, 4)) == {}, f"changed in place: {change}"
    full = moves.moves_for(moves_basis(read_again, 4))
    full.update((key, []) for key in range(GROUP_MOVES_KEPT))
    assert moves.moves_for(moves_basis(read_again, 4)) == {}, "started afresh at the bound"


def test_a_deck_changed_in_place_has_the_moves_of_its_new_prices():
    """A deck edited between games (a group's house cost) gives the games after the edit the
    moves of the new price, not those kept from the games before it."""
    deck = read_deck()
    group = street_group(deck)
    assert deck.deeds[group[0]].house_cost > 20 and builds(holding(deck, group, 20)) == []
    for sq in group:
        deck.deeds[sq] = dataclasses.replace(deck.deeds[sq], house_cost=20)
    assert builds(holding(deck, group, 20)) == [("build", sq) for sq in group]


def test_a_deck_changed_during_a_game_leaves_the_moves_kept_for_its_start():
    """A game finds its moves from the deck as it was when it started: a price changed while
    it is played reaches no moves kept for the deck as it was, which later games share."""
    deck = read_deck()
    group = street_group(deck)
    prices = {sq: deck.deeds[sq] for sq in group}
    during = holding(deck, group, 20)
    for sq in group:
        deck.deeds[sq] = dataclasses.replace(prices[sq], house_cost=20)
    during.manage_actions(0)  # found while the deck says 20
    deck.deeds.update(prices)
    assert builds(holding(deck, group, 20)) == []


def test_a_pickled_game_carries_all_its_data_and_plays_on_the_same():
    """States travel between processes (--jobs, a cluster) by pickle, as their GAME_DATA: a
    field missing from it would be lost on the way."""
    from generator.games.sliders.state import GAME_DATA

    choose = ENGINE.policies()["heuristic"]
    state = ENGINE.new_game(DECK, 4, random.Random(11), {})
    for _ in range(150):
        state.apply(choose(state, random.Random(0)))
    assert {name for name in vars(state) if not name.startswith("_")} - {"dice"} == set(GAME_DATA)
    copy = pickle.loads(pickle.dumps(state))
    assert copy is not state
    assert {name: getattr(copy, name) for name in GAME_DATA if name != "rng"} == {
        name: getattr(state, name) for name in GAME_DATA if name != "rng"
    }
    assert copy.rng.getstate() == state.rng.getstate()

    def finish(game, seed: int) -> list:
        policy_rng, actions = random.Random(seed), []
        while not game.is_terminal():
            assert game.invariant_violations() == []
            actions.append(choose(game, policy_rng))
            game.apply(actions[-1])
        return actions

    assert finish(copy, 5) == finish(state, 5)
    assert copy.returns() == state.returns() and copy.stats == state.stats
