"""The Slipmax strip language: printed step texts and notes -> effect trees.

Two lark grammars share one tree type, `Node(op, args)`:

* ENGLISH reads the printed wording of steps ("Gain 3 cents; take another turn.") and of
  strip notes ("These affect the player with the most money").
* NOTATION reads the explicit `effect:` a step may carry when its printed wording is free
  text the English grammar does not know. The notation is the effect tree written out:

      op(arg, arg, ...)        args: whole numbers (may be negative), n or X (a number the
                               player chooses), "quoted text", or nested ops
      seq(gain(3), extra(1))   several effects in order
      ref(4)                   obey step (4) of the same strip; repeat(ref(1), 3) is "(1) x3"

  e.g. `effect: over(2, 9, gain(9), lose(3))` is the printed "2d>9: Gain 9 cents; Lose 3
  cents.". OPS below lists every op and its arguments; `str(node)` writes a tree back in
  this notation.

Argument kinds in OPS: i a whole number, n a whole number or a chosen one (n / X), e an
effect tree, s text, * any number of effect trees.
"""

import re
from functools import cache, lru_cache

from lark import Lark, Transformer, v_args
from lark.exceptions import LarkError
from msgspec import Struct


class Node(Struct, frozen=True):
    """One effect: an op name and its arguments (numbers, text or nested Nodes)."""

    op: str
    args: tuple = ()

    def __str__(self) -> str:
        return f"{self.op}({', '.join(_show(a) for a in self.args)})"


def _show(arg: object) -> str:
    if isinstance(arg, str) and arg not in ("n", "X"):
        return f'"{arg}"'
    return str(arg)


#: Effects a step can have, by op: the kinds of their arguments.
EFFECT_OPS: dict[str, str] = {
    "noop": "",
    "seq": "*",
    "ref": "i",
    "repeat": "ei",
    "optional": "e",
    "offer": "ee",
    # money
    "lose": "i",
    "gain": "i",
    "pay_each": "i",
    "collect_each": "i",
    "multiply": "i",
    "give_between": "i",
    "two_give": "i",
    "redistribute": "",
    "swap_money": "",
    "halve_and_give": "",
    "all_gain": "i",
    "all_lose": "i",
    "all_lose_half": "",
    "distribute": "i",
    "next_gain": "ii",
    "trade": "ii",
    "pay_trigger": "i",
    "flip": "nee",
    "all_flip": "i",
    "parity": "n",
    "per": "ni",
    "over": "iiee",
    # turns and movement
    "skip": "i",
    "extra": "i",
    "grant_turn": "",
    "to_front": "",
    "to_back": "",
    "move": "i",
    "move_roll": "i",
    "land": "",
    "swap_places": "",
    "nudge": "i",
    "nudge_all": "i",
    "choose_rolls": "i",
    "choose_next_roll": "",
    "end_game": "",
    # registers
    "lock": "i",
    "bank_lock": "i",
    "adjust_all": "",
    "adjust_one": "",
    "set_others": "i",
    "advance_all": "",
    "random_register": "",
    "trigger_visible": "i",
    "orders": "i",
    "replace": "i",
    # tokens, the Crown, coins on spaces
    "gain_time": "i",
    "steal_time": "i",
    "steal_time_each": "i",
    "give_crown": "i",
    "give_crown_fraction": "ii",
    "crown_all": "i",
    "crown_turn": "",
    "tithe": "",
    "put_on_space": "i",
    "collect_spaces": "s",
}

#: Ongoing rules: they do nothing when obeyed but hold while their step is showing.
ONGOING_OPS: dict[str, str] = {
    "rolls_minus": "i",
    "odd_rolls_plus": "i",
    "pay_to_move": "i",
    "rolls_backward": "",
    "reroll_move": "",
    "reroll_any": "",
    "gains_halved": "",
    "no_gains": "",
    "dice_doubled": "",
    "stasis": "",
}

