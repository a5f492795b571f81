"""Entries kept in pieces: a large mapping's pieces are entries of their own, named by their
content, and an entry written again after an edit writes only the pieces with something new."""

import hashlib
import os
import pickle
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

from generator import cache, pickles
from generator.cache import BuildCache, Files, Inputs
from generator.layout.memo import Drawing
from generator.pickles import Piece, Pieces, piece_count
from tests.conftest import run_build
from tests.package.test_cache import deck, outputs


@dataclass(frozen=True)
class Card:
    """A stand-in for a drawing: a class instance, with a member the rest of an entry holds."""

    title: str
    face: "Face"


@dataclass(frozen=True)
class Face:
    words: str


@dataclass(frozen=True)
class Held:
    """An entry's value: faces placed, and the cards they were drawn as, one field deeper."""

    placed: tuple[Face, ...]
    drawn: "Drawn"


@dataclass(frozen=True)
class Drawn:
    cards: Pieces[bytes, Card]


class Layout(Inputs, frozen=True):
    stage: ClassVar[str] = "pieces test"
    number: int
    source: Files


def cards(count: int) -> dict[bytes, Card]:
    """Two keys a card, as a layout's memo keeps each drawing under two fingerprints."""
    made = {}
    for n in range(count):
        card = Card(f"card {n}", Face(f"words of card {n} " * 20))
        made[f"at {n}".encode()] = made[f"moved {n}".encode()] = card
    return made


def held(mapping: dict[bytes, Card]) -> Held:
    cards = Pieces.split(mapping, members=lambda card: (card.face,))
    return Held(tuple(card.face for card in mapping.values()), Drawn(cards))


def entries(root: Path) -> set[str]:
    return {path.name for path in root.glob("*/*")}


def test_a_mapping_split_into_pieces_holds_every_key_and_each_values_keys_in_one_piece():
    mapping = cards(1000)
    split = Pieces.split(mapping, members=lambda card: (card,))
    assert dict(split) == mapping
    assert len(split.pieces) == piece_count(1000) == 8  # 1000 values, about 128 a piece
    for n in range(1000):
        (piece,) = (p for p in split.pieces if f"at {n}".encode() in p.items)
        assert f"moved {n}".encode() in piece.items
        assert piece.members.count(mapping[f"at {n}".encode()]) == 1  # the value once, however many keys
    again = Pieces.split(dict(mapping))
    assert [list(p.items) for p in again.pieces] == [list(p.items) for p in split.pieces]  # by the keys alone


def test_a_mapping_is_cut_into_pieces_when_first_looked_into_as_it_was_when_split():
    mapping, asked = cards(300), []
    split = Pieces.split(mapping, members=lambda card: asked.append(card) or (card.face,))
    assert asked == []  # nothing cut yet
    mapping[b"added later"] = Card("late", Face("late"))
    del mapping[b"at 0"]
    assert len(split) == 600 and b"at 0" in split and b"added later" not in split
    assert len(asked) == 300  # each value's members, once, as it was cut
    list(split.pieces)
    assert len(asked) == 300


def test_the_number_of_pieces_is_a_power_of_two_and_bounded():
    assert [piece_count(n) for n in (0, 1, 128, 129, 256, 257, 10_000, 10**7)] == [1, 1, 1, 2, 2, 4, 64, 64]


def test_pieces_pickle_whole_outside_the_cache():
    split = Pieces.split(cards(3))
    assert dict(pickle.loads(pickle.dumps(split))) == dict(split)


def test_an_entry_refers_to_its_pieces_and_to_their_members_and_reads_them_back_as_they_are(tmp_path):
    inputs, value = Layout(1, Files(())), held(cards(300))
    BuildCache(tmp_path).put(inputs, value)
    entry = cache._entry_file(tmp_path, inputs.key)
    names = pickles.pieces_named(entry.read_bytes()[32:])
    assert len(names) == len(value.drawn.cards.pieces) == 4
    assert entries(tmp_path) == {cache._entry_file(tmp_path, name).name for name in (inputs.key, *names)}
    own = entry.stat().st_size
    assert own < len(pickle.dumps(value)) / 20  # the faces are places in the pieces, not copies
    read = BuildCache(tmp_path).lookup(inputs, Held)
    assert read == value
    by_face = {id(card.face) for card in read.drawn.cards.values()}
    assert {id(face) for face in read.placed} == by_face  # the same objects as the cards'


def test_an_entry_written_again_pickles_and_writes_only_the_pieces_with_something_new(tmp_path, monkeypatch):
    inputs = Layout(1, Files(()))
    BuildCache(tmp_path).put(inputs, held(cards(1000)))
    before = entries(tmp_path)
    store = BuildCache(tmp_path)
    read = store.lookup(inputs, Held)
    edited = dict(read.drawn.cards)
    edited[b"at 500"] = edited[b"moved 500"] = Card("card 500, edited", Face("new words"))
    pickled, dumps = [], pickles.dumps
    monkeypatch.setattr(pickles, "dumps", lambda value, *rest: pickled.append(value) or dumps(value, *rest))
    store.put(Layout(2, Files(())), held(edited))
    assert [type(value) for value in pickled] == [Held, Piece]  # of its 8 pieces, the edited card's alone
    new = entries(tmp_path) - before
    assert len(new) == 2  # the new entry, and the one piece that holds the edited card
    assert BuildCache(tmp_path).lookup(Layout(2, Files(())), Held) == held(edited)


