"""A component kind's item, described once: a typed, frozen class from which its schema is
derived and into which each validated item is read.

    @dataclass(frozen=True, kw_only=True)
    class Vote(Item):
        name: Name
        colour: Colour
        shape: Literal["circle", "square"]
        count: Count = 1

    item_schema(Vote)              # the closed JSON schema a vote is validated against
    vote = read_item(Vote, fields)  # Vote(name=..., colour=..., ...), keeping fields' places

The schema follows the annotations: `str`, `int`, `float`, `bool`, a `Literal` of values
(an enum), `tuple[X, ...]` (a list), another Item (a nested mapping), `Colour` and the
lengths (`Length`, `PositiveLength`, `NonnegativeLength`: read in mm).
`Annotated[T, rule(...)]` adds JSON Schema keywords (`minLength=1`, `minimum=0`, `pattern`,
`minItems` ...); the aliases below name the common ones. A `pattern` comes with a
`description` of what it takes in words ("a square of the board, a1 to h8"), which a
problem's message gives instead of the regular expression. A field with a default may be left
out; one without is required. An Item whose `extra` ClassVar is a type takes other keys too, each of that type (the
generic card's free fields), kept in `source` only.
"""

import types
from dataclasses import MISSING, dataclass, field, fields
from typing import Annotated, Any, ClassVar, Literal, NewType, TypeVar, Union, get_args, get_origin, get_type_hints

from msgspec import Struct

from generator.sources.errors import Loc
from generator.sources.frozen import LocMap, LocSeq
from generator.sources.schema import COLOUR, LENGTH, NONNEGATIVE_LENGTH, POSITIVE_LENGTH


class Rule(Struct, frozen=True):
    """JSON Schema keywords a field's annotation adds to its type's schema (hashable, as
    typing requires of what Annotated carries)."""

    keywords: tuple[tuple[str, Any], ...]


def rule(**keywords: Any) -> Rule:
    """JSON Schema keywords for `Annotated[T, rule(minimum=1)]`."""
    return Rule(tuple(keywords.items()))


Colour = NewType("Colour", str)
Length = NewType("Length", float)
PositiveLength = NewType("PositiveLength", float)
NonnegativeLength = NewType("NonnegativeLength", float)
#: Text that may not be empty: a name, a title.
Name = Annotated[str, rule(minLength=1)]
#: How many copies are printed (and dealt).
Count = Annotated[int, rule(minimum=1)]
#: A whole number of 0 or more (money, points).
Whole = Annotated[int, rule(minimum=0)]
#: A whole number of 1 or more.
Positive = Annotated[int, rule(minimum=1)]

_NEW_TYPES: dict[Any, dict] = {
    Colour: COLOUR,
    Length: LENGTH,
    PositiveLength: POSITIVE_LENGTH,
    NonnegativeLength: NONNEGATIVE_LENGTH,
}
_PLAIN: dict[Any, dict] = {str: {"type": "string"}, int: {"type": "integer"}, float: {"type": "number"}}


@dataclass(frozen=True, kw_only=True)
class Item:
    """Base of every kind's item: the fields as read, with their places, beside the typed
    values; `loc` and `loc_of` say where the item and each of its keys were written."""

    #: Keys outside the declared fields are allowed, each of this type; None: none are.
    extra: ClassVar[Any] = None

    source: LocMap = field(repr=False, compare=False)

    @property
    def loc(self) -> Loc:
        return self.source.loc

    def loc_of(self, key: str) -> Loc:
        """Where `key` was written, or the item's own place when it was left out."""
        return self.source.loc_of(key) if key in self.source else self.source.loc


ItemT = TypeVar("ItemT", bound=Item)


#: Each item class's fields and schema, worked out once per class (the validator then meets
#: the same schema dict each time, and reading an item resolves no annotations).
_DECLARED: dict[type[Item], list[tuple[str, Any, bool]]] = {}
_SCHEMAS: dict[type[Item], dict] = {}


def _declared(cls: type[Item]) -> list[tuple[str, Any, bool]]:
    """(name, annotation, required) of each field an item's source may hold."""
    if cls not in _DECLARED:
        hints = get_type_hints(cls, include_extras=True)
        _DECLARED[cls] = [
            (f.name, hints[f.name], f.default is MISSING and f.default_factory is MISSING)
            for f in fields(cls)
            if f.name != "source"
        ]
    return _DECLARED[cls]


def item_schema(cls: type[Item]) -> dict:
    """The JSON schema of an item of `cls` (derived once: the same dict each time)."""
    if cls not in _SCHEMAS:
        _SCHEMAS[cls] = _derived_schema(cls)
    return _SCHEMAS[cls]


def _derived_schema(cls: type[Item]) -> dict:
    declared = _declared(cls)
    return {
        "type": "object",
        "properties": {name: _schema_of(hint) for name, hint, _ in declared},
        "required": [name for name, _, required in declared if required],
        "additionalProperties": _schema_of(cls.extra) if cls.extra is not None else False,
    }


def _schema_of(hint: Any) -> dict:
    origin, args = get_origin(hint), get_args(hint)
    if origin is Annotated:
        added = {k: v for meta in hint.__metadata__ if isinstance(meta, Rule) for k, v in meta.keywords}
        return {**_schema_of(args[0]), **added}
    if hint in _NEW_TYPES:
        return dict(_NEW_TYPES[hint])
    if hint in _PLAIN:
        return dict(_PLAIN[hint])
    if hint is bool:
        return {"type": "boolean"}
    if origin is Literal:
        return {"enum": list(args)}
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return {"type": "array", "items": _schema_of(args[0])}
    if origin in (Union, types.UnionType):
        options = [arg for arg in args if arg is not type(None)]
        if len(options) == 1:  # an optional field: left out, never null
            return _schema_of(options[0])
        return {"anyOf": [_schema_of(option) for option in options]}
    if isinstance(hint, type) and issubclass(hint, Item):
        return item_schema(hint)
    raise TypeError(f"an item field cannot be of type {hint!r}")


def read_item(cls: type[ItemT], source: LocMap) -> ItemT:
    """The item of `cls` in `source`, a mapping already validated against item_schema(cls)
    (every length already in mm)."""
    values = {name: _value(hint, source[name]) for name, hint, _ in _declared(cls) if name in source}
    return cls(source=source, **values)


def _value(hint: Any, value: Any) -> Any:
    origin, args = get_origin(hint), get_args(hint)
    if origin is Annotated:
        return _value(args[0], value)
    if origin in (Union, types.UnionType):
        options = [arg for arg in args if arg is not type(None)]
        return _value(options[0], value) if len(options) == 1 else value
    if origin is tuple and isinstance(value, LocSeq):
        return tuple(_value(args[0], inner) for inner in value)
    if isinstance(hint, type) and issubclass(hint, Item) and isinstance(value, LocMap):
        return read_item(hint, value)
    if hint is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if hint is int and isinstance(value, float):
        return int(value)  # a whole number written 60.0 passes the schema's integer test
    return value