#: Strip-wide rules read from a strip's note.
NOTE_OPS: dict[str, str] = {
    "no_self": "",
    "target_least": "",
    "target_most": "",
    "optional_advance": "",
    "trap": "",
    "orders_note": "",
    "time_limit": "i",
    "crown": "",
    "waste": "s",
}

STEP_OPS: dict[str, str] = {**EFFECT_OPS, **ONGOING_OPS}


class GrammarError(ValueError):
    """Text the grammar cannot read; `column` is 1-based within the text when known."""

    def __init__(self, message: str, column: int | None = None):
        super().__init__(message)
        self.column = column


ENGLISH = r"""
step: clause (_SEP clause)* _SEP?
note: sentence (_SEP sentence)* _SEP?

?clause: refs | money_clause | turn_clause | move_clause | register_clause
       | dice_clause | token_clause | ongoing | "no" "effect" -> noop

refs: refterm ("and" refterm)*
refterm: "(" INT ")" ("x" INT)?

money: count _COINS
_COINS: /cents?\b|coins?\b/
count: INT | WORD_NUMBER
WORD_NUMBER: /\b(an?|one|two|three|four|five|six|seven|eight|nine|ten)\b/

?money_clause: "lose" money -> lose
    | "gain" money -> gain
    | "pay" "each" "player" money -> pay_each
    | ("gain" | "take") money "from" ("each" | "every") "player" -> collect_each
    | "double" "the" "money" "you" "have" -> double
    | "triple" "the" "money" "you" "have" -> triple
    | "choose" "a" "player" "to" "give" "another" "player" money -> give_between
    | "choose" "two" "players" "to" "give" "a" "player" money "each" -> two_give
    | "gather" "up" "all" "coin" "piles" "and" "redistribute" "them" "evenly" -> redistribute
    | "choose" "two" "players" "to" "swap" "coin" "piles" -> swap_money
    | "take" "1/2" "of" "a" "player's" "coins" "and" "distribute" "them" "as" "you" "see" "fit" -> halve_and_give
    | "all" "players" ("gain" | "get") money -> all_gain
    | "all" "players" "lose" money -> all_lose
    | "all" "players" "lose" "half" "their" "cents" -> all_lose_half
    | "distribute" money "evenly" "among" "all" "players" "," "rounding" "up" -> distribute
    | "the" "next" "player" "gains" money -> next_player_gains
    | "the" "next" count "players" "gain" money -> next_players_gain
    | "give" "a" "player" money "to" "get" money "from" "another" "player" -> trade
    | "pay" "the" "player" "who" "triggers" "this" "effect" money -> pay_trigger
    | "pay" money "to" reward -> offer_money
    | "pass" "your" "next" "turn" "to" reward -> offer_turn
    | "all" "flip" INT ":" "most" "heads" "gets" "all" "flipped" "cents" -> all_flip
    | "put" money "on" "this" "space" -> put_on_space
    | "collect" "all" "uncollected" "cents" "on" TITLE "spaces" -> collect_spaces

?reward: money_clause | register_clause | "end" "the" "game" -> end_game

?turn_clause: "lose" count _TURNS -> skip
    | "lose" count _TURNS "and" money -> skip_and_lose
    | "take" "another" "turn" -> extra_one
    | "take" count _TURNS -> extra
    | "choose" "a" "player" "to" "take" "a" "turn" "right" "now" -> grant_turn
    | "choose" "your" "next" "roll" "instead" "of" "rolling" -> choose_roll
    | "choose" "the" "next" count "rolls" "instead" "of" "rolling" -> choose_rolls
    | "choose" "the" "next" "player's" "movement" "roll" -> choose_next_roll
_TURNS: /turns?\b/

?move_clause: "advance" count "spaces" -> advance
    | "go" "back" count "spaces" -> go_back
    | "advance" count _DIE_ROLLS -> advance_rolls
    | "go" "back" count _DIE_ROLLS -> go_back_rolls
    | "move" "to" "the" "space" "in" "front" "of" "the" "first" "player" -> to_front
    | "move" "to" "the" "space" "behind" "the" "last" "player" -> to_back
    | "swap" "spaces" "with" "another" "player" -> swap_places
    | "take" "the" "effect" "of" "that" "space" -> land
    | "optional" ":" "take" "that" "space's" "effect" -> optional_land
    | "move" "a" "player" count "space" "forward" "or" ("backward" | "back") -> nudge
    | "move" "all" "players" count "space" "forward" "or" ("backward" | "back") -> nudge_all
_DIE_ROLLS: /die\s+rolls?\b/

?register_clause: "lock" "a" "register" "(" "up" "to" money ")" -> lock
    | "place" money "from" "the" "bank" "on" "a" "register" "to" "lock" "it" -> bank_lock
    | "adjust" "all" "registers" "up" "or" "down" "one" "step" -> adjust_all
    | "adjust" "a" "register" "by" "one" "step" "up" "or" "down" -> adjust_one
    | "set" "all" "other" "registers" "to" "(" INT ")" -> set_others
    | "advance" "all" "registers" "one" "step" -> advance_all
    | "randomly" "select" "another" "register" "and" "take" "its" "effect" -> random_register
    | "trigger" "any" "visible" "(" INT ")" "register" -> trigger_visible
    | count "orders" -> orders
    | "replace" count "register" _STRIPS "with" count "out" "of" "play" "register" _STRIPS -> replace
    | "end" "the" "game" -> end_game
_STRIPS: /strips?\b/

?dice_clause: "flip" (INT | CHOSEN) ":" money_clause ";" money_clause -> flip
    | DICE ":" "odd" "-" "lose" "that" "many" "cents" "," "even" "-" "gain" "that" "many" "cents" -> parity
    | DICE ":" "per" "(" INT ")" -> per
    | DICE ">" INT ":" money_clause ";" money_clause -> over
DICE: /\b(\d+|n)d\b/
CHOSEN: /\bX\b/

?token_clause: "gain" count "time" _TOKENS -> gain_time
    | "take" count "time" _TOKENS "from" "another" "player" -> steal_time
    | "take" count "time" _TOKENS "from" "every" "player" -> steal_time_each
    | "give" "the" "crown" money -> give_crown
    | "give" "the" "crown" "all" "the" "cents" "you" "collect" "next" "turn" -> tithe
    | "give" "the" "crown" "1/3rd" "of" "your" "cents" -> give_crown_third
    | "everyone" "must" "give" "the" "crown" money -> crown_all
    | "the" "crown" "gets" "to" "take" "a" "turn" "right" "now" -> crown_turn
_TOKENS: /tokens?\b/

?ongoing: "all" "rolls" "are" "reduced" "by" count -> rolls_minus
    | "increase" "all" "odd" "rolls" "by" count -> odd_rolls_plus
    | "all" ":" "do" "not" "roll" "to" "move" _SEP _pay_per_space -> pay_to_move
    | "all" "rolls" "go" "backward" -> rolls_backward
    | "any" "player" "may" "reroll" "their" "movement" "roll" "once" "per" "turn" -> reroll_move
    | "any" "player" "may" "reroll" "any" "roll" "they've" "made" "once" "per" "turn" -> reroll_any
    | "all" "coin" "gains" "are" "halved" -> gains_halved
    | "no" "player" "can" "gain" "money" -> no_gains
    | "all" "die" "rolls" "are" "doubled" -> dice_doubled
    | "no" "other" "strip" "may" "advance" "while" "this" "step" "is" "active" -> stasis
_pay_per_space: "pay" count "cent" "for" "each" "space" "you" "want" "to" "advance"

?sentence: "never" "target" "yourself" -> no_self
    | "these" "affect" "the" "player" "with" "the" "least" "money" -> target_least
    | "these" "affect" "the" "player" "with" "the" "most" "money" -> target_most
    | "advancing" "this" "strip" "when" "you" "land" "on" "it" "is" "optional" "," "not" "mandatory" -> optional_advance
    | "this" "only" "activates" "when" "a" "player" "lands" "in" "or" "passes" "your" "space" -> trap
    | "an" "order" "lets" "you" "move" "any" "other" "register" "one" "step" "up" "or" "down" -> orders_note
    | "multiple" "orders" "can" "be" "used" "on" "multiple" "registers" -> orders_note
    | "any" "player" "with" count "time" _TOKENS "is" "out" "of" "the" "game" -> time_limit
    | "there" "is" "one" "crown" -> crown
    | "take" "the" "crown" "when" "you" "land" "on" "this" "space" -> crown
    | "any" "player" "passing" "or" "sharing" "the" "crown-wearer's" _square_obeys -> crown
    | "any" "player" "landing" "on" "a" TITLE "space" "with" "coins" "on" "it" "may" "collect" "those" "coins" -> waste
_square_obeys: "square" "must" "obey" "the" "current" "step"

TITLE: /\bLife of [A-Z][a-z]+\b/
_SEP: /[.;,]+/
%import common.INT
%import common.WS
%ignore WS
"""

