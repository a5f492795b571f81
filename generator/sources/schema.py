"""Validate loaded sources against JSON Schemas, reporting errors at their file:line:col.

Schemas are plain JSON Schema (draft 2020-12) dicts. Two string formats are ours:
`length` ("63mm": see units.py) and `colour` ("#rrggbb"). Unknown keys are errors: every
object schema should say `additionalProperties: false`; `closed()` does that for you.
"""

import hashlib
from collections.abc import Iterable, Mapping
from typing import Any

import jsonschema
from jsonschema import Draft202012Validator, FormatChecker

from generator.colour.value import parse_colour
from generator.sources.errors import Loc, SourceError
from generator.sources.frozen import LocMap, LocSeq
from generator.sources.loader import LocDict, LocList
from generator.units import UnitError, parse_length

_FORMATS = FormatChecker(formats=())
#: JSON Schema's types, with a read component's immutable fields (LocMap, LocSeq) as the
#: mappings and lists they are, so that an engine of its own may check them again.
_Validator = jsonschema.validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine_many(
        {
            "object": lambda _checker, value: isinstance(value, Mapping),
            "array": lambda _checker, value: isinstance(value, (list, LocSeq)),
        }
    ),
)


#: No component, element or sheet is a metre long: a larger length is a typo (or hostile).
MAX_LENGTH_MM = 1000.0
#: Lowest accepted value (mm) and whether it is itself allowed, per length format.
_LOWER_BOUNDS = {"length": (-MAX_LENGTH_MM, True), "nonnegative-length": (0.0, True), "positive-length": (0.0, False)}


def checked_length(value: object, fmt: str) -> float:
    """The length in mm, or UnitError saying what range `fmt` expects."""
    mm = parse_length(value)
    low, inclusive = _LOWER_BOUNDS[fmt]
    if mm < low or (mm == low and not inclusive) or mm > MAX_LENGTH_MM:
        wanted = {
            "length": "between -1000mm and 1000mm",
            "nonnegative-length": "between 0mm and 1000mm",
            "positive-length": "above 0mm and at most 1000mm",
        }[fmt]
        raise UnitError(f"expected a length {wanted}, got {value!r}")
    return mm


def _length_format(fmt: str) -> None:
    @_FORMATS.checks(fmt, raises=UnitError)
    def _check(value: object) -> bool:
        if isinstance(value, str):
            checked_length(value, fmt)
        return True


for _fmt in _LOWER_BOUNDS:
    _length_format(_fmt)


@_FORMATS.checks("colour")
def _is_colour(value: object) -> bool:
    return not isinstance(value, str) or parse_colour(value, names=False) is not None


LENGTH: dict = {"type": "string", "format": "length"}
NONNEGATIVE_LENGTH: dict = {"type": "string", "format": "nonnegative-length"}
POSITIVE_LENGTH: dict = {"type": "string", "format": "positive-length"}
COLOUR: dict = {"type": "string", "format": "colour"}
TEXT: dict = {"type": "string"}


def closed(properties: dict[str, dict], required: Iterable[str] = ()) -> dict:
    """An object schema with exactly these keys allowed."""
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


_JSON_TYPES = {
    dict: "a mapping",
    list: "a list",
    str: "text",
    bool: "true/false",
    int: "a whole number",
    float: "a number",
    type(None): "nothing (null)",
}
_SCHEMA_TYPES = {
    "object": "a mapping",
    "array": "a list",
    "string": "text",
    "boolean": "true or false",
    "integer": "a whole number",
    "number": "a number",
    "null": "nothing",
}


def _describe(value: Any) -> str:
    for kind, name in _JSON_TYPES.items():
        if (
            type(value) is kind
            or (kind is dict and isinstance(value, Mapping))
            or (kind is list and isinstance(value, (list, LocSeq)))
        ):
            return name
    return type(value).__name__


def _locate(root: Any, path: Iterable[Any], fallback: Loc) -> tuple[Loc, Any]:
    node, loc = root, getattr(root, "loc", fallback)
    for step in path:
        if isinstance(node, (LocDict, LocList, LocMap, LocSeq)):
            loc = node.loc_of(step)
        node = node[step]
    return loc, node


