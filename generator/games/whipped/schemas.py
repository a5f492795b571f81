"""JSON schemas of Whipped!'s component kinds, one per kind (the print pipeline reuses them).

Counts that are rules (three levels a bill, at most ten squares a level) are left to the
static checks, so a deck that breaks them gets a finding at its line rather than a schema
error; the schemas hold the structure.
"""

from generator.sources.schema import COLOUR, closed

_NAME = {"type": "string", "minLength": 1}
_COUNT = {"type": "integer", "minimum": 1}
_SQUARE = {"enum": ["solid", "dashed"]}
_LEVEL = {"type": "array", "minItems": 1, "items": _SQUARE}
_SIDE = closed({"label": _NAME, "colour": COLOUR}, ["label", "colour"])

BILL = closed(
    {"name": _NAME, "levels": {"type": "array", "minItems": 1, "items": _LEVEL}, "count": _COUNT},
    ["name", "levels"],
)
RIDER = closed(
    {"name": _NAME, "effect": {"type": "string"}, "back": _NAME, "count": _COUNT},
    ["name", "effect", "back"],
)
BIDDING_TOKEN = closed(
    {"level": {"enum": [1, 2, 3]}, "front": _SIDE, "back": _SIDE, "count": _COUNT},
    ["level", "front", "back"],
)
VOTE = closed(
    {
        "name": _NAME,
        "colour": COLOUR,
        "shape": {"enum": ["circle", "square", "triangle", "diamond", "hexagon", "star", "cross"]},
        "count": _COUNT,
    },
    ["name", "colour", "shape", "count"],
)
RULES_SUMMARY = closed(
    {
        "title": _NAME,
        "lines": {"type": "array", "minItems": 1, "items": _NAME},
        "count": _COUNT,
    },
    ["title", "lines"],
)

SCHEMAS: dict[str, dict] = {
    "bill": BILL,
    "rider": RIDER,
    "bidding-token": BIDDING_TOKEN,
    "vote": VOTE,
    "rules-summary": RULES_SUMMARY,
}