def test_the_same_pieces_written_by_another_store_are_the_same_entries(tmp_path):
    value = held(cards(300))
    BuildCache(tmp_path).put(Layout(1, Files(())), value)
    BuildCache(tmp_path).put(Layout(2, Files(())), held(dict(value.drawn.cards)))
    assert len(entries(tmp_path)) == 2 + 4  # named by their content: written once


def test_two_code_versions_writing_the_same_pieces_keep_their_entries_whole(tmp_path, monkeypatch):
    value = held(cards(300))
    BuildCache(tmp_path).put(Layout(1, Files(())), value)
    monkeypatch.setattr(cache, "code_version", lambda: "another version")
    again = held(dict(value.drawn.cards))  # the same cards and faces, in the pieces' order
    BuildCache(tmp_path).put(Layout(2, Files(())), again)
    assert BuildCache(tmp_path).lookup(Layout(2, Files(())), Held) == again
    assert len(entries(tmp_path)) == 2 * (1 + 4)  # each version its entry and its pieces
    monkeypatch.undo()
    assert BuildCache(tmp_path).lookup(Layout(1, Files(())), Held) == value


@pytest.mark.parametrize("harm", ["deleted", "damaged"])
def test_an_entry_whose_piece_is_missing_or_damaged_is_a_miss(tmp_path, harm):
    inputs = Layout(1, Files(()))
    BuildCache(tmp_path).put(inputs, held(cards(300)))
    name = pickles.pieces_named(cache._entry_file(tmp_path, inputs.key).read_bytes()[32:])[2]
    piece = cache._entry_file(tmp_path, name)
    if harm == "deleted":
        piece.unlink()
    else:
        piece.write_bytes(piece.read_bytes()[:-10] + b"0123456789")
    assert BuildCache(tmp_path).lookup(inputs, Held) is None
    made = BuildCache(tmp_path).cached(inputs, Held, lambda: held(cards(300)))
    assert BuildCache(tmp_path).lookup(inputs, Held) == made  # written anew, its piece with it


def test_touching_an_entry_marks_its_pieces_used(tmp_path):
    inputs = Layout(1, Files(()))
    BuildCache(tmp_path).put(inputs, held(cards(300)))
    for path in tmp_path.glob("*/*"):
        os.utime(path, (1_000_000, 1_000_000))
    BuildCache(tmp_path).touch(inputs)
    assert all(path.stat().st_mtime > 1_000_000 for path in tmp_path.glob("*/*"))


def test_a_piece_read_is_a_piece_and_nothing_else(tmp_path):
    inputs = Layout(1, Files(()))
    BuildCache(tmp_path).put(inputs, 5)
    with pytest.raises(LookupError):
        BuildCache(tmp_path)._piece(inputs.key)


def test_an_edit_to_one_card_rewrites_one_or_two_pieces_of_the_layouts_drawings(tmp_path, monkeypatch, entry_names):
    monkeypatch.setattr(pickles, "PIECE_VALUES", 4)  # 40 cards: 16 pieces
    source, out = deck(tmp_path / "cache", cards=40), tmp_path / "out"
    run_build(str(source), "--out", str(out), "--format", "pdf")
    before = entries(out / ".cache")
    run_build(str(deck(source, cards=40, changed=17)), "--out", str(out), "--format", "pdf")
    store = BuildCache(out / ".cache")
    new = [store.entry(entry_names[file], object) for file in entries(out / ".cache") - before]
    drawn = [piece for piece in new if isinstance(piece, Piece) and isinstance([*piece.items.values()][0], Drawing)]
    assert 1 <= len(drawn) <= 2
    # Of 80 keys (two a card) in 16 pieces: how many a piece holds depends on the keys' hashes,
    # which read the deck's path, but two pieces never hold half of them.
    assert sum(len(piece.items) for piece in drawn) < 40
    cold = tmp_path / "cold"
    run_build(str(source), "--out", str(cold), "--format", "pdf", "--no-cache")
    assert outputs(out / "cache") == outputs(cold / "cache")


def test_a_piece_an_entry_holds_again_is_marked_used_again(tmp_path):
    """Another command may prune between this one's reading a piece and its writing an entry
    that holds the piece again: writing the entry marks the piece used."""
    inputs = Layout(1, Files(()))
    BuildCache(tmp_path).put(inputs, held(cards(300)))
    store = BuildCache(tmp_path)
    read = store.lookup(inputs, Held)
    for path in tmp_path.glob("*/*"):
        os.utime(path, (1_000_000, 1_000_000))
    store.put(Layout(2, Files(())), read)
    entry = cache._entry_file(tmp_path, inputs.key)
    assert all(path.stat().st_mtime > 1_000_000 for path in tmp_path.glob("*/*") if path != entry)


def test_touching_an_entry_whose_header_names_no_entry_marks_nothing_outside_the_cache(tmp_path):
    root, victim = tmp_path / "out" / "cache", tmp_path / "victim"
    victim.write_text("not the cache's")
    os.utime(victim, (1_000_000, 1_000_000))
    inputs = Layout(1, Files(()))
    data = pickle.dumps((0, ("../victim",))) + pickle.dumps(5)
    entry = cache._entry_file(root, inputs.key)
    entry.parent.mkdir(parents=True)
    entry.write_bytes(hashlib.sha256(data).digest() + data)
    assert (root / ".." / "../victim").resolve() == victim.resolve()  # where the name would lead
    BuildCache(root).touch(inputs)
    assert victim.stat().st_mtime == 1_000_000
