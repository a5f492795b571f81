"""The figures Whipped! adds to the simulation report, keyed by player count.

The harness runs one player count at a time, so each figure is a mapping from the player
count (as text, for JSON) to per-game means; `totals` keeps the sums and the game count.

bill_pass_rate: the share of games in which each bill passed (a bill passes at most once
a game), bills in deck order; pass_share: bills passed out of bills that came to a vote
(passed or failed), per player count.
"""

from generator.games.tallies import gathered
from generator.games.whipped.state import Tally, WhippedState

_TOTALS = {
    "bills_passed": lambda t: t.bills_passed,
    "bills_failed": lambda t: t.bills_failed,
    "turns_without_sponsor": lambda t: t.turns_without_sponsor,
    "sponsor_auctions": lambda t: t.sponsor_auctions,
    "self_fills": lambda t: t.self_fills,
    "points_level_1": lambda t: t.level_points[1],
    "points_level_2": lambda t: t.level_points[2],
    "points_level_3": lambda t: t.level_points[3],
    "penalty_points": lambda t: t.penalty_points,
    "riders_played": lambda t: t.riders_played,
    "rider_points": lambda t: t.rider_points,
    "rider_votes": lambda t: t.rider_votes,
}


class WhippedTally:
    """Bills passed and failed, points by level, riders played and their value, game by game."""

    def __init__(self) -> None:
        self.games = 0
        #: Player count -> the games' tallies summed ("games": how many).
        self.totals: dict[int, dict[str, int]] = {}
        #: Bill name, in deck order -> games it passed in (a passed bill fires once).
        self.passed: dict[str, int] = {}

    def add(self, state: WhippedState) -> None:
        if not self.games:
            self.passed = dict.fromkeys((bill.name for bill in state.deck.bills), 0)
        self.games += 1
        sums = self.totals.setdefault(state.num_players, {"games": 0, **dict.fromkeys(_TOTALS, 0)})
        _add(sums, state.tally)
        for name in self.passed:
            if state.fired[name]:
                self.passed[name] += 1

    def bill_pass_rate(self) -> dict[str, float]:
        """Bill name -> the share of the games it passed in."""
        return {name: round(games / self.games, 4) for name, games in self.passed.items()}

    def figures(self) -> dict:
        totals = {str(n): self.totals[n] for n in sorted(self.totals)}
        mean = {
            players: {key: round(value / sums["games"], 3) for key, value in sums.items()}
            for players, sums in totals.items()
        }
        return {
            "bills_per_game": {
                players: {
                    "passed": m["bills_passed"],
                    "failed": m["bills_failed"],
                    "without_sponsor": m["turns_without_sponsor"],
                    "sponsor_auctions": m["sponsor_auctions"],
                }
                for players, m in mean.items()
            },
            "points_by_level_per_game": {
                players: {
                    "1": m["points_level_1"],
                    "2": m["points_level_2"],
                    "3": m["points_level_3"],
                    "penalty": m["penalty_points"],
                    "self_fills": m["self_fills"],
                }
                for players, m in mean.items()
            },
            "riders_per_game": {
                players: {
                    "played": m["riders_played"],
                    "points": m["rider_points"],
                    "votes": m["rider_votes"],
                }
                for players, m in mean.items()
            },
            "pass_share": {
                players: round(m["bills_passed"] / (m["bills_passed"] + m["bills_failed"]), 4)
                if m["bills_passed"] + m["bills_failed"]
                else None
                for players, m in mean.items()
            },
            "bill_pass_rate": self.bill_pass_rate(),
            "whipped_totals": totals,
        }


def figures(states: list[WhippedState]) -> dict:
    """The figures of these games, as WhippedTally gathers them."""
    return gathered(WhippedTally(), states).figures()


def bill_pass_rate(states: list[WhippedState]) -> dict[str, float]:
    """Bill name -> the share of these games it passed in (a passed bill fires once)."""
    return gathered(WhippedTally(), states).bill_pass_rate()


def _add(sums: dict[str, int], tally: Tally) -> None:
    """One more game's tally into a player count's sums."""
    sums["games"] += 1
    for key, get in _TOTALS.items():
        sums[key] += get(tally)
