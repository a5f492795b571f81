"""The Slipmax rules' fixed numbers and the variants a game may be played with (the state
that plays by them is state.py)."""

from generator.games.base import Variant

#: Cents each player starts with.
START_MONEY = 10
#: Cents collected from each player who has not reached the end, by the first to move past it.
END_TOLL = 3
#: Cents a lock puts on a register (and a lander may take off a locked one).
LOCK_CENTS = 2
#: Cents a lander pays the jar to take one lock (LOCK_CENTS) off a locked register.
UNLOCK_COST = 3
#: How deep landings and steps obeying other registers nest, so that every chain ends.
MAX_NESTED = 8
#: The strips the rules ask a deck to have at least.
SEED_STRIPS = 20

VARIANTS = (
    Variant("tidal", "the rules' Tidal variant: an odd roll steps the register landed on back"),
    Variant("cycles", "the rules' Cycles variant: a strip at its last step gets a nickel and runs back"),
    Variant(
        "house-rules",
        "additions closing the rules' holes: Chaos (5) lasts a round; rolls bounce off START and space 1",
    ),
)
