"""The rules' fixed numbers, and the settings and variants a game of Twisty Passages takes
(see Engine.options/variants).

The rules' How Long? variant changes "the number of cards needed to win" by an amount the
players pick, so it is an option with a number (`cards_to_win`), not an on/off variant. The
other variants of the rules switch on by name; `house-rules` adds the engine's rules for the
position the rules give no way out of (the deck and the discards both empty).
"""

import re

from generator.games.base import Option, Variant

#: "If a card reduces your path length by three or more cards, stop drawing."
BIG_LOSS = 3


class CardsToWin(str):
    """How Long?: the cards needed to win, as its canonical text: a change to the rules'
    number ("+4", "-2") or a number ("18"). A string, so that a report shows it as given and
    JSON carries it."""

    @property
    def relative(self) -> bool:
        return self[0] in "+-"

    def applied_to(self, rules_number: int) -> int:
        """The cards needed, given the number the rules set for the player count."""
        return rules_number + int(self) if self.relative else int(self)


def parse_cards_to_win(text: str) -> CardsToWin:
    """`+4` or `-2` change the rules' number; `18` replaces it."""
    match = re.fullmatch(r"\s*([+-]?)(\d+)\s*", text)
    if not match:
        raise ValueError(f"cards_to_win must be a change like +4 or -2, or a number of cards like 18, not {text!r}")
    sign, digits = match.groups()
    if not sign:
        if int(digits) < 1:
            raise ValueError(f"cards_to_win must be at least 1 card, not {text!r}")
        return CardsToWin(str(int(digits)))
    return CardsToWin(f"{int(sign + digits):+d}")


RULES_CARDS_TO_WIN = CardsToWin("+0")

OPTIONS = (
    Option(
        "cards_to_win",
        "How Long?: cards needed to win, +N or -N from the rules' number for the player count, or a number",
        RULES_CARDS_TO_WIN,
        parse_cards_to_win,
    ),
)

HOUSE_RULES = "house-rules"

VARIANTS = (
    Variant("double_deck", "play with two maze decks shuffled together (How Long? advises it from +4 cards)"),
    Variant("exit_strategy", "Exit Strategy: you must also have drawn a Black Zone card during your winning turn"),
    Variant("through_the_black", "Through The Black: you must also have a Black Zone card in your path"),
    Variant("gathering_clues", "Gathering Clues: one fewer card to win per Zone colour in your path"),
    Variant(
        HOUSE_RULES,
        "an addition, not the rules: when the deck and the discards are both empty and no card can move, "
        "the player with the most cards in their path wins (ties share the win)",
    ),
)
