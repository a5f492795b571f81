"""The Whipped! engine: deck, static checks, options, endings, supply and figures, on the
shared harness. The readings of the rules it plays by are in the package's docstring."""

import random

from generator.findings import Finding
from generator.games.base import Engine, Option, Policy, Supply
from generator.games.whipped import checks, deck, figures, policies
from generator.games.whipped.figures import WhippedTally
from generator.games.whipped.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    TIMER_PASSES,
    token_component,
    vote_component,
)
from generator.games.whipped.state import WhippedEnding, WhippedState
from generator.sources.game import Game


class WhippedEngine(Engine[WhippedState]):
    name = "whipped"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    default_players = 5
    max_actions = 20_000
    endings = WhippedEnding

    def load_deck(self, game: Game) -> deck.Deck:
        return deck.load_deck(game)

    def static_checks(self, game: Game) -> list[Finding]:
        return checks.static_checks(game)

    def new_game(self, deck: deck.Deck, num_players: int, rng: random.Random, options: dict) -> WhippedState:
        """options: `timer_passes`, the bidding passes the 60-second timer allows a turn."""
        if not self.seats(num_players):
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
        return OPTIONS

    def supply(self, deck: deck.Deck) -> dict[str, Supply]:
        """Votes of each colour (seat i plays the i-th colour) and bidding tokens of each level."""
        printed = {vote_component(c.name): Supply(c.count, c.loc_of("count")) for c in deck.colours}
        for level in sorted(set(deck.token_levels)):
            tokens = [t for t in deck.tokens if t.level == level]
            printed[token_component(level)] = Supply(sum(t.count for t in tokens), tokens[0].loc_of("count"))
        return printed

    def fireable(self, deck: deck.Deck) -> list[str]:
        return sorted({bill.name for bill in deck.bills} | {rider.item.name for rider in deck.riders})

    def figures(self, states: list[WhippedState]) -> dict:
        return figures.figures(states)

    def figure_tally(self) -> WhippedTally:
        return WhippedTally()
