"""A game folder's snapshot (generator/sources/snapshot.py): whether any of its files was
saved, replaced or removed since a build began to read it."""

from generator.sources.snapshot import Snapshot


def test_a_snapshot_tells_a_save_a_replacement_and_a_removal(tmp_path):
    (tmp_path / "a.yaml").write_text("one")
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "p.png").write_bytes(b"png")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "index").write_bytes(b"x")
    taken = Snapshot.of(tmp_path)
    assert [path.rsplit("/", 2)[-1] for path, _ in taken.stamps] == ["a.yaml", "p.png"]
    assert taken.unchanged()
    (tmp_path / ".git" / "index").write_bytes(b"changed")  # a hidden folder is not the game's
    assert taken.unchanged()
    (tmp_path / "a.yaml").write_text("two")
    assert not taken.unchanged()
    taken = Snapshot.of(tmp_path)
    (tmp_path / "b.yaml").write_text("two")
    (tmp_path / "b.yaml").replace(tmp_path / "a.yaml")  # an editor's save: a new file renamed over
    assert not taken.unchanged()
    taken = Snapshot.of(tmp_path)
    (tmp_path / "art" / "p.png").unlink()
    assert not taken.unchanged()
