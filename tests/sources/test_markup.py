"""Styled text markup (generator/sources/markup.py): bold, italic, coloured spans, inline icons,
breaks and escapes, each piece placed where it was written; every unbalanced markup refused at
its place; the shipped games' texts still read."""

import time
from pathlib import Path

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from generator.sources.errors import Loc, SourceError
from generator.sources.markup import (
    INLINE_ICON,
    InlineIcon,
    LineBreak,
    Mark,
    ParagraphBreak,
    Styled,
    Words,
    loc_at,
    parse_markup,
    plain,
)

HERE = Loc("cards.yaml", 4, 9)
CELL = Loc("cards.xlsx", 14, 3, sheet="Cards")
COLOURS = {"red": "#C0392B", "moss": "darkolivegreen"}
RED = "#c0392b"
BOLD = Mark(bold=True)
ITALIC = Mark(italic=True)
BOTH = Mark(bold=True, italic=True)
MARKUP = "*[]{}\\:"
COMPONENTS = Path(__file__).resolve().parents[2] / "components"


def parse(text: str, colours: dict[str, str] = COLOURS) -> tuple[Styled, ...]:
    return parse_markup([(text, HERE)], colours)


def shape(styled: tuple[Styled, ...]) -> list[tuple]:
    """What was read, without places: ("w", text, mark), ("i", name, mark), ("br",) or ("p",)."""
    read: list[tuple] = []
    for item in styled:
        match item:
            case Words():
                read.append(("w", item.text, item.mark))
            case InlineIcon():
                read.append(("i", item.name, item.mark))
            case LineBreak():
                read.append(("br",))
            case ParagraphBreak():
                read.append(("p",))
    return read


def refused(text: str, colours: dict[str, str] = COLOURS, pieces: list[tuple[str, Loc]] | None = None) -> SourceError:
    with pytest.raises(SourceError) as caught:
        parse_markup(pieces or [(text, HERE)], colours)
    return caught.value


# Bold and italic


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("**bold**", [("w", "bold", BOLD)]),
        ("*italic*", [("w", "italic", ITALIC)]),
        ("***both***", [("w", "both", BOTH)]),
        ("a **b** c", [("w", "a ", Mark()), ("w", "b", BOLD), ("w", " c", Mark())]),
        ("**bold *and italic***", [("w", "bold ", BOLD), ("w", "and italic", BOTH)]),
        ("*italic **and bold***", [("w", "italic ", ITALIC), ("w", "and bold", BOTH)]),
        ("***both* then bold**", [("w", "both", BOTH), ("w", " then bold", BOLD)]),
        ("***both** then italic*", [("w", "both", BOTH), ("w", " then italic", ITALIC)]),
        ("**a *b* c**", [("w", "a ", BOLD), ("w", "b", BOTH), ("w", " c", BOLD)]),
        ("*a **b** c*", [("w", "a ", ITALIC), ("w", "b", BOTH), ("w", " c", ITALIC)]),
        ("un*believ*able", [("w", "un", Mark()), ("w", "believ", ITALIC), ("w", "able", Mark())]),
    ],
)
def test_bold_and_italic(text, expected):
    assert shape(parse(text)) == expected


@pytest.mark.parametrize(
    "text",
    ["2 * 3 = 6", "5 ** 2", "* a list mark", "a *** b", "stars: ****", "a****b", "rated *****"],
)
def test_asterisks_that_neither_open_nor_close_are_text(text):
    """A run with white space on both sides (or the paragraph's edge) is text, and so is a run of
    four or more."""
    assert shape(parse(text)) == [("w", text, Mark())]


def test_a_run_opens_only_before_text_and_closes_only_after_text():
    assert shape(parse("**a ** b**")) == [("w", "a ** b", BOLD)]
    assert shape(parse("*x * y*")) == [("w", "x * y", ITALIC)]


# Coloured spans


