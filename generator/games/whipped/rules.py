"""The numbers of the seed rules, the option they leave to the players, and scoring a
passed bill.

TIMER_PASSES models the 60-second timer: a turn allows that many bidding passes (each
bidder acting once, in seat order from the auctioneer's left) across its level 2 and 3
auctions. The sponsor's own decisions take no time. The special sponsor auction (rule 5)
runs with the timer stopped and gets its own budget of passes.
"""

from generator.games.base import Option, whole_number
from generator.games.whipped.deck import Deck, Rider
from generator.games.whipped.items import Level

LEVELS = 3
MIN_PLAYERS = 4
MAX_PLAYERS = 7
VOTES_PER_ROUND = 10
RIDERS_DEALT = 3
#: Bidding passes the 60-second timer allows in one turn.
TIMER_PASSES = 4
#: The rules set no maximum bid; the engine offers bids of up to three riders so that a
#: player cannot drain the deck through rule 1 (an empty hand draws a rider).
MAX_BID_RIDERS = 3
#: Points the sponsor loses for each level of their bill beyond the one they score (rule 3).
EXTRA_LEVEL_PENALTY = 1

OPTIONS = (
    Option("timer_passes", "bidding passes the 60-second timer allows in one turn", TIMER_PASSES, whole_number(1)),
)


def level_points(level: Level) -> int:
    """What a level scores: one point a solid square."""
    return level.count("solid")


def occupant_points(levels: dict[int, Level], sponsor: bool) -> tuple[dict[int, int], int]:
    """({level number: points it scores}, penalty) for the levels one player holds on a
    passed bill.

    Rule 3 binds the sponsor, the one player who can "not accept bids for a level and place
    their own votes a second time": they score their best level only (the lowest of equals)
    and lose EXTRA_LEVEL_PENALTY for each other. A bidder who wins both auctions declined no
    bids, so they take "points for every solid box on their level", on each level they hold.
    """
    points = {number: level_points(level) for number, level in levels.items()}
    if not sponsor:
        return points, 0
    best = max(sorted(points), key=points.__getitem__)
    return {best: points[best]}, EXTRA_LEVEL_PENALTY * (len(points) - 1)


def rider_payout(rider: Rider, solid_squares: int, other_riders: int) -> tuple[int, int]:
    """(points, votes) a rider pays on a passed bill."""
    points = votes = 0
    for gain in rider.gains:
        value = gain.value(solid_squares, other_riders)
        if gain.unit == "point":
            points += value
        else:
            votes += value
    return points, votes


def most_votes_in_a_round(deck: Deck) -> int:
    """The most votes of one colour a player can have out of the box at once: the 10 dealt
    each round plus every vote the deck's riders could pay them in that round. Votes spent
    on a passed bill stay on it until the round ends, so none come back to be reused."""
    most_solid = max((level_points(level) for bill in deck.bills for level in bill.levels), default=0)
    others = max(len(deck.riders) - 1, 0)
    return VOTES_PER_ROUND + sum(rider_payout(rider, most_solid, others)[1] for rider in deck.riders)


def vote_component(colour_name: str) -> str:
    """The name a colour's votes go by in the supply and in the simulation's peak counts."""
    return f"{colour_name} votes"


def token_component(level: int) -> str:
    """The name a level's bidding tokens go by in the supply and in the peak counts."""
    return f"level {level} bidding tokens"
