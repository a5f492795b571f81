"""The Twisty Passages card grammar: the rules' worked examples and what must not parse."""

import pytest
from lark import Lark

from generator.games.twisty_passages import grammar
from generator.games.twisty_passages.grammar import (
    Bonus,
    Compare,
    Discard,
    DiscardNamed,
    Each,
    EffectError,
    FacesRow,
    ProseLine,
    Roll,
    RollDie,
    SpeedChange,
    Stop,
    TwoOrMore,
    icons_in,
    parse_effect,
)


def test_worked_example_one_backtracking():
    effect = parse_effect(":speed-dice:\nEach :d6-5: or :d6-6: = :discard:.")
    assert effect.lines == (Roll("speed"), Each((5, 6), ((Discard(),),)))
    assert effect.icons == ("speed-dice", "d6-5", "d6-6", "discard")


def test_worked_example_two_die_against_speed():
    effect = parse_effect(":roll-a-die: ≤ :speed: = :discard: :stop:.")
    assert effect.lines == (Compare("≤", ((Discard(), Stop()),)),)


def test_worked_example_three_stop_or_roll_then_rows():
    effect = parse_effect(
        ":stop: or...\n:roll-a-die:\n:d6-1:, :d6-2:, :d6-3: = :discard-named: an Item.\n"
        ":d6-4:, :d6-5:, :d6-6: = :discard-named: a Zone card."
    )
    assert effect.lines[1:] == (
        Roll("die"),
        FacesRow((1, 2, 3), ((DiscardNamed("an Item"),),)),
        FacesRow((4, 5, 6), ((DiscardNamed("a Zone card"),),)),
    )


def test_alternatives_and_where_to_discard():
    effect = parse_effect("Each :d6-1: = :discard: at random or :stop:.")
    assert effect.lines == (Each((1,), ((Discard("at random"),), (Stop(),))),)


def test_two_or_more_and_prose_after_it():
    effect = parse_effect("Two or more :d6-6: = :stop:.\nIf this is at the end of your path, it bites.")
    assert effect.lines == (TwoOrMore(6, ((Stop(),),)), ProseLine("If this is at the end of your path, it bites."))


def test_bonus_with_otherwise_on_one_line():
    effect = parse_effect(
        "If you have a Thingamajig or a Whatchmacallit, you may draw an extra card. Otherwise, :speed: -1."
    )
    assert effect.lines == (Bonus(("a Thingamajig", "a Whatchmacallit"), ((SpeedChange(-1),),)),)


def test_roll_and_discard_that_many():
    effect = parse_effect(
        "If you have a Red Zone card, you may draw an extra card this turn.\n"
        "Otherwise, :roll-a-die: :discard: that many cards or :stop:."
    )
    assert effect.lines[1].outcome == ((RollDie(), Discard("that many cards")), (Stop(),))


@pytest.mark.parametrize(
    "text",
    [
        "Each :d6-5: or :d6-6: = .",  # no outcome
        "Each :d6-7: = :discard:.",  # no such face
        "Shuffle your path = now.",  # '=' belongs to dice lines only
        "Take a card :d6-1: from the deck.",  # a die face outside a dice line
        "Each :d6-5: = :discard:",  # no full stop
        ":speed-dice",  # an icon left open
    ],
)
def test_malformed_text_does_not_parse(text):
    with pytest.raises(EffectError):
        parse_effect(text)


def test_parse_errors_give_the_line_in_the_text():
    with pytest.raises(EffectError) as caught:
        parse_effect(":speed-dice:\nEach :d6-5: or = :discard:.")
    assert caught.value.line == 2


def test_icons_in_gives_line_and_column():
    assert icons_in("a :stop:\n:d6-1: b") == [("stop", 1, 3), ("d6-1", 2, 1)]


def test_icons_are_found_as_the_card_prints_them():
    """A time is text, an escaped icon is text, and an icon keeps its place."""
    text = "Leave at 21:59:43, then :discard:.\nNote: \\:stop: is written so."
    assert icons_in(text) == [("discard", 1, 25)]


def test_a_card_text_read_again_is_not_parsed_again(monkeypatch):
    """The checks and the deck both read every card, and a preview reads the game again after
    each edit: a text once parsed is not parsed again, and its effect is the same value."""
    parser = grammar._parser()
    parses = []
    monkeypatch.setattr(parser, "parse", lambda *args, **kw: parses.append(args) or Lark.parse(parser, *args, **kw))
    text = ":roll-a-die:\nEach :d6-3: = :stop:."
    first = parse_effect(text)
    assert parse_effect(text) is first and len(parses) == 1
    assert first.lines == (Roll("die"), Each((3,), ((Stop(),),))) and first.icons == ("roll-a-die", "d6-3", "stop")
    for _ in range(2):  # an unreadable text is an error each time it is read
        with pytest.raises(EffectError):
            parse_effect(":roll-a-die:\nEach :d6-3: = :d6-4:.")
    assert len(parses) == 3
