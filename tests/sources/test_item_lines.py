"""An edit to one item of a component file, read with the memo of the game's last reading
(as the live preview reads it), gives exactly the game a fresh reading gives: the same
values at the same places, or the same error. Only the edited item is read again when it
may be (generator/sources/item_lines.py); the other items are then the objects read before."""

import pickle
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.games import load_game
from generator.sources import SourceError
from generator.sources.game import Game, SourceMemo
from generator.sources.item_lines import Edit, ItemLines
from generator.sources.loader import parse_yaml

DECK = """\
# The test deck
kind: card
items:
  - {title: 'One', text: 'First card.'}
  - title: Two
    text: |
      Block text
      over two lines.
    count: 2
  # between the second item and the third
  - title: "Three"
    text: >-
      Folded
      text.

  - {title: Four, text: 'Last card: it ends here.'}
about: A deck to edit.
"""


def write(folder: Path, cards: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("name: Edits\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "cards.yaml").write_bytes(cards.encode())
    return folder


def read(folder: Path, memo: SourceMemo | None = None) -> Game | str:
    """The game, or the error reading it says."""
    try:
        return load_game(folder, memo)
    except SourceError as exc:
        return str(exc)


def written(game: Game | str) -> bytes | str:
    """Everything the game's component files hold, every place included; or the error."""
    return game if isinstance(game, str) else pickle.dumps(game.files)


def edited(folder: Path, before: str, after: str) -> tuple[Game | str, Game | str, Game]:
    """The game read with the memo of its reading before the edit, read afresh, and as
    read before the edit."""
    write(folder, before)
    memo = SourceMemo()
    first = load_game(folder, memo)
    write(folder, after)
    return read(folder, memo), read(folder), first


def read_again(folder: Path, before: str, after: str) -> tuple[Game, list[bool]]:
    """The game read with the memo of its reading before the edit, which must be the game a
    fresh reading gives, and which of its components are the very objects read before."""
    with_memo, fresh, first = edited(folder, before, after)
    assert written(with_memo) == written(fresh)
    assert isinstance(with_memo, Game)
    kept = [a is b for a, b in zip(with_memo.files[0].components, first.files[0].components, strict=True)]
    return with_memo, kept


ALONE = {
    "a flow mapping's text": ("'First card.'", "'First card, edited.'", 0),
    "a line of a block scalar": ("over two lines.", "over three lines.", 1),
    "a count": ("count: 2", "count: 3", 1),
    "the comment after an item": ("between the second", "after the second", 1),
    "a folded scalar": ("      Folded", "      Unfolded", 2),
    "the last item": ("ends here", "ends there", 3),
    "a flow mapping made a block one": ("{title: 'One', text: 'First card.'}", "title: One", 0),
    "the space after a dash": ("  - {title: Four", "  -   {title: Four", 3),
}


@pytest.mark.parametrize(("old", "new", "index"), ALONE.values(), ids=ALONE.keys())
def test_an_edit_within_one_item_reads_that_item_alone(tmp_path, old, new, index):
    assert old in DECK
    _, kept = read_again(tmp_path / "game", DECK, DECK.replace(old, new))
    assert kept == [n != index for n in range(4)]


def test_the_memo_keeps_each_item_as_its_component_and_where_it_was_written(tmp_path):
    """Not as read besides: two edits in turn, each to one item, are each read alone, as a
    fresh reading reads them."""
    folder, memo = write(tmp_path / "game", DECK), SourceMemo()
    first = load_game(folder, memo)
    ((_, envelope),) = memo.files.values()
    assert list(envelope.items) == [None] * 4 and envelope.data["items"] is envelope.items
    assert envelope.components == first.files[0].components and len(envelope.items.item_locs) == 4
    once = DECK.replace("'First card.'", "'First card, edited.'")
    for text in (once, once.replace("ends here", "ends there")):
        write(folder, text)
        again = load_game(folder, memo)
        assert written(again) == written(read(folder))
        assert sum(a is not b for a, b in zip(again.files[0].components, first.files[0].components, strict=True)) in (
            1,
            2,
        )
        assert list(next(iter(memo.files.values()))[1].items) == [None] * 4


def test_a_file_saved_unchanged_is_not_read_again(tmp_path):
    _, kept = read_again(tmp_path / "game", DECK, DECK)
    assert all(kept)


WHOLE = {
    "a line added to an item": ("over two lines.\n", "over two\n      lines.\n"),
    "lines of two items": ("'First card.'}\n  - title: Two", "'First card!'}\n  - title: Dos"),
    "the file's own keys": ("about: A deck to edit.", "about: A deck edited."),
    "an anchor put in an item": ("  - {title: 'One'", "  - &one {title: 'One'"),
}


@pytest.mark.parametrize(("old", "new"), WHOLE.values(), ids=WHOLE.keys())
def test_other_edits_read_the_whole_file_again(tmp_path, old, new):
    assert old in DECK
    _, kept = read_again(tmp_path / "game", DECK, DECK.replace(old, new))
    assert not any(kept)


ALIASES = "kind: card\nitems:\n  - &one {title: One, text: x}\n  - {<<: *one, title: Two}\n  - {title: Three}\n"


@pytest.mark.parametrize(
    ("old", "new", "alone"),
    [("text: x", "text: y", False), ("Two", "Dos", False), ("Three", "Tres", True)],
    ids=["the item naming a value", "the item using it", "another item"],
)
def test_an_item_with_an_anchor_or_alias_is_read_with_the_whole_file(tmp_path, old, new, alone):
    _, kept = read_again(tmp_path / "game", ALIASES, ALIASES.replace(old, new))
    assert kept == ([True, True, False] if alone else [False] * 3)


def test_a_file_with_directives_is_read_whole_at_every_edit(tmp_path):
    deck = "%YAML 1.1\n---\n" + DECK
    _, kept = read_again(tmp_path / "game", deck, deck.replace("First card", "First card!"))
    assert not any(kept)


def nested(levels: int) -> str:
    return "[" * levels + "x" + "]" * levels


def test_an_edited_item_nests_as_deep_as_in_the_whole_file(tmp_path):
    """The item is at the third level of the file: its value may nest 61 lists deep, not 62
    (a kind no game declares, whose items are kept as they are read)."""
    deck = DECK.replace("kind: card", "kind: scroll").replace("text: 'First card.'", f"deep: {nested(61)}")
    with_memo, fresh, _ = edited(tmp_path / "game", deck, deck.replace(nested(61), nested(62)))
    assert isinstance(fresh, str) and "nested more than 64 deep" in fresh
    assert with_memo == fresh


BROKEN = {
    "a negative count": ("count: 2", "count: -1"),
    "an item that is no mapping": ("{title: Four, text: 'Last card: it ends here.'}", "Four"),
    "an unclosed quote": ("'First card.'", "'First card."),
    "a tab": ("    count: 2", "\tcount: 2"),
    "a duplicate key": ("title: Four,", "title: Four, title: Five,"),
    "a tag": ("{title: 'One'", "{title: !!python/name:os.system 'One'"),
    "an item indented into the one before": ("  - {title: Four", "    - {title: Four"),
    "a control character": ("First card.", "First\x07card."),
    "a document's end": ("  # between the second item and the third", "..."),
    "a document's end and a comment": ("  # between the second item and the third", "... # the end"),
    "a byte order mark": ("  - {title: Four", "\ufeff  - {title: Four"),
}


@pytest.mark.parametrize(("old", "new"), BROKEN.values(), ids=BROKEN.keys())
def test_a_mistake_in_an_edited_item_is_reported_as_a_fresh_reading_reports_it(tmp_path, old, new):
    assert old in DECK
    with_memo, fresh, _ = edited(tmp_path / "game", DECK, DECK.replace(old, new))
    assert isinstance(fresh, str), fresh
    assert with_memo == fresh


def test_places_after_a_fixed_mistake_are_those_of_a_fresh_reading(tmp_path):
    folder = write(tmp_path / "game", DECK)
    memo = SourceMemo()
    load_game(folder, memo)
    write(folder, DECK.replace("count: 2", "count: -1"))
    assert isinstance(read(folder, memo), str)
    write(folder, DECK.replace("ends here", "ends now"))
    assert written(read(folder, memo)) == written(read(folder))


#: What an edit writes: YAML's own characters most of all.
EDIT_TEXT = st.text(alphabet=" -:{}[],.'\"#&*|>!%@?\\tabcxyz01\n\ufeff", max_size=12)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=st.integers(0, DECK.count("\n") - 1), start=st.integers(0, 40), length=st.integers(0, 6), text=EDIT_TEXT)
def test_any_edit_reads_as_a_fresh_reading(tmp_path, line, start, length, text):
    lines = DECK.splitlines(keepends=True)
    body = lines[line].rstrip("\n")
    start = min(start, len(body))
    lines[line] = body[:start] + text + body[start + length :] + "\n"
    with_memo, fresh, _ = edited(tmp_path / "game", DECK, "".join(lines))
    assert written(with_memo) == written(fresh)


@pytest.mark.parametrize("end", ["\r\n", "\r"], ids=["CR LF", "CR"])
def test_an_edit_in_a_file_of_other_line_ends_reads_that_item_alone(tmp_path, end):
    deck = DECK.replace("\n", end)
    game, kept = read_again(tmp_path / "game", deck, deck.replace("over two lines.", "over three lines."))
    assert "over three lines." in game.files[0].items[1]["text"]
    assert kept == [True, False, True, True]


def item_lines(text: str) -> ItemLines | None:
    return ItemLines.of(text, parsed := parse_yaml(text, "cards.yaml"), parsed.value["items"])


@pytest.mark.parametrize(
    "text",
    [
        "kind: card\nitems: [{title: A}, {title: B}]\n",
        "kind: card\nitems:\n  -\n    title: A\n  - {title: B}\n",
        "%YAML 1.1\n---\nkind: card\nitems:\n  - {title: A}\n",
    ],
    ids=["a flow sequence", "a dash on a line of its own", "a directive"],
)
def test_items_whose_lines_say_too_little_are_never_read_alone(text):
    assert item_lines(text) is None


def test_where_the_items_are_written():
    lines = item_lines(DECK)
    assert lines is not None
    assert (lines.starts, lines.end, lines.column) == ((3, 4, 10, 15), 16, 2)
    assert lines.edited(DECK, "cards.yaml") == Edit(None, lines)  # the same text: no item edited
    assert lines.edited(DECK + "layout: card\n", "cards.yaml") is None  # a line more
