"""JSON schemas of the Sliders component kinds, one per kind (the print pipeline reuses them)."""

from generator.sources.schema import COLOUR, closed

NAME: dict = {"type": "string", "minLength": 1}
MONEY: dict = {"type": "integer", "minimum": 0}
POSITIVE: dict = {"type": "integer", "minimum": 1}
COUNT: dict = {"type": "integer", "minimum": 1}

SQUARE_TYPES = [
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
#: Square types whose square is a title deed.
DEED_SQUARE_TYPES = {"property": "deed", "railroad": "railroad", "utility": "utility"}
#: Component kinds that are event-card decks.
CARD_DECKS = ["chance", "community-chest"]

SCHEMAS: dict[str, dict] = {
    "square": closed(
        {
            "name": NAME,
            "type": {"enum": SQUARE_TYPES},
            "deed": NAME,
            "salary": MONEY,
            "amount": MONEY,
            "percent": {"type": "integer", "minimum": 1, "maximum": 100},
            "aside": {"type": "string"},
        },
        ["name", "type"],
    ),
    "deed": closed(
        {
            "name": NAME,
            "group": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"},
            "colour": COLOUR,
            "price": POSITIVE,
            "rent": {"type": "array", "items": MONEY, "minItems": 6, "maxItems": 6},
            "house_cost": POSITIVE,
            "mortgage": POSITIVE,
        },
        ["name", "group", "colour", "price", "rent", "house_cost", "mortgage"],
    ),
    "railroad": closed(
        {
            "name": NAME,
            "price": POSITIVE,
            "rent_by_count": {"type": "array", "items": MONEY, "minItems": 1},
            "mortgage": POSITIVE,
        },
        ["name", "price", "rent_by_count", "mortgage"],
    ),
    "utility": closed(
        {
            "name": NAME,
            "price": POSITIVE,
            "dice_multiplier": {"type": "array", "items": POSITIVE, "minItems": 1},
            "mortgage": POSITIVE,
        },
        ["name", "price", "dice_multiplier", "mortgage"],
    ),
    **{
        deck: closed(
            {"title": NAME, "text": NAME, "effect": NAME, "count": COUNT},
            ["title", "text", "effect"],
        )
        for deck in CARD_DECKS
    },
    "card-back": closed(
        {"deck": {"enum": CARD_DECKS}, "title": NAME, "text": {"type": "string"}, "colour": COLOUR},
        ["deck", "title"],
    ),
    "bill": closed(
        {"value": POSITIVE, "per_player": MONEY, "count": COUNT},
        ["value", "per_player", "count"],
    ),
    "building": closed(
        {"name": NAME, "type": {"enum": ["house", "hotel"]}, "count": COUNT},
        ["name", "type", "count"],
    ),
}
