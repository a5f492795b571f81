"""The Engine for Twisty Passages (see generator/games/base.py): the deck, static checks,
options and variants, policies and figures, on the shared harness. The readings of the rules
it plays by are in the package's docstring (__init__.py)."""

import random

from generator.findings import Finding
from generator.games.base import Engine, FigureRun, Option, Policy, RunSettings, Variant, random_policy
from generator.games.twisty_passages import checks, deck, figures, policies
from generator.games.twisty_passages.deck import Deck
from generator.games.twisty_passages.figures import TwistyTally
from generator.games.twisty_passages.rules import OPTIONS, VARIANTS
from generator.games.twisty_passages.state import TwistyEnding, TwistyState
from generator.sources.game import Game


class TwistyEngine(Engine[TwistyState]):
    name = "twisty_passages"
    min_players = 2
    max_players = 5
    default_players = 4
    max_actions = 20_000
    endings = TwistyEnding

    def load_deck(self, game: Game) -> Deck:
        return deck.load_deck(game)

    def static_checks(self, game: Game) -> list[Finding]:
        return checks.static_checks(game)

    def new_game(self, deck: Deck, num_players: int, rng: random.Random, options: dict) -> TwistyState:
        known = {o.name for o in OPTIONS} | {v.name for v in VARIANTS}
        unknown = set(options) - known
        if unknown:
            expected = ", ".join(sorted(known))
            raise ValueError(f"unknown Twisty Passages option(s): {', '.join(sorted(unknown))} (expected: {expected})")
        if options.get("double_deck"):
            deck = deck.doubled()
        state = TwistyState(deck, num_players, rng, options)
        if state.fewest_needed() > len(deck.cards):
            state.stop(TwistyEnding.OUT_OF_REACH)
        return state

    def options(self) -> tuple[Option, ...]:
        return OPTIONS

    def variants(self) -> tuple[Variant, ...]:
        return VARIANTS

    def policies(self) -> dict[str, Policy[TwistyState]]:
        return {"random": random_policy, **policies.POLICIES}

    def fireable(self, deck: Deck) -> list[str]:
        return figures.fireable(deck)

    def figures(self, states: list[TwistyState]) -> dict:
        return figures.figures([s for s in states if isinstance(s, TwistyState)])

    def figure_tally(self) -> TwistyTally:
        return TwistyTally()

    def figure_runs(self, settings: RunSettings | None = None) -> tuple[FigureRun, ...]:
        return figures.runs(settings)

    def run_figures(self, runs: dict[str, list[TwistyState]], settings: RunSettings | None = None) -> dict:
        return figures.run_figures(runs, settings, self.max_actions)
