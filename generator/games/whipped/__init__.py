"""Whipped!: sponsor bills, auction their levels for riders, and score the solid squares.

deck.py      the deck model and loading    effects.py   the rider-effect grammar
rules.py     the rules' numbers, scoring   state.py     the game state and its actions
checks.py    static checks (codes there)   colours.py   colour-blind simulation
policies.py  random and greedy players     figures.py   simulation figures

Readings of the rules (each a place where the rules leave a choice):

- "Starting with the starting player for the round": the rules never say who starts the
  first round, so the engine draws the first starting player at random (GameState.first_player);
  "the starting player moves to the left" each round after.
- "This must all take place within 60 seconds": the timer is a budget of bidding passes
  (option `timer_passes`, rules.TIMER_PASSES); the sponsor's own choices take no time, and the
  rule-5 sponsorship auction, run "with the timer stopped", gets a budget of its own.
- "The lowest allowable bid is one rider": the rules set no highest bid; the engine offers
  up to rules.MAX_BID_RIDERS riders a bid so that rule 1 (an empty hand draws) cannot drain
  the rider deck into one bid.
- "Riders ... yielding extra points or votes for whoever played them": votes a rider pays
  join the player's supply for the rest of the round ("all remaining votes ... are
  discarded" at its end).
- "all bills are cleared of votes" only at the end of the round: votes on a passed bill stay
  out of the box until then, so a player can have more than the 10 dealt out at once. The
  most is rules.most_votes_in_a_round: 10 plus every vote the riders pay (36 with the shipped
  riders); the shipped votes print that many of each colour, and the simulation records the
  peak of each colour (and of the bidding tokens, one per player a level) against the
  printed counts (Engine.supply).
- "bills are discarded and new ones set out": when the bills run out (check W003) the engine
  reuses bills not on the table.

Additions: none. Every game ends: there are as many rounds as players and as many turns as
players in each, every auction has a bounded number of passes, and "abandon" (no
consensus) is always open to the auctioneer, so the rules have no hole that stops a game;
end_reason() is always "rules".
"""

import random

from generator.findings import Finding
from generator.games.base import Engine, Option, Policy, Supply, whole_number
from generator.games.plugin import GamePlugin
from generator.games.whipped import checks, deck, figures, policies
from generator.games.whipped.components import KINDS
from generator.games.whipped.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TIMER_PASSES,
    token_component,
    vote_component,
)
from generator.games.whipped.state import WhippedState
from generator.sources.game import Game


class WhippedEngine(Engine[WhippedState]):
    name = "whipped"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    default_players = 5
    max_actions = 20_000

    def load_deck(self, game: Game) -> deck.Deck:
        return deck.load_deck(game)

    def static_checks(self, game: Game) -> list[Finding]:
        return checks.static_checks(game)

    def new_game(self, deck: deck.Deck, num_players: int, rng: random.Random, options: dict) -> WhippedState:
        """options: `timer_passes`, the bidding passes the 60-second timer allows a turn."""
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise ValueError(f"Whipped! is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {num_players}")
        unknown = sorted(set(options) - {"timer_passes"})
        if unknown:
            raise ValueError(f"unknown Whipped! option {unknown[0]!r} (expected: timer_passes)")
        passes = options.get("timer_passes", TIMER_PASSES)
        if isinstance(passes, bool) or not isinstance(passes, int) or passes < 1:
            raise ValueError(f"timer_passes must be a whole number of 1 or more, not {passes!r}")
        return WhippedState(deck, num_players, rng, passes)

    def policies(self) -> dict[str, Policy[WhippedState]]:
        return dict(policies.POLICIES)

    def options(self) -> tuple[Option, ...]:
        return (
            Option(
                "timer_passes", "bidding passes the 60-second timer allows in one turn", TIMER_PASSES, whole_number(1)
            ),
        )

    def supply(self, deck: deck.Deck) -> dict[str, Supply]:
        """Votes of each colour (seat i plays the i-th colour) and bidding tokens of each level."""
        printed = {vote_component(c.name): Supply(c.count, c.count_loc or c.loc) for c in deck.colours}
        for level in sorted(set(deck.token_levels)):
            tokens = [t for t in deck.tokens if t.level == level]
            printed[token_component(level)] = Supply(sum(t.count for t in tokens), tokens[0].loc)
        return printed

    def fireable(self, deck: deck.Deck) -> list[str]:
        return sorted({bill.name for bill in deck.bills} | {rider.name for rider in deck.riders})

    def figures(self, states: list[WhippedState]) -> dict:
        return figures.figures(states)


ENGINE = WhippedEngine()
PLUGIN = GamePlugin(ENGINE, KINDS)
