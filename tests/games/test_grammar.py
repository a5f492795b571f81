"""EffectError (generator/games/grammar.py), the error every game's effect grammar raises for
card text it cannot read: a ValueError with its message, and the line and column (from 1)
where the text stopped making sense, counted by hand below."""

import pytest

from generator.games.grammar import EffectError
from generator.games.twisty_passages.grammar import parse_effect as maze_effect
from generator.games.whipped.grammar import parse_effect as rider_effect


def test_an_effect_error_is_a_value_error_placed_at_line_one_column_one_by_default():
    error = EffectError("cannot read it")
    assert isinstance(error, ValueError)
    assert str(error) == "cannot read it"
    assert (error.line, error.column) == (1, 1)


def test_an_effect_error_keeps_the_place_it_is_given():
    error = EffectError("bad die face", line=3, column=14)
    assert (error.line, error.column, str(error)) == (3, 14, "bad die face")
    with pytest.raises(ValueError, match="bad die face"):
        raise error


def test_a_one_line_grammar_places_the_error_at_its_column():
    # "+2 points or": '+' 1, '2' 2, ' ' 3, "points" 4-9, ' ' 10, "or" from 11.
    with pytest.raises(EffectError) as caught:
        rider_effect("+2 points or")
    assert (caught.value.line, caught.value.column) == (1, 11)


def test_a_many_line_grammar_places_the_error_at_its_line_and_column():
    # Line 2 ":d6-1: = .": ":d6-1:" 1-6, ' ' 7, '=' 8, ' ' 9, '.' 10 (no outcome before it).
    with pytest.raises(EffectError) as caught:
        maze_effect("Draw a card.\n:d6-1: = .")
    assert (caught.value.line, caught.value.column) == (2, 10)
