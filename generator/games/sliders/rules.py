"""The fixed numbers of the seed rules, the phases of a turn, and the variant options."""

from dataclasses import dataclass

HOTEL = 5
FINE = 50
CAGE_TRIES = 3
DOUBLES_TO_CAGE = 3
BID_STEPS = (1, 5, 10, 25, 50, 100)

START, POST, BUY, AUCTION, TAX, DEBT, TRANSFER, OFFER, PLACE, OVER = (
    "start", "post", "buy", "auction", "tax", "debt", "transfer", "offer", "place", "over",
)
OFFER_PRICES = (1.0, 1.5, 2.0)


@dataclass
class Rules:
    """The variant: `short` (short game), `time_limit` (turns, 0 for none), `max_turns` (cap)."""

    short: bool = False
    time_limit: int = 0
    #: Heuristic 4-player games end within 470 turns (p95 about 260); random play may not.
    max_turns: int = 1000

    @classmethod
    def from_options(cls, options: dict) -> "Rules":
        unknown = set(options) - {"short", "time_limit", "max_turns"}
        if unknown:
            raise ValueError(f"unknown Sliders options: {', '.join(sorted(unknown))}")
        return cls(**options)