def _message(error: jsonschema.ValidationError, where: str) -> str:
    validator, schema = error.validator, error.schema
    value: Any = error.instance  # the source's value: any YAML value
    assert isinstance(schema, Mapping)  # our schemas are mappings, never bare true/false
    if validator == "required":
        missing = [key for key in schema["required"] if key not in value]
        return f"missing required key {missing[0]!r}{where}"
    if validator == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        extra = sorted(set(value) - set(allowed))
        return f"unknown key {extra[0]!r}{where} (expected one of: {', '.join(allowed)})"
    if validator in ("format", "type") and schema.get("format") in _LOWER_BOUNDS:
        try:
            checked_length(value, schema["format"])
        except UnitError as exc:
            return str(exc)
    if validator == "format" and schema.get("format") == "colour":
        return f"expected a colour such as '#1a2b3c' or 'cmyk(0,100,100,0)', got {value!r}"
    if validator == "type":
        wanted = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        names = " or ".join(_SCHEMA_TYPES.get(str(t), str(t)) for t in wanted)
        return f"expected {names}{where}, got {_describe(value)} {_short(value)}"
    if validator == "enum":
        return f"expected one of: {', '.join(map(str, schema['enum']))}{where}; got {_short(value)}"
    if validator == "const":
        return f"expected {schema['const']!r}{where}; got {_short(value)}"
    return f"{error.message}{where}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _key_of(error: jsonschema.ValidationError) -> str:
    path = [p for p in error.absolute_path if isinstance(p, str)]
    return f" for {path[-1]!r}" if path and error.validator not in ("required", "additionalProperties") else ""


_PRIORITY = {"additionalProperties": 0, "required": 1}


#: Values found valid: (id of the schema, a digest of the value's repr) -> the schema, held
#: so that its id stays its own. A live preview reads its game again on every edit, and
#: checking every unchanged item again was a third of reading a large deck. A repr tells
#: apart what validates differently (1, 1.0, True and '1') and leaves out where the value
#: was read; its digest keeps an entry small however large the value (a whole file's
#: envelope), and the collector has nothing in it to walk. Emptied when full.
_VALID: dict[tuple[int, bytes], dict] = {}
VALID_KEPT = 1 << 16


#: A validator for each schema, by its id, with the schema held so that its id stays its own:
#: making one took a fifth of the time checking an item of a large deck took. Emptied when full.
_VALIDATORS: dict[int, tuple[dict, Any]] = {}
VALIDATORS_KEPT = 256


def _validator(schema: dict) -> Any:
    known = _VALIDATORS.get(id(schema))
    if known is None or known[0] is not schema:
        if len(_VALIDATORS) >= VALIDATORS_KEPT:
            _VALIDATORS.clear()
        known = _VALIDATORS[id(schema)] = (schema, _Validator(schema, format_checker=_FORMATS))
    return known[1]


def validate(data: Any, schema: dict, *, fallback: Loc, what: str = "") -> None:
    """Raise SourceError at the first problem (in file order) of `data` against `schema`.

    A number where the schema asks for plain text (`cost: 1`, or a table cell holding 1)
    is taken as its text first, in a value being read: a designer means the characters they
    typed. A read component's fields (immutable) already hold that text. A value with the
    same content as one found valid before is valid without checking it again."""
    _numbers_as_text(data, schema)
    seen = (id(schema), hashlib.sha256(repr(data).encode()).digest())
    if _VALID.get(seen) is schema:
        return
    errors = list(_validator(schema).iter_errors(data))
    if not errors:
        if len(_VALID) >= VALID_KEPT:
            _VALID.clear()
        _VALID[seen] = schema
        return
    placed = []
    for error in errors:
        # oneOf/anyOf: report the best-matching branch's error, not the umbrella one.
        error = jsonschema.exceptions.best_match([error]) if error.context else error
        loc, _ = _locate(data, error.absolute_path, fallback)
        owner = loc
        if error.validator == "additionalProperties" and isinstance(error.instance, (LocDict, LocMap)):
            allowed = set(error.schema.get("properties", {}))
            extra = sorted(set(error.instance) - allowed)
            loc = error.instance.key_loc(extra[0])
        placed.append(((owner, _PRIORITY.get(error.validator, 2), loc), loc, error))
    # File order; within one mapping an unknown key (often a misspelt required one) first.
    _, loc, error = min(placed, key=lambda entry: entry[0])
    where = f" in {what}" if what and error.validator in ("required", "additionalProperties") else ""
    raise SourceError(loc, _message(error, where or _key_of(error)))


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
    if isinstance(value, str) and schema.get("format") in _LOWER_BOUNDS:
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