NOTATION = r"""
start: call
call: NAME "(" [arg ("," arg)*] ")"
?arg: call | SIGNED_INT -> number | CHOSEN -> chosen | ESCAPED_STRING -> text
CHOSEN.2: /[nX](?![\w(])/
%import common.CNAME -> NAME
%import common.SIGNED_INT
%import common.ESCAPED_STRING
%import common.WS
%ignore WS
"""

_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}


@v_args(inline=True)
class _English(Transformer):
    """Parse tree of printed wording -> Node trees."""

    def count(self, token):
        text = str(token).lower()
        return _WORDS[text] if text in _WORDS else int(text)

    def money(self, amount):
        return amount

    def step(self, *clauses):
        return clauses[0] if len(clauses) == 1 else Node("seq", clauses)

    def note(self, *sentences):
        unique = list(dict.fromkeys(sentences))
        return tuple(unique)

    def refs(self, *terms):
        return terms[0] if len(terms) == 1 else Node("seq", terms)

    def refterm(self, number, times=None):
        ref = Node("ref", (int(number),))
        return ref if times is None else Node("repeat", (ref, int(times)))

    def noop(self):
        return Node("noop")

    def double(self):
        return Node("multiply", (2,))

    def triple(self):
        return Node("multiply", (3,))

    def next_player_gains(self, cents):
        return Node("next_gain", (1, cents))

    def next_players_gain(self, players, cents):
        return Node("next_gain", (players, cents))

    def offer_money(self, cents, reward):
        return Node("offer", (Node("lose", (cents,)), reward))

    def offer_turn(self, reward):
        return Node("offer", (Node("skip", (1,)), reward))

    def collect_spaces(self, title):
        return Node("collect_spaces", (str(title),))

    def skip_and_lose(self, turns, cents):
        return Node("seq", (Node("skip", (turns,)), Node("lose", (cents,))))

    def extra_one(self):
        return Node("extra", (1,))

    def choose_roll(self):
        return Node("choose_rolls", (1,))

    def advance(self, spaces):
        return Node("move", (spaces,))

    def go_back(self, spaces):
        return Node("move", (-spaces,))

    def advance_rolls(self, rolls):
        return Node("move_roll", (rolls,))

    def go_back_rolls(self, rolls):
        return Node("move_roll", (-rolls,))

    def optional_land(self):
        return Node("optional", (Node("land"),))

    def set_others(self, step):
        return Node("set_others", (int(step),))

    def trigger_visible(self, step):
        return Node("trigger_visible", (int(step),))

    def replace(self, count, _same):
        return Node("replace", (count,))

    def flip(self, coins, heads, tails):
        amount = "X" if str(coins).upper() == "X" else int(coins)
        return Node("flip", (amount, heads, tails))

    def parity(self, dice):
        return Node("parity", (_dice(dice),))

    def per(self, dice, step):
        return Node("per", (_dice(dice), int(step)))

    def over(self, dice, target, win, lose):
        return Node("over", (_dice(dice), int(target), win, lose))

    def all_flip(self, coins):
        return Node("all_flip", (int(coins),))

    def give_crown_third(self):
        return Node("give_crown_fraction", (1, 3))

    def waste(self, title):
        return Node("waste", (str(title),))

    def __default__(self, data, children, meta):
        """An aliased rule whose children (numbers, trees) are its op's arguments."""
        return Node(str(data), tuple(children))


