"""The Chip Flip engine through the harness's interface: random play, policies, figures."""

import pickle
import random
from pathlib import Path

import pytest

from generator.games import load_game
from generator.games.chip_flip.board import parse_square
from generator.games.chip_flip.engine import ChipFlipEngine
from generator.games.chip_flip.position import NORTH, PASS, SOUTH, Move, Position
from generator.games.chip_flip.state import ChipFlipEnding, ChipFlipState

ENGINE = ChipFlipEngine()
SHIPPED = Path(__file__).resolve().parents[3] / "components" / "chip-flip"


@pytest.fixture(scope="module")
def deck():
    return ENGINE.load_deck(load_game(SHIPPED))


def state_of(south: list[str], north: list[str], turn: int = SOUTH, scores: tuple[int, int] = (0, 0)) -> ChipFlipState:
    bits = [sum(1 << parse_square(name) for name in names) for names in (south, north)]
    return ChipFlipState(Position(bits[0], bits[1], turn, scores), random.Random(0))


def move(text: str) -> Move:
    separator = "x" if "x" in text else "-"
    return Move(tuple(parse_square(sq) for sq in text.split(separator)))


def play_out(state: ChipFlipState, policy, rng: random.Random) -> int:
    """Play to the end (or the cap), checking the harness's invariants after every action."""
    actions = 0
    while not state.is_terminal() and actions < ENGINE.max_actions:
        legal = state.legal_actions()
        assert legal
        action = policy(state, rng)
        assert action in legal
        state.apply(action)
        actions += 1
        assert state.invariant_violations() == []
        hash(action)  # actions must be hashable
    return actions


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_basic_games_run_to_the_end(deck, policy):
    for seed in range(200):
        rng = random.Random(seed)
        state = ENGINE.new_game(deck, 2, rng, {})
        play_out(state, ENGINE.policies()[policy], rng)
        assert state.is_terminal() and state.outcome() is not None
        assert state.returns() == [float(p) for p in state.position.scores]


def test_advanced_random_games_keep_their_invariants(deck):
    for seed in range(100):
        rng = random.Random(seed)
        state = ENGINE.new_game(deck, 2, rng, {"advanced": True})
        play_out(state, ENGINE.policies()["random"], rng)


def test_advanced_game_starts_with_the_numbered_values(deck):
    state = ENGINE.new_game(deck, 2, random.Random(1), {"advanced": True})
    assert state.position.value(parse_square("f2")) == 10
    assert state.position.value(parse_square("c7")) == 10
    assert state.current_player() == SOUTH


def test_two_players_only(deck):
    with pytest.raises(ValueError):
        ENGINE.new_game(deck, 3, random.Random(1), {})


def test_illegal_move_is_refused():
    state = state_of(["c3"], ["h8"])
    with pytest.raises(ValueError):
        state.apply(move("c3-d2"))


def test_fired_counts_move_kinds():
    state = state_of(["a1", "b7"], ["b2", "d4", "h8", "a3"])
    state.apply(move("a1xc3xe5"))
    assert state.fired["double jump"] == 1
    state.apply(move("h8-g7"))
    state.apply(move("b7-c8"))
    assert state.fired == {"double jump": 1, "step": 2, "score": 1}
    assert state.turns == 3


def test_pass_is_the_only_action_when_trapped():
    state = state_of(["a1"], ["b2", "c3"])
    assert state.legal_actions() == [PASS]
    state.apply(PASS)
    assert state.current_player() == NORTH and state.fired["pass"] == 1


def test_greedy_scores_before_jumping_and_jumps_before_stepping():
    state = state_of(["b7", "c3"], ["d4", "h8"])
    assert ENGINE.policies()["greedy"](state, random.Random(3)).path[-1] >= 56
    state = state_of(["c3", "g1"], ["d4", "b8"])
    assert ENGINE.policies()["greedy"](state, random.Random(3)) == move("c3xe5")


def test_figures_count_terminations_points_and_length():
    stuck = state_of(["a7", "c7", "e7", "g7", "b6", "d6", "f6", "h6"], ["b8", "d8", "f8", "h8"], scores=(2, 4))
    emptied = state_of(["c3", "a1"], ["d4"], scores=(3, 1))
    emptied.apply(move("c3xe5"))
    running = state_of(["c3"], ["h8"])
    figures = ENGINE.figures([stuck, emptied, running])
    assert figures["ended_neither_can_move_share"] == pytest.approx(1 / 3)
    assert figures["ended_side_without_chips_share"] == pytest.approx(1 / 3)
    assert figures["unfinished_games"] == 1
    assert figures["points"]["South"]["mean"] == pytest.approx(2.5)
    assert figures["points"]["North"] == {"mean": pytest.approx(2.5), "max": 4}
    assert figures["game_length"]["max"] == 1


def test_fireable_lists_every_kind_a_game_can_fire(deck):
    names = set(ENGINE.fireable(deck))
    fired = set()
    for seed in range(60):
        rng = random.Random(seed)
        for advanced in (False, True):
            state = ENGINE.new_game(deck, 2, rng, {"advanced": advanced})
            play_out(state, ENGINE.policies()["random"], rng)
            fired |= set(state.fired)
    assert fired <= names
    assert {"step", "single jump", "double jump", "score", "pass", "backward jump"} <= fired


