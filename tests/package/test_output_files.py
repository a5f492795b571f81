"""write_atomic: a file is written whole, readable by all, into a folder made for it, and a
failed write leaves what was there before and no temporary file."""

import os
import stat

import pytest

from generator import output
from generator.output import write_atomic


def test_a_file_is_written_whole_with_the_mode_of_every_output(tmp_path):
    path = tmp_path / "sheet.png"
    write_atomic(path, b"\x89PNG" * 1000)
    assert path.read_bytes() == b"\x89PNG" * 1000
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.png"]


def test_the_folders_of_a_new_file_are_made(tmp_path):
    path = tmp_path / "deck" / "png" / "sheet.png"
    write_atomic(path, b"pixels")
    assert path.read_bytes() == b"pixels"


def test_new_bytes_replace_the_old_and_the_same_bytes_leave_the_file_alone(tmp_path):
    path = tmp_path / "sheet.svg"
    write_atomic(path, b"<svg/>")
    first = path.stat()
    write_atomic(path, b"<svg/>")
    assert (path.stat().st_ino, path.stat().st_mtime_ns) == (first.st_ino, first.st_mtime_ns)
    write_atomic(path, b"<svg></svg>")
    assert path.read_bytes() == b"<svg></svg>" and path.stat().st_ino != first.st_ino


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "sheet.svg"
    write_atomic(path, b"old")

    def refuse(source, target):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(output.os, "replace", refuse)
    with pytest.raises(OSError, match="No space"):
        write_atomic(path, b"new")
    monkeypatch.undo()
    assert path.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["sheet.svg"]