@pytest.mark.parametrize(
    ("text", "colour"),
    [
        ("[danger]{.red}", RED),
        ("[danger]{ .red }", RED),
        ("[danger]{.moss}", "#556b2f"),
        ("[danger]{color=#C0392B}", RED),
        ("[danger]{color=darkred}", "#8b0000"),
        ("[danger]{color=DarkRed}", "#8b0000"),
        ("[danger]{color = #00ff00}", "#00ff00"),
    ],
)
def test_a_span_colours_its_text(text, colour):
    assert shape(parse(text)) == [("w", "danger", Mark(colour=colour))]


def test_spans_nest_with_bold_and_italic_both_ways():
    assert shape(parse("**bold [red]{.red} bold**")) == [
        ("w", "bold ", BOLD),
        ("w", "red", Mark(bold=True, colour=RED)),
        ("w", " bold", BOLD),
    ]
    assert shape(parse("[red **bold** *it*]{.red}")) == [
        ("w", "red ", Mark(colour=RED)),
        ("w", "bold", Mark(bold=True, colour=RED)),
        ("w", " ", Mark(colour=RED)),
        ("w", "it", Mark(italic=True, colour=RED)),
    ]


def test_an_inner_span_wins_over_the_outer():
    assert shape(parse("[a [b]{color=blue} c]{.red}")) == [
        ("w", "a ", Mark(colour=RED)),
        ("w", "b", Mark(colour="#0000ff")),
        ("w", " c", Mark(colour=RED)),
    ]


@pytest.mark.parametrize("text", ["[x] marks the spot", "a {b} c", "[x]", "{x}", "[a] {b}", "a [b", "a ] b", "}{"])
def test_brackets_and_braces_outside_a_span_are_text(text):
    assert plain(parse(text)) == text
    assert all(item.mark == Mark() for item in parse(text) if isinstance(item, Words))


def test_brackets_inside_a_span_are_text():
    assert shape(parse("[a [b] c]{.red}")) == [("w", "a [b] c", Mark(colour=RED))]
    assert shape(parse("[a [b]{.red}")) == [("w", "[a ", Mark()), ("w", "b", Mark(colour=RED))]


# Inline icons


def test_inline_icons_take_the_mark_they_are_in():
    assert shape(parse("Roll :d6-5: **:star:** [:stop:]{.red}")) == [
        ("w", "Roll ", Mark()),
        ("i", "d6-5", Mark()),
        ("w", " ", Mark()),
        ("i", "star", BOLD),
        ("w", " ", Mark()),
        ("i", "stop", Mark(colour=RED)),
    ]


@pytest.mark.parametrize(
    ("text", "icons"),
    [
        ("21:59:43", []),
        ("Note:see: this", []),
        (":a::b:", ["a", "b"]),
        (":a:b:", ["a"]),
        ("(:coin:)", ["coin"]),
        (":Coin:", []),
        (":9lives:", []),
        ("::", []),
        ("**:coin:**", ["coin"]),
    ],
)
def test_icons_are_what_the_inline_icon_rule_finds(text, icons):
    assert [item.name for item in parse(text) if isinstance(item, InlineIcon)] == icons


def test_an_escaped_icon_is_its_name_as_text():
    assert shape(parse(r"Write \:d6-5: for a five")) == [("w", "Write :d6-5: for a five", Mark())]


# Breaks and escapes


def test_a_new_line_starts_a_paragraph_and_a_backslash_before_it_breaks_the_line():
    assert shape(parse("one\\\ntwo\nthree")) == [
        ("w", "one", Mark()),
        ("br",),
        ("w", "two", Mark()),
        ("p",),
        ("w", "three", Mark()),
    ]


def test_markup_may_cross_a_line_break():
    assert shape(parse("**one\\\ntwo**")) == [("w", "one", BOLD), ("br",), ("w", "two", BOLD)]


def test_an_escaped_backslash_before_a_new_line_is_text_then_a_paragraph():
    assert shape(parse("a\\\\\nb")) == [("w", "a\\", Mark()), ("p",), ("w", "b", Mark())]


@pytest.mark.parametrize("char", list(MARKUP))
def test_a_backslash_prints_each_markup_character(char):
    assert shape(parse(f"a\\{char}b")) == [("w", f"a{char}b", Mark())]


