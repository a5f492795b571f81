"""The engine's deck, built from the typed items: one Card per physical maze card, each with
its parsed effect, and the win thresholds."""

from dataclasses import dataclass, field

from msgspec import Struct

from generator.games.grammar import EffectError
from generator.games.twisty_passages.grammar import Effect, parse_effect
from generator.games.twisty_passages.items import MazeCard, WinThreshold
from generator.sources.errors import Loc, SourceError
from generator.sources.game import Game


@dataclass(frozen=True)
class Card:
    """A maze card as the engine plays it: the printed card and its effect, parsed."""

    item: MazeCard
    effect: Effect = field(compare=False)

    @property
    def is_item(self) -> bool:
        return self.item.kind == "item"

    @property
    def is_trap(self) -> bool:
        """A "Trap" card for Laying Traps: the trap kind (Laying Traps itself is not one)."""
        return self.item.kind == "trap"


class Deck(Struct):
    """Every physical card (index = card id) and the win threshold by player count."""

    cards: list[Card]
    thresholds: dict[int, int]

    def doubled(self) -> "Deck":
        """Two copies of the deck, for the How Long? variant's double deck."""
        return Deck(self.cards + self.cards, dict(self.thresholds))


def effect_of(item: MazeCard) -> Effect:
    """The item's parsed effect; SourceError at the effect text if it does not parse."""
    try:
        return parse_effect(item.effect)
    except EffectError as exc:
        raise SourceError(effect_loc(item, exc.line), str(exc)) from None


def effect_loc(item: MazeCard, line: int = 1) -> Loc:
    """Where line `line` of the item's effect text is, as near as the YAML allows.

    Text with line breaks is a literal block (`|-`), whose place is its text's first line
    (generator/sources/loader.py); any other scalar is reported at its start.
    """
    loc = item.loc_of("effect")
    if "\n" in item.effect:
        return Loc(loc.file, loc.line + line - 1, loc.column)
    return loc


def load_deck(game: Game) -> Deck:
    """Build the deck from the game's maze-card and win-threshold files (SourceError if malformed)."""
    cards: list[Card] = []
    for item in game.typed("maze-card", MazeCard):
        cards.extend([Card(item, effect_of(item))] * item.count)
    thresholds = {item.players: item.cards for item in game.typed("win-threshold", WinThreshold)}
    if not cards:
        raise SourceError(game.data.loc if game.data else None, "the game has no maze-card items")
    return Deck(cards, thresholds)
