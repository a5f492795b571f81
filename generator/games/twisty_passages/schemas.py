"""JSON Schemas of Twisty Passages' component kinds, one per kind (the print pipeline reuses them)."""

from generator.sources.schema import closed

ZONES = ["red", "green", "blue", "black"]
CARD_KINDS = ["passage", "item", "rule", "trap", "zone"]

MAZE_CARD = {
    **closed(
        {
            "title": {"type": "string", "minLength": 1},
            "count": {"type": "integer", "minimum": 1},
            "kind": {"enum": CARD_KINDS},
            "zone": {"enum": ZONES},
            # Items that change the rules while held also get the double border.
            "rule": {"type": "boolean"},
            # The ✨ mark: discard this card to cause the effect after the star.
            "discard_effect": {"type": "boolean"},
            "effect": {"type": "string"},
            "flavour": {"type": "string"},
            "reconstructed": {"type": "string"},
            # Words printed on the card that the rules do not have (each is a TP040 info).
            "added": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}},
        },
        ["title", "kind", "effect"],
    ),
    "if": {"properties": {"kind": {"const": "zone"}}, "required": ["kind"]},
    "then": {"required": ["zone"]},
    "else": {"not": {"required": ["zone"]}},
}

WIN_THRESHOLD = closed(
    {
        "players": {"type": "integer", "minimum": 1},
        "cards": {"type": "integer", "minimum": 1},
    },
    ["players", "cards"],
)

SCHEMAS = {"maze-card": MAZE_CARD, "win-threshold": WIN_THRESHOLD}