@pytest.mark.parametrize(
    "text",
    [r"C:\Users\ann\cards", r"a \n b", "ends with \\", r"\d6", r"50% \o/"],
)
def test_a_backslash_before_anything_else_stays_as_written(text):
    assert plain(parse(text)) == text


def test_escaped_markup_is_not_markup():
    assert shape(parse(r"\*\*not bold\*\* and \[not\]{.red}")) == [("w", "**not bold** and [not]{.red}", Mark())]
    assert shape(parse(r"**2\*3**")) == [("w", "2*3", BOLD)]


# Places


def test_words_and_icons_are_placed_where_their_first_character_was_written():
    styled = parse("ab **cd**\nx :coin:")
    assert [(type(item).__name__, item.loc) for item in styled] == [
        ("Words", Loc("cards.yaml", 4, 9)),
        ("Words", Loc("cards.yaml", 4, 14)),
        ("ParagraphBreak", Loc("cards.yaml", 4, 18)),
        ("Words", Loc("cards.yaml", 5, 1)),
        ("InlineIcon", Loc("cards.yaml", 5, 3)),
    ]


def test_an_escape_is_placed_at_its_backslash():
    assert parse(r"\*x")[0].loc == HERE


def test_in_a_spreadsheet_cell_every_place_is_the_cell():
    styled = parse_markup([("a **b**\n:coin:", CELL)])
    assert {item.loc for item in styled} == {CELL}
    error = refused("", pieces=[("fine\n**open", CELL)])
    assert error.loc == CELL
    assert str(error).startswith("cards.xlsx:Cards!C14: error: ")


@pytest.mark.parametrize(
    ("text", "offset", "expected"),
    [
        ("abc", 0, Loc("f.yaml", 2, 7)),
        ("abc", 2, Loc("f.yaml", 2, 9)),
        ("ab\ncd", 2, Loc("f.yaml", 2, 9)),
        ("ab\ncd", 3, Loc("f.yaml", 3, 1)),
        ("ab\ncd\n\nef", 8, Loc("f.yaml", 5, 2)),
    ],
)
def test_loc_at(text, offset, expected):
    assert loc_at(Loc("f.yaml", 2, 7), text, offset) == expected


def test_loc_at_in_a_cell_is_the_cell():
    assert loc_at(CELL, "ab\ncd", 4) == CELL


# Pieces


LAYOUT = Loc("layouts/card.yaml", 12, 17)
ITEM = Loc("cards.yaml", 30, 12)
#: Where the layout's text goes on after the item's field.
LAYOUT_ON = Loc("layouts/card.yaml", 12, 28)


def test_markup_opens_in_one_piece_and_closes_in_another():
    styled = parse_markup([("**", LAYOUT), ("Fire Drake", ITEM), ("** costs", LAYOUT_ON)])
    assert styled == (
        Words("Fire Drake", BOLD, ITEM),
        Words(" costs", Mark(), Loc("layouts/card.yaml", 12, 30)),
    )


def test_markup_from_an_item_spans_into_the_layout():
    styled = parse_markup([("Deal ", LAYOUT), ("[2]{.red", ITEM), ("} damage", LAYOUT_ON)], COLOURS)
    assert shape(styled) == [("w", "Deal ", Mark()), ("w", "2", Mark(colour=RED)), ("w", " damage", Mark())]


def test_words_from_different_pieces_stay_apart_and_words_in_one_piece_merge():
    styled = parse_markup([("a", LAYOUT), ("b", ITEM), (r"c\*d", LAYOUT_ON)])
    assert [(item.text, item.loc) for item in styled if isinstance(item, Words)] == [
        ("a", LAYOUT),
        ("b", ITEM),
        ("c*d", LAYOUT_ON),
    ]


def test_an_error_points_at_the_piece_where_the_markup_was_written():
    error = refused("", pieces=[("Cost: ", LAYOUT), ("3 **gold", ITEM)])
    assert error.loc == Loc("cards.yaml", 30, 14)


