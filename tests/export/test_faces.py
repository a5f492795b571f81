"""The faces of a game for the per-face exports (generator/export/faces.py): a deck's common
back is the one back all its cards share (none when one differs or is missing); a face's page
is its trim plus the shop's bleed, the TrimBox inside the BleedBox, with only a background
that covers the whole trim grown into the bleed; and `decks` gives each component file that
has faces, copies as the one Scene, from the run's parts."""

from generator.export.faces import Deck, bled, decks, face_sheet
from generator.games import load_game
from generator.layout.scene import Group, Rect, Scene, Style, Text
from generator.layout.text import set_line
from generator.pipeline import PrintRun
from generator.project import OutputSettings, Project

PAPER, INK = Style(fill="#e8e4d8"), Style(fill="#000000")


def face(word: str, background: Style = PAPER) -> Scene:
    scene = Scene(63.5, 88.9, name=word)
    (text,) = set_line(4, 40, word, "DejaVuSans", 3.0)
    assert isinstance(text, Text) and text.text == word
    scene.add(Rect(0, 0, 63.5, 88.9, background), text)
    return scene


def test_a_common_back_is_the_one_back_every_card_shows():
    front, back = face("front"), face("Deck")
    assert Deck("cards", "cards", [front, front], [back, face("Deck")]).common_back is back
    assert Deck("cards", "cards", [front, front], [back, face("Other")]).common_back is None
    assert Deck("cards", "cards", [front, front], [back, None]).common_back is None
    one_sided = Deck("cards", "cards", [front], [None])
    assert one_sided.common_back is None and not one_sided.two_sided
    assert Deck("cards", "cards", [front, front], [None, back]).two_sided


def test_only_a_background_over_the_whole_trim_runs_into_the_bleed():
    scene = face("A")
    scene.add(
        Rect(10, 10, 20, 20, INK),  # a box inside the face
        Rect(0, 0, 63.5, 88.9, Style(stroke="#000000", stroke_width=0.2)),  # an outline, no fill
        Rect(0, 0, 63.5, 88.9, INK, radius=3),  # rounded: not a background to grow
    )
    background, text, box, outline, rounded = bled(scene, 3.175)
    assert background == Rect(-3.175, -3.175, 63.5 + 6.35, 88.9 + 6.35, PAPER)
    assert (text, box, outline, rounded) == tuple(scene.items[1:])


def test_a_face_sheet_is_the_trim_plus_the_bleed_each_side():
    scene = face("A")
    sheet = face_sheet(scene, 3.0)
    assert (sheet.width, sheet.height) == (69.5, 94.9)
    assert sheet.trim == (3.0, 3.0, 63.5, 88.9) and sheet.bleed == (0.0, 0.0, 69.5, 94.9)
    (group,) = sheet.items
    assert isinstance(group, Group) and group.transform == (1, 0, 0, 1, 3.0, 3.0)
    assert group.clip == (-3.0, -3.0, 69.5, 94.9)  # the page, in the face's coordinates
    assert group.items[0] == Rect(-3.0, -3.0, 69.5, 94.9, PAPER) and sheet.title == "A"


def test_decks_are_the_component_files_with_faces(tmp_path):
    game = tmp_path / "tiny"
    game.mkdir()
    (game / "game.yaml").write_text("name: Tiny\nengine: none\ncomponents: [cards.yaml, tokens.yaml]\n")
    items = "  - {title: A, text: a, back: Deck, count: 2}\n  - {title: B, text: b, back: Deck}\n"
    (game / "cards.yaml").write_text("kind: card\nlayout: card-two-sided\nitems:\n" + items)
    (game / "tokens.yaml").write_text("kind: card\nitems:\n  - {title: T, text: t}\n")
    project = Project.find([game], output=OutputSettings(tmp_path / "out", jobs=1))
    cards, tokens = decks(PrintRun.of(load_game(game), project))
    assert (cards.name, cards.label, tokens.name) == ("cards", "cards", "tokens")
    assert len(cards.fronts) == 3 and cards.fronts[0] is cards.fronts[1] is not cards.fronts[2]
    assert cards.two_sided and cards.common_back is not None and not tokens.two_sided
    assert all((f.width, f.height) == (63.5, 88.9) for f in cards.fronts + tokens.fronts)
