"""The Sliders deck the engine plays: the board's squares, the title deeds on it, the event
cards, the starting money and the Bank's buildings.

load_deck() reads the typed items (items.py), each validated when the game was read, and
resolves the references between files (board squares to deeds, card targets to squares);
any reference it cannot resolve is a SourceError at the item, so a deck that loads can be
played. The squares are the items themselves (every number an int: items.py); the deck's
own classes hold what it derives: a title deed of any kind as the engine plays it, and each
printed copy of an event card with its parsed effect.
"""

from dataclasses import dataclass, field

from generator.games.compiled import Reduced, by_constructor
from generator.games.grammar import EffectError
from generator.games.sliders.grammar import Effect, parse_effect
from generator.games.sliders.items import (
    CARD_DECKS,
    DEED_SQUARE_TYPES,
    ITEMS,
    Bill,
    Building,
    Deed,
    EventCard,
    Railroad,
    Square,
    Utility,
)
from generator.sources.errors import Loc, SourceError
from generator.sources.game import Game


@dataclass(frozen=True)
class Title:
    """A title deed as the engine plays it, whichever of the three items it was written as
    (Deed, Railroad, Utility): for railroads `rent` is by lines owned; for utilities, the
    dice multipliers by utilities owned. A compiled class, its numbers read natively."""

    name: str
    kind: str  # "deed" (a coloured site), "railroad" or "utility"
    price: int
    mortgage: int
    rent: tuple[int, ...]
    #: Where the deed was written.
    loc: Loc
    #: The colour group; "railroad" and "utility" for the others.
    group: str
    house_cost: int = 0

    def __reduce__(self) -> Reduced:
        return by_constructor(self)  # compiled.py


@dataclass(frozen=True)
class Card:
    """One printed copy of an event card, in its deck."""

    item: EventCard
    deck: str
    effect: Effect
    #: Square index of an `advance to` target, -1 otherwise.
    target: int = -1

    @property
    def fired_name(self) -> str:
        return f"{self.deck}: {self.item.title}"

    def __reduce__(self) -> Reduced:
        return by_constructor(self)  # compiled.py


@dataclass
class Deck:
    squares: list[Square]
    deeds: dict[int, Title]  # by square index
    groups: dict[str, tuple[int, ...]]  # group -> square indices (railroad, utility included)
    cards: dict[str, list[Card]]
    start_cash: int
    houses: int
    hotels: int
    go: int
    slidecage: int
    #: Where the deck prints each building type's count ("house", "hotel").
    building_locs: dict[str, Loc] = field(default_factory=dict)
    #: Each colour group's printed colour (its deeds' `colour`), for reports.
    group_colours: dict[str, str] = field(default_factory=dict)


def check_kinds(game: Game) -> None:
    """Every component file must be of a kind this game knows."""
    for component_file in game.files:
        if component_file.kind not in ITEMS:
            known = ", ".join(sorted(ITEMS))
            raise SourceError(
                component_file.data.loc_of("kind"),
                f"unknown component kind {component_file.kind!r} (expected one of: {known})",
            )


def read_titles(game: Game) -> dict[str, Title]:
    """Every title deed, by name."""
    titles: dict[str, Title] = {}
    for deed in game.typed("deed", Deed):
        titles[deed.name] = Title(
            deed.name, "deed", deed.price, deed.mortgage, deed.rent, deed.loc, deed.group, deed.house_cost
        )
    for line in game.typed("railroad", Railroad):
        rent = line.rent_by_count
        titles[line.name] = Title(line.name, "railroad", line.price, line.mortgage, rent, line.loc, "railroad")
    for utility in game.typed("utility", Utility):
        rent = utility.dice_multiplier
        titles[utility.name] = Title(
            utility.name, "utility", utility.price, utility.mortgage, rent, utility.loc, "utility"
        )
    return titles


def card_effect(card: EventCard) -> Effect:
    """The parsed effect of a card; SourceError at its `effect:` when unreadable."""
    try:
        return parse_effect(card.effect)
    except EffectError as exc:
        raise SourceError(card.loc_of("effect"), str(exc)) from None


def _only(squares: list[Square], type_: str, fallback: Loc) -> int:
    found = [index for index, square in enumerate(squares) if square.type == type_]
    if len(found) != 1:
        raise SourceError(fallback, f"the board needs exactly one {type_} square, has {len(found)}")
    return found[0]


def _board_titles(squares: list[Square], titles: dict[str, Title]) -> dict[int, Title]:
    placed: dict[int, Title] = {}
    for index, square in enumerate(squares):
        if square.type not in DEED_SQUARE_TYPES:
            continue
        title = titles.get(square.deed or "")
        if title is None or title.kind != DEED_SQUARE_TYPES[square.type]:
            raise SourceError(square.loc, f"square {square.name!r} names no {square.type} deed {square.deed or ''!r}")
        placed[index] = title
    return placed


def _cards(game: Game, squares: list[Square]) -> dict[str, list[Card]]:
    """Each deck's cards, one for each printed copy."""
    by_name = {square.name: index for index, square in enumerate(squares)}
    cards: dict[str, list[Card]] = {}
    for deck in CARD_DECKS:
        cards[deck] = []
        for item in game.typed(deck, EventCard):
            effect = card_effect(item)
            target = -1
            if effect.op == "advance":
                if effect.target not in by_name:
                    raise SourceError(item.loc_of("effect"), f"card target {effect.target!r} is no board square")
                target = by_name[effect.target]
            if effect.op == "nearest" and not any(s.type == effect.target for s in squares):
                raise SourceError(item.loc_of("effect"), f"the board has no {effect.target}")
            cards[deck] += [Card(item, deck, effect, target) for _ in range(item.count)]
    return cards


def load_deck(game: Game) -> Deck:
    """The playable model of a Sliders game folder; SourceError for malformed or dangling data."""
    check_kinds(game)
    fallback = game.data.loc if game.data is not None else Loc(str(game.folder), 1, 1)
    squares = game.typed("square", Square)
    if not squares:
        raise SourceError(fallback, "the game has no board squares")
    placed = _board_titles(squares, read_titles(game))
    groups: dict[str, list[int]] = {}
    for index, title in placed.items():
        groups.setdefault(title.group, []).append(index)
    buildings = game.typed("building", Building)
    counts = {building.type: building.count for building in buildings}
    return Deck(
        squares=squares,
        deeds=placed,
        groups={name: tuple(indices) for name, indices in groups.items()},
        cards=_cards(game, squares),
        start_cash=sum(bill.value * bill.per_player for bill in game.typed("bill", Bill)),
        houses=counts.get("house", 0),
        hotels=counts.get("hotel", 0),
        go=_only(squares, "go", squares[0].loc),
        slidecage=_only(squares, "slidecage", squares[0].loc),
        building_locs={building.type: building.loc_of("count") for building in buildings},
        group_colours={deed.group: deed.colour for deed in game.typed("deed", Deed)},
    )