def test_a_piece_spanning_lines_places_its_later_lines_from_column_one():
    styled = parse_markup([("x", LAYOUT), ("a\nb *c*", ITEM)])
    assert styled[-1] == Words("c", ITALIC, Loc("cards.yaml", 31, 4))


def test_empty_pieces_are_skipped():
    assert parse_markup([("", LAYOUT), ("**a**", ITEM), ("", LAYOUT)]) == (Words("a", BOLD, Loc("cards.yaml", 30, 14)),)
    assert parse_markup([]) == ()


# Errors


def test_an_unclosed_bold_is_refused_at_its_place():
    error = refused("Gain **3 gold")
    assert error.loc == Loc("cards.yaml", 4, 14)
    assert "`**`" in error.message and "bold" in error.message
    assert "paragraph ends" in error.message and r"`\*\*`" in error.message


def test_an_unclosed_italic_is_refused_with_how_to_print_an_asterisk():
    error = refused("Deal 2*3 damage")
    assert error.loc == Loc("cards.yaml", 4, 15)
    assert "italic" in error.message and r"`\*`" in error.message


def test_markup_never_crosses_a_paragraph():
    error = refused("**one\ntwo**")
    assert error.loc == HERE
    assert "paragraph ends" in error.message


def test_asterisks_closing_nothing_are_refused():
    error = refused("Price* applies")
    assert error.loc == Loc("cards.yaml", 4, 14)
    assert "none is open" in error.message and r"`\*`" in error.message


def test_bold_left_open_inside_a_span_is_refused_at_the_bold():
    error = refused("[a **b]{.red} c**")
    assert error.loc == Loc("cards.yaml", 4, 12)
    assert "`**`" in error.message and "span" in error.message and "cards.yaml:4:15" in error.message


def test_a_span_left_open_when_bold_around_it_closes_is_refused_at_the_span():
    error = refused("**a [b** c]{.red}")
    assert error.loc == Loc("cards.yaml", 4, 13)
    assert "coloured span" in error.message and "cards.yaml:4:15" in error.message


def test_an_italic_left_open_when_bold_closes_is_refused_at_the_italic():
    error = refused("**a *b**")
    assert error.loc == Loc("cards.yaml", 4, 13)
    assert "italic" in error.message and "cards.yaml:4:15" in error.message


def test_a_span_end_with_no_start_is_refused():
    error = refused("danger]{.red}")
    assert error.loc == Loc("cards.yaml", 4, 15)
    assert "no `[`" in error.message and r"`\]`" in error.message


def test_an_unclosed_attribute_is_refused():
    error = refused("[danger]{.red and more\nnext")
    assert error.loc == Loc("cards.yaml", 4, 17)
    assert "not closed with `}`" in error.message and "cards.yaml:4:9" in error.message


@pytest.mark.parametrize("attribute", ["red", "colour=red", "color", "#ff0000", "", "bold"])
def test_an_attribute_that_is_neither_a_name_nor_a_colour_is_refused(attribute):
    error = refused(f"[x]{{{attribute}}}")
    assert error.loc == Loc("cards.yaml", 4, 12)
    assert "not a span attribute" in error.message and "{.name}" in error.message and "{color=" in error.message


def test_an_unknown_colour_name_lists_the_layouts_colours():
    error = refused("[x]{.blue}")
    assert error.loc == Loc("cards.yaml", 4, 12)
    assert "'blue'" in error.message and "moss, red" in error.message


def test_an_unknown_colour_name_with_no_colours_says_so():
    assert "defines no colours" in refused("[x]{.red}", colours={}).message


@pytest.mark.parametrize("value", ["#12345", "#12345g", "nope", "#fff", "rgb(1,2,3)"])
def test_a_bad_colour_value_is_refused(value):
    error = refused(f"[x]{{color={value}}}")
    assert error.loc == Loc("cards.yaml", 4, 12)
    assert repr(value) in error.message and "#rrggbb" in error.message


def test_a_layout_colour_that_is_no_colour_is_refused():
    assert "'sky': not a colour; expected #rrggbb" in refused("[x]{.bad}", colours={"bad": "sky"}).message


# Plain text


