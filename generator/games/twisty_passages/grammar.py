"""The card-text grammar: a card's printed effect, inline icons (`:name:`) and all.

Lines that roll or read dice are parsed into structure the engine obeys (`Each :d6-5: or
:d6-6: = :discard:.`); any other line is prose, which may hold icons but never a die face
or an `=`, so a mis-typed dice line cannot slip through as prose. Prose lines are obeyed by
the engine's handler for the card's title (cards.py).
"""

from functools import cache, lru_cache

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError
from msgspec import Struct

from generator.games.grammar import EffectError
from generator.sources.markup import INLINE_ICON

GRAMMAR = r"""
start: _NL* line (_NL+ line)* _NL*

?line: roll_line | each_line | two_or_more_line | at_least_line | faces_line
     | compare_line | speed_line | bonus_line | otherwise_line | prose_line

roll_line.3: ROLL
each_line.3: "Each" faces "=" outcome "."
two_or_more_line.3: "Two" "or" "more" FACE "=" outcome "."
at_least_line.3: "If" "you" "get" "at" "least" "one" FACE "," outcome "."
faces_line.3: FACE ("," FACE)* "=" outcome "."
compare_line.3: ":roll-a-die:" CMP ":speed:" "=" outcome "."
speed_line.3: SPEED_CHANGE REMINDER?
bonus_line.3: "If" "you" "have" holders "," "you" "may" "draw" "an" "extra" "card" _THIS_TURN? "." [otherwise]
otherwise_line.3: otherwise
otherwise: "Otherwise," outcome "."
prose_line: PROSE

faces: FACE ("or" FACE)*
holders: words ("or" words)*
words: WORD+
outcome: choice ("or" choice)*
choice: act+
?act: discard | discard_named | stop | speed_change | roll_die | prose_act
discard: ":discard:" where?
where: WHERE
discard_named: ":discard-named:" prose_words?
stop: ":stop:"
speed_change: SPEED_CHANGE
roll_die: ":roll-a-die:"
prose_act: prose_words
prose_words: WORD+

_THIS_TURN: "this turn"
REMINDER: /\([^()\n]*\)/
WHERE: "at random" | "from the start of your path" | "from the end of your path"
SPEED_CHANGE: /:speed: [+-][0-9]+/
ROLL: ":speed-dice:" | ":roll-a-die:"
CMP: "≤" | ">"
FACE: /:d6-[1-6]:/
WORD: /[^\s:=.,]+/
PROSE: /(?:[^=:\n]|:(?!d6-[1-6]:)[a-z0-9]+(?:-[a-z0-9]+)*:|:(?=[ \t]|$))+/m
_NL: /\r?\n/
%ignore /[ \t]+/
"""


@cache
def _parser() -> Lark:
    """Built at its first use, not at import (as the other games' parsers)."""
    return Lark(GRAMMAR, parser="earley", ambiguity="resolve", lexer="dynamic")


class Discard(Struct, frozen=True):
    where: str = "choice"  # choice, at random, from the start/end of your path, that many cards


class DiscardNamed(Struct, frozen=True):
    what: str  # the words after the icon: "an Item", "a Zone card", "this card" ...


class Stop(Struct, frozen=True):
    pass


class SpeedChange(Struct, frozen=True):
    delta: int


class RollDie(Struct, frozen=True):
    pass


class Prose(Struct, frozen=True):
    text: str


Act = Discard | DiscardNamed | Stop | SpeedChange | RollDie | Prose
#: An outcome: alternatives the player picks from, each a sequence of acts done in order.
Outcome = tuple[tuple[Act, ...], ...]


class Roll(Struct, frozen=True):
    dice: str  # "speed" (your speed in dice) or "die" (one die)


class Each(Struct, frozen=True):
    faces: tuple[int, ...]
    outcome: Outcome


class TwoOrMore(Struct, frozen=True):
    face: int
    outcome: Outcome


class AtLeastOne(Struct, frozen=True):
    face: int
    outcome: Outcome


class FacesRow(Struct, frozen=True):
    faces: tuple[int, ...]
    outcome: Outcome


class Compare(Struct, frozen=True):
    op: str  # "≤" or ">": the die against your speed
    outcome: Outcome


class Bonus(Struct, frozen=True):
    holders: tuple[str, ...]  # "a Green Zone card", "a Timepatcher" ...
    otherwise: Outcome | None  # what happens to a player holding none of them


class Otherwise(Struct, frozen=True):
    outcome: Outcome


