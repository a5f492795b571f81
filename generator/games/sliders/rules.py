"""The fixed numbers of the seed rules, the phases of a turn, and the variant options."""

from dataclasses import dataclass

HOTEL = 5
FINE = 50
CAGE_TRIES = 3
DOUBLES_TO_CAGE = 3
BID_STEPS = (1, 5, 10, 25, 50, 100)

START, POST, BUY, AUCTION, TAX, DEBT, TRANSFER, OFFER, PLACE, OVER = (
    "start",
    "post",
    "buy",
    "auction",
    "tax",
    "debt",
    "transfer",
    "offer",
    "place",
    "over",
)
OFFER_PRICES = (1.0, 1.5, 2.0)
#: Turns of the time-limit game switched on without a length (about 50 rounds of 4).
DEFAULT_TIME_LIMIT = 200


@dataclass
class Rules:
    """The variant: `short` (short game), `time_limit` (turns, 0 for none), `max_turns`
    (a turn cap, 0 for none: the game then ends as capped, valued like a time-limit game)."""

    short: bool = False
    time_limit: int = 0
    #: Off by default, so that the simulation harness's own cap (Engine.max_actions) is what
    #: stops long games and they are reported as capped, not as won.
    max_turns: int = 0

    @classmethod
    def from_options(cls, options: dict) -> "Rules":
        """Options as given to new_game; a bare switch (`--variant time_limit`, i.e. True)
        plays the time-limit game for DEFAULT_TIME_LIMIT turns."""
        unknown = set(options) - {"short", "time_limit", "max_turns"}
        if unknown:
            raise ValueError(f"unknown Sliders options: {', '.join(sorted(unknown))}")
        values = dict(options)
        if values.get("time_limit") is True:
            values["time_limit"] = DEFAULT_TIME_LIMIT
        for name in ("time_limit", "max_turns"):
            value = values.get(name, 0)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"Sliders option {name} must be a number of turns, not {value!r}")
        return cls(**values)
