"""The game state the simulation harness drives: a Position plus what the report counts, and
the ways a game ends.

With free placement the state starts in its set-up (a FreePlacement, placing.py): its
actions are then Placements, and `position` is the board so far; play begins once every
chip is placed. Placing counts in neither `turns` (game length is play) nor `fired`.

The state also keeps how often each position occurred: the third occurrence of a position
(the same chips, values, scores and side to move) ends the game, scored as any other end
(the higher score wins). This is an addition to the rules, which cannot end an advanced
game whose backward jumps turn the same chips over and back for ever (c5xa3 c3xa5 a3xc5
a5xc3 repeats the position).
"""

import random
from collections import Counter
from collections.abc import Sequence

from msgspec import Struct
from msgspec.structs import replace

from generator.games.chip_flip.board import DARK, ROW_0, ROW_7
from generator.games.chip_flip.placing import FreePlacement
from generator.games.chip_flip.position import NORTH, SOUTH, Move, Placement, Position
from generator.games.chip_flip.rules import REPETITIONS_TO_END, flip, scores
from generator.games.game_state import Ending, GameState

#: What `fired` counts, by move kind.
STEP, PASS_NAME, SCORE, BACKWARD = "step", "pass", "score", "backward jump"
#: A chain of three or more jumps counts as a "triple jump" (the seed names single, double
#: and triple jumps).
JUMPS = ("single jump", "double jump", "triple jump")
#: The physical components in play, as Engine.supply names them.
CHIPS, NUMBERED_CHIPS = "chips", "numbered chips"

#: What a player does: place a chip (free placement's set-up) or move (a pass too).
ChipFlipAction = Move | Placement


class ChipFlipEnding(Ending):
    """Why a game ended."""

    NO_CHIPS = "one side has no chip on the board"
    NO_MOVES = "neither side can move"
    REPETITION = "the same position a third time"


class Outcome(Struct, frozen=True):
    """How a game ended: why, who won and the final points."""

    ending: ChipFlipEnding
    #: SOUTH, NORTH, or None for a tie.
    winner: int | None
    scores: tuple[int, int]


def outcome(position: Position, repeated: bool = False) -> Outcome | None:
    """How the game ends at this position: when a side has no chip on the board, neither
    side can move, or (`repeated`) the position stands for the third time; None while it
    goes on. Every end is scored alike: the higher score wins, equal scores tie."""
    if repeated:
        ending = ChipFlipEnding.REPETITION
    elif not position.south or not position.north:
        ending = ChipFlipEnding.NO_CHIPS
    elif not position.legal_moves():
        ending = ChipFlipEnding.NO_MOVES
    else:
        return None
    south, north = position.scores
    winner = None if south == north else (SOUTH if south > north else NORTH)
    return Outcome(ending, winner, position.scores)


def move_kinds(position: Position, move: Move) -> list[str]:
    """The names a move fires: its kind, 'backward jump' if any jump goes back, 'score'."""
    if move.is_pass:
        return [PASS_NAME]
    kinds = [JUMPS[min(len(move.path) - 2, 2)] if move.is_jump else STEP]
    forward = 1 if position.turn == SOUTH else -1
    if move.is_jump and any((b - a) * forward < 0 for a, b in zip(move.path, move.path[1:], strict=False)):
        kinds.append(BACKWARD)
    if scores(position, move):
        kinds.append(SCORE)
    return kinds


