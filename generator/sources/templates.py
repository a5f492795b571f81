"""Templates: text with `{field}` placeholders, for a text element's `template:` and `text:`.

    template: "{cost} gold · {type}"
    template: "{price:, .2 pre=$}"        # 1250 -> $1,250.00
    template: "{bonus:+} {name:upper}"    # 2 -> +2, Bolt -> BOLT

A placeholder names one field (letters, digits, _ and -, not starting with a digit) and may
say after a colon how to show it: directives separated by spaces (FORMAT_WORDS). `{{` and
`}}` print braces. The grammar is our own and read in one pass, never by str.format: no text
reaches into an object or pads to a width it chooses, and every number a directive takes is
bounded before it is used. A placeholder that cannot be read is a SourceError at the
template's place; a value its format cannot show, at the item's field.
"""

import math
import re
from collections.abc import Callable, Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from typing import Any, Literal, NoReturn

from msgspec import Struct

from generator.sources.errors import Loc, SourceError
from generator.sources.frozen import LocMap

MAX_DECIMALS = 6
MAX_PADDING = 12
MAX_AFFIX = 8
#: Numbers from here on are refused: a card never means them, and below it every number
#: with MAX_DECIMALS decimals is exact in Decimal's default precision.
TOO_LARGE = Decimal(10) ** 15
FORMAT_WORDS = ", .N + 0N pre=TEXT post=TEXT upper lower title"

Case = Literal["upper", "lower", "title"]
_CASES: dict[str, Callable[[str], str]] = {"upper": str.upper, "lower": str.lower, "title": str.title}

#: A template's pieces: an escaped brace, a placeholder, literal text, or a brace alone (an
#: error). Each character is read once; a placeholder holds no brace.
_TOKEN = re.compile(r"\{\{|\}\}|\{[^{}]*\}|[^{}]+|[{}]")
_NAME = re.compile(r"[A-Za-z_-][A-Za-z0-9_-]*")
_NUMBER_TEXT = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")
_DIRECTIVES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r","), "thousands"),
    (re.compile(r"\.(\d+)"), "decimals"),
    (re.compile(r"\+"), "sign"),
    (re.compile(r"0(\d+)"), "padding"),
    (re.compile(r"pre=(.*)"), "pre"),
    (re.compile(r"post=(.*)"), "post"),
    (re.compile(r"(upper|lower|title)"), "case"),
)
_TWICE = {
    "thousands": "',' twice",
    "decimals": ".N twice",
    "sign": "'+' twice",
    "padding": "0N twice",
    "pre": "pre= twice",
    "post": "post= twice",
    "case": "two of upper, lower and title",
}
_BOUNDS = {"decimals": (0, MAX_DECIMALS), "padding": (1, MAX_PADDING)}


