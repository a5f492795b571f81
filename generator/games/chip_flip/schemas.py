"""JSON schemas of Chip Flip's component kinds, one per kind (the print pipeline reuses them)."""

from generator.sources.schema import COLOUR, LENGTH, TEXT, closed

SQUARE = {"type": "string", "pattern": "^[a-h][1-8]$"}
OWNER = {"enum": ["south", "north"]}
ICON = {"type": "string", "minLength": 1}

BOARD = closed(
    {
        "name": TEXT,
        "rows": {"type": "integer", "minimum": 1},
        "columns": {"type": "integer", "minimum": 1},
        "square": LENGTH,
        "light": COLOUR,
        "dark": COLOUR,
        "count": {"type": "integer", "minimum": 1},
    },
    ["name", "rows", "columns", "square", "light", "dark"],
)

_PLAIN_SIDE = closed({"icon": ICON}, ["icon"])
_NUMBERED_SIDE = closed({"icon": ICON, "value": {"type": "integer", "minimum": 0}}, ["icon", "value"])


def _chip(side: dict) -> dict:
    return closed(
        {"owner": OWNER, "square": SQUARE, "front": side, "back": side, "diameter": LENGTH},
        ["owner", "square", "front", "back", "diameter"],
    )


#: A basic chip: its owner, where it starts, and the icon on each side (front: the owner's).
CHIP = _chip(_PLAIN_SIDE)
#: An advanced-play chip: as a basic chip, with a number on each side.
NUMBERED_CHIP = _chip(_NUMBERED_SIDE)

SCHEMAS = {"board": BOARD, "chip": CHIP, "numbered-chip": NUMBERED_CHIP}
