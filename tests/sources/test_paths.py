"""A file a source names is found inside its game folder or refused at the place naming it:
an absolute path, a `..` that climbs out, a link leading out, a link loop and a name the file
system cannot look up are each a SourceError, never a traceback; a file that is not there is
left for the caller to report."""

import errno
import os

import pytest

from generator.located import Loc
from generator.sources.errors import SourceError
from generator.sources.paths import confined, file_inside, inside

AT = Loc("cards.yaml", 4, 10)


@pytest.fixture
def game(tmp_path):
    """A game folder holding art/ship.png, beside a file outside it."""
    folder = tmp_path / "game"
    (folder / "art").mkdir(parents=True)
    (folder / "art" / "ship.png").write_bytes(b"png")
    (tmp_path / "secret.txt").write_text("not the game's")
    return folder


def refused(call, *args) -> SourceError:
    with pytest.raises(SourceError) as error:
        call(*args)
    assert error.value.loc == AT
    return error.value


def test_a_relative_path_inside_is_resolved(game):
    assert confined(game, "art/ship.png", AT, "image") == (game / "art" / "ship.png").resolve()
    assert confined(game, "art/../art/ship.png", AT, "image") == (game / "art" / "ship.png").resolve()


def test_a_path_to_nothing_inside_is_given_back_for_the_caller_to_report(game):
    assert confined(game, "art/missing.png", AT, "image") == game.resolve() / "art" / "missing.png"
    assert file_inside(game / "art" / "missing.png", game, AT, "image") is None


def test_an_absolute_path_is_refused(game, tmp_path):
    named = str(tmp_path / "secret.txt")
    error = refused(confined, game, named, AT, "image")
    assert error.message.startswith(f"image {named!r} must be a path inside ")
    assert error.message.endswith(", not absolute")


def test_climbing_out_is_refused(game):
    error = refused(confined, game, "../secret.txt", AT, "image")
    assert error.message.startswith("image '../secret.txt' leads outside ")


def test_a_link_leading_out_is_refused_and_one_leading_inside_is_followed(game, tmp_path):
    (game / "art" / "out.png").symlink_to(tmp_path / "secret.txt")
    (game / "art" / "same.png").symlink_to(game / "art" / "ship.png")
    error = refused(confined, game, "art/out.png", AT, "image")
    assert error.message.startswith("image 'art/out.png' leads outside ")
    assert confined(game, "art/same.png", AT, "image") == (game / "art" / "ship.png").resolve()
    assert file_inside(game / "art" / "same.png", game, AT, "image") == (game / "art" / "ship.png").resolve()
    with pytest.raises(SourceError, match="leads outside"):
        file_inside(game / "art" / "out.png", game, AT, "image")


def test_a_link_loop_is_refused(game):
    (game / "art" / "a.png").symlink_to(game / "art" / "b.png")
    (game / "art" / "b.png").symlink_to(game / "art" / "a.png")
    error = refused(confined, game, "art/a.png", AT, "image")
    # Python 3.11 and 3.12 say a loop when resolving; later versions leave it to the look-up
    assert error.message in (
        "image 'art/a.png' is a link that leads to itself",
        f"image 'art/a.png' cannot be looked up: {os.strerror(errno.ELOOP)}",
    )


def test_a_name_too_long_is_refused_as_the_file_system_says(game):
    name = "x" * 300 + ".png"
    error = refused(confined, game, name, AT, "image")
    assert error.message == f"image {name!r} cannot be looked up: File name too long"


def test_file_inside_gives_a_file_and_nothing_for_a_folder(game):
    assert file_inside(game / "art" / "ship.png", game, AT, "image") == (game / "art" / "ship.png").resolve()
    assert file_inside(game / "art", game, AT, "image") is None


def test_inside_names_the_path_as_shown_unless_told(game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    error = refused(inside, game / ".." / "secret.txt", game, AT, "layout")
    assert error.message == "layout 'secret.txt' leads outside game"  # as the working folder sees it
    error = refused(inside, game / ".." / "secret.txt", game, AT, "layout", "secret")
    assert error.message == "layout 'secret' leads outside game"