class ProseLine(Struct, frozen=True):
    text: str


Line = Roll | Each | TwoOrMore | AtLeastOne | FacesRow | Compare | SpeedChange | Bonus | Otherwise | ProseLine


class Effect(Struct, frozen=True):
    lines: tuple[Line, ...] = ()
    icons: tuple[str, ...] = ()  # every icon named, in order


def _face(token: Token) -> int:
    return int(str(token)[4])


def _text(items: list) -> str:
    return " ".join(str(i) for i in items)


class _ToEffect(Transformer):
    def start(self, lines: list) -> tuple[Line, ...]:
        return tuple(lines)

    def roll_line(self, items: list) -> Roll:
        return Roll("speed" if str(items[0]) == ":speed-dice:" else "die")

    def faces(self, items: list) -> tuple[int, ...]:
        return tuple(_face(t) for t in items)

    def each_line(self, items: list) -> Each:
        return Each(items[0], items[1])

    def two_or_more_line(self, items: list) -> TwoOrMore:
        return TwoOrMore(_face(items[0]), items[1])

    def at_least_line(self, items: list) -> AtLeastOne:
        return AtLeastOne(_face(items[0]), items[1])

    def faces_line(self, items: list) -> FacesRow:
        return FacesRow(tuple(_face(t) for t in items[:-1]), items[-1])

    def compare_line(self, items: list) -> Compare:
        return Compare(str(items[0]), items[1])

    def speed_line(self, items: list) -> SpeedChange:
        return self.speed_change(items[:1])

    def bonus_line(self, items: list) -> Bonus:
        return Bonus(items[0], items[1])

    def otherwise_line(self, items: list) -> Otherwise:
        return Otherwise(items[0])

    def otherwise(self, items: list) -> Outcome:
        return items[0]

    def prose_line(self, items: list) -> ProseLine:
        return ProseLine(str(items[0]).strip())

    def holders(self, items: list) -> tuple[str, ...]:
        return tuple(items)

    def words(self, items: list) -> str:
        return _text(items)

    def prose_words(self, items: list) -> str:
        return _text(items)

    def outcome(self, items: list) -> Outcome:
        return tuple(items)

    def choice(self, items: list) -> tuple[Act, ...]:
        merged: list = []
        for item in items:  # ":discard: that many cards": discard as many as the die showed
            if item == Prose("that many cards") and merged and merged[-1] == Discard():
                merged[-1] = Discard("that many cards")
            else:
                merged.append(item)
        return tuple(merged)

    def discard(self, items: list) -> Discard:
        return Discard(str(items[0]) if items else "choice")

    def where(self, items: list) -> str:
        return str(items[0])

    def discard_named(self, items: list) -> DiscardNamed:
        return DiscardNamed(items[0] if items else "")

    def stop(self, _: list) -> Stop:
        return Stop()

    def speed_change(self, items: list) -> SpeedChange:
        return SpeedChange(int(str(items[0]).split()[-1]))

    def roll_die(self, _: list) -> RollDie:
        return RollDie()

    def prose_act(self, items: list) -> Prose:
        return Prose(items[0])


def icons_in(text: str) -> list[tuple[str, int, int]]:
    """Every `:icon:` in the text with its line and column (1-based) within the text, found
    as the card is printed (INLINE_ICON): `21:59:43` and an escaped `\\:name:` are text."""
    found = []
    for number, line in enumerate(text.split("\n"), start=1):
        for match in INLINE_ICON.finditer(line):
            if not match["escape"]:
                found.append((match["name"], number, match.start() + 1))
    return found


@lru_cache(maxsize=4096)
def parse_effect(text: str) -> Effect:
    """Parse a card's effect text; EffectError (with line/column in the text) if it cannot.

    Remembered by its text (an Effect is immutable): the checks and the deck both read every
    card, and a preview's rebuild after an edit parses only the texts that changed. The
    Earley parse is most of loading a deck."""
    if not text.strip():
        return Effect()
    try:
        tree = _parser().parse(text)
    except LarkError as exc:
        line = getattr(exc, "line", 1) or 1
        column = getattr(exc, "column", 1) or 1
        raise EffectError(_explain(exc), line, column) from None
    return Effect(_ToEffect().transform(tree), tuple(name for name, _, _ in icons_in(text)))


def _explain(exc: LarkError) -> str:
    first = str(exc).strip().splitlines()[0]
    return f"card text does not parse: {first}"
