"""by_constructor (generator/games/compiled.py) is the __reduce__ of a frozen dataclass: its
class and its fields in declared order, so that unpickling calls the constructor (and with
it __post_init__) rather than setting the fields one by one, which a frozen class refuses.
"""

import pickle
from dataclasses import dataclass, field

from generator.games.compiled import by_constructor
from generator.games.sliders.rules import Rules

#: How many times Counted.__post_init__ ran: unpickling through the constructor adds one.
MADE: list[str] = []


@dataclass(frozen=True)
class Counted:
    b: int
    a: str = "x"
    tags: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        MADE.append(self.a)

    def __reduce__(self):
        return by_constructor(self)


def test_the_reduction_is_the_class_and_the_fields_in_declared_order():
    value = Counted(7, "seven", ("odd",))
    # Declared order is b, a, tags: not alphabetical, not the keyword order of the call.
    assert by_constructor(value) == (Counted, (7, "seven", ("odd",)))
    assert by_constructor(Counted(a="y", b=1)) == (Counted, (1, "y", ()))


def test_calling_the_reduction_makes_an_equal_value():
    value = Counted(3, "three")
    make, args = by_constructor(value)
    assert make(*args) == value


def test_unpickling_runs_the_constructor_again():
    value = Counted(2, "two")
    MADE.clear()
    copy = pickle.loads(pickle.dumps(value))
    assert copy == value and copy is not value
    assert MADE == ["two"]  # __post_init__ ran once more: made by the constructor


def test_the_sliders_rules_pickle_through_their_constructor():
    rules = Rules(short=True, time_limit=0, max_turns=90, starting_money=1000)
    assert rules.__reduce__() == (Rules, (True, 0, 90, 1000))
    assert pickle.loads(pickle.dumps(rules)) == rules
