"""The Sliders deck model: board squares, title deeds, event cards, money and buildings.

load_deck() reads the items (validated against their kinds' schemas when the game was read) and resolves the references
between files (board squares to deeds, card targets to squares); any reference it cannot
resolve is a SourceError at the item, so a deck that loads can be played.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from generator.games.compiled import Reduced, by_constructor
from generator.games.grammar import EffectError
from generator.games.sliders.effects import Effect, parse_effect
from generator.games.sliders.schemas import CARD_DECKS, DEED_SQUARE_TYPES, SCHEMAS
from generator.sources.errors import Loc, SourceError
from generator.sources.frozen import LocMap
from generator.sources.game import Game


@dataclass(frozen=True)
class Square:
    index: int
    name: str
    type: str
    loc: Loc
    deed: str = ""
    salary: int = 0
    amount: int = 0
    percent: int = 0

    def __reduce__(self) -> Reduced:
        return by_constructor(self)  # compiled.py


@dataclass(frozen=True)
class Deed:
    """A title deed. For railroads `rent` is by lines owned; for utilities, dice multipliers."""

    name: str
    kind: str  # "deed" (a coloured site), "railroad" or "utility"
    price: int
    mortgage: int
    rent: tuple[int, ...]
    loc: Loc
    group: str
    house_cost: int = 0
    colour: str = ""

    def __reduce__(self) -> Reduced:
        return by_constructor(self)  # compiled.py


@dataclass(frozen=True)
class Card:
    deck: str
    title: str
    text: str
    effect: Effect
    loc: Loc
    #: Square index of an `advance to` target, -1 otherwise.
    target: int = -1

    @property
    def fired_name(self) -> str:
        return f"{self.deck}: {self.title}"

    def __reduce__(self) -> Reduced:
        return by_constructor(self)  # compiled.py


@dataclass
class Deck:
    squares: list[Square]
    deeds: dict[int, Deed]  # by square index
    groups: dict[str, tuple[int, ...]]  # group -> square indices (railroad, utility included)
    cards: dict[str, list[Card]]
    start_cash: int
    houses: int
    hotels: int
    go: int
    slidecage: int
    #: Where the deck prints each building type's count ("house", "hotel").
    building_locs: dict[str, Loc] = field(default_factory=dict)


def whole_numbers(values: Iterable[Any]) -> tuple[int, ...]:
    """Numbers the schemas declare whole, as ints: a whole number may be written 60.0 (a
    CSV cell, YAML), and the compiled engine's fields take ints only (setup.py)."""
    return tuple(int(value) for value in values)


def validated_items(game: Game, kind: str) -> list[LocMap]:
    """The game's items of a kind (validated against the kind's schema when the game was read)."""
    return game.items(kind)


def check_kinds(game: Game) -> None:
    """Every component file must be of a kind this game knows."""
    for component_file in game.files:
        if component_file.kind not in SCHEMAS:
            known = ", ".join(sorted(SCHEMAS))
            raise SourceError(
                component_file.data.loc_of("kind"),
                f"unknown component kind {component_file.kind!r} (expected one of: {known})",
            )


def expanded(items: list[LocMap]) -> list[LocMap]:
    """Items repeated by their `count:`."""
    return [item for item in items for _ in range(int(item.get("count", 1)))]


def read_deeds(game: Game) -> dict[str, Deed]:
    deeds: dict[str, Deed] = {}
    for item in validated_items(game, "deed"):
        deeds[item["name"]] = Deed(
            item["name"],
            "deed",
            int(item["price"]),
            int(item["mortgage"]),
            whole_numbers(item["rent"]),
            item.loc,
            item["group"],
            int(item["house_cost"]),
            item["colour"],
        )
    for item in validated_items(game, "railroad"):
        deeds[item["name"]] = Deed(
            item["name"],
            "railroad",
            int(item["price"]),
            int(item["mortgage"]),
            whole_numbers(item["rent_by_count"]),
            item.loc,
            "railroad",
        )
    for item in validated_items(game, "utility"):
        deeds[item["name"]] = Deed(
            item["name"],
            "utility",
            int(item["price"]),
            int(item["mortgage"]),
            whole_numbers(item["dice_multiplier"]),
            item.loc,
            "utility",
        )
    return deeds


def read_squares(game: Game) -> list[Square]:
    return [
        Square(
            index,
            item["name"],
            item["type"],
            item.loc,
            item.get("deed", ""),
            int(item.get("salary", 0)),
            int(item.get("amount", 0)),
            int(item.get("percent", 0)),
        )
        for index, item in enumerate(validated_items(game, "square"))
    ]


def card_effect(item: LocMap) -> Effect:
    """The parsed effect of a card item; SourceError at its `effect:` when unreadable."""
    try:
        return parse_effect(item["effect"])
    except EffectError as exc:
        raise SourceError(item.loc_of("effect"), str(exc)) from None


def _only(squares: list[Square], type_: str, fallback: Loc) -> int:
    found = [s.index for s in squares if s.type == type_]
    if len(found) != 1:
        raise SourceError(fallback, f"the board needs exactly one {type_} square, has {len(found)}")
    return found[0]


def _board_deeds(squares: list[Square], deeds: dict[str, Deed]) -> dict[int, Deed]:
    placed: dict[int, Deed] = {}
    for square in squares:
        if square.type not in DEED_SQUARE_TYPES:
            continue
        deed = deeds.get(square.deed)
        if deed is None or deed.kind != DEED_SQUARE_TYPES[square.type]:
            raise SourceError(square.loc, f"square {square.name!r} names no {square.type} deed {square.deed!r}")
        placed[square.index] = deed
    return placed


def _cards(game: Game, squares: list[Square]) -> dict[str, list[Card]]:
    by_name = {s.name: s.index for s in squares}
    cards: dict[str, list[Card]] = {}
    for deck in CARD_DECKS:
        cards[deck] = []
        for item in expanded(validated_items(game, deck)):
            effect = card_effect(item)
            target = -1
            if effect.op == "advance":
                if effect.target not in by_name:
                    raise SourceError(item.loc_of("effect"), f"card target {effect.target!r} is no board square")
                target = by_name[effect.target]
            if effect.op == "nearest" and not any(s.type == effect.target for s in squares):
                raise SourceError(item.loc_of("effect"), f"the board has no {effect.target}")
            cards[deck].append(Card(deck, item["title"], item["text"], effect, item.loc, target))
    return cards


def load_deck(game: Game) -> Deck:
    """The playable model of a Sliders game folder; SourceError for malformed or dangling data."""
    check_kinds(game)
    fallback = game.data.loc if game.data is not None else Loc(str(game.folder), 1, 1)
    squares = read_squares(game)
    if not squares:
        raise SourceError(fallback, "the game has no board squares")
    placed = _board_deeds(squares, read_deeds(game))
    groups: dict[str, list[int]] = {}
    for index, deed in placed.items():
        groups.setdefault(deed.group, []).append(index)
    bills = validated_items(game, "bill")
    building_items = validated_items(game, "building")
    buildings = {item["type"]: item["count"] for item in building_items}
    return Deck(
        squares=squares,
        deeds=placed,
        groups={name: tuple(indices) for name, indices in groups.items()},
        cards=_cards(game, squares),
        start_cash=int(sum(item["value"] * item["per_player"] for item in bills)),
        houses=int(buildings.get("house", 0)),
        hotels=int(buildings.get("hotel", 0)),
        go=_only(squares, "go", squares[0].loc),
        slidecage=_only(squares, "slidecage", squares[0].loc),
        building_locs={item["type"]: item.loc_of("count") for item in building_items},
    )
