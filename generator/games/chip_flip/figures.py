"""Chip Flip's figures for the simulation report.

score_margin: how far apart the two sides' points were at the end of each finished game
(|South - North|, 0 for a level game): games per margin, smallest first, and the mean.
"""

from collections import Counter
from statistics import mean, median

from generator.games.chip_flip.position import SEATS, Termination
from generator.games.chip_flip.state import ChipFlipState


def figures(states: list[ChipFlipState]) -> dict:
    """Why games ended, points per side and game length (turns, passes included)."""
    outcomes = [state.outcome() for state in states]
    finished = [outcome for outcome in outcomes if outcome is not None]
    lengths = [state.turns for state in states]

    def share(termination: Termination) -> float:
        hits = sum(1 for outcome in finished if outcome.termination is termination)
        return hits / len(states) if states else 0.0

    points = {
        seat: {
            "mean": mean(o.scores[i] for o in finished) if finished else 0.0,
            "max": max((o.scores[i] for o in finished), default=0),
        }
        for i, seat in enumerate(SEATS)
    }
    return {
        "ended_neither_can_move_share": share(Termination.NO_MOVES),
        "ended_side_without_chips_share": share(Termination.NO_CHIPS),
        "ended_third_repetition_share": share(Termination.REPETITION),
        "unfinished_games": len(states) - len(finished),
        "points": points,
        "score_margin": score_margin([abs(o.scores[0] - o.scores[1]) for o in finished]),
        "game_length": {
            "mean": mean(lengths) if lengths else 0.0,
            "median": median(lengths) if lengths else 0.0,
            "max": max(lengths, default=0),
        },
    }


def score_margin(margins: list[int]) -> dict:
    counts = Counter(margins)
    return {
        "games_by_margin": {str(margin): counts[margin] for margin in sorted(counts)},
        "mean": round(mean(margins), 3) if margins else 0.0,
    }
