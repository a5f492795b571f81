"""Whipped!'s deck model, built from the game's YAML items after schema validation."""

from dataclasses import dataclass

from generator.games.grammar import EffectError
from generator.games.whipped.effects import Gain, parse_effect
from generator.games.whipped.schemas import SCHEMAS
from generator.sources.errors import Loc, SourceError
from generator.sources.frozen import LocMap
from generator.sources.game import Game


@dataclass(frozen=True)
class Level:
    """A row of vote squares; filling it takes one vote a square from one player."""

    squares: tuple[str, ...]
    loc: Loc

    @property
    def size(self) -> int:
        return len(self.squares)

    @property
    def points(self) -> int:
        return self.squares.count("solid")


@dataclass(frozen=True)
class Bill:
    name: str
    levels: tuple[Level, ...]
    loc: Loc


@dataclass(frozen=True)
class Rider:
    name: str
    effect: str
    gains: tuple[Gain, ...]  # empty when the text does not parse (a static-check finding)
    loc: Loc


@dataclass(frozen=True)
class VoteColour:
    name: str
    colour: str
    shape: str
    count: int
    loc: Loc
    #: Where the count is printed (the place a shortage of this colour is reported).
    count_loc: Loc | None = None


@dataclass(frozen=True)
class BiddingTokens:
    """The bidding tokens of one level the deck prints (one per player is dealt)."""

    level: int
    count: int
    loc: Loc


@dataclass(frozen=True)
class Deck:
    """Bills and riders expanded by `count` (one entry per physical card), vote colours."""

    bills: tuple[Bill, ...]
    riders: tuple[Rider, ...]
    colours: tuple[VoteColour, ...]
    tokens: tuple[BiddingTokens, ...]

    @property
    def token_levels(self) -> tuple[int, ...]:
        return tuple(token.level for token in self.tokens)


def _bill(item: LocMap) -> Bill:
    levels = item["levels"]
    return Bill(
        item["name"],
        tuple(Level(tuple(row), levels.loc_of(i)) for i, row in enumerate(levels)),
        item.loc,
    )


def _rider(item: LocMap) -> Rider:
    try:
        gains = parse_effect(item["effect"])
    except EffectError:
        gains = ()
    return Rider(item["name"], item["effect"], gains, item.loc)


def check_kinds(game: Game) -> None:
    """Every component file is of a kind this game knows."""
    for component_file in game.files:
        if component_file.kind not in SCHEMAS:
            known = ", ".join(SCHEMAS)
            raise SourceError(
                component_file.data.loc_of("kind"),
                f"unknown component kind {component_file.kind!r} (expected one of: {known})",
            )


def load_deck(game: Game) -> Deck:
    """The deck, validating each item; SourceError at the first malformed one."""
    check_kinds(game)
    bills = [(_bill(item), item.get("count", 1)) for item in game.items("bill")]
    riders = [(_rider(item), item.get("count", 1)) for item in game.items("rider")]
    colours = tuple(
        VoteColour(item["name"], item["colour"].lower(), item["shape"], item["count"], item.loc, item.loc_of("count"))
        for item in game.items("vote")
    )
    tokens = tuple(
        BiddingTokens(item["level"], item.get("count", 1), item.loc_of("count") if "count" in item else item.loc)
        for item in game.items("bidding-token")
    )
    return Deck(
        tuple(bill for bill, n in bills for _ in range(n)),
        tuple(rider for rider, n in riders for _ in range(n)),
        colours,
        tokens,
    )
