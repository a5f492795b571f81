"""The rules' two other set-ups as variants: `light-squares` (every chip on the light squares
of its home rows) and `free-placement` (advance play whose players place their numbered chips
themselves before play), and the default set-up they leave as it was."""

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from msgspec.structs import replace

from generator.cli import main
from generator.games import load_game
from generator.games.chip_flip.board import LIGHT, parse_square, square_name
from generator.games.chip_flip.engine import ChipFlipEngine
from generator.games.chip_flip.perft import perft, perft_position
from generator.games.chip_flip.position import NORTH, SOUTH, Move, Placement, Position, opening
from generator.games.chip_flip.state import ChipFlipState
from tests.games.chip_flip.test_chip_flip_perft import PERFT, PERFT_ADVANCED, naive_opening, naive_perft

ENGINE = ChipFlipEngine()
SHIPPED = Path(__file__).resolve().parents[3] / "components" / "chip-flip"
FREE = {"free-placement": True}


@pytest.fixture(scope="module")
def deck():
    return ENGINE.load_deck(load_game(SHIPPED))


def squares(bits: int) -> set[str]:
    return {square_name(sq) for sq in range(64) if (bits >> sq) & 1}


def home_squares(seat: int, light: bool) -> set[str]:
    """A seat's starting squares read straight from the rules: the first two rows at its
    end of the board, all of one hue (dark: row + column even, counted from a1)."""
    rows = (0, 1) if seat == SOUTH else (6, 7)
    hue = 1 if light else 0
    return {"abcdefgh"[c] + str(r + 1) for r in rows for c in range(8) if (r + c) % 2 == hue}


def mirrored(board: dict) -> dict:
    """The naive counter's board turned left to right (column c to 7 - c)."""
    return {(row, 7 - column): chip for (row, column), chip in board.items()}


class Flip(random.Random):
    """A Random whose first random() is the given coin."""

    def __init__(self, first: float):
        super().__init__(0)
        self.first: float | None = first

    def random(self) -> float:
        value, self.first = self.first, None
        return super().random() if value is None else value


# --- the default set-up is unchanged --------------------------------------------------------


@pytest.mark.parametrize("depth", [1, 2])
def test_perft_of_the_default_position_is_unchanged(deck, depth):
    """The position a game without variants starts from has the naive counter's perft."""
    start = ENGINE.new_game(deck, 2, random.Random(0), {}).position
    assert perft_position(replace(start, turn=SOUTH), depth) == perft(depth) == PERFT[depth]


def test_the_default_set_up_stays_on_the_dark_squares(deck):
    for seed in range(10):
        state = ENGINE.new_game(deck, 2, random.Random(seed), {})
        assert state.placing is None and state.position == replace(opening(), turn=state.first_player)
        assert squares(state.position.south) == home_squares(SOUTH, light=False)


# --- light-squares -----------------------------------------------------------------------------


@pytest.mark.parametrize("advanced", [False, True])
def test_the_light_square_set_up_puts_every_chip_on_a_light_home_square(deck, advanced):
    options = {"light-squares": True, "advanced": advanced}
    state = ENGINE.new_game(deck, 2, random.Random(0), options)
    assert squares(state.position.south) == home_squares(SOUTH, light=True)
    assert squares(state.position.north) == home_squares(NORTH, light=True)
    assert state.position.advanced == advanced
    assert state.invariant_violations() == []


def test_each_light_square_chip_is_its_deck_chip_turned_left_to_right(deck):
    state = ENGINE.new_game(deck, 2, random.Random(0), {"light-squares": True, "advanced": True})
    for chip in deck.numbered:
        name = chip.item.square
        turned = parse_square("abcdefgh"[7 - "abcdefgh".index(name[0])] + name[1])
        assert state.position.owner(turned) == chip.owner
        assert state.position.value(turned) == chip.front.value


