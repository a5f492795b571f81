"""One value made for each schema, such as its validator: made once, however many values the
schema checks (making a validator costs more than checking an item of a large deck)."""

from collections.abc import Callable
from typing import Generic, TypeVar

V = TypeVar("V")


class PerSchema(Generic[V]):
    """make(schema), kept by the schema's id with the schema itself held, so that its id stays
    its own; emptied when `kept` schemas are held (a program that makes schemas as it goes
    keeps no more than that)."""

    def __init__(self, make: Callable[[dict], V], kept: int = 256):
        self.make, self.kept = make, kept
        self._made: dict[int, tuple[dict, V]] = {}

    def __call__(self, schema: dict) -> V:
        known = self._made.get(id(schema))
        if known is None:
            if len(self._made) >= self.kept:
                self._made.clear()
            known = self._made[id(schema)] = (schema, self.make(schema))
        return known[1]

    def __len__(self) -> int:
        return len(self._made)
