"""GameState (generator/games/game_state.py), the base of every engine's state: what a fresh
state holds, the peak count of a component in play, how a finished game says it ended, and
that a copy (pickle) carries the base's fields and the engine's own."""

import pickle
import random

import pytest

from generator.games.game_state import STATE_FIELDS, Ended, Ending, GameState


class Countdown(GameState[str]):
    """A one-player game: "tick" lowers the counter; the game is over at zero."""

    def __init__(self, start: int, rng: random.Random, stopped: bool = False):
        super().__init__(1, rng)
        self.left = start
        self.stopped = stopped

    def current_player(self) -> int:
        return 0

    def legal_actions(self) -> list[str]:
        return [] if self.is_terminal() else ["tick"]

    def apply(self, action: str) -> None:
        self.left -= 1
        self.turns += 1
        self.fired["tick"] += 1

    def is_terminal(self) -> bool:
        return self.left == 0

    def returns(self) -> list[float]:
        return [float(self.turns)]

    def ended_by_rules(self) -> bool:
        return not self.stopped


def test_a_fresh_state_has_played_nothing():
    rng = random.Random(5)
    state = Countdown(3, rng)
    assert state.num_players == 1 and state.rng is rng
    assert state.turns == 0 and state.first_player == 0
    assert not state.fired and not state.peak_in_play
    assert state.invariant_violations() == []


def test_the_base_class_cannot_be_played_without_the_rules():
    with pytest.raises(TypeError):
        GameState(2, random.Random(0))  # the abstract methods are the engine's to write


def test_note_in_play_keeps_the_most_in_play_at_once():
    state = Countdown(1, random.Random(0))
    for count in (2, 5, 3, 0):
        state.note_in_play("houses", count)
    state.note_in_play("hotels", 1)
    assert state.peak_in_play == {"houses": 5, "hotels": 1}


def test_a_game_ended_by_the_rules_says_so_and_a_stopped_one_says_stopped():
    ended = Countdown(1, random.Random(0))
    ended.apply("tick")
    assert ended.is_terminal() and ended.end_reason() is Ended.RULES
    stopped = Countdown(1, random.Random(0), stopped=True)
    assert stopped.end_reason() is Ended.STOPPED
    # The report prints each ending's value.
    assert [e.value for e in Ended] == ["rules", "stopped"]
    assert issubclass(Ended, Ending)


def test_a_copy_carries_the_base_fields_and_the_engines_own():
    state = Countdown(4, random.Random(9))
    state.apply("tick")
    state.note_in_play("pawns", 2)
    data = state.__getstate__()
    assert set(STATE_FIELDS) <= set(data)
    assert data["left"] == 3 and data["turns"] == 1
    copy = pickle.loads(pickle.dumps(state))
    assert (copy.left, copy.turns, copy.fired, copy.peak_in_play) == (3, 1, {"tick": 1}, {"pawns": 2})
    # The copy's rng goes on where the original's would.
    assert copy.rng.random() == state.rng.random()


def test_drop_caches_leaves_the_game_as_it_was():
    state = Countdown(2, random.Random(0))
    state.apply("tick")
    state.drop_caches()
    assert state.legal_actions() == ["tick"] and state.turns == 1
