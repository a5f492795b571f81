"""The engine's deck, built from the typed items: bills and riders one entry per physical
card, each rider with the gains its effect pays, the vote colours and the bidding tokens."""

from msgspec import Struct

from generator.games.grammar import EffectError
from generator.games.whipped import items
from generator.games.whipped.grammar import Gain, parse_effect
from generator.games.whipped.kinds import KINDS
from generator.sources.errors import SourceError
from generator.sources.game import Game


class Rider(Struct, frozen=True):
    """A rider as the engine plays it: the printed card and the gains its effect pays
    (none when the text does not parse, which static check W005 reports)."""

    item: items.Rider
    gains: tuple[Gain, ...]


class Deck(Struct, frozen=True):
    """Bills and riders expanded by `count` (one entry per physical card), the vote colours
    (seat i plays the i-th) and the bidding tokens."""

    bills: tuple[items.Bill, ...]
    riders: tuple[Rider, ...]
    colours: tuple[items.Vote, ...]
    tokens: tuple[items.BiddingToken, ...]

    @property
    def token_levels(self) -> tuple[int, ...]:
        return tuple(token.level for token in self.tokens)


def rider_of(item: items.Rider) -> Rider:
    try:
        gains = parse_effect(item.effect)
    except EffectError:
        gains = ()
    return Rider(item, gains)


def check_kinds(game: Game) -> None:
    """Every component file is of a kind this game knows."""
    known = [kind.name for kind in KINDS]
    for component_file in game.files:
        if component_file.kind not in known:
            raise SourceError(
                component_file.data.loc_of("kind"),
                f"unknown component kind {component_file.kind!r} (expected one of: {', '.join(known)})",
            )


def load_deck(game: Game) -> Deck:
    """The deck of the game's items; SourceError at a file of a kind the game does not know."""
    check_kinds(game)
    riders = [rider_of(item) for item in game.typed("rider", items.Rider)]
    return Deck(
        tuple(bill for bill in game.typed("bill", items.Bill) for _ in range(bill.count)),
        tuple(rider for rider in riders for _ in range(rider.item.count)),
        tuple(game.typed("vote", items.Vote)),
        tuple(game.typed("bidding-token", items.BiddingToken)),
    )
