"""The designer's own rules for a deck (game.yaml `expect:`, generator/sources/expect.py),
enforced: each one that does not hold is an error, D010, at the component that breaks it or,
for a count, at the line of `expect:` that states it. A field's expectation that no component
has the field is a warning, D011: a misspelt key would otherwise hold for ever."""

from collections.abc import Sequence

from generator.check.deck_items import Entry, as_number
from generator.findings import Finding, error, warning
from generator.sources.expect import Expectation, Measure

EXPECT_FAILED = "D010"
EXPECT_UNUSED = "D011"
#: The components one field's expectation names before counting the rest.
NAMED = 10


def expectation_findings(expectations: Sequence[Expectation], entries: Sequence[Entry]) -> list[Finding]:
    """A finding for every expectation that does not hold over the deck's `entries`."""
    found: list[Finding] = []
    for expectation in expectations:
        if expectation.measure is Measure.FIELD:
            found += _field_findings(expectation, entries)
        else:
            found += _count_findings(expectation, entries)
    return found


def _count_findings(expectation: Expectation, entries: Sequence[Entry]) -> list[Finding]:
    if expectation.condition is None:
        counted = sum(entry.copies for entry in entries)
        what = f"the deck holds {counted} components"
    else:
        condition = expectation.condition
        counted = sum(entry.copies for entry in entries if condition.holds({"kind": entry.kind, **entry.fields}))
        what = f"{counted} components are so"
    if counted in expectation.span:
        return []
    message = f"game.yaml expects {expectation.key}: {expectation.span}, and {what}"
    return [error(EXPECT_FAILED, message, expectation.loc)]


def _field_findings(expectation: Expectation, entries: Sequence[Entry]) -> list[Finding]:
    name, span = expectation.key, expectation.span
    having = [(entry, entry.value(name)) for entry in entries if entry.value(name) is not None]
    if not having:
        return [
            warning(EXPECT_UNUSED, f"game.yaml expects {name}: {span}, and no component has a {name}", expectation.loc)
        ]
    broken = []
    for entry, value in having:
        assert value is not None  # kept only when it has one
        number = as_number(value)
        if number is None:
            broken.append(
                (entry, f"{entry.title}'s {name} is {value!r}, not a number ({expectation.loc} expects {span})")
            )
        elif number not in span:
            broken.append((entry, f"{entry.title}'s {name} is {value}, outside {span} ({expectation.loc} expects it)"))
    found = [error(EXPECT_FAILED, message, entry.place(name)) for entry, message in broken[:NAMED]]
    if len(broken) > NAMED:
        rest = f"and {len(broken) - NAMED} more components break game.yaml's {name}: {span}"
        found.append(error(EXPECT_FAILED, rest, expectation.loc))
    return found
