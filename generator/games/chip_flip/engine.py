"""The Chip Flip engine: deck loading, static checks, new games, variants, endings, policies,
figures."""

import random

from msgspec.structs import replace

from generator.findings import Finding
from generator.games.base import Engine, Policy, Supply, Variant
from generator.games.chip_flip import checks
from generator.games.chip_flip.board import DARK, HOME, LIGHT, LIGHT_HOME
from generator.games.chip_flip.deck import Deck, load_deck
from generator.games.chip_flip.figures import ChipFlipTally, figures
from generator.games.chip_flip.placing import FreePlacement
from generator.games.chip_flip.policies import POLICIES
from generator.games.chip_flip.position import setup
from generator.games.chip_flip.rules import ADVANCED, FREE_PLACEMENT, LIGHT_SQUARES, VARIANTS, flip
from generator.games.chip_flip.state import (
    BACKWARD,
    CHIPS,
    JUMPS,
    NUMBERED_CHIPS,
    PASS_NAME,
    SCORE,
    STEP,
    ChipFlipEnding,
    ChipFlipState,
)
from generator.sources.game import Game


class ChipFlipEngine(Engine[ChipFlipState]):
    name = "chip_flip"
    min_players = 2
    max_players = 2
    default_players = 2
    max_actions = 2_000
    endings = ChipFlipEnding

    def load_deck(self, game: Game) -> Deck:
        return load_deck(game)

    def static_checks(self, game: Game) -> list[Finding]:
        return checks.static_checks(game)

    def new_game(self, deck: Deck, num_players: int, rng: random.Random, options: dict) -> ChipFlipState:
        """options, each NAME: True: "advanced" plays the numbered chips (jumps by value,
        backward too); "light-squares" sets every chip up on the light squares, each on its
        deck square turned left to right; "free-placement" is advanced play whose players
        place their numbered chips themselves first (the deck's squares unused).

        "To decide who will move first, flip a chip" (rules.flip): at once, or with free
        placement once every chip is placed."""
        if num_players != 2:
            raise ValueError("Chip Flip is a game for 2 players")
        chosen = options or {}
        unknown = set(chosen) - {variant.name for variant in self.variants()}
        if unknown:
            raise ValueError(f"unknown Chip Flip option(s): {', '.join(sorted(unknown))}")
        free, light = bool(chosen.get(FREE_PLACEMENT)), bool(chosen.get(LIGHT_SQUARES))
        advanced = free or bool(chosen.get(ADVANCED))
        chips = deck.chip_set(advanced)
        if not chips:
            kind = "numbered-chip" if advanced else "chip"
            raise ValueError(f"the game has no {kind}s to play with")
        placements = [chip.placement() for chip in chips]
        hue = LIGHT if light else DARK
        if free:
            return ChipFlipState(FreePlacement.of(placements, LIGHT_HOME if light else HOME), rng, hue)
        if light:
            placements = [placement.mirrored() for placement in placements]
        return ChipFlipState(replace(setup(placements), turn=flip(rng)), rng, hue)

    def variants(self) -> tuple[Variant, ...]:
        return VARIANTS

    def supply(self, deck: Deck) -> dict[str, Supply]:
        """The chips each kind of play uses: every chip stays in play (on the board or carried
        off as a point), so a game never needs more than it starts with."""
        supply = {}
        for name, chips in ((CHIPS, deck.chips), (NUMBERED_CHIPS, deck.numbered)):
            if chips:
                supply[name] = Supply(len(chips), chips[0].loc)
        return supply

    def policies(self) -> dict[str, Policy[ChipFlipState]]:
        return dict(POLICIES)

    def fireable(self, deck: Deck) -> list[str]:
        """Move kinds; 'backward jump' only where numbered chips make advanced play possible."""
        names = [STEP, *JUMPS, SCORE, PASS_NAME]
        return names + [BACKWARD] if deck.numbered else names

    def figures(self, states: list[ChipFlipState]) -> dict:
        return figures(states)

    def figure_tally(self) -> ChipFlipTally:
        return ChipFlipTally()