def test_plain_reads_the_text_as_printed():
    assert plain(parse("**Roll** :d6-5:\\\nthen [run]{.red}\n\\:stop:")) == "Roll :d6-5:\nthen run\n:stop:"


# Properties


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from([*"ab :-_1*[]{}\\\n.=#", "color", "red", "d6", "**", "]{"]), max_size=40))
def test_any_text_parses_or_is_refused_at_a_place(tokens):
    text = "".join(tokens)
    try:
        styled = parse(text)
    except SourceError as error:
        assert error.loc is not None
    else:
        assert all("\n" not in item.text for item in styled if isinstance(item, Words))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_any_unicode_parses_or_is_refused(text):
    try:
        parse_markup([(text, HERE), (text, CELL)], COLOURS)
    except SourceError:
        pass


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_characters=MARKUP), max_size=80))
def test_text_without_markup_reads_as_written(text):
    assert plain(parse(text)) == text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab9Z:- _\n")), max_size=40))
def test_icons_are_found_as_the_inline_icon_rule_finds_them(text):
    found = [match["name"] for match in INLINE_ICON.finditer(text)]
    assert [item.name for item in parse(text) if isinstance(item, InlineIcon)] == found


LONG = 100_000


@pytest.mark.parametrize(
    "text",
    [
        "[" * (LONG // 2) + "x" + "]{.red}" * (LONG // 14),
        "]{" * (LONG // 2),
        "[]{" * (LONG // 3),
        "*a" * (LONG // 2),
        "**a *b " * (LONG // 7),
        ":a" * (LONG // 2),
        ":" + "a" * LONG,
        "\\" * LONG,
        "[x]{color=" + "#" * LONG,
        "a " * (LONG // 2),
        "a\n" * (LONG // 2),
        "[x]{.red} **y** :z:\\\n" * (LONG // 22),
    ],
    ids=lambda text: repr(text[:12]),
)
def test_long_hostile_text_is_read_in_one_pass(text):
    """Each parses or is refused in a fraction of the time allowed: nothing in the parser
    backtracks or rereads the text for each character (which would take minutes here)."""
    started = time.perf_counter()
    try:
        parse(text)
    except SourceError:
        pass
    assert time.perf_counter() - started < 10


# The shipped games


def _strings(value: object):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


@pytest.mark.parametrize(
    "path", sorted(COMPONENTS.glob("*/*.yaml")), ids=lambda path: str(path.relative_to(COMPONENTS))
)
def test_the_shipped_games_texts_still_read(path: Path):
    where = Loc(str(path.relative_to(COMPONENTS)), 1, 1)
    for text in _strings(yaml.safe_load(path.read_text(encoding="utf-8"))):
        parse_markup([(text, where)])


@settings(max_examples=300, deadline=None)
@example([(":a: b", HERE)])  # an inline icon: markup, though it has no bracket or asterisk
@example([("a\\", HERE), (":b:", CELL)])
@given(
    st.lists(
        st.tuples(
            st.text(alphabet=st.sampled_from("ab 1{}é.,-_'\t*[]\\:\n"), max_size=12),
            st.sampled_from([HERE, CELL, Loc("rows.csv", 3, 2, cell=True), Loc("other.yaml", 9, 1)]),
        ),
        max_size=4,
    )
)
def test_text_with_no_markup_reads_as_the_parser_reads_it(pieces):
    """Text with none of markup's characters is not parsed (most of a deck's text): what it
    reads as, piece by piece with each piece's place, is what the parser reads."""
    from generator.sources.markup import _Parser, _Text

    try:
        parsed = _Parser(_Text.of(pieces), COLOURS).parse()
    except SourceError as error:
        with pytest.raises(SourceError) as raised:
            parse_markup(pieces, COLOURS)
        assert str(raised.value) == str(error)
        return
    assert parse_markup(pieces, COLOURS) == parsed
    # Loc's `cell` is left out of its comparison: compared here too.
    assert [(w.loc, w.loc.cell) for w in parse_markup(pieces, COLOURS) if isinstance(w, Words)] == [
        (w.loc, w.loc.cell) for w in parsed if isinstance(w, Words)
    ]
