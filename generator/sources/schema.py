"""Validate loaded sources against JSON Schemas, reporting errors at their file:line:col.

Schemas are plain JSON Schema (draft 2020-12) dicts. Some string formats are ours: `length`
("63mm": see units.py), `colour` ("#rrggbb") and `http-url` (see schema_formats.py). Unknown
keys are errors: every object schema should say `additionalProperties: false`; `closed()`
does that for you.
"""

import hashlib
import re
from collections.abc import Iterable
from typing import Any

import jsonschema_rs

from generator.sources.errors import Loc
from generator.sources.loader import LocDict, LocList
from generator.sources.schema_cache import PerSchema
from generator.sources.schema_formats import FORMAT_CHECKS, LENGTH_BOUNDS, checked_length

LENGTH: dict = {"type": "string", "format": "length"}
NONNEGATIVE_LENGTH: dict = {"type": "string", "format": "nonnegative-length"}
POSITIVE_LENGTH: dict = {"type": "string", "format": "positive-length"}
COLOUR: dict = {"type": "string", "format": "colour"}
TEXT: dict = {"type": "string"}
#: A name a file or a key gives: a layout's, a kind's, a shape's. Its description says in words
#: what it takes (a problem's message reads it, generator/sources/schema_report.py).
NAME: dict = {
    "type": "string",
    "pattern": "^[a-z][a-z0-9-]*$",
    "description": "a name in lower-case letters, digits and hyphens, starting with a letter, such as dark-blue",
}


def closed(properties: dict[str, dict], required: Iterable[str] = ()) -> dict:
    """An object schema with exactly these keys allowed."""
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


#: A card's size as a layout or a component file gives it: a name from the table of card
#: sizes (layouts/sizes.yaml), or a width and a height.
CARD_SIZE: dict = {
    "description": "a card size's name such as poker or tarot, or its width and height such as "
    "{width: 63.5mm, height: 88.9mm}",
    "anyOf": [
        {**NAME, "description": "a card size's name such as poker or tarot"},
        closed({"width": POSITIVE_LENGTH, "height": POSITIVE_LENGTH}, ["width", "height"]),
    ],
}


#: Values found valid: (id of the schema, a digest of the value's repr) -> the schema, held
#: so that its id stays its own. A live preview reads its game again on every edit, and
#: checking every unchanged item again was a third of reading a large deck. A repr tells
#: apart what validates differently (1, 1.0, True and '1') and leaves out where the value
#: was read; its digest keeps an entry small however large the value (a whole file's
#: envelope), and the collector has nothing in it to walk. Emptied when full.
_VALID: dict[tuple[int, bytes], dict] = {}
VALID_KEPT = 1 << 16


#: The keywords the fast validator judges exactly as the reference does. A schema with any
#: other (multipleOf, whose floats the two round apart; uniqueItems, patternProperties, $ref,
#: ...) is judged by the reference alone.
_ALIKE_KEYWORDS = frozenset(
    {
        *("type", "enum", "const", "format", "pattern", "required"),
        *("properties", "additionalProperties", "propertyNames", "items"),
        *("anyOf", "oneOf", "allOf", "not"),
        *("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"),
        *("minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"),
        *("title", "description", "default", "examples", "$comment"),
    }
)
#: Keywords whose value is a schema, and those whose value is a list of schemas.
_SUBSCHEMA = ("additionalProperties", "propertyNames", "items", "not")
_SUBSCHEMAS = ("anyOf", "oneOf", "allOf")
#: The escapes of a regular expression that mean the same to both validators: an escaped mark,
#: \n \t \r \f \v, \xhh and \uhhhh. Python's \s, \w, \d, \b and their kin take in more of
#: Unicode than ECMA-262's, which the fast validator follows (U+0085 is white space to Python).
_ALIKE_ESCAPE = re.compile(r"\\(?:[^A-Za-z0-9]|[ntrfv]|x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4})")
_SCALARS = (str, int, float, bool, type(None))


def _plain(value: object) -> bool:
    """Whether `value` is plain JSON as the YAML and table readers give it: mappings with text
    keys, lists, text, numbers, true/false and null, each of its own type. The fast validator
    reads other values its own way (an Enum member as its value, a tuple as a list)."""
    kind = type(value)
    if kind in _SCALARS:
        return True
    if isinstance(value, dict) and kind in (dict, LocDict):
        return all(type(key) is str and _plain(item) for key, item in value.items())
    return isinstance(value, list) and kind in (list, LocList) and all(map(_plain, value))