def quoted(text: str, limit: int = 80) -> str:
    """`text` as a message quotes it: repr (no line breaks or control characters), cut short
    past `limit` characters so that a huge template makes a readable message."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def bare(text: str, limit: int = 40) -> str:
    """`text` as quoted() shows it, without the quotes: a placeholder inside a message that
    quotes its template."""
    return quoted(text, limit)[1:-1]


class NumberFormat(Struct, frozen=True):
    """How the number directives of one placeholder print a number."""

    thousands: bool = False
    decimals: int | None = None  # None: as many as the value has
    sign: bool = False
    padding: int = 0  # at least this many digits before the point
    pre: str = ""
    post: str = ""

    def show(self, number: Decimal) -> str:
        """The number as written: sign, pre, digits, post; never in exponent notation."""
        if self.decimals is not None:
            number = number.quantize(Decimal(1).scaleb(-self.decimals), rounding=ROUND_HALF_UP)
        digits = format(number.copy_abs(), "f")  # exact: abs() would round to the context's precision
        if self.decimals is None and "." in digits:
            digits = digits.rstrip("0").rstrip(".")  # 3.50 -> 3.5, 3.0 -> 3
        whole, point, fraction = digits.partition(".")
        whole = whole.zfill(self.padding)
        if self.thousands:
            whole = _grouped(whole)
        sign = "-" if number < 0 else "+" if self.sign and number > 0 else ""
        return f"{sign}{self.pre}{whole}{point}{fraction}{self.post}"


def _grouped(digits: str) -> str:
    """1250 -> 1,250."""
    head = len(digits) % 3 or 3
    return ",".join([digits[:head], *(digits[k : k + 3] for k in range(head, len(digits), 3))])


class Placeholder(Struct, frozen=True):
    """One `{name}` or `{name:FORMAT}` of a template."""

    name: str
    written: str  # as the template writes it: a literal text prints it for a field the item lacks
    template: str  # the whole template, for messages
    format: NumberFormat | None = None
    case: Case | None = None

    def show(self, value: object, loc_of_value: Loc) -> str:
        """The value as this placeholder shows it; SourceError at `loc_of_value` (the item's
        field) for a value it cannot show."""
        if self.format is None:
            text = self._text(value, loc_of_value)
        else:
            text = self._number(self.format, value, loc_of_value)
        return text if self.case is None else _CASES[self.case](text)

    def _text(self, value: object, loc: Loc) -> str:
        if isinstance(value, (str, int, float)):
            return str(value)
        kind = "a list" if isinstance(value, Sequence) else "a mapping" if isinstance(value, Mapping) else "neither"
        raise SourceError(loc, f"{self._where()} shows text or a number, and the item's {self.name!r} is {kind}")

    def _number(self, number_format: NumberFormat, value: object, loc: Loc) -> str:
        number = _decimal(value)
        if number is None:
            raise SourceError(
                loc,
                f"{self._where()} shows a number, and the item's {self.name!r} is {_value(value)}: "
                "write a number such as 3, -2 or 2.5, or drop the number directives "
                "(, .N + 0N pre= post=) from the placeholder",
            )
        if number.copy_abs() >= TOO_LARGE:
            too_large = f"the item's {self.name!r} is too large to print (at most 15 digits before the point)"
            raise SourceError(loc, f"{self._where()}: {too_large}")
        return number_format.show(number)

    def _where(self) -> str:
        return f"{bare(self.written)} in template {quoted(self.template)}"


def _value(value: object) -> str:
    """A field's value as a message quotes it."""
    return quoted(value, 40) if isinstance(value, str) else bare(repr(value))


