"""The live preview follows its art files as a build does: a picture replaced on disk (by
another picture, by junk, by a link out of the game folder) shows at once, the item naming
it unchanged, and gives the finding a build gives.

A small deck is served through the Previews object, as the server drives it: a rebuild of
the games the changed file concerns (generator.watching's affected, after its changed_path).
What the page shows is read back: the findings beside each card, and the pictures embedded in
its face, decoded from their data URIs."""

import base64
import os
import re
import time
from pathlib import Path

import pytest
from PIL import Image

from generator.games import load_game
from generator.pipeline import build_game
from generator.project import OutputSettings, Project
from generator.serve.preview import GamePreview
from generator.serve.server import Previews, start, stop_serving
from generator.watching import affected, changed_path

LAYOUT = "extends: card\nelements:\n  p: {type: image, field: art, x: 10mm, y: 20mm, width: 20mm, height: 20mm}\n"
CARDS = "kind: card\nlayout: pictured\nitems:\n  - {title: Pictured, art: art/p.png}\n  - {title: Plain, text: Words}\n"
#: Seconds the running server may take to show a saved picture (debounce and one rebuild).
SHOWN = 30.0
_DATA_URI = re.compile(r'href="data:image/[a-z+]+;base64,([A-Za-z0-9+/=]+)"')


def picture(path: Path, colour: tuple[int, int, int], size: int) -> bytes:
    """A PNG of one colour, size x size pixels (fine enough for the 20 mm box): its bytes."""
    Image.new("RGB", (size, size), colour).save(path)
    return path.read_bytes()


def write_deck(folder: Path) -> Path:
    """A deck of a card showing art/p.png and a plain card."""
    (folder / "art").mkdir(parents=True)
    (folder / "layouts").mkdir()
    (folder / "game.yaml").write_text("name: Pictured\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "layouts" / "pictured.yaml").write_text(LAYOUT)
    (folder / "cards.yaml").write_text(CARDS)
    return folder


@pytest.fixture
def deck(tmp_path) -> Path:
    game = write_deck(tmp_path / "deck").resolve()
    picture(game / "art" / "p.png", (255, 0, 0), 300)
    return game


@pytest.fixture
def previews(deck, tmp_path) -> Previews:
    """The deck previewed once, as `cutsheet serve` starts, its build cache in out/."""
    served = Previews(Project.find([deck], output=OutputSettings(tmp_path / "out")))
    served.rebuild()
    return served


def saved(previews: Previews, path: Path) -> GamePreview:
    """The preview after `path` changed, rebuilt as the server's watcher rebuilds it."""
    previews.rebuild(affected(previews.folders, [changed_path(str(path))]))
    return next(iter(previews.games.values()))


def card(preview: GamePreview, title: str):
    return next(c for g in preview.groups for c in g.components if c.title == title)


def pictures(preview: GamePreview, title: str) -> list[bytes]:
    """The pictures embedded in a card's front, as the page's browser decodes them."""
    return [base64.b64decode(data) for data in _DATA_URI.findall(card(preview, title).front.svg)]


def findings(preview: GamePreview) -> list[str]:
    return [str(f) for f in preview.findings + [f for g in preview.groups for c in g.components for f in c.findings]]


def art_errors(found: list) -> list[str]:
    return [str(f) for f in found if "[L009]" in str(f)]


def built_errors(game: Path, out: Path) -> list[str]:
    """The art errors `cutsheet build` reports for the game into `out`."""
    return art_errors(build_game(load_game(game), Project.find([game], output=OutputSettings(out))).findings)


def test_a_picture_replaced_by_another_shows_at_once(previews, deck, drawn_titles):
    old, before = (deck / "art" / "p.png").read_bytes(), findings(previews.games[deck])
    assert pictures(previews.games[deck], "Pictured") == [old]

    new = picture(deck / "art" / "p.png", (0, 0, 255), 400)
    preview = saved(previews, deck / "art" / "p.png")
    assert pictures(preview, "Pictured") == [new]
    assert drawn_titles == ["Pictured"]  # the plain card is reused: the picture is no part of it
    assert findings(preview) == before and not art_errors(before)
    assert preview.pdf is not None and preview.checked


def test_a_picture_turned_to_junk_gives_the_error_a_build_gives(previews, deck, tmp_path):
    (deck / "art" / "p.png").write_bytes(b"not a picture at all\n" * 20)
    preview = saved(previews, deck / "art" / "p.png")
    errors = art_errors(card(preview, "Pictured").findings)
    assert len(errors) == 1 and "is not an image Pillow can read" in errors[0]
    assert errors == built_errors(deck, tmp_path / "fresh")
    assert pictures(preview, "Pictured") == [] and preview.pdf is None


def test_a_picture_replaced_by_a_link_out_of_the_game_folder_gives_the_error_a_build_gives(previews, deck, tmp_path):
    picture(tmp_path / "elsewhere.png", (0, 255, 0), 500)
    (deck / "art" / "p.png").unlink()
    os.symlink(tmp_path / "elsewhere.png", deck / "art" / "p.png")
    preview = saved(previews, deck / "art" / "p.png")
    errors = art_errors(card(preview, "Pictured").findings)
    assert len(errors) == 1 and "image file 'art/p.png' leads outside" in errors[0]
    assert errors == built_errors(deck, tmp_path / "fresh")
    assert pictures(preview, "Pictured") == [] and preview.pdf is None


def test_a_build_after_an_incremental_preview_still_sees_a_changed_picture(previews, deck, tmp_path, drawn_titles):
    """The preview keeps its layout in the build cache the build reads: a reused card must
    keep its art file on the record, or the build takes the old picture for good."""
    (deck / "cards.yaml").write_text(CARDS.replace("Words", "Other words"))
    saved(previews, deck / "cards.yaml")
    assert drawn_titles == ["Plain"]
    (deck / "art" / "p.png").write_bytes(b"junk")
    errors = built_errors(deck, tmp_path / "out")
    assert len(errors) == 1 and "is not an image Pillow can read" in errors[0]


def test_a_link_into_another_served_game_rebuilds_the_game_holding_it(tmp_path):
    one, two = (write_deck(tmp_path / name).resolve() for name in ("one", "two"))
    picture(two / "art" / "p.png", (0, 0, 255), 300)
    os.symlink(two / "art" / "p.png", one / "art" / "p.png")
    previews = Previews(Project.find([one, two], output=OutputSettings(tmp_path / "out")))
    assert affected(previews.folders, [changed_path(str(one / "art" / "p.png"))]) == [one]
    assert affected(previews.folders, [changed_path(str(two / "art" / "p.png"))]) == [two]


def test_the_running_server_shows_a_saved_picture(deck, tmp_path):
    """The watcher sees an art file no source lists, and the page swaps the picture in."""
    previews = Previews(Project.find([deck], output=OutputSettings(tmp_path / "out")))
    server, stop = start(previews, 0)
    try:
        new = picture(deck / "art" / "p.png", (0, 0, 255), 400)
        deadline, seen = time.monotonic() + SHOWN, previews.version
        while pictures(previews.games[deck], "Pictured") != [new] and time.monotonic() < deadline:
            seen = previews.wait_for_change(seen, deadline - time.monotonic())
        assert pictures(previews.games[deck], "Pictured") == [new]
        shown = card(previews.games[deck], "Pictured").front.name
        assert f'src="/faces/{shown}"' in previews.content()[1]
        assert base64.b64encode(new).decode() in (previews.face(f"/faces/{shown}") or "")
    finally:
        stop_serving(server, stop)