def _dice(token: object) -> int | str:
    text = str(token)[:-1]
    return "n" if text == "n" else int(text)


@v_args(inline=True)
class _Notation(Transformer):
    def start(self, call):
        return call

    def call(self, name, *args):
        return Node(str(name), tuple(a for a in args if a is not None))

    def number(self, token):
        return int(token)

    def chosen(self, token):
        return str(token)

    def text(self, token):
        return str(token)[1:-1]


@cache
def _english() -> Lark:
    """One parser for both of the printed texts' start symbols: building it is most of the
    cost. Built at its first use, not at import: a rebuild whose checks and layout come
    from the build cache parses nothing."""
    return Lark(ENGLISH, start=["step", "note"], parser="earley", g_regex_flags=re.IGNORECASE)


@cache
def _notation() -> Lark:
    return Lark(NOTATION, parser="lalr")


def _parse(parser: Lark, transformer: Transformer, text: str, start: str | None = None):
    try:
        return transformer.transform(parser.parse(text, start=start))
    except LarkError as exc:
        column = getattr(exc, "column", None)
        raise GrammarError(
            f"cannot read {text!r}" + (f" from column {column}" if column else ""),
            column if isinstance(column, int) and column > 0 else None,
        ) from None


@lru_cache(maxsize=4096)
def parse_step(text: str) -> Node:
    """The effect tree of a printed step text.

    Remembered by its text, as is a note's (a Node is immutable): the Earley parse is most
    of loading a deck, which the checks and the engine both do, and a preview's rebuild
    after an edit then parses only the texts that changed."""
    return check_tree(_parse(_english(), _English(), text, "step"), STEP_OPS)


