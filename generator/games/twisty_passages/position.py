"""The position of a game of Twisty Passages: paths, the maze deck, turns and dice.

The values the rules (turn.py, cards.py, effects.py, steps.py) read and move, and the
actions and decisions they exchange with the game in progress (state.py, which runs them).
"""

import random
from collections.abc import Generator, Sequence
from typing import TypeVar

from msgspec import Struct

from generator.games.game_state import GameState
from generator.games.twisty_passages.deck import Card, Deck
from generator.games.twisty_passages.items import ZONES
from generator.games.twisty_passages.rules import HOUSE_RULES, RULES_CARDS_TO_WIN, parse_cards_to_win

#: Speeds are offered ten at a time: "You can pick any number", so a ("faster",) action
#: shows the next ten, for ever; a finite list of actions with no highest speed.
SPEED_PAGE = 10
#: Policies' speed figures cover speeds 1..10 (the first page).
MAX_SPEED = SPEED_PAGE


#: An action: what is chosen, then the seat, card index, die, title or label it names,
#: as ("use", "Timepatcher"), ("discard", 2), ("outcome", 1, "roll") or ("obey",).
TwistyAction = tuple[str, *tuple[int | str, ...]]


#: What an action names after its first element: a number or a card title.
NamedT = TypeVar("NamedT", int, str)


def argument_of(action: TwistyAction, kind: type[NamedT]) -> NamedT:
    """What an action names: the seat, card index, die, speed or outcome of ("discard", 2)
    (kind int), or the card title of ("use", "Timepatcher") (kind str)."""
    if len(action) > 1:
        value = action[1]
        if isinstance(value, kind):
            return value
    raise ValueError(f"{action!r} names no {kind.__name__}")


def sweep_of(action: TwistyAction) -> tuple[str, int]:
    """The vortex card and the seat of a ("sweep", title, seat) action."""
    if len(action) > 2:
        title, seat = action[1], action[2]
        if isinstance(title, str) and isinstance(seat, int):
            return title, seat
    raise ValueError(f"{action!r} is no sweep")


class Decision(Struct, frozen=True):
    player: int
    options: Sequence[TwistyAction]


#: What a rules generator yields and what it returns (a flag: the turn stops).
Rules = Generator[Decision, TwistyAction, bool]


class TurnRecord(Struct, frozen=True):
    """One turn with a declared speed, for the speed figures."""

    player: int
    speed: int  # the speed declared
    target: int  # cards the player had to draw once speed changes were applied
    drawn: int
    path_change: int  # the player's path length at the end minus when speed was declared

    @property
    def early_stop(self) -> bool:
        return self.drawn < self.target


