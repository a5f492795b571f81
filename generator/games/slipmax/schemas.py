"""JSON Schemas of Slipmax's component kinds, keyed by kind (the print pipeline reuses them)."""

from generator.sources.schema import LENGTH, closed

#: The six register shapes, in the order a centre space's two registers are obeyed.
SHAPES: tuple[str, ...] = ("circle", "semicircle", "triangle", "square", "pentagon", "hexagon")
SHAPE: dict = {"enum": list(SHAPES)}

STEP = closed(
    {
        "step": {"type": "integer", "minimum": 0},
        "text": {"type": "string", "minLength": 1},
        # An explicit effect in the notation documented in grammar.py, for free wording.
        "effect": {"type": "string", "minLength": 1},
    },
    ["step", "text"],
)

STRIP = closed(
    {
        "title": {"type": "string", "minLength": 1},
        "note": {"type": "string", "minLength": 1},
        "steps": {"type": "array", "minItems": 1, "items": STEP},
        "count": {"type": "integer", "minimum": 1},
    },
    ["title", "steps"],
)

SHAPE_BOARD = closed(
    {
        "name": {"type": "string", "minLength": 1},
        "grid": {"type": "integer", "minimum": 2},
        "space": LENGTH,
        "spaces": {"type": "array", "minItems": 1, "items": SHAPE},
        "centre": {
            "type": "array",
            "minItems": 1,
            "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": SHAPE},
        },
        "count": {"type": "integer", "minimum": 1},
    },
    ["name", "grid", "space", "spaces", "centre"],
)

REGISTER_CARD = closed(
    {
        "name": {"type": "string", "minLength": 1},
        "registers": {"type": "array", "minItems": 1, "items": SHAPE},
        "count": {"type": "integer", "minimum": 1},
    },
    ["name", "registers"],
)

SCHEMAS: dict[str, dict] = {
    "strip": STRIP,
    "shape-board": SHAPE_BOARD,
    "register-card": REGISTER_CARD,
}
