"""The figures the Sliders simulation report adds.

landing_share: 40 numbers indexed by square (0 = GO): the share of all throws that end on
each square, where the token rests once any card it drew has moved it (a Chance square
counts only the throws whose card left the token there). A throw that ends in the Slidecage
(sent there by "Go to the Slidecage", a card or three doubles, or a failed throw to get
out) counts on the Slidecage's square 10 with Just Visiting, and `in_jail_share` gives the
part of those that are in the Slidecage. Nobody rests on "Go to the Slidecage" (30). So the
shares compare with the classic game's published tables of where tokens end their moves.
"""

from collections import Counter

from generator.games import tallies
from generator.games.sliders.state import SlidersState
from generator.games.tallies import gathered


def _summary(turns: Counter[int]) -> dict | None:
    """Games, mean and median of a histogram of turns; None for no games."""
    if not turns:
        return None
    return {"games": turns.total(), "mean": round(tallies.mean(turns), 1), "median": tallies.median(turns)}


class SlidersTally:
    """Where throws ended, rent by colour group, bankruptcies and capped games, game by game."""

    def __init__(self) -> None:
        self.games = 0
        self.landings: list[int] = []
        self.in_cage = 0
        self.income: Counter[str] = Counter()  # rent charged, by the group of the square
        self.first_bankruptcy: Counter[int] = Counter()
        self.second_bankruptcy: Counter[int] = Counter()
        self.capped = 0

    def add(self, state: SlidersState) -> None:
        stats = state.stats
        if not self.landings:
            self.landings = [0] * len(stats.landings)
        self.games += 1
        for square, count in enumerate(stats.landings):
            self.landings[square] += count
        self.in_cage += stats.in_cage
        self.income.update(stats.rent_by_group)
        if stats.bankrupt_turns:
            self.first_bankruptcy[stats.bankrupt_turns[0]] += 1
        if len(stats.bankrupt_turns) > 1:
            self.second_bankruptcy[stats.bankrupt_turns[1]] += 1
        if state.capped or not state.is_terminal():
            self.capped += 1

    def figures(self) -> dict:
        if not self.games:
            return {}
        throws = sum(self.landings) or 1
        return {
            "landing_share": [round(count / throws, 5) for count in self.landings],
            "in_jail_share": round(self.in_cage / throws, 5),
            "rent_per_game_by_group": {
                group: round(total / self.games, 1) for group, total in sorted(self.income.items())
            },
            "turns_to_first_bankruptcy": _summary(self.first_bankruptcy),
            "turns_to_second_bankruptcy": _summary(self.second_bankruptcy),
            "games_capped": self.capped,
            "share_capped": round(self.capped / self.games, 4),
        }


def figures(states: list[SlidersState]) -> dict:
    """The figures of these games, as SlidersTally gathers them."""
    return gathered(SlidersTally(), states).figures()
