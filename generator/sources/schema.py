"""Validate loaded sources against JSON Schemas, reporting errors at their file:line:col.

Schemas are plain JSON Schema (draft 2020-12) dicts. Two string formats are ours:
`length` ("63mm": see units.py) and `colour` ("#rrggbb"): see schema_formats.py. Unknown keys are errors: every
object schema should say `additionalProperties: false`; `closed()` does that for you.
"""

import hashlib
from collections.abc import Iterable
from typing import Any

import jsonschema_rs

from generator.sources.errors import Loc
from generator.sources.loader import LocDict, LocList
from generator.sources.schema_formats import FORMAT_CHECKS, LENGTH_BOUNDS, checked_length

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


#: Values found valid: (id of the schema, a digest of the value's repr) -> the schema, held
#: so that its id stays its own. A live preview reads its game again on every edit, and
#: checking every unchanged item again was a third of reading a large deck. A repr tells
#: apart what validates differently (1, 1.0, True and '1') and leaves out where the value
#: was read; its digest keeps an entry small however large the value (a whole file's
#: envelope), and the collector has nothing in it to walk. Emptied when full.
_VALID: dict[tuple[int, bytes], dict] = {}
VALID_KEPT = 1 << 16


#: The fast validator of each schema, by its id, with the schema held so that its id stays its
#: own (None for a schema it cannot compile: the reference checks that one alone). Making one
#: costs more than checking an item of a large deck. Emptied when full.
_VALIDATORS: dict[int, tuple[dict, jsonschema_rs.Draft202012Validator | None]] = {}
VALIDATORS_KEPT = 256


def _validator(schema: dict) -> jsonschema_rs.Draft202012Validator | None:
    known = _VALIDATORS.get(id(schema))
    if known is None or known[0] is not schema:
        if len(_VALIDATORS) >= VALIDATORS_KEPT:
            _VALIDATORS.clear()
        try:
            fast = jsonschema_rs.Draft202012Validator(schema, formats=FORMAT_CHECKS, validate_formats=True)
        except (ValueError, jsonschema_rs.ValidationError):
            fast = None
        known = _VALIDATORS[id(schema)] = (schema, fast)
    return known[1]


def _accepts(data: Any, schema: dict) -> bool:
    """Whether the fast validator finds `data` valid: False also for a schema it cannot compile
    and for a value it cannot read (one YAML gives and JSON has not, such as a date; a read
    component's LocMap), for the reference to judge."""
    fast = _validator(schema)
    try:
        return fast is not None and fast.is_valid(data)
    except ValueError:
        return False


def validate(data: Any, schema: dict, *, fallback: Loc, what: str = "") -> None:
    """Raise SourceError at the first problem (in file order) of `data` against `schema`.

    A number where the schema asks for plain text (`cost: 1`, or a table cell holding 1)
    is taken as its text first, in a value being read: a designer means the characters they
    typed. A read component's fields (immutable) already hold that text. A value with the
    same content as one found valid before is valid without checking it again.

    Two validators judge: jsonschema-rs first, fast to load and to run; a value it refuses or
    cannot read goes to python-jsonschema, the reference, which names the problem, or accepts
    the value where the two differ at the edges (a NaN; Python's `$` before a final newline).
    So the reference has the last word on every value refused, and a build of valid sources
    does not load it at all (tests/sources/test_schema_agreement.py checks the other way:
    what the fast one accepts, the reference accepts)."""
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
