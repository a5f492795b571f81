"""A game of Twisty Passages in progress: the rules (turn.py) run on a Position.

The rules run as one Python generator per game: whenever a player has a choice it yields a
Decision and waits; apply(action) sends the chosen action back in. So every choice (speed,
which card to discard, whom to target, whether to use an item) is an action a policy picks
from legal_actions(), and the rules never decide for a player. Choices with one option are
taken at once.
"""

import random
from functools import cache

from generator.games.game_state import Ending
from generator.games.twisty_passages.deck import Deck
from generator.games.twisty_passages.position import Decision, Position, TwistyAction
from generator.games.twisty_passages.turn import play


class TwistyEnding(Ending):
    """How a game of Twisty Passages ends: the rules end it with a winner (or, by the house
    rules, the longest paths sharing the win); the engine stops the games they could never end."""

    EXIT = "exit"
    MOST_CARDS = "most cards when the maze ran out (house rules)"
    STALLED = "the deck and the discards are empty and no card can move"
    #: More cards to win than the game holds (a raised cards_to_win): stopped before it starts.
    OUT_OF_REACH = "more cards to win than the game holds"


@cache
def card_ids(count: int) -> frozenset[int]:
    """The ids of a deck of `count` cards."""
    return frozenset(range(count))


class TwistyState(Position):
    def __init__(self, deck: Deck, num_players: int, rng: random.Random, options: dict):
        super().__init__(deck, num_players, rng, options)
        self.decision: Decision | None = None
        #: Why the engine stopped the game before the rules could play it (None: it did not).
        self.stopped: TwistyEnding | None = None
        self.begin()

    def begin(self) -> None:
        """Start the rules at the start of the current player's turn, from the position as it is.

        The constructor calls it; a test or a puzzle arranges paths and deck, then calls it again.
        """
        self.turns = 0
        self._rules = play(self)
        self._advance(None)

    # The protocol.
    def current_player(self) -> int:
        return self.decision.player if self.decision else self.active

    def legal_actions(self) -> list[TwistyAction]:
        return [] if self.decision is None else list(self.decision.options)

    def apply(self, action: TwistyAction) -> None:
        if self.decision is None or action not in self.decision.options:
            raise ValueError(f"illegal action {action!r}")
        self._advance(action)

    def is_terminal(self) -> bool:
        return self.decision is None

    def returns(self) -> list[float]:
        winners = [self.winner] if self.winner is not None else self.shared_win
        return [1.0 if seat in winners else 0.0 for seat in range(self.num_players)]

    def ended_by_rules(self) -> bool:
        return self.stopped is None and not self.stalled

    def end_reason(self) -> TwistyEnding:
        if self.stopped is not None:
            return self.stopped
        if self.stalled:
            return TwistyEnding.STALLED
        return TwistyEnding.MOST_CARDS if self.shared_win else TwistyEnding.EXIT

    def stop(self, why: TwistyEnding) -> None:
        """End a game the rules could never end, saying why (not a win for anyone)."""
        self.stopped = why
        self._rules.close()
        self.decision = None

    def invariant_violations(self) -> list[str]:
        places = self.deck + self.discards + self.limbo
        for seat in range(self.num_players):
            places += self.paths[seat]
            places += self.sides[seat]
        count = len(self.cards)
        problems = []
        # Every card in exactly one place: as many places as cards, and every id among them
        # (no id missing from as many places as ids is no id twice and no stranger either).
        if len(places) != count or card_ids(count).difference(places):
            problems.append(
                f"cards not conserved: {len(places)} placed of {count}, {len(places) - len(set(places))} twice"
            )
        # A running game (a decision pending) offers at least one action.
        if self.decision is not None and not self.decision.options:
            problems.append("no legal action in a running game")
        return problems

    def _advance(self, action: TwistyAction | None) -> None:
        try:
            decision = self._rules.send(action) if action is not None else next(self._rules)
            while len(decision.options) == 1:
                decision = self._rules.send(decision.options[0])
            self.decision = decision
        except StopIteration:
            self.decision = None
