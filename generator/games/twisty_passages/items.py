"""The items of Twisty Passages' component kinds, one typed class per kind (kinds.py draws
them, deck.py builds the engine's deck from them).

A maze card's `zone` says which Zone it belongs to, so only a zone card has one and every
zone card has one: the schema cannot say "required when kind is zone", so MazeCard checks
it as it is read, and a card that breaks it is bad input at its place, like a schema error.
"""

from dataclasses import dataclass
from typing import Annotated, Literal, get_args

from generator.sources.errors import SourceError
from generator.sources.items import Count, Item, Name, Positive, rule

Zone = Literal["red", "green", "blue", "black"]
#: The four zones, in the rules' order.
ZONES: tuple[Zone, ...] = get_args(Zone)
CardKind = Literal["passage", "item", "rule", "trap", "zone"]
#: Runs of words printed on a card.
Words = Annotated[tuple[Name, ...], rule(minItems=1)]


@dataclass(frozen=True, kw_only=True)
class MazeCard(Item):
    """A maze card as printed: its title, kind, Zone (zone cards only) and effect text."""

    title: Name
    kind: CardKind
    #: The printed effect, inline icons and all (grammar.py reads it).
    effect: str
    count: Count = 1
    zone: Zone | None = None
    #: Items that change the rules while held also get the double border.
    rule: bool = False
    #: The ✨ mark: discard this card to cause the effect after the star.
    discard_effect: bool = False
    flavour: str | None = None
    #: What went into an icon-shaped hole of the seed rules, and why (not printed).
    reconstructed: str | None = None
    #: Words printed on the card that the rules do not have (each is a TP040 info).
    added: Words = ()

    def __post_init__(self) -> None:
        if self.kind == "zone" and self.zone is None:
            raise SourceError(self.loc, "missing required key 'zone' in a maze-card (every zone card names its zone)")
        if self.kind != "zone" and self.zone is not None:
            raise SourceError(self.loc_of("zone"), f"only a zone card has a 'zone' (this one is a {self.kind})")


@dataclass(frozen=True, kw_only=True)
class WinThreshold(Item):
    """A goal card: the cards a path needs to win at a player count."""

    players: Positive
    cards: Positive
