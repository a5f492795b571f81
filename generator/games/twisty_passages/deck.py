"""The deck model: maze cards (one Card per physical copy) and the win thresholds."""

from dataclasses import dataclass, field

from generator.games.grammar import EffectError
from generator.games.twisty_passages.grammar import Effect, parse_effect
from generator.sources.errors import Loc, SourceError
from generator.sources.frozen import LocMap
from generator.sources.game import Game


@dataclass(frozen=True)
class Card:
    """One printed card design; a deck holds it `count` times."""

    title: str
    kind: str
    zone: str | None
    effect_text: str
    effect: Effect = field(compare=False, hash=False)
    discard_effect: bool = False
    rule: bool = False
    loc: Loc | None = field(default=None, compare=False, hash=False)

    @property
    def is_item(self) -> bool:
        return self.kind == "item"

    @property
    def is_trap(self) -> bool:
        """A "Trap" card for Laying Traps: the trap kind (Laying Traps itself is not one)."""
        return self.kind == "trap"


@dataclass
class Deck:
    """Every physical card (index = card id) and the win threshold by player count."""

    cards: list[Card]
    thresholds: dict[int, int]

    def doubled(self) -> "Deck":
        """Two copies of the deck, for the How Long? variant's double deck."""
        return Deck(self.cards + self.cards, dict(self.thresholds))


def effect_of(item: LocMap) -> Effect:
    """The item's parsed effect; SourceError at the effect text if it does not parse."""
    try:
        return parse_effect(item["effect"])
    except EffectError as exc:
        raise SourceError(effect_loc(item, exc.line), str(exc)) from None


def effect_loc(item: LocMap, line: int = 1) -> Loc:
    """Where line `line` of the item's effect text is, as near as the YAML allows.

    Text with line breaks is a literal block (`|-`) whose text starts on the line after
    its indicator, indented under the key; any other scalar is reported at its start.
    """
    loc = item.loc_of("effect")
    if "\n" in str(item.get("effect", "")):
        return Loc(loc.file, loc.line + line, item.key_loc("effect").column + 2)
    return loc


def card_of(item: LocMap) -> Card:
    return Card(
        title=item["title"],
        kind=item["kind"],
        zone=item.get("zone"),
        effect_text=item["effect"],
        effect=effect_of(item),
        discard_effect=item.get("discard_effect", False),
        rule=item.get("rule", False),
        loc=item.loc,
    )


def load_deck(game: Game) -> Deck:
    """Build the deck from the game's maze-card and win-threshold files (SourceError if malformed)."""
    cards: list[Card] = []
    for item in game.items("maze-card"):
        card = card_of(item)
        cards.extend([card] * int(item.get("count", 1)))
    thresholds: dict[int, int] = {}
    for item in game.items("win-threshold"):
        thresholds[item["players"]] = item["cards"]
    if not cards:
        raise SourceError(game.data.loc if game.data else None, "the game has no maze-card items")
    return Deck(cards, thresholds)