def _keywords_alike(schema: object) -> bool:
    """Whether every keyword of `schema`, and of the schemas in it, is one of _ALIKE_KEYWORDS,
    and every pattern has only escapes of _ALIKE_ESCAPE."""
    if isinstance(schema, bool):
        return True
    if not isinstance(schema, dict) or not _ALIKE_KEYWORDS.issuperset(schema):
        return False
    pattern = schema.get("pattern", "")
    if not isinstance(pattern, str) or "\\" in _ALIKE_ESCAPE.sub("", pattern):
        return False
    inner: list[object] = [schema[key] for key in _SUBSCHEMA if key in schema]
    for key, many in (("properties", dict), *((key, list) for key in _SUBSCHEMAS)):
        found = schema.get(key, many())
        if not isinstance(found, many):
            return False
        inner += found.values() if isinstance(found, dict) else found
    return all(map(_keywords_alike, inner))


def _fast_validator(schema: dict) -> jsonschema_rs.Draft202012Validator | None:
    """The fast validator of `schema`, or None for one it would judge otherwise than the
    reference (a schema not plain JSON, such as one holding Enum members, or see
    _keywords_alike) or cannot compile."""
    if not (_plain(schema) and _keywords_alike(schema)):
        return None
    try:
        return jsonschema_rs.Draft202012Validator(schema, formats=FORMAT_CHECKS, validate_formats=True)
    except (ValueError, jsonschema_rs.ValidationError):
        return None


_validator = PerSchema(_fast_validator)


def _accepts(data: Any, schema: dict) -> bool:
    """Whether the fast validator finds `data` valid; False, for the reference to judge, where
    it would judge otherwise: a schema it reads otherwise, a value that is not plain JSON
    (a read component's LocMap, a plugin's tuple or Enum member), or one it cannot read (text
    with a lone surrogate)."""
    fast = _validator(schema)
    try:
        return fast is not None and _plain(data) and fast.is_valid(data)
    except ValueError:
        return False


def validate(data: Any, schema: dict, *, fallback: Loc, what: str = "") -> None:
    """Raise SourceError at the first problem (in file order) of `data` against `schema`.

    A number where the schema asks for plain text (`cost: 1`, or a table cell holding 1)
    is taken as its text first, in a value being read: a designer means the characters they
    typed. A read component's fields (immutable) already hold that text. A value with the
    same content as one found valid before is valid without checking it again.

    Two validators judge. jsonschema-rs, fast to load and to run, judges the plain JSON values
    the readers give against the schemas it reads as the reference does (_accepts); every other
    value, and every value it refuses, goes to python-jsonschema, the reference, which names
    the problem, or accepts the value where the fast one is stricter (a NaN; Python's `$`
    before a final newline). So the reference has the last word on all but what the fast one
    accepts (tests/sources/test_schema_agreement.py: the reference accepts that too), and a
    build of valid sources does not load it at all."""
    _numbers_as_text(data, schema)
    seen = (id(schema), hashlib.sha256(repr(data).encode()).digest())
    if _VALID.get(seen) is schema:
        return
    if not _accepts(data, schema):
        from generator.sources.schema_report import first_problem

        problem = first_problem(data, schema, fallback, what)
        if problem is not None:
            raise problem
    if len(_VALID) >= VALID_KEPT:
        _VALID.clear()
    _VALID[seen] = schema


def lengths_in_mm(data: Any, schema: dict) -> None:
    """In place, on a value already validated against `schema`: every text where the schema
    asks for a length (format `length` and its kin) becomes its length in mm."""
    if isinstance(data, LocDict):
        for key, value in data.items():
            wanted = schema.get("properties", {}).get(key, schema.get("additionalProperties"))
            if isinstance(wanted, dict):
                data[key] = _in_mm(value, wanted)
    elif isinstance(data, LocList) and isinstance(schema.get("items"), dict):
        for index, value in enumerate(data):
            data[index] = _in_mm(value, schema["items"])


def _in_mm(value: Any, schema: dict) -> Any:
    if isinstance(value, str) and schema.get("format") in LENGTH_BOUNDS:
        return checked_length(value, schema["format"])
    lengths_in_mm(value, schema)
    return value


def _numbers_as_text(data: Any, schema: dict) -> None:
    """In place: numbers where `schema` wants text with no format become that text."""
    if isinstance(data, LocDict):
        for key, value in data.items():
            wanted = schema.get("properties", {}).get(key, schema.get("additionalProperties"))
            if isinstance(wanted, dict):
                data[key] = _as_text(value, wanted)
                _numbers_as_text(data[key], wanted)
    elif isinstance(data, LocList) and isinstance(schema.get("items"), dict):
        for index, value in enumerate(data):
            data[index] = _as_text(value, schema["items"])
            _numbers_as_text(data[index], schema["items"])


def _as_text(value: Any, schema: dict) -> Any:
    plain_text = schema.get("type") == "string" and "format" not in schema
    is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return str(value) if plain_text and is_number else value
