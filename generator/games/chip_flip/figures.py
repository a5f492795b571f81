"""Chip Flip's figures for the simulation report, gathered game by game (ChipFlipTally).

score_margin: how far apart the two sides' points were at the end of each finished game
(|South - North|, 0 for a level game): games per margin, smallest first, and the mean.
`points` and `score_margin` count the finished games only (a game the harness's cap cut
short has no final score), and `counted_over` says so; game_length counts every game.
"""

from collections import Counter

from generator.games import tallies
from generator.games.chip_flip.position import SEATS
from generator.games.chip_flip.state import ChipFlipEnding, ChipFlipState
from generator.games.tallies import gathered


class ChipFlipTally:
    """Why games ended, points per side and game length (turns, passes included)."""

    def __init__(self) -> None:
        self.games = 0
        self.endings: Counter[ChipFlipEnding] = Counter()
        self.points: list[Counter[int]] = [Counter() for _ in SEATS]
        self.margins: Counter[int] = Counter()
        self.lengths: Counter[int] = Counter()

    def add(self, state: ChipFlipState) -> None:
        self.games += 1
        self.lengths[state.turns] += 1
        outcome = state.outcome()
        if outcome is None:
            return
        self.endings[outcome.ending] += 1
        for seat, score in enumerate(outcome.scores):
            self.points[seat][score] += 1
        self.margins[abs(outcome.scores[0] - outcome.scores[1])] += 1

    def figures(self) -> dict:
        finished = self.endings.total()

        def share(ending: ChipFlipEnding) -> float:
            return self.endings[ending] / self.games if self.games else 0.0

        points = {
            seat: {
                "mean": tallies.mean(self.points[i]) if finished else 0.0,
                "max": max(self.points[i], default=0),
            }
            for i, seat in enumerate(SEATS)
        }
        return {
            "ended_neither_can_move_share": share(ChipFlipEnding.NO_MOVES),
            "ended_side_without_chips_share": share(ChipFlipEnding.NO_CHIPS),
            "ended_third_repetition_share": share(ChipFlipEnding.REPETITION),
            "unfinished_games": self.games - finished,
            "points": points,
            "score_margin": _margin_figures(self.margins),
            "game_length": {
                "mean": tallies.mean(self.lengths) if self.games else 0.0,
                "median": tallies.median(self.lengths) if self.games else 0.0,
                "max": max(self.lengths, default=0),
            },
            "counted_over": dict.fromkeys(("points", "score_margin"), f"of the {finished} games that ended"),
        }


def figures(states: list[ChipFlipState]) -> dict:
    """The figures of these games, as ChipFlipTally gathers them."""
    return gathered(ChipFlipTally(), states).figures()


def score_margin(margins: list[int]) -> dict:
    """Games per margin, smallest first, and the mean margin."""
    return _margin_figures(Counter(margins))


def _margin_figures(margins: Counter[int]) -> dict:
    """score_margin() of a histogram of margins."""
    return {
        "games_by_margin": {str(margin): margins[margin] for margin in sorted(margins)},
        "mean": round(tallies.mean(margins), 3) if margins else 0.0,
    }
