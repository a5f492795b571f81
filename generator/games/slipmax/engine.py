"""The Slipmax engine: deck, static checks, variants, endings, policies and figures, on the
shared harness."""

import random

from generator.findings import Finding, Severity
from generator.games.base import Engine, Policy, Variant
from generator.games.game_state import GameState
from generator.games.slipmax.checks import static_checks
from generator.games.slipmax.deck import Deck, read_deck
from generator.games.slipmax.figures import SlipmaxTally, figures
from generator.games.slipmax.policies import POLICIES
from generator.games.slipmax.rules import VARIANTS
from generator.games.slipmax.state import SlipmaxEnding, SlipmaxState
from generator.sources.errors import SourceError
from generator.sources.game import Game


class SlipmaxEngine(Engine):
    name = "slipmax"
    min_players = 2
    max_players = 6
    default_players = 4
    max_actions = 20_000
    endings = SlipmaxEnding

    def load_deck(self, game: Game) -> Deck:
        """The deck, refused (SourceError at the first error) if any static check errs."""
        errors = [f for f in static_checks(game) if f.severity is Severity.ERROR]
        if errors:
            first = errors[0]
            raise SourceError(first.loc, f"[{first.code}] {first.message}")
        return read_deck(game)

    def static_checks(self, game: Game) -> list[Finding]:
        return static_checks(game)

    def new_game(self, deck: Deck, num_players: int, rng: random.Random, options: dict) -> SlipmaxState:
        if not self.seats(num_players):
            raise ValueError(f"Slipmax is for {self.min_players} to {self.max_players} players")
        unknown = set(options) - {variant.name for variant in self.variants()}
        if unknown:
            raise ValueError(f"unknown Slipmax option(s): {', '.join(sorted(unknown))}")
        return SlipmaxState(deck, num_players, rng, options)

    def policies(self) -> dict[str, Policy]:
        return dict(POLICIES)

    def variants(self) -> tuple[Variant, ...]:
        return VARIANTS

    def fireable(self, deck: Deck) -> list[str]:
        steps = [step.name for strip in deck.strips for step in strip.steps]
        spaces = [f"space {i}" for i in range(len(deck.board.spaces))]
        return list(dict.fromkeys(steps + spaces))

    def figures(self, states: list[GameState]) -> dict:
        """See figures.py. (How games ended is the harness's `endings`, from SlipmaxState.end_reason.)"""
        return figures([state for state in states if isinstance(state, SlipmaxState)])

    def figure_tally(self) -> SlipmaxTally:
        return SlipmaxTally()