class Position(GameState[TwistyAction]):
    """The table: paths, deck, discards and dice, and the queries and moves the rules make.
    TwistyState runs the rules on it."""

    def __init__(self, deck: Deck, num_players: int, rng: random.Random, options: dict):
        super().__init__(num_players, rng)
        self.cards: list[Card] = deck.cards
        #: Each card's title by its id: the rules ask what a player holds by title many
        #: times a turn.
        self.titles: list[str] = [card.item.title for card in self.cards]
        self.options = dict(options)
        cards_to_win = parse_cards_to_win(str(options.get("cards_to_win", RULES_CARDS_TO_WIN)))
        self.threshold = cards_to_win.applied_to(deck.thresholds[num_players])
        self.deck: list[int] = list(range(len(self.cards)))  # the top card is the last
        rng.shuffle(self.deck)
        self.discards: list[int] = []
        self.paths: list[list[int]] = [[] for _ in range(num_players)]
        self.sides: list[list[int]] = [[] for _ in range(num_players)]  # Pocket Demon/Angel
        self.limbo: list[int] = []  # cards drawn and being obeyed, in no path yet
        self.direction = 1  # +1: play passes to the left
        self.reverse_at_turn_end = False
        self.twine_block = [False] * num_players  # Ball Of Twine discarded: no discards
        #: "High roll goes first": ties roll again, so every seat is as likely.
        self.player = self.first_player = rng.randrange(num_players)
        self.active = self.player  # whose turn it is (the current player may differ)
        self.speed = 0
        self.target = 0
        self.last_die = 0
        self.black_drawn = False
        self.winner: int | None = None
        #: House rules: the players with the most cards when the maze ran out share the win.
        self.shared_win: list[int] = []
        #: The engine stopped the game: nothing is left to draw and no card can move (turn.stalled).
        self.stalled = False
        self.turn_log: list[TurnRecord] = []
        #: The seats in the orders the rules go round the table in, asked for many times a
        #: turn: fixed for the game, so made once, as tuples no caller can change.
        seats = range(num_players)
        self._from_seat = tuple(tuple((seat + k) % num_players for k in seats) for seat in seats)
        self._others = tuple(tuple(s for s in seats if s != seat) for seat in seats)

    @property
    def house_rules(self) -> bool:
        return bool(self.options.get(HOUSE_RULES))

    # Queries the rules use.
    def length(self, seat: int) -> int:
        """Cards in a player's path, the side cards (Pocket Demon/Angel) included."""
        return len(self.paths[seat]) + len(self.sides[seat])

    def card(self, cid: int) -> Card:
        return self.cards[cid]

    def holding(self, seat: int, title: str) -> int | None:
        """The id of a card of this title in the player's path (side included), or None.

        One plain loop per list: the rules ask this over half a million times in a few
        hundred games, and looping over the pair of lists costs about 40% more."""
        titles = self.titles
        for cid in self.paths[seat]:
            if titles[cid] == title:
                return cid
        for cid in self.sides[seat]:
            if titles[cid] == title:
                return cid
        return None

    def holds_any(self, seat: int, titles: frozenset[str]) -> bool:
        """Whether the player's path (side included) has a card of any of these titles: one
        look where the rules would otherwise ask holding() title by title."""
        named = self.titles
        for cid in self.paths[seat]:
            if named[cid] in titles:
                return True
        for cid in self.sides[seat]:
            if named[cid] in titles:
                return True
        return False

    def others(self, seat: int) -> tuple[int, ...]:
        """Every seat but `seat`, in seat order."""
        return self._others[seat]

    def from_seat(self, seat: int) -> tuple[int, ...]:
        """Every seat, starting with `seat` and going round the table to the left."""
        return self._from_seat[seat]

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.num_players

    def right_of(self, seat: int) -> int:
        return (seat - 1) % self.num_players

    def roll_die(self) -> int:
        """One six-sided die; tests fix dice by giving the state an rng whose randint they control."""
        return self.rng.randint(1, 6)

    def needed(self, seat: int) -> int:
        """Cards this player needs in their path to win (Gathering Clues lowers it)."""
        need = self.threshold
        if self.options.get("gathering_clues"):
            colours = {self.cards[c].item.zone for c in self.paths[seat] + self.sides[seat]} - {None}
            need -= len(colours)
        return need

    def fewest_needed(self) -> int:
        """The fewest cards anyone can need to win (Gathering Clues lowers it by up to four)."""
        return self.threshold - (len(ZONES) if self.options.get("gathering_clues") else 0)

    def has_won(self, seat: int) -> bool:
        if self.length(seat) < self.needed(seat):
            return False
        if self.options.get("exit_strategy") and not self.black_drawn:
            return False
        if self.options.get("through_the_black"):
            return any(self.cards[c].item.zone == "black" for c in self.paths[seat])
        return True

    # Moving cards.
    def draw(self) -> int | None:
        """The top card of the deck (the discards reshuffled when it runs out), or None."""
        if not self.deck:
            self.deck, self.discards = self.discards, []
            self.rng.shuffle(self.deck)
        if not self.deck:
            return None
        cid = self.deck.pop()
        self.limbo.append(cid)
        return cid

    def take_from_path(self, seat: int, index: int) -> int:
        return self.paths[seat].pop(index)

    def place(self, seat: int, cid: int, at: int | None = None) -> None:
        """Put a card from limbo into a path (at the end unless `at` is given)."""
        if cid in self.limbo:
            self.limbo.remove(cid)
        if at is None:
            self.paths[seat].append(cid)
        else:
            self.paths[seat].insert(at, cid)
