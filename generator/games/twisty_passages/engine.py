"""The Engine for Twisty Passages (see generator/games/base.py)."""

import random

from generator.check.findings import Finding
from generator.games.base import Engine, GameState, Option, Policy, Variant, random_policy, whole_number
from generator.games.twisty_passages import checks, deck, figures, policies
from generator.games.twisty_passages.deck import Deck
from generator.games.twisty_passages.state import TwistyState
from generator.sources.game import Game

#: new_game options: the seed rules' variants.
VARIANTS = ("how_long", "double_deck", "exit_strategy", "through_the_black", "gathering_clues")


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
        unknown = set(options) - set(VARIANTS)
        if unknown:
            raise ValueError(f"unknown Twisty Passages option(s): {', '.join(sorted(unknown))}")
        if options.get("double_deck"):
            deck = deck.doubled()
        return TwistyState(deck, num_players, rng, options)

    def policies(self) -> dict[str, Policy]:
        return {"random": random_policy, **policies.POLICIES}

    def variants(self) -> tuple[Variant, ...]:
        return tuple(Variant(name, name.replace("_", " ")) for name in VARIANTS if name != "how_long")

    def options(self) -> tuple[Option, ...]:
        return (Option("how_long", "cards added to the number needed to win", 0, whole_number(0)),)

    def fireable(self, deck: Deck) -> list[str]:
        return figures.fireable(deck)

    def figures(self, states: list[GameState]) -> dict:
        return figures.figures([s for s in states if isinstance(s, TwistyState)])