def test_invariants_catch_a_lost_chip():
    state = state_of(["c3", "a1"], ["h8"])
    state.position = Position(1 << parse_square("c3"), state.position.north)
    assert state.invariant_violations()


# --- who moves first, and the end on the third repetition ------------------------------------


def advanced_state(
    south: list[str], north: list[str], turn: int = SOUTH, value: int = 5, scores: tuple[int, int] = (0, 0)
) -> ChipFlipState:
    """An advanced position whose chips all show `value` whoever owns them."""
    bits = [sum(1 << parse_square(name) for name in names) for names in (south, north)]
    values = [0] * 64
    for name in south + north:
        values[parse_square(name)] = value
    return ChipFlipState(Position(bits[0], bits[1], turn, scores, tuple(values), tuple(values)), random.Random(0))


class Flip(random.Random):
    """A Random whose first random() is the given coin."""

    def __init__(self, first: float):
        super().__init__(0)
        self.first = first

    def random(self) -> float:
        value, self.first = self.first, None
        return super().random() if value is None else value


def test_a_flipped_chip_decides_who_moves_first(deck):
    heads = ENGINE.new_game(deck, 2, Flip(0.25), {})
    tails = ENGINE.new_game(deck, 2, Flip(0.75), {})
    assert (heads.first_player, heads.current_player()) == (SOUTH, SOUTH)
    assert (tails.first_player, tails.current_player()) == (NORTH, NORTH)
    assert heads.position.south == tails.position.south and heads.position.north == tails.position.north
    firsts = {ENGINE.new_game(deck, 2, random.Random(seed), {}).first_player for seed in range(20)}
    assert firsts == {SOUTH, NORTH}


def test_north_moving_first_moves_down_the_board(deck):
    state = ENGINE.new_game(deck, 2, Flip(0.75), {})
    assert all(m.path[-1] < m.path[0] for m in state.legal_actions())


@pytest.mark.parametrize(("scores", "winner"), [((0, 0), None), ((4, 1), SOUTH), ((2, 9), NORTH)])
def test_the_third_repetition_of_a_position_ends_the_game_scored_as_any_end(scores, winner):
    """The loop ends the game; the chips carried off decide, as at any end: a side ahead
    keeps its lead (it was a 0-0 draw, which took up to 9 chips' lead away)."""
    state = advanced_state(["c5"], ["b4", "c3"], scores=scores)
    loop = ["c5xa3", "c3xa5", "a3xc5", "a5xc3"]  # backward and forward jumps turning b4 over and back
    for text in loop:
        state.apply(move(text))
    assert not state.is_terminal()  # the start position a second time
    for text in loop:
        state.apply(move(text))
    assert state.is_terminal() and state.legal_actions() == []
    assert state.outcome().ending is ChipFlipEnding.REPETITION and state.outcome().winner == winner
    assert state.returns() == [float(points) for points in scores]
    assert state.end_reason() is ChipFlipEnding.REPETITION
    assert state.ended_by_rules()


def test_a_state_sent_to_another_process_keeps_its_end_by_repetition():
    """A finished game travels with only its last position's count; one in play with its
    whole history, so that the repetition rule still sees every repetition."""
    state = advanced_state(["c5"], ["b4", "c3"])
    loop = ["c5xa3", "c3xa5", "a3xc5", "a5xc3"]
    for text in loop:
        state.apply(move(text))
    in_play = pickle.loads(pickle.dumps(state))
    assert in_play.seen == state.seen
    for text in loop:
        in_play.apply(move(text))
    assert in_play.outcome().ending is ChipFlipEnding.REPETITION
    finished = pickle.loads(pickle.dumps(in_play))
    assert len(finished.seen) == 1 and len(in_play.seen) == 4
    assert finished.is_terminal() and finished.outcome() == in_play.outcome()
    assert finished.returns() == in_play.returns() and finished.end_reason() == in_play.end_reason()


def test_advanced_greedy_games_end_without_the_cap(deck):
    endings = set()
    for seed in range(60):
        rng = random.Random(seed)
        state = ENGINE.new_game(deck, 2, rng, {"advanced": True})
        play_out(state, ENGINE.policies()["greedy"], rng)
        assert state.is_terminal(), seed
        endings.add(state.outcome().ending)
    assert ChipFlipEnding.REPETITION in endings and ChipFlipEnding.NO_CHIPS in endings


def test_every_chip_stays_in_play_so_the_printed_chips_suffice(deck):
    supply = ENGINE.supply(deck)
    assert {name: s.printed for name, s in supply.items()} == {"chips": 16, "numbered chips": 16}
    assert supply["chips"].loc.file.endswith("chips.yaml")
    for advanced, name in ((False, "chips"), (True, "numbered chips")):
        rng = random.Random(3)
        state = ENGINE.new_game(deck, 2, rng, {"advanced": advanced})
        play_out(state, ENGINE.policies()["random"], rng)
        assert state.peak_in_play == {name: 16}


def test_unknown_options_are_refused(deck):
    with pytest.raises(ValueError, match="unknown Chip Flip option"):
        ENGINE.new_game(deck, 2, random.Random(0), {"house-rules": True})
