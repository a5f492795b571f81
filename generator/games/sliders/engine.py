"""The Sliders engine: the deck, the static checks, fresh games, endings, policies and figures.

The engine's readings of the rules and its additions are listed in the package's docstring
(generator/games/sliders/__init__.py) and in docs/rules-readings.md.
"""

import random

from generator.findings import Finding
from generator.games.base import Engine, Option, Policy, Supply, Variant
from generator.games.sliders import checks, figures, policies
from generator.games.sliders.deck import Deck, load_deck
from generator.games.sliders.figures import SlidersTally
from generator.games.sliders.items import MAX_PLAYERS
from generator.games.sliders.rules import OPTIONS, VARIANTS, Rules
from generator.games.sliders.state import SlidersEnding, SlidersState
from generator.sources.game import Game

#: Rule events counted in `fired` besides squares and cards.
RULE_EVENTS = (
    "rule: house built",
    "rule: hotel built",
    "rule: auction",
    "rule: bankruptcy",
    "rule: three doubles",
    "rule: sent to the Slidecage",
    "rule: doubles out of the Slidecage",
    "rule: third try fine",
    "rule: fine paid",
    "rule: Get Out card used",
    "rule: private sale",
    "rule: Get Out card sold",
    "rule: building auction",
)


class SlidersEngine(Engine[SlidersState]):
    name = "sliders"
    min_players = 2
    max_players = MAX_PLAYERS
    default_players = 4
    #: Measured on 4-player games: heuristic play ends by the rules in 500 actions (median),
    #: 921 at most in 300 games; random play in 3,600 (median), 7,300 at most in 40.
    max_actions = 20_000
    endings = SlidersEnding

    def load_deck(self, game: Game) -> Deck:
        return load_deck(game)

    def static_checks(self, game: Game) -> list[Finding]:
        return checks.static_checks(game)

    def new_game(self, deck: Deck, num_players: int, rng: random.Random, options: dict) -> SlidersState:
        """options: the declared variants (NAME: True) and options (defaults where missing)."""
        return SlidersState(deck, num_players, rng, Rules.from_options(options))

    def options(self) -> tuple[Option, ...]:
        return OPTIONS

    def variants(self) -> tuple[Variant, ...]:
        return VARIANTS

    def supply(self, deck: Deck) -> dict[str, Supply]:
        """Houses and hotels, which the rules limit (32 and 12: the building shortage, which
        the engine enforces, so play never needs more). Money is not limited: "The Bank
        never goes broke"."""
        return {
            "houses": Supply(deck.houses, deck.building_locs.get("house")),
            "hotels": Supply(deck.hotels, deck.building_locs.get("hotel")),
        }

    def policies(self) -> dict[str, Policy[SlidersState]]:
        return policies.policies()

    def fireable(self, deck: Deck) -> list[str]:
        names = {square.name for square in deck.squares}
        names |= {card.fired_name for cards in deck.cards.values() for card in cards}
        return sorted(names) + list(RULE_EVENTS)

    def figures(self, states: list[SlidersState]) -> dict:
        return figures.figures(states)

    def figure_tally(self) -> SlidersTally:
        return SlidersTally()
