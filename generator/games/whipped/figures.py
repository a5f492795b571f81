"""The figures Whipped! adds to the simulation report, by player count."""

from collections import defaultdict

from generator.games.whipped.state import WhippedState


def figures(states: list[WhippedState]) -> dict:
    """Per player count: bills passed and failed, points by level, riders and their value.

    Sums are over the games of that player count; `per_game` divides them by its games.
    """
    groups: dict[int, list[WhippedState]] = defaultdict(list)
    for state in states:
        groups[state.num_players].append(state)
    return {"by_players": {str(n): _group(groups[n]) for n in sorted(groups)}}


def _group(states: list[WhippedState]) -> dict:
    tallies = [state.tally for state in states]
    totals = {
        "bills_passed": sum(t.bills_passed for t in tallies),
        "bills_failed": sum(t.bills_failed for t in tallies),
        "turns_without_sponsor": sum(t.turns_without_sponsor for t in tallies),
        "sponsor_auctions": sum(t.sponsor_auctions for t in tallies),
        "self_fills": sum(t.self_fills for t in tallies),
        "points_level_1": sum(t.level_points[1] for t in tallies),
        "points_level_2": sum(t.level_points[2] for t in tallies),
        "points_level_3": sum(t.level_points[3] for t in tallies),
        "penalty_points": sum(t.penalty_points for t in tallies),
        "riders_played": sum(t.riders_played for t in tallies),
        "rider_points": sum(t.rider_points for t in tallies),
        "rider_votes": sum(t.rider_votes for t in tallies),
    }
    games = len(states)
    turns = totals["bills_passed"] + totals["bills_failed"] + totals["turns_without_sponsor"]
    return {
        "games": games,
        **totals,
        "pass_rate": round(totals["bills_passed"] / turns, 4) if turns else None,
        "per_game": {key: round(value / games, 3) for key, value in totals.items()},
    }
