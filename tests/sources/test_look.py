"""game.yaml's `look:`: a game's title face, colours and emblem, read and checked with its other
sources; what a game leaves out takes the defaults, and a wrong look is refused by a real build
at its place (exit 2, no traceback, nothing written)."""

import pypdfium2 as pdfium
import pytest
import yaml

from generator.games import load_game
from generator.sources.look import DEFAULT_TITLE_FONT, Look
from tests.conftest import COMPONENTS
from tests.sources.test_hostile_sources_game import build, cards, refused, write_game


def game_with(tmp_path, look: str, files: dict[str, str] | None = None):
    folder = write_game(tmp_path / "game", {"cards.yaml": cards("{title: A}"), **(files or {})})
    text = (folder / "game.yaml").read_text()
    (folder / "game.yaml").write_text(text + look)
    return folder


def test_a_game_without_a_look_gets_the_defaults(tmp_path):
    game = load_game(write_game(tmp_path / "game", {"cards.yaml": cards("{title: A}")}))
    assert game.look == Look()
    assert game.look.title_font == DEFAULT_TITLE_FONT and game.look.emblem == ""


def test_the_look_is_read_with_the_accent_defaulting_to_the_colour(tmp_path):
    game = load_game(game_with(tmp_path, 'look: {title_font: Vollkorn, colour: "#3A2E24"}\n'))
    assert (game.look.title_font, game.look.colour, game.look.accent) == ("Vollkorn", "#3a2e24", "#3a2e24")


@pytest.mark.parametrize("slug", ["chip-flip", "sliders", "slipmax", "twisty-passages", "whipped"])
def test_every_shipped_game_has_a_look_of_its_own(slug):
    game = load_game(COMPONENTS / slug)
    declared = yaml.safe_load((COMPONENTS / slug / "game.yaml").read_text())["look"]
    assert game.look.title_font == declared["title_font"] != DEFAULT_TITLE_FONT
    assert game.fonts.face(game.look.title_font, None).bold
    assert game.look.emblem


def test_the_five_games_have_five_faces_and_five_colours():
    looks = [
        load_game(COMPONENTS / slug).look for slug in ("chip-flip", "sliders", "slipmax", "twisty-passages", "whipped")
    ]
    assert len({look.title_font for look in looks}) == 5
    assert len({look.colour for look in looks}) == 5


@pytest.mark.parametrize(
    ("look", "place", "message"),
    [
        ("look: {title_font: Nonesuch}\n", "game/game.yaml:4:20", "unknown font 'Nonesuch'"),
        ('look: {colour: "red"}\n', "game/game.yaml:4:16", "expected a colour such as '#1a2b3c'"),
        ("look: {title_fnt: Play}\n", "game/game.yaml:4", "title_fnt"),
    ],
)
def test_a_wrong_look_is_refused_at_its_place(tmp_path, look, place, message):
    stderr = refused(game_with(tmp_path, look), tmp_path, message)
    assert place in stderr


def test_an_emblem_with_no_icon_is_finding_l002_at_its_place(tmp_path):
    """A finding of the layout stage, like an inline icon with no file: the build stops
    before anything is printed (the layout's cache alone is kept)."""
    result, _ = build(game_with(tmp_path, "look: {emblem: nowhere}\n"), tmp_path / "out")
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "L002" in result.stderr and "nowhere.svg" in result.stderr
    assert "game/game.yaml:4:16" in result.stderr
    assert not list((tmp_path / "out").glob("game*/*.pdf"))


def test_an_emblem_from_the_games_icons_is_drawn_on_its_cover(tmp_path):
    icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'
    folder = game_with(tmp_path, "look: {emblem: mark}\n", {"icons/mark.svg": icon})
    result, _ = build(folder, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    cover = pdfium.PdfDocument(tmp_path / "out" / "game" / "game.pdf")[0]
    image = cover.render(scale=50 / 72).to_pil().convert("L")
    width = image.width
    # A black square 30 mm wide, centred, above the title.
    row = [image.getpixel((x, int(30 / 25.4 * 50))) for x in range(width)]
    dark = [x for x, value in enumerate(row) if value < 60]
    assert dark and (dark[-1] - dark[0]) / 50 * 25.4 == pytest.approx(30, abs=1.5)
    assert (dark[-1] + dark[0]) / 2 == pytest.approx(width / 2, abs=3)