def test_the_light_square_set_up_flips_the_same_coin(deck):
    for seed in range(10):
        dark = ENGINE.new_game(deck, 2, random.Random(seed), {})
        light = ENGINE.new_game(deck, 2, random.Random(seed), {"light-squares": True})
        assert light.first_player == dark.first_player == light.current_player()


@pytest.mark.parametrize("depth", range(1, 5))
@pytest.mark.parametrize("advanced", [False, True])
def test_the_light_square_game_is_the_dark_square_game_in_a_mirror(deck, depth, advanced):
    """The naive counter on the opening turned left to right counts what the engine counts
    from the light-square set-up, and what it counts from the dark one."""
    start = ENGINE.new_game(deck, 2, random.Random(0), {"light-squares": True, "advanced": advanced}).position
    expected = (PERFT_ADVANCED if advanced else PERFT)[depth]
    assert naive_perft(mirrored(naive_opening(advanced)), SOUTH, depth, advanced) == expected
    assert perft_position(replace(start, turn=SOUTH), depth) == expected


def test_a_chip_on_the_other_hue_breaks_an_invariant():
    light = ChipFlipState(Position(1 << parse_square("b1"), 1 << parse_square("a8")), random.Random(0))
    assert light.invariant_violations() == ["a chip stands on a light square"]
    dark = ChipFlipState(Position(1 << parse_square("a1"), 1 << parse_square("a8")), random.Random(0), LIGHT)
    assert dark.invariant_violations() == ["a chip stands on a dark square"]


# --- free-placement ----------------------------------------------------------------------------


def hands(deck) -> list[list[tuple[int, int]]]:
    """Each seat's numbered chips as (front, back) values: the deck's, largest value up."""
    return [[chip.values() for chip in deck.numbered if chip.owner == seat] for seat in (SOUTH, NORTH)]


def allowed(state: ChipFlipState, held: list[list[tuple[int, int]]], light: bool) -> set[Placement]:
    """What the rules let the placer do: any chip still in hand, largest value up, on any
    empty square of the chosen hue in the placer's own two home rows."""
    seat = state.current_player()
    taken = squares(state.position.south | state.position.north)
    free = home_squares(seat, light) - taken
    return {Placement(seat, parse_square(name), *values) for values in held[seat] for name in free}


def test_free_placement_starts_with_an_empty_board_and_every_chip_in_hand(deck):
    state = ENGINE.new_game(deck, 2, random.Random(0), FREE)
    assert state.position.south == state.position.north == 0 and state.position.advanced
    assert state.current_player() == SOUTH and state.in_hand == 16 and state.chips == 16
    assert not state.is_terminal() and state.outcome() is None
    assert len(state.legal_actions()) == 8 * 8  # eight different chips, eight dark home squares
    assert state.invariant_violations() == []


@pytest.mark.parametrize("light", [False, True])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_placement_actions_are_what_the_rules_allow_until_play_begins(deck, light, policy):
    options = {**FREE, "light-squares": light}
    choose = ENGINE.policies()[policy]
    for seed in range(5):
        rng = random.Random(seed)
        state = ENGINE.new_game(deck, 2, rng, options)
        held = hands(deck)
        order = []
        while state.placing is not None:
            legal = state.legal_actions()
            assert set(legal) == allowed(state, held, light) and len(legal) == len(set(legal))
            placement = choose(state, rng)
            order.append(state.current_player())
            state.apply(placement)
            held[placement.owner].remove((placement.own_value, placement.other_value))
            assert state.invariant_violations() == []
            assert state.turns == 0 and not state.fired  # placing is set-up, not play
        assert order == [SOUTH, NORTH] * 8  # in turn, one chip at a time, South first
        assert squares(state.position.south) == home_squares(SOUTH, light)
        assert squares(state.position.north) == home_squares(NORTH, light)
        assert all(isinstance(action, Move) for action in state.legal_actions())


