"""The fixed numbers of the seed rules, the phases of a turn, the declared variants and
options, and the mortgage interest."""

from dataclasses import dataclass
from typing import Final

from generator.games.base import Option, Variant, whole_number
from generator.games.compiled import Reduced, by_constructor

#: The fixed numbers, and below them the phases of a turn (state.py). Final, as every constant
#: of the compiled engine's modules (setup.py): mypyc reads a Final name as a constant, where it
#: looks any other module-level name up in the module's globals at every use.
HOTEL: Final = 5
FINE: Final = 50
CAGE_TRIES: Final = 3
DOUBLES_TO_CAGE: Final = 3
BID_STEPS: Final = (1, 5, 10, 25, 50, 100)

START: Final = "start"
POST: Final = "post"
BUY: Final = "buy"
AUCTION: Final = "auction"
TAX: Final = "tax"
DEBT: Final = "debt"
TRANSFER: Final = "transfer"
OFFER: Final = "offer"
PLACE: Final = "place"
OVER: Final = "over"
#: Turns of the time-limit game when no length is given (about 50 rounds of 4).
DEFAULT_TIME_LIMIT: Final = 200


VARIANTS: Final[tuple[Variant, ...]] = (
    Variant("short", "the rules' short game: two deeds dealt each, hotels on three houses, ends at the 2nd bankruptcy"),
    Variant("time_limit", "the rules' time-limit game: two deeds dealt each, richest after time_limit_turns wins"),
)
OPTIONS: Final[tuple[Option, ...]] = (
    Option("time_limit_turns", "turns the time-limit game lasts", DEFAULT_TIME_LIMIT, whole_number(0, "turns")),
    Option(
        "max_turns",
        "stop any game after this many turns, valued as at a time limit (0: never)",
        0,
        whole_number(0, "turns"),
    ),
    Option(
        "starting_money",
        "dollars each player starts with (default: the bills' per_player split)",
        None,
        whole_number(0, "dollars"),
    ),
)


@dataclass(frozen=True)
class Rules:
    """The variant: `short` (short game), `time_limit` (turns of the time-limit game, 0 for
    none), `max_turns` (a turn cap, 0 for none: the game then ends as capped, valued like a
    time-limit game), `starting_money` (None: the deck's split)."""

    short: bool = False
    time_limit: int = 0
    #: Off by default, so that the simulation harness's own cap (Engine.max_actions) is what
    #: stops long games and they are reported as capped, not as won.
    max_turns: int = 0
    starting_money: int | None = None

    @classmethod
    def from_options(cls, options: dict) -> "Rules":
        """Variants (NAME: True) and options as given to new_game, a declared option's default
        where it is missing; ValueError naming an unknown name or a bad value."""
        declared = {v.name for v in VARIANTS} | {o.name for o in OPTIONS}
        unknown = set(options) - declared
        if unknown:
            raise ValueError(
                f"unknown Sliders options: {', '.join(sorted(unknown))} (known: {', '.join(sorted(declared))})"
            )
        values = {option.name: options.get(option.name, option.default) for option in OPTIONS}
        for name, value in values.items():
            if value is None and name == "starting_money":
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"Sliders option {name} must be a whole number (0 or more), not {value!r}")
        for name in (v.name for v in VARIANTS):
            if not isinstance(options.get(name, False), bool):
                raise ValueError(f"Sliders variant {name} is switched on with True, not {options[name]!r}")
        if options.get("time_limit") and not values["time_limit_turns"]:
            raise ValueError("the time-limit game needs time_limit_turns of 1 or more")
        return cls(
            short=options.get("short", False),
            time_limit=values["time_limit_turns"] if options.get("time_limit") else 0,
            max_turns=values["max_turns"],
            starting_money=values["starting_money"],
        )

    def __reduce__(self) -> Reduced:
        return by_constructor(self)  # compiled.py


def interest(mortgage: int) -> int:
    """10% of a mortgage, rounded up to the dollar."""
    return -(-mortgage // 10)
