"""The Engine for Twisty Passages (see generator/games/base.py)."""

import random

from generator.check.findings import Finding
from generator.games.base import Engine, GameState, Option, Policy, Variant, random_policy
from generator.games.twisty_passages import checks, deck, figures, policies
from generator.games.twisty_passages.deck import Deck
from generator.games.twisty_passages.options import OPTIONS, VARIANTS
from generator.games.twisty_passages.state import TwistyState
from generator.sources.game import Game


class TwistyEngine(Engine):
    name = "twisty_passages"
    min_players = 2
    max_players = 5
    default_players = 4
    max_actions = 20_000

    def load_deck(self, game: Game) -> Deck:
        return deck.load_deck(game)

    def static_checks(self, game: Game) -> list[Finding]:
        return checks.static_checks(game)

    def new_game(self, deck: Deck, num_players: int, rng: random.Random, options: dict) -> GameState:
        known = {o.name for o in OPTIONS} | {v.name for v in VARIANTS}
        unknown = set(options) - known
        if unknown:
            expected = ", ".join(sorted(known))
            raise ValueError(f"unknown Twisty Passages option(s): {', '.join(sorted(unknown))} (expected: {expected})")
        if options.get("double_deck"):
            deck = deck.doubled()
        state = TwistyState(deck, num_players, rng, options)
        if state.fewest_needed() > len(deck.cards):
            state.stop(f"{state.fewest_needed()} cards to win but the game holds only {len(deck.cards)}")
        return state

    def options(self) -> tuple[Option, ...]:
        return OPTIONS

    def variants(self) -> tuple[Variant, ...]:
        return VARIANTS

    def policies(self) -> dict[str, Policy]:
        return {"random": random_policy, **policies.POLICIES}

    def fireable(self, deck: Deck) -> list[str]:
        return figures.fireable(deck)

    def figures(self, states: list[GameState]) -> dict:
        return figures.figures([s for s in states if isinstance(s, TwistyState)])
