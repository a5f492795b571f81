"""The Chip Flip engine: deck loading, static checks, new games, variants, endings, policies,
figures."""

import random
from dataclasses import replace

from generator.findings import Finding
from generator.games.base import Engine, Policy, Supply, Variant
from generator.games.chip_flip import checks
from generator.games.chip_flip.deck import Deck, load_deck
from generator.games.chip_flip.figures import ChipFlipTally, figures
from generator.games.chip_flip.policies import POLICIES
from generator.games.chip_flip.position import NORTH, SOUTH, setup
from generator.games.chip_flip.rules import VARIANTS
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
        """options: {"advanced": True} plays the numbered chips (jumps by value, backward too).

        "To decide who will move first, flip a chip": heads (rng.random() < 0.5) South."""
        if num_players != 2:
            raise ValueError("Chip Flip is a game for 2 players")
        unknown = set(options or {}) - {variant.name for variant in self.variants()}
        if unknown:
            raise ValueError(f"unknown Chip Flip option(s): {', '.join(sorted(unknown))}")
        advanced = bool((options or {}).get("advanced", False))
        chips = deck.chip_set(advanced)
        if not chips:
            kind = "numbered-chip" if advanced else "chip"
            raise ValueError(f"the game has no {kind}s to play with")
        first = SOUTH if rng.random() < 0.5 else NORTH
        return ChipFlipState(replace(setup(chip.placement() for chip in chips), turn=first), rng)

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
