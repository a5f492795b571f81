"""A game read for a build that keeps a build cache (generator/pipeline/reading.py): the
latest reading is kept there, so a build after an edit to one item reads that item alone, a
build with nothing changed reads no item, and what is built is what a fresh reading builds."""

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator import cache
from generator.cache import BuildCache
from generator.cli import main
from generator.pipeline import reading
from generator.sources import game as sources_game
from tests.conftest import run_build
from tests.package.test_cache import deck, outputs


@pytest.fixture
def items_read(monkeypatch) -> dict[str, int]:
    """How many items were read and checked one at a time (an edit), and how many whole
    files of them (a fresh reading)."""
    counts = {"item": 0, "file": 0}
    read_item, read_items = sources_game._read_item, sources_game._read_items

    def one(*args, **kwargs):
        counts["item"] += 1
        return read_item(*args, **kwargs)

    def whole(*args, **kwargs):
        counts["file"] += 1
        return read_items(*args, **kwargs)

    monkeypatch.setattr(sources_game, "_read_item", one)
    monkeypatch.setattr(sources_game, "_read_items", whole)
    return counts


def recorded(monkeypatch, owner: object, name: str, noted: Callable[..., object]) -> list[object]:
    """What `noted` says of each call of owner.name from now on (given the call's arguments),
    in turn."""
    calls: list[object] = []
    original = getattr(owner, name)

    def recording(*args, **kwargs):
        calls.append(noted(*args))
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, recording)
    return calls


@pytest.fixture
def fingerprinted(monkeypatch) -> list[object]:
    """The titles of the items fingerprinted meanwhile, in turn."""
    return recorded(monkeypatch, sources_game, "item_fingerprint", lambda item: item["title"])


@pytest.fixture
def kept(monkeypatch) -> list[object]:
    """The stages whose entries were written meanwhile."""
    return recorded(monkeypatch, BuildCache, "put", lambda store, inputs, *rest: inputs.stage)


def test_a_build_after_an_edit_reads_the_edited_item_alone(tmp_path, items_read):
    source, out = deck(tmp_path / "cache", cards=30), tmp_path / "out"
    run_build(str(source), "--out", str(out), "--format", "pdf")
    assert items_read == {"item": 0, "file": 1}
    run_build(str(deck(source, cards=30, changed=12)), "--out", str(out), "--format", "pdf")
    assert items_read == {"item": 1, "file": 1}
    cold = tmp_path / "cold"
    run_build(str(source), "--out", str(cold), "--format", "pdf", "--no-cache")
    assert outputs(out / "cache") == outputs(cold / "cache")


def test_a_build_after_an_edit_fingerprints_the_edited_item_alone(tmp_path, fingerprinted):
    """Each item's fingerprint (what the layout's memo knows its drawing by) is kept with the
    reading: the build that read the items took them, and the next takes only the edited one's."""
    source, out = deck(tmp_path / "cache", cards=30), tmp_path / "out"
    run_build(str(source), "--out", str(out), "--format", "pdf")
    assert len(fingerprinted) == 30
    fingerprinted.clear()
    run_build(str(deck(source, cards=30, changed=12)), "--out", str(out), "--format", "pdf")
    assert fingerprinted == ["Card 12"]
    fingerprinted.clear()
    run_build(str(source), "--out", str(out), "--format", "pdf")
    assert fingerprinted == []


def test_a_reading_kept_without_its_fingerprints_is_kept_again_with_them(tmp_path, fingerprinted, kept):
    """An export keeps the reading with the fingerprints its layout took, as a build does; a
    reading kept without them (as before any layout took them) is kept again, once, with them."""
    source, out = deck(tmp_path / "cache", cards=12), tmp_path / "out"
    exported = CliRunner().invoke(main, ["export", str(source), "--out", str(out), "--profile", "tts"])
    assert exported.exit_code == 0, exported.output
    assert len(fingerprinted) == 12
    kept.clear()
    run_build(str(source), "--out", str(out), "--format", "pdf")
    assert len(fingerprinted) == 12 and "latest sources" not in kept  # none taken again, nothing to keep
    store, latest = BuildCache(out / ".cache"), reading.LatestSources(str(source), str(source))
    memo = store.lookup(latest, sources_game.SourceMemo)
    for _, envelope in memo.files.values():
        for component in envelope.components:
            del vars(component)["fingerprint"]
    store.put(latest, memo)
    kept.clear()
    run_build(str(source), "--out", str(out), "--format", "pdf")
    assert len(fingerprinted) == 24 and "latest sources" in kept  # taken again, and kept
    kept.clear()
    run_build(str(source), "--out", str(out), "--format", "pdf")
    assert len(fingerprinted) == 24 and "latest sources" not in kept


def test_a_build_with_nothing_changed_reads_no_item_and_keeps_the_reading_as_it_is(tmp_path, items_read, kept):
    source, out = deck(tmp_path / "cache", cards=30), tmp_path / "out"
    run_build(str(source), "--out", str(out), "--format", "pdf")
    assert "latest sources" in kept
    kept.clear()
    run_build(str(source), "--out", str(out), "--format", "pdf")
    assert items_read == {"item": 0, "file": 1} and "latest sources" not in kept


def test_a_damaged_reading_is_read_afresh(tmp_path, items_read):
    source, out = deck(tmp_path / "cache", cards=30), tmp_path / "out"
    run_build(str(source), "--out", str(out), "--format", "pdf")
    latest = reading.LatestSources(str(source), str(source))
    entry = cache._entry_file(out / ".cache", latest.key)
    assert entry.is_file()
    entry.write_bytes(entry.read_bytes()[:-20])
    run_build(str(deck(source, cards=30, changed=3)), "--out", str(out), "--format", "pdf")
    assert items_read == {"item": 0, "file": 2}
    cold = tmp_path / "cold"
    run_build(str(source), "--out", str(cold), "--format", "pdf", "--no-cache")
    assert outputs(out / "cache") == outputs(cold / "cache")


def test_a_build_from_another_working_folder_names_the_files_as_seen_from_there(tmp_path, monkeypatch):
    source, out = deck(tmp_path / "cache", cards=5), tmp_path / "out"
    monkeypatch.chdir(tmp_path)
    run_build("cache", "--out", str(out), "--format", "pdf")
    cards = source / "cards.yaml"
    cards.write_text(cards.read_text().replace("'Card 3',", "'Card 3', count: -1,"))
    monkeypatch.chdir(source)
    result = CliRunner().invoke(main, ["build", ".", "--out", str(out), "--format", "pdf"])
    assert result.exit_code == 2
    assert "cards.yaml:5:" in result.output and "cache/cards.yaml" not in result.output


def test_without_a_cache_a_game_is_read_afresh(tmp_path, items_read):
    source = deck(tmp_path / "cache", cards=4)
    for _ in range(2):
        reading.read_game(source, BuildCache(None))
    assert items_read == {"item": 0, "file": 2}
    assert not list(Path(tmp_path).glob("**/.cache"))
