"""The Sliders engine: the deck, the static checks, fresh games, policies and figures."""

import random

from generator.check.findings import Finding
from generator.games.base import Engine, Option, Policy, Variant, whole_number
from generator.games.sliders import checks, figures, policies
from generator.games.sliders.deck import Deck, load_deck
from generator.games.sliders.state import Rules, SlidersState
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
    "rule: building auction",
)


class SlidersEngine(Engine):
    name = "sliders"
    min_players = 2
    max_players = 8
    default_players = 4
    #: Measured on 4-player games: heuristic play ends by the rules in 500 actions (median),
    #: 1,500 at most in 300 games; random play in 7,000 (median), 17,500 at most in 40.
    max_actions = 20_000

    def load_deck(self, game: Game) -> Deck:
        return load_deck(game)

    def static_checks(self, game: Game) -> list[Finding]:
        return checks.static_checks(game)

    def new_game(self, deck: Deck, num_players: int, rng: random.Random, options: dict) -> SlidersState:
        """options: short (bool), time_limit (turns), max_turns (the turn cap)."""
        return SlidersState(deck, num_players, rng, Rules.from_options(options))

    def policies(self) -> dict[str, Policy]:
        return policies.policies()

    def variants(self) -> tuple[Variant, ...]:
        return (
            Variant("short", "the short game"),
            Variant("time_limit", "the time-limit game, 200 turns"),
        )

    def options(self) -> tuple[Option, ...]:
        return (Option("max_turns", "a turn cap, 0 for none", 0, whole_number(0)),)

    def fireable(self, deck: Deck) -> list[str]:
        names = {square.name for square in deck.squares}
        names |= {card.fired_name for cards in deck.cards.values() for card in cards}
        return sorted(names) + list(RULE_EVENTS)

    def figures(self, states: list) -> dict:
        return figures.figures(states)
