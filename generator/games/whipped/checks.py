"""Static checks of a Whipped! deck: findings that need no simulation.

Codes (severity: meaning):

- W001 error: a bill does not have exactly three levels (1 the sponsor's, 2 and 3 auctioned).
- W002 error: a level has more squares than one player's 10 votes a round can fill.
- W003 error: too few distinct bills for fresh bills every round: n players play n rounds
  of n bills, so 4 to 7 players need 16, 25, 36 and 49 distinct bills.
- W004 error: two bills share a name (they would not be distinct bills).
- W005 error: a rider's effect text does not parse with the rider grammar (grammar.py).
- W006 error: two vote colours are closer than colours.MIN_DELTA_E (CIE76) for normal
  vision or under protanopia, deuteranopia or tritanopia simulation (Machado et al. 2009).
- W007 error: fewer than seven vote colours, or two with the same colour value.
- W008 error: two vote colours share a shape (shape is the cue when colour fails).
- W009 error: a vote colour has fewer than the 10 votes a player needs each round.
- W010 error: the bidding tokens lack a level 1, 2 or 3 token.
- W011 error: fewer riders than the three a player is dealt, for seven players.
- W012 warning: a vote colour prints fewer votes than one player can have out at once in a
  round (rules.most_votes_in_a_round: the 10 dealt plus every vote the riders can pay, since
  votes on passed bills stay out until the round ends); the game can run out of them.
- W013 warning: fewer bidding tokens of a level than the seven players who each hold one.
"""

from collections.abc import Iterator

from generator.findings import Finding, error, warning
from generator.games.grammar import EffectError
from generator.games.whipped.colours import MIN_DELTA_E, confusable_pairs
from generator.games.whipped.deck import check_kinds, load_deck
from generator.games.whipped.grammar import parse_effect
from generator.games.whipped.items import BiddingToken, Bill, Rider, Vote
from generator.games.whipped.rules import (
    LEVELS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RIDERS_DEALT,
    VOTES_PER_ROUND,
    most_votes_in_a_round,
)
from generator.sources.errors import Loc
from generator.sources.game import Game


def static_checks(game: Game) -> list[Finding]:
    """Every finding about the game's sources (its items were schema-validated when it was read)."""
    check_kinds(game)
    bills = game.typed("bill", Bill)
    riders = game.typed("rider", Rider)
    votes = game.typed("vote", Vote)
    tokens = game.typed("bidding-token", BiddingToken)
    return [
        *_bill_levels(bills),
        *_bill_supply(game, bills),
        *_rider_effects(riders),
        *_rider_supply(game, riders),
        *_vote_colours(game, votes),
        *_token_levels(game, tokens),
        *_physical_supply(game),
    ]


def _file_loc(game: Game, kind: str) -> Loc:
    files = game.files_of(kind)
    return files[0].data.key_loc("items") if files else game.data.key_loc("components")


def _bill_levels(bills: list[Bill]) -> Iterator[Finding]:
    for bill in bills:
        levels = bill.levels
        if len(levels) != LEVELS:
            yield error(
                "W001",
                f"bill {bill.name!r} has {len(levels)} levels; a bill has exactly {LEVELS}",
                bill.source.key_loc("levels"),
            )
        for number, row in enumerate(levels, start=1):
            if len(row) > VOTES_PER_ROUND:
                yield error(
                    "W002",
                    f"level {number} of {bill.name!r} has {len(row)} squares; one player's "
                    f"{VOTES_PER_ROUND} votes cannot fill it",
                    bill.source["levels"].loc_of(number - 1),
                )


def _bill_supply(game: Game, bills: list[Bill]) -> Iterator[Finding]:
    first: dict[str, Bill] = {}
    for bill in bills:
        if bill.name in first:
            yield error(
                "W004",
                f"bill {bill.name!r} is already defined at line {first[bill.name].loc.line}",
                bill.loc_of("name"),
            )
        else:
            first[bill.name] = bill
    distinct = len(first)
    short = [n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) if distinct < n * n]
    if short:
        needs = ", ".join(f"{n * n} for {n} players" for n in short)
        yield error(
            "W003",
            f"only {distinct} distinct bills; fresh bills every round need {needs}",
            _file_loc(game, "bill"),
        )


