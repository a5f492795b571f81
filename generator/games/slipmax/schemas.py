"""JSON Schemas of Slipmax's component kinds, keyed by kind (the print pipeline reuses them)."""

from generator.sources.schema import closed

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

SCHEMAS: dict[str, dict] = {"strip": STRIP}