def _decimal(value: object) -> Decimal | None:
    """The value as a number: an int, a finite float (as its shortest repr), or text that
    reads as one ("3.5", " -2 "); None for anything else, true and false included."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, float):
        return Decimal(repr(value)) if math.isfinite(value) else None
    if isinstance(value, str) and _NUMBER_TEXT.fullmatch(value.strip()):
        return Decimal(value.strip())
    return None


class Template(Struct, frozen=True):
    """A parsed template: each part is literal text and the placeholder after it (None at the end)."""

    parts: tuple[tuple[str, Placeholder | None], ...]

    def fields(self) -> list[str]:
        return [p.name for _, p in self.parts if p is not None]

    def fill(self, item: LocMap) -> str:
        """The text for an item that has every field (see missing())."""
        return "".join(
            text + ("" if p is None else p.show(item[p.name], item.loc_of(p.name))) for text, p in self.parts
        )

    def missing(self, item: Mapping[str, object]) -> list[str]:
        return [name for name in self.fields() if item.get(name) is None]


@cache
def parse_template(text: str, loc: Loc) -> Template:
    """The template `text`, read in one pass; SourceError at `loc` saying what is wrong and
    what to write instead."""
    parts: list[tuple[str, Placeholder | None]] = []
    literal: list[str] = []
    for token in _TOKEN.finditer(text):
        piece = token.group()
        if piece in ("{{", "}}"):
            literal.append(piece[0])
        elif len(piece) > 1 and piece[0] == "{":
            parts.append(("".join(literal), _placeholder(piece, text, loc)))
            literal = []
        elif piece in ("{", "}"):
            raise SourceError(loc, f"template {quoted(text)}: {_lone_brace(text, token.start())}")
        else:
            literal.append(piece)
    if literal:
        parts.append(("".join(literal), None))
    return Template(tuple(parts))


def _lone_brace(text: str, at: int) -> str:
    where = f"(character {at + 1})"
    if text[at] == "}":
        return f"a '}}' {where} closes no placeholder: write }}}} for a brace"
    if text.find("}", at + 1) == -1:
        return f"a '{{' {where} opens a placeholder that never closes: write {{field}} for a field, or {{{{ for a brace"
    # a '}' follows, and another '{' before it: else the '{' would have begun a placeholder
    return (
        f"a placeholder {where} holds another '{{': placeholders do not nest, and a format is words "
        f"such as {{cost:.2}} or {{name:upper}}; write {{{{ for a brace"
    )


def _placeholder(written: str, template: str, loc: Loc) -> Placeholder:
    """One `{...}` (no braces inside) as a Placeholder."""
    name, colon, spec = written[1:-1].partition(":")
    _check_name(name, written, template, loc)
    if not colon:
        return Placeholder(name, written, template)
    words = spec.split()
    if not words:
        _fail(template, loc, f"{bare(written)} has a ':' and no format after it: write {{{name}}}")
    said: dict[str, Any] = {}  # NumberFormat's fields, and "case": the keys and types _directive gives
    for word in words:
        key, value = _directive(word, name, written, template, loc)
        if key in said:
            _fail(template, loc, f"{bare(written)} says {_TWICE[key]}: a placeholder takes each directive once")
        said[key] = value
    case = said.pop("case", None)
    return Placeholder(name, written, template, NumberFormat(**said) if said else None, case)


def _check_name(name: str, written: str, template: str, loc: Loc) -> None:
    if _NAME.fullmatch(name):
        return
    shown = bare(written)
    if not name:
        problem = f"{shown} names no field: write the field's name, such as {{cost}}"
    elif name.isdigit():
        problem = f"{shown} is a position, and placeholders are named: write the field's name, such as {{cost}}"
    elif "!" in name:
        problem = f"{shown} has a conversion ('!'): write {{field}} alone, or a format such as {{field:upper}}"
    elif "." in name or "[" in name:
        problem = f"{shown} reaches into a field ('.' or '['): a placeholder names one field, such as {{field}}"
    else:
        problem = f"{shown} is not a field name: a name is letters, digits, _ and -, not starting with a digit"
    _fail(template, loc, problem)


def _directive(word: str, name: str, written: str, template: str, loc: Loc) -> tuple[str, Any]:
    """(NumberFormat's field or "case", its value) for one directive of a format."""
    for pattern, key in _DIRECTIVES:
        match = pattern.fullmatch(word)
        if match is None:
            continue
        argument = match.group(1) if pattern.groups else None
        if key in _BOUNDS:
            return key, _bounded(argument or "", key, word, template, loc)
        if key in ("pre", "post"):
            return key, _affix(argument or "", key, template, loc)
        return key, True if argument is None else argument
    _fail(
        template,
        loc,
        f"{bare(written)}: {_unknown(word)}; a format is one or more of {FORMAT_WORDS}, "
        f"separated by spaces, such as {{{name}:, .2 pre=$}}",
    )


def _bounded(digits: str, key: str, word: str, template: str, loc: Loc) -> int:
    """The N of `.N` or `0N`, read only when it is short: a huge N is refused before use."""
    low, high = _BOUNDS[key]
    if len(digits) <= 2 and low <= int(digits) <= high:
        return int(digits)
    example = ".2 for two decimals" if key == "decimals" else "03 for at least three digits"
    _fail(template, loc, f"{quoted(word, 20)} is out of bounds: N runs from {low} to {high} ({example})")


def _affix(text: str, key: str, template: str, loc: Loc) -> str:
    if 1 <= len(text) <= MAX_AFFIX and text.isprintable() and not set(text) & set(" {}:="):
        return text
    _fail(
        template,
        loc,
        f"{key}= takes 1 to {MAX_AFFIX} characters with no space, brace, colon or '=', "
        f"such as {key}=$ or {key}=%, not {quoted(text, 20)}",
    )


def _unknown(word: str) -> str:
    """What is wrong with a word that is no directive, with the likeliest fix."""
    shown = quoted(word, 20)
    if re.fullmatch(r"\.\d+[A-Za-z%]", word):
        return f"{shown} is not a directive (write {word[:-1]} for that many decimals)"
    if word[0] in "<>^=" or word.isdigit():
        return f"{shown} is not a directive: widths and alignment come from the element (align:); 0N pads with zeros"
    return f"unknown format word {shown}"


def _fail(template: str, loc: Loc, problem: str) -> NoReturn:
    raise SourceError(loc, f"template {quoted(template)}: {problem}")
