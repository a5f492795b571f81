"""What crosses between the processes of a simulation: packed by the standard pickle where
it can, cloudpickle where it cannot, the objects both sides hold left behind as references."""

import pickle
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.check import transport
from generator.check.parallel import play_packed
from generator.check.simulate import simulation_job
from generator.games import load_game
from generator.games.sliders import PLUGIN

ENGINE = PLUGIN.engine


@dataclass
class Holder:
    deck: object
    values: list


@dataclass
class Deck:
    cards: object


def test_shared_objects_travel_as_references_and_arrive_as_the_receivers_own():
    sender_deck, receiver_deck = Deck(list(range(500))), Deck("the receiver's")
    data = transport.pack([Holder(sender_deck, [1, 2]), Holder(sender_deck, [3])], (sender_deck,))
    assert len(data) < 300  # the 500 cards did not travel
    first, second = transport.unpack(data, (receiver_deck,))
    assert first.deck is receiver_deck and second.deck is receiver_deck
    assert (first.values, second.values) == ([1, 2], [3])


def test_a_reference_without_its_shared_object_is_a_clear_error():
    deck = Deck([])
    data = transport.pack(Holder(deck, []), (deck,))
    with pytest.raises(pickle.UnpicklingError, match="shared object 0"):
        pickle.loads(data)
    with pytest.raises(IndexError):
        transport.unpack(data, ())


def test_what_the_standard_pickle_refuses_goes_by_cloudpickle():
    offset = 5
    add = lambda value: value + offset  # noqa: E731
    with pytest.raises((pickle.PicklingError, AttributeError)):
        pickle.dumps(add)
    assert transport.unpack(transport.pack(Holder(add, [])), ()).deck(1) == 6


def test_generators_and_chance_are_left_behind():
    def turns():
        yield 1

    rng = random.Random(3)
    rng.random()
    paused, arrived_rng = transport.unpack(transport.pack((turns(), rng)))
    assert paused is None
    assert type(arrived_rng) is random.Random and arrived_rng.getstate() != rng.getstate()


def test_played_games_come_back_referring_to_the_parents_deck():
    deck = ENGINE.load_deck(load_game(Path(__file__).parents[2] / "components" / "sliders"))
    job = simulation_job(ENGINE, deck, 4, 1, "heuristic")
    worker_job = transport.unpack(transport.pack(job))  # what a worker holds: a copy
    assert worker_job.deck is not deck
    data = play_packed(transport.pack(job), 0, 3)
    played = transport.unpack(data, job.shared())
    alone = job.play(range(3))
    assert [outcome.state.deck for outcome in played.outcomes] == [deck] * 3
    assert all(outcome.state.deck is deck for outcome in played.outcomes)
    assert [o.state.returns() for o in played.outcomes] == [o.state.returns() for o in alone.outcomes]
    assert len(data) < 4 * len(pickle.dumps(deck))  # three games weigh less than the deck