@lru_cache(maxsize=1024)
def parse_note(text: str) -> tuple[Node, ...]:
    """The strip-wide rules of a printed note."""
    rules = _parse(_english(), _English(), text, "note")
    for rule in rules:
        check_tree(rule, NOTE_OPS)
    return rules


def parse_notation(text: str) -> Node:
    """The effect tree written in the explicit `effect:` notation."""
    return check_tree(_parse(_notation(), _Notation(), text), STEP_OPS)


def check_tree(node: Node, ops: dict[str, str]) -> Node:
    """Raise GrammarError unless every op is known and has arguments of the right kinds."""
    spec = ops.get(node.op)
    if spec is None:
        raise GrammarError(f"unknown effect {node.op!r}")
    if spec == "*":
        if not node.args:
            raise GrammarError(f"{node.op}() needs at least one effect")
        for arg in node.args:
            _check_arg(node, "e", arg)
        return node
    if len(spec) != len(node.args):
        raise GrammarError(f"{node.op}() takes {len(spec)} argument(s), got {len(node.args)}")
    for kind, arg in zip(spec, node.args, strict=True):
        _check_arg(node, kind, arg)
    return node


def _check_arg(node: Node, kind: str, arg: object) -> None:
    ok = {
        "i": isinstance(arg, int),
        "n": isinstance(arg, int) or arg in ("n", "X"),
        "s": isinstance(arg, str),
        "e": isinstance(arg, Node),
    }[kind]
    if not ok:
        raise GrammarError(
            f"{node.op}(): argument {arg!r} should be "
            + {"i": "a number", "n": "a number or n/X", "s": "text", "e": "an effect"}[kind]
        )
    if kind == "e":
        assert isinstance(arg, Node)  # `ok` said so
        check_tree(arg, STEP_OPS)