class ChipFlipState(GameState[ChipFlipAction]):
    """A game of Chip Flip in progress."""

    def __init__(self, start: Position | FreePlacement, rng: random.Random, hue: int = DARK):
        """A game from its starting position, or from free placement's set-up (the chip is
        flipped for the first move when it is done); `hue`: the squares the chips stand on,
        board.DARK or board.LIGHT."""
        super().__init__(2, rng)
        self.hue = hue
        self.placing = start if isinstance(start, FreePlacement) else None
        self.position = start if isinstance(start, Position) else start.position()
        self.first_player = self.position.turn
        self.chips = self.position.chip_count() + self.in_hand
        self.seen: Counter[Position] = Counter() if self.placing is not None else Counter([self.position])
        self._moves: Sequence[ChipFlipAction] | None = None
        # Chips on the board, in hand and carried off as points are all out of the box.
        self.note_in_play(NUMBERED_CHIPS if self.position.advanced else CHIPS, self.chips)

    @property
    def in_hand(self) -> int:
        """Chips still to be placed (free placement's set-up)."""
        return self.placing.in_hand() if self.placing is not None else 0

    def __getstate__(self) -> dict:
        """What a copy of the state carries. Once the game is over (a worker process sends
        finished games back), of the positions seen only the current one's count: all the
        repetition rule reads when no move follows, where the whole history was most of the
        bytes."""
        state = dict(self.__dict__)
        if self.is_terminal():
            state["seen"] = Counter({self.position: self.seen[self.position]})
        return state

    @property
    def repeated(self) -> bool:
        """Whether the position now stands for the third time (the repetition rule)."""
        return self.seen[self.position] >= REPETITIONS_TO_END

    def current_player(self) -> int:
        return self.position.turn

    def legal_actions(self) -> list[ChipFlipAction]:
        if self._moves is None:
            if self.placing is not None:
                self._moves = self.placing.legal()
            else:
                self._moves = [] if self.repeated else self.position.legal_moves()
        return list(self._moves)

    def apply(self, action: ChipFlipAction) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"{action} is not a legal move here")
        if isinstance(action, Placement):
            self._place(action)
        else:
            self.fired.update(move_kinds(self.position, action))
            self.position = self.position.push(action)
            self.seen[self.position] += 1
            self.turns += 1
        self._moves = None

    def _place(self, placement: Placement) -> None:
        """Put a chip down; after the last one, flip a chip for who moves first."""
        assert self.placing is not None  # only the set-up has placements among its actions
        placing = self.placing.push(placement)
        if not placing.done:
            self.placing, self.position = placing, placing.position()
            return
        self.placing = None
        self.first_player = flip(self.rng)
        self.position = replace(placing.position(), turn=self.first_player)
        self.seen[self.position] += 1

    def is_terminal(self) -> bool:
        return not self.legal_actions()

    def outcome(self) -> Outcome | None:
        """How the game ended (by repetition too); None while it goes on."""
        return None if self.placing is not None else outcome(self.position, self.repeated)

    def end_reason(self) -> ChipFlipEnding:
        """How the finished game ended (ValueError while it goes on)."""
        ended = self.outcome()
        if ended is None:
            raise ValueError("the game is not over")
        return ended.ending

    def returns(self) -> list[float]:
        """Points (chips carried off the far row) per seat, however the game ended."""
        return [float(points) for points in self.position.scores]

    def invariant_violations(self) -> list[str]:
        pos = self.position
        problems = []
        if pos.south & pos.north:
            problems.append("a square holds chips of both sides")
        if pos.chip_count() + sum(pos.scores) + self.in_hand != self.chips:
            problems.append(
                f"{pos.chip_count()} chips on the board, {self.in_hand} in hand and {sum(pos.scores)} "
                f"points do not add up to the {self.chips} chips of the start"
            )
        if (pos.south | pos.north) & ~self.hue:
            problems.append(f"a chip stands on a {'light' if self.hue == DARK else 'dark'} square")
        placing = self.placing
        if placing is not None and (pos.south & ~placing.squares(SOUTH) or pos.north & ~placing.squares(NORTH)):
            problems.append("a chip was placed off its owner's home squares")
        if pos.south & ROW_7 or pos.north & ROW_0:
            problems.append("a chip stayed on its far row instead of scoring")
        if pos.south_values is not None and pos.north_values is not None:
            occupied = pos.south | pos.north
            for sq in range(64):
                has_values = bool(pos.south_values[sq] or pos.north_values[sq])
                if has_values and not (occupied >> sq) & 1:
                    problems.append(f"values left behind on empty square {sq}")
        return problems
