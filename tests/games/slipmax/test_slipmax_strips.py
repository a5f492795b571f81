"""The shipped Slipmax strips (transcribed from the seed rules) and the strip grammar."""

from pathlib import Path

import pytest
from lark import Lark

from generator.games import load_game
from generator.games.slipmax import grammar
from generator.games.slipmax.deck import read_strips
from generator.games.slipmax.grammar import (
    GrammarError,
    Node,
    parse_notation,
    parse_note,
    parse_step,
)

SHIPPED = Path(__file__).resolve().parents[3] / "components" / "slipmax"
STRIPS, PROBLEMS = read_strips(load_game(SHIPPED))
BY_TITLE = {s.title: s for s in STRIPS}

# The seed's two tables, column by column, then its two HTML blocks.
SEED_TITLES = [
    "Pain",
    "Joy",
    "Justice",
    "Motion",
    "Control",
    "Chance",
    "Chaos",
    "Challenge",
    "Charity",
    "Power",
    "Barter",
    "Fear",
    "Bounty",
    "Famine",
    "Extremes",
    "Change",
    "Mortality",
    "Royalty",
    "Waste",
    "Stasis",
]


def numbers(title: str) -> list[int]:
    return [s.number for s in BY_TITLE[f"Life of {title}"].steps]


def text(title: str, number: int) -> str:
    strip = BY_TITLE[f"Life of {title}"]
    return strip.steps[strip.index_of(number)].text


def test_twenty_strips_in_the_seeds_order_all_readable():
    assert [s.title for s in STRIPS] == [f"Life of {t}" for t in SEED_TITLES]
    assert PROBLEMS == []


def test_the_seeds_own_numbering_is_kept():
    assert numbers("Royalty") == [1, 2, 3, 4, 5, 6]
    assert numbers("Power") == [0, 1, 2, 3, 4, 5, 7]
    assert numbers("Justice") == [0, 1, 2, 3, 4, 5]
    assert numbers("Control") == [0, 1, 2, 3, 4, 5, 6]
    assert numbers("Chance") == [0, 1, 2, 3, 4, 5]
    assert numbers("Mortality") == list(range(9)) and numbers("Stasis") == list(range(9))


def test_texts_and_notes_are_as_printed():
    assert text("Justice", 0) == "Choose a player to give another player 2 cents."
    assert text("Change", 0) == "Place 2 cents from the bank on a register to lock it.."
    assert text("Change", 1) == "1 orders."
    assert text("Charity", 0) == "Gain 3 cents"
    assert text("Chance", 1) == "1d: Odd - lose that many cents, Even - gain that many cents."
    assert BY_TITLE["Life of Justice"].note == "Never target yourself."
    assert BY_TITLE["Life of Power"].note == "These affect the player with the most money"
    assert BY_TITLE["Life of Pain"].note is None


@pytest.mark.parametrize(
    "wording, tree",
    [
        ("Gain 3 cents; take another turn.", "seq(gain(3), extra(1))"),
        ("Lose a turn, pay each player a cent.", "seq(skip(1), pay_each(1))"),
        ("Lose 2 turns and 2 cents.", "seq(skip(2), lose(2))"),
        ("(2) and (1) x2", "seq(ref(2), repeat(ref(1), 2))"),
        ("(0) x5 and (1) x8", "seq(repeat(ref(0), 5), repeat(ref(1), 8))"),
        ("2d>9: Gain 9 cents; Lose 3 cents.", "over(2, 9, gain(9), lose(3))"),
        ("Flip X: Gain a cent; lose a cent.", "flip(X, gain(1), lose(1))"),
        ("nd: Per (1)", "per(n, 1)"),
        ("Give the Crown 1/3rd of your cents.", "give_crown_fraction(1, 3)"),
        ("Pay 10 cents to end the game.", "offer(lose(10), end_game())"),
        ("Advance three die rolls. Optional: Take that space's effect.", "seq(move_roll(3), optional(land()))"),
        ("All: Do not roll to move. Pay one cent for each space you want to advance.", "pay_to_move(1)"),
        ("Collect all uncollected cents on Life of Charity spaces.", 'collect_spaces("Life of Charity")'),
    ],
)
def test_printed_wording_parses_to_its_effect_tree(wording, tree):
    assert str(parse_step(wording)) == tree


def test_notes_parse_to_strip_rules():
    assert parse_note("Any player with ten Time tokens is out of the game") == (Node("time_limit", (10,)),)
    assert [r.op for r in parse_note("There is one Crown. Take the Crown when you land on this space.")] == ["crown"]


def test_every_shipped_tree_reads_back_from_the_notation():
    for strip in STRIPS:
        for step in strip.steps:
            assert parse_notation(str(step.effect)) == step.effect


@pytest.mark.parametrize("wording", ["Gain 3 cents and a pony.", "Lose", "Dance a jig."])
def test_wording_the_grammar_does_not_know_is_an_error(wording):
    with pytest.raises(GrammarError):
        parse_step(wording)


@pytest.mark.parametrize("notation", ["gain(1, 2)", "gainz(3)", "seq()", "over(1, 3, 4, 5)", "gain(3"])
def test_bad_notation_is_an_error(notation):
    with pytest.raises(GrammarError):
        parse_notation(notation)


def test_a_text_read_again_is_not_parsed_again(monkeypatch):
    """The checks and the engine both read every strip, and a preview reads the game again
    after each edit: a text once parsed is not parsed again, and its tree is the same value."""
    english = grammar._english()
    parses = []
    monkeypatch.setattr(english, "parse", lambda *args, **kw: parses.append(args) or Lark.parse(english, *args, **kw))
    first = parse_step("Gain 97 cents; take another turn.")
    assert parse_step("Gain 97 cents; take another turn.") is first
    assert str(first) == "seq(gain(97), extra(1))" and len(parses) == 1
    for _ in range(2):  # an unreadable text is an error each time it is read
        with pytest.raises(GrammarError):
            parse_step("Gain 97 cents and a pony.")
    assert len(parses) == 3