def _rider_effects(riders: list[Rider]) -> Iterator[Finding]:
    for rider in riders:
        try:
            parse_effect(rider.effect)
        except EffectError as exc:
            yield error("W005", f"rider {rider.name!r}: {exc}", rider.loc_of("effect"))


def _rider_supply(game: Game, riders: list[Rider]) -> Iterator[Finding]:
    total = sum(rider.count for rider in riders)
    needed = RIDERS_DEALT * MAX_PLAYERS
    if total < needed:
        yield error(
            "W011",
            f"{total} riders; dealing {RIDERS_DEALT} to each of {MAX_PLAYERS} players needs {needed}",
            _file_loc(game, "rider"),
        )


def _vote_colours(game: Game, votes: list[Vote]) -> Iterator[Finding]:
    by_value: dict[str, Vote] = {}
    by_shape: dict[str, Vote] = {}
    for vote in votes:
        value = vote.colour.lower()
        if value in by_value:
            yield error(
                "W007",
                f"{vote.name!r} has the same colour as {by_value[value].name!r}",
                vote.loc_of("colour"),
            )
        by_value.setdefault(value, vote)
        if vote.shape in by_shape:
            yield error(
                "W008",
                f"{vote.name!r} has the same shape ({vote.shape}) as {by_shape[vote.shape].name!r}",
                vote.loc_of("shape"),
            )
        by_shape.setdefault(vote.shape, vote)
        if vote.count < VOTES_PER_ROUND:
            yield error(
                "W009",
                f"{vote.count} {vote.name} votes; a player needs {VOTES_PER_ROUND} a round",
                vote.loc_of("count"),
            )
    if len(votes) < MAX_PLAYERS:
        yield error(
            "W007",
            f"{len(votes)} vote colours; {MAX_PLAYERS} players need {MAX_PLAYERS}",
            _file_loc(game, "vote"),
        )
    named = {vote.name: vote for vote in by_value.values()}
    colours = {name: vote.colour for name, vote in named.items()}
    for a, b, vision, distance in confusable_pairs(colours):
        later = max(named[a], named[b], key=lambda vote: vote.loc)
        seen = "in normal vision" if vision == "normal" else f"under {vision}"
        yield error(
            "W006",
            f"vote colours {a!r} and {b!r} are {distance:.1f} apart {seen} (CIE76; at least {MIN_DELTA_E:g} needed)",
            later.loc_of("colour"),
        )


def _token_levels(game: Game, tokens: list[BiddingToken]) -> Iterator[Finding]:
    missing = sorted(set(range(1, LEVELS + 1)) - {token.level for token in tokens})
    if missing:
        yield error(
            "W010",
            f"no bidding token for level {', '.join(map(str, missing))}",
            _file_loc(game, "bidding-token"),
        )


def _physical_supply(game: Game) -> Iterator[Finding]:
    """Votes and bidding tokens the deck prints against the most a game can have out at once."""
    deck = load_deck(game)
    most = most_votes_in_a_round(deck)
    for colour in deck.colours:
        if VOTES_PER_ROUND <= colour.count < most:
            yield warning(
                "W012",
                f"{colour.count} {colour.name} votes; one player can have {most} out in a round "
                f"({VOTES_PER_ROUND} dealt and {most - VOTES_PER_ROUND} from riders, all kept until the round ends)",
                colour.loc_of("count"),
            )
    for level in sorted(set(deck.token_levels)):
        tokens = [t for t in deck.tokens if t.level == level]
        printed = sum(t.count for t in tokens)
        if printed < MAX_PLAYERS:
            yield warning(
                "W013",
                f"{printed} level {level} bidding tokens; {MAX_PLAYERS} players each hold one",
                tokens[0].loc_of("count"),
            )
