"""The rider-effect grammar."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.games.whipped import items
from generator.games.whipped.deck import rider_of
from generator.games.whipped.grammar import (
    PER_OTHER_RIDER,
    PER_SOLID_SQUARE,
    EffectError,
    Gain,
    parse_effect,
)
from generator.games.whipped.rules import rider_payout
from generator.sources.frozen import LocMap


@pytest.mark.parametrize(
    ("text", "gains"),
    [
        ("+2 points", (Gain(2, "point"),)),
        ("+1 point", (Gain(1, "point"),)),
        ("+1 vote", (Gain(1, "vote"),)),
        ("+3 votes", (Gain(3, "vote"),)),
        ("+1 point and +1 vote", (Gain(1, "point"), Gain(1, "vote"))),
        ("+1 point for each solid square on your level", (Gain(1, "point", PER_SOLID_SQUARE),)),
        ("+2 votes for each other rider on the bill", (Gain(2, "vote", PER_OTHER_RIDER),)),
        ("  +1   point  ", (Gain(1, "point"),)),
    ],
)
def test_effects_parse(text, gains):
    assert parse_effect(text) == gains


@pytest.mark.parametrize(
    ("text", "column"),
    [("+2 pints", 4), ("2 points", 1), ("+x points", 2), ("+1 point or +1 vote", 10)],
)
def test_unreadable_effects_say_where(text, column):
    with pytest.raises(EffectError) as caught:
        parse_effect(text)
    assert caught.value.column == column


@pytest.mark.parametrize("text", ["", "+1 point and", "+1 point for each"])
def test_incomplete_effects_are_refused(text):
    with pytest.raises(EffectError):
        parse_effect(text)


def test_payout_adds_points_and_votes_with_their_multipliers():
    text = "+1 point for each solid square on your level and +1 vote for each other rider on the bill"
    rider = rider_of(items.Rider(source=LocMap(), name="Test", effect=text, back="Rider"))
    assert rider_payout(rider, solid_squares=4, other_riders=2) == (4, 2)
    assert rider_payout(rider, solid_squares=0, other_riders=0) == (0, 0)


_gains = st.builds(
    Gain,
    st.integers(min_value=0, max_value=99),
    st.sampled_from(["point", "vote"]),
    st.sampled_from([None, PER_SOLID_SQUARE, PER_OTHER_RIDER]),
)


def _printed(gain: Gain) -> str:
    unit = gain.unit if gain.amount == 1 else gain.unit + "s"
    per = f" for each {gain.per}" if gain.per else ""
    return f"+{gain.amount} {unit}{per}"


@given(st.lists(_gains, min_size=1, max_size=4))
def test_any_printed_effect_reads_back(gains):
    text = " and ".join(map(_printed, gains))
    assert parse_effect(text) == tuple(gains)
