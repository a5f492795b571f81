"""The problem a schema finds in a value, at its file:line:col, in a designer's words.

python-jsonschema is the reference validator: its errors carry what a message needs (the
keyword, the schema and the value at fault, the path to it). It is loaded only for a value the
fast validator refuses or leaves to it (sources/schema.py), so a build of valid sources never
imports it.
"""

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import jsonschema
from jsonschema import Draft202012Validator, FormatChecker

from generator.sources.errors import Loc, SourceError
from generator.sources.frozen import LocMap, LocSeq
from generator.sources.loader import LocDict, LocList
from generator.sources.schema_cache import PerSchema
from generator.sources.schema_formats import FORMAT_CHECKS, LENGTH_BOUNDS, checked_length
from generator.units import UnitError


def _on_strings(check: Callable[[str], bool]) -> Callable[[object], bool]:
    """A format's check, as the reference validator calls it: on every value, of which a
    format judges strings alone."""
    return lambda value: not isinstance(value, str) or check(value)


_FORMATS = FormatChecker(formats=())
for _name, _check in FORMAT_CHECKS.items():
    _FORMATS.checks(_name)(_on_strings(_check))

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

#: The reference validator of each schema.
_validator = PerSchema(lambda schema: _Validator(schema, format_checker=_FORMATS))


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
_PRIORITY = {"additionalProperties": 0, "required": 1}


def first_problem(data: Any, schema: dict, fallback: Loc, what: str = "") -> SourceError | None:
    """The first problem (in file order) of `data` against `schema`, or None when it has none;
    within one mapping an unknown key (often a misspelt required one) comes first."""
    placed = []
    for error in _validator(schema).iter_errors(data):
        error = _reported(error)
        loc, node = _locate(data, error.absolute_path, fallback)
        owner = loc
        if "propertyNames" in error.absolute_schema_path and isinstance(node, (LocDict, LocMap)):
            loc = node.key_loc(str(error.instance))  # a key of the wrong form: at the key
        schema_at = error.schema
        if (
            error.validator == "additionalProperties"
            and isinstance(error.instance, (LocDict, LocMap))
            and isinstance(schema_at, Mapping)
        ):
            allowed = set(schema_at.get("properties", {}))
            extra = sorted(set(error.instance) - allowed)
            loc = error.instance.key_loc(extra[0])
        placed.append(((owner, _PRIORITY.get(str(error.validator), 2), loc), loc, error))
    if not placed:
        return None
    _, loc, error = min(placed, key=lambda entry: entry[0])
    where = f" in {what}" if what and error.validator in ("required", "additionalProperties") else ""
    return SourceError(loc, _message(error, where or _key_of(error)))


def _reported(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """The error to name of a oneOf/anyOf: its best-matching branch's, unless the value is of
    no branch's shape at all (that branch refuses the value itself for its type or its
    pattern, not a part or a key of it) and the schema says in words what it takes (its
    description)."""
    if not error.context:
        return error
    best = jsonschema.exceptions.best_match([error])
    described = isinstance(error.schema, Mapping) and "description" in error.schema
    if described and best.validator in ("type", "pattern") and best.absolute_path == error.absolute_path:
        return error
    return best


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
    if validator in ("format", "type") and schema.get("format") in LENGTH_BOUNDS:
        try:
            checked_length(value, schema["format"])
        except UnitError as exc:
            return str(exc)
    if validator == "format" and schema.get("format") == "colour":
        return f"expected a colour such as '#1a2b3c' or 'cmyk(0,100,100,0)', got {value!r}"
    if validator == "format" and schema.get("format") == "http-url":
        return f"expected an http:// or https:// address with no white space{where}, got {value!r}"
    if validator in ("pattern", "anyOf", "oneOf") and "description" in schema:
        return f"expected {schema['description']}{where}, got {_short(value)}"
    if validator in ("anyOf", "oneOf") and all(map(_form, schema[validator])):
        forms = " or ".join(map(_form, schema[validator]))
        return f"expected {forms}{where}, got {_describe(value)} {_short(value)}"
    if validator == "type":
        wanted = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        names = " or ".join(_SCHEMA_TYPES.get(str(t), str(t)) for t in wanted)
        return f"expected {names}{where}, got {_describe(value)} {_short(value)}"
    if validator == "enum":
        return f"expected one of: {', '.join(map(str, schema['enum']))}{where}; got {_short(value)}"
    if validator == "const":
        return f"expected {schema['const']!r}{where}; got {_short(value)}"
    return f"{error.message}{where}"


def _form(branch: Any) -> str:
    """One form a choice takes, in words (its description, or its type), or "" if it has none."""
    if not isinstance(branch, Mapping):
        return ""
    return str(branch.get("description") or _SCHEMA_TYPES.get(str(branch.get("type")), ""))


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _key_of(error: jsonschema.ValidationError) -> str:
    path = [p for p in error.absolute_path if isinstance(p, str)]
    return f" for {path[-1]!r}" if path and error.validator not in ("required", "additionalProperties") else ""