def test_placements_the_rules_do_not_allow_are_refused(deck):
    state = ENGINE.new_game(deck, 2, random.Random(0), FREE)
    state.apply(Placement(SOUTH, parse_square("a1"), 11, 8))
    refused = [
        Placement(NORTH, parse_square("a1"), 11, 8),  # an occupied square
        Placement(NORTH, parse_square("a8"), 11, 8),  # a light square of North's rows
        Placement(NORTH, parse_square("f6"), 11, 8),  # past North's two home rows
        Placement(NORTH, parse_square("b2"), 11, 8),  # South's home rows
        Placement(NORTH, parse_square("g7"), 8, 11),  # the smaller value up
        Placement(NORTH, parse_square("g7"), 12, 9),  # a chip North does not hold
        Placement(SOUTH, parse_square("c1"), 10, 7),  # South placing out of turn
    ]
    for placement in refused:
        with pytest.raises(ValueError):
            state.apply(placement)
    state.apply(Placement(NORTH, parse_square("g7"), 11, 8))
    assert Placement(SOUTH, parse_square("c1"), 11, 8) not in state.legal_actions()  # South's 11/8 is down


def test_the_chip_is_flipped_for_the_first_move_once_every_chip_is_placed(deck):
    for coin, first in ((0.25, SOUTH), (0.75, NORTH)):
        state = ENGINE.new_game(deck, 2, Flip(coin), FREE)
        assert state.rng.first == coin  # not flipped yet
        while state.placing is not None:
            state.apply(state.legal_actions()[0])
        assert state.first_player == state.current_player() == first
        assert state.seen[state.position] == 1  # the start of play counts for the repetition rule


def test_the_placed_chips_show_their_largest_value(deck):
    rng = random.Random(4)
    state = ENGINE.new_game(deck, 2, rng, FREE)
    placed = []
    while state.placing is not None:
        placement = ENGINE.policies()["random"](state, rng)
        placed.append(placement)
        state.apply(placement)
    for placement in placed:
        assert state.position.owner(placement.square) == placement.owner
        assert state.position.value(placement.square) == placement.own_value > placement.other_value


# --- the harness plays each variant to its end -------------------------------------------------


@pytest.mark.parametrize(
    "variants",
    [["light-squares"], ["free-placement"], ["light-squares", "advanced"], ["light-squares", "free-placement"]],
)
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_check_simulates_each_variant_to_the_end_with_invariants_holding(variants, policy):
    flags = [arg for name in variants for arg in ("--variant", name)]
    args = ["check", str(SHIPPED), "--simulate", "50", "--policy", policy, "--json", *flags]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    simulation = json.loads(result.output)["simulation"]
    assert simulation["options"] == dict.fromkeys(variants, True)
    assert simulation["problems"] == [] and simulation["broken"] == 0
    assert simulation["completed_share"] == 1.0 and simulation["unfinished_games"] == 0
    assert simulation["supply_short"] == {}


def test_a_placement_is_any_different_chip_in_hand_on_any_free_home_square():
    """FreePlacement alone: two chips of one value are one choice, and a square taken is
    no longer offered; the seats alternate while both hold chips."""
    from generator.games.chip_flip.board import HOME, squares_of
    from generator.games.chip_flip.placing import FreePlacement
    from generator.games.chip_flip.position import Placement

    chips = [Placement(0, 0, 3, 1), Placement(0, 0, 3, 1), Placement(0, 0, 5, 2), Placement(1, 0, 4, 4)]
    start = FreePlacement.of(chips)
    squares = squares_of(HOME)
    assert len(start.legal()) == 2 * len(squares)  # (3, 1) and (5, 2), on every home square
    placed = start.push(Placement(0, squares[0], 3, 1))
    assert placed.turn == 1 and placed.in_hand() == 3
    north = placed.push(placed.legal()[0])
    assert north.turn == 0 and all(p.square != squares[0] for p in north.legal())
