"""The Sliders items: one typed, frozen class per component kind (kinds.py), from which each
kind's schema is derived (generator/sources/items.py). The deck (deck.py) and the static
checks (checks.py) read these, so what prints is what the engine plays.
"""

from dataclasses import dataclass
from typing import Annotated, Literal

from generator.sources.game import MAX_COPIES
from generator.sources.items import Colour, Count, Item, Name, Positive, Whole, rule
from generator.sources.schema import NAME

SquareType = Literal[
    "go",
    "property",
    "railroad",
    "utility",
    "chance",
    "community-chest",
    "tax",
    "slidecage",
    "free",
    "go-to-slidecage",
]
#: An event deck: each is a kind of its own, and a square type.
DeckName = Literal["chance", "community-chest"]
CARD_DECKS: tuple[DeckName, ...] = ("chance", "community-chest")
#: Square types whose square is a title deed, and the kind of deed it names.
DEED_SQUARE_TYPES = {"property": "deed", "railroad": "railroad", "utility": "utility"}

#: A colour group's name: it may name a colour ("dark-blue"), which the report draws it in.
GroupName = Annotated[str, rule(pattern=NAME["pattern"], description="a colour group's name such as light-blue")]
Percent = Annotated[int, rule(minimum=1, maximum=100)]


@dataclass(frozen=True, kw_only=True)
class Square(Item):
    """A square of the board, which is drawn from all of them in order from GO."""

    name: Name
    type: SquareType
    #: The title deed a property, railroad or utility square stands for.
    deed: Name | None = None
    #: GO's salary.
    salary: Whole = 0
    #: A tax square's flat amount.
    amount: Whole = 0
    #: A tax square's other choice: this share of the player's worth.
    percent: Percent | None = None
    #: A line printed on the square (the Slidecage's "Just Visiting").
    aside: str | None = None


@dataclass(frozen=True, kw_only=True)
class Deed(Item):
    """A coloured site's title deed."""

    name: Name
    group: GroupName
    colour: Colour
    price: Positive
    #: Unimproved, with 1 to 4 houses, with a hotel.
    rent: Annotated[tuple[Whole, ...], rule(minItems=6, maxItems=6)]
    house_cost: Positive
    mortgage: Positive


@dataclass(frozen=True, kw_only=True)
class Railroad(Item):
    """A vortex line's title deed."""

    name: Name
    price: Positive
    #: The rent when the owner holds 1, 2, ... lines.
    rent_by_count: Annotated[tuple[Whole, ...], rule(minItems=1)]
    mortgage: Positive


@dataclass(frozen=True, kw_only=True)
class Utility(Item):
    """A utility's title deed."""

    name: Name
    price: Positive
    #: The rent is the dice's total times this, when the owner holds 1, 2, ... utilities.
    dice_multiplier: Annotated[tuple[Positive, ...], rule(minItems=1)]
    mortgage: Positive


@dataclass(frozen=True, kw_only=True)
class EventCard(Item):
    """A Chance or Community Chest card; `effect` is in the notation of grammar.py."""

    title: Name
    text: Name
    effect: Name
    count: Count = 1


@dataclass(frozen=True, kw_only=True)
class CardBack(Item):
    """The back of an event deck's cards: printed on them, nothing of its own."""

    deck: DeckName
    title: Name
    #: A mark ("?") or a line of text.
    text: str | None = None
    colour: Colour | None = None


#: The most players a game takes: the engine's, and what money is printed for by default.
MAX_PLAYERS = 8
#: The Bank's share of one note, beyond the players' starting cash: at most a game's copies.
BankShare = Annotated[int, rule(minimum=0, maximum=MAX_COPIES)]


@dataclass(frozen=True, kw_only=True)
class Bill(Item):
    """Play money: bills of `value`, `per_player` of them dealt to each player. How many are
    printed: `count`, or `per_player` for each player the game is printed for and the Bank's
    `bank` more (one of the two)."""

    value: Positive
    per_player: Whole
    count: Count | None = None
    bank: BankShare | None = None

    def copies(self, players: int) -> int:
        """The bills to print for a game of `players` players."""
        if self.count is not None:
            return self.count
        return self.per_player * players + (self.bank or 0)


@dataclass(frozen=True, kw_only=True)
class Building(Item):
    """The Bank's houses or hotels, printed as fold-up nets."""

    name: Name
    type: Literal["house", "hotel"]
    count: Count


#: A title deed of any of the three kinds.
TitleDeed = Deed | Railroad | Utility
#: The kinds of title deed, each with its item class.
TITLE_KINDS: tuple[tuple[str, type[TitleDeed]], ...] = (("deed", Deed), ("railroad", Railroad), ("utility", Utility))

#: The item class of each Sliders kind, by kind name: a deck holds no other kinds.
ITEMS: dict[str, type[Item]] = {
    "square": Square,
    "deed": Deed,
    "railroad": Railroad,
    "utility": Utility,
    **dict.fromkeys(CARD_DECKS, EventCard),
    "card-back": CardBack,
    "bill": Bill,
    "building": Building,
}
