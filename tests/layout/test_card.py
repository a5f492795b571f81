"""The generic `card` kind draws an item's fields through the shipped card layouts (a field
the item lacks draws nothing, a two-sided layout gives a back), repeats an item `count`
times, and warns about fields no element reads, elements showing fields no item has, and
elements that leave the card; the layouts are the shipped ones or YAML written here."""

from pathlib import Path

import pytest

from generator import shipped
from generator.findings import Severity
from generator.layout.card import CARD, field_findings, placement_findings
from generator.layout.context import LayoutContext
from generator.layout.scene import Rect, Text
from generator.sources.errors import SourceError
from generator.sources.frozen import LocMap, frozen
from generator.sources.game import Game
from generator.sources.layouts import load_layout
from generator.sources.loader import load_yaml
from generator.units import PT


def context(folder: Path) -> LayoutContext:
    """A context for a game in `folder`: its layouts/ first, then the shipped ones."""
    game = Game(folder, "Test", "none", LocMap())
    return LayoutContext(game, layout_dirs=[folder / "layouts", shipped.layouts_dir()])


def items(path: Path, text: str) -> list[LocMap]:
    """The items of a YAML list, frozen with their places as the loader reads them."""
    path.write_text(text)
    return list(frozen(load_yaml(path)))


def texts(scene) -> list[str]:
    return [item.text for item in scene.items if isinstance(item, Text)]


def test_a_card_shows_its_fields_and_skips_those_it_lacks(tmp_path):
    ctx = context(tmp_path)
    layout = ctx.layout("card", CARD)
    (card,) = items(tmp_path / "cards.yaml", "- {title: Hello, text: World}\n")
    faces = CARD.draw(card, layout, ctx)
    assert texts(faces.front) == ["Hello", "World"]  # no flavour: that element draws nothing
    title = next(item for item in faces.front.items if isinstance(item, Text) and item.text == "Hello")
    # layouts/card.yaml sets the title in DejaVuSans-Bold 11pt, 4 mm in from the left edge
    assert {shaped.face for _, shaped in title.runs} == {"DejaVuSans-Bold"} and title.x == 4.0
    assert title.size == pytest.approx(11 * PT, abs=1e-5)
    assert faces.back is None
    assert (faces.front.width, faces.front.height, faces.front.bleed) == (63.5, 88.9, 3.0)
    assert ctx.findings == []


def test_a_two_sided_layout_draws_the_back_from_the_same_item(tmp_path):
    ctx = context(tmp_path)
    layout = ctx.layout("card-two-sided", CARD)
    (card,) = items(tmp_path / "cards.yaml", "- {title: Front, back: Deck}\n")
    faces = CARD.draw(card, layout, ctx)
    assert faces.back is not None
    assert texts(faces.back) == ["Deck"]
    # the back's background (#e8e4d8 in card-two-sided.yaml) covers the trim and its 3 mm bleed
    background = faces.back.items[0]
    assert isinstance(background, Rect) and background.style.fill == "#e8e4d8"
    assert (background.x, background.y, background.w, background.h) == pytest.approx((-3, -3, 69.5, 94.9))


def test_draw_file_repeats_each_card_count_times(tmp_path):
    ctx = context(tmp_path)
    layout = ctx.layout("card", CARD)
    cards = items(tmp_path / "cards.yaml", "- {title: A, count: 3}\n- {title: B}\n")
    faces = CARD.draw_file(cards, layout, ctx)
    assert [texts(f.front) for f in faces] == [["A"], ["A"], ["A"], ["B"]]


def test_unread_keys_and_fields_no_item_has_are_warnings_at_their_places(tmp_path):
    layout = load_layout("card")
    # `flavor` is a misspelling of the layout's `flavour`: read by no element
    cards = items(tmp_path / "cards.yaml", "- {title: A, count: 2}\n- {title: B, flavor: Rain}\n")
    findings = field_findings(cards, layout)
    unread = [f for f in findings if f.code == "L006"]
    assert len(unread) == 1 and "'flavor'" in unread[0].message
    assert unread[0].severity is Severity.WARNING and unread[0].loc.line == 2  # the key, on line 2
    # count is reserved: never reported. `text` and `flavour` are shown but no item has
    # them, by elements of the shipped base layout, which a deck may go without: only
    # `flavour`, the other half of the misspelling, is reported
    missing = [f for f in findings if f.code == "L007"]
    assert [f.message.split("'")[1] for f in missing] == ["flavour"] and "did you mean 'flavor'?" in missing[0].message
    assert not any("'count'" in f.message for f in findings)
    plain = items(tmp_path / "plain.yaml", "- {title: A}\n- {title: B}\n")
    assert not [f for f in field_findings(plain, layout) if f.code == "L007"]  # a deck without flavour


def test_a_field_no_item_has_is_a_warning_at_an_element_of_the_designers_own_layout(tmp_path):
    """L007 is the designer's: an element of their own layout, written in their file, that
    shows a field none of the items has. What it extends from the shipped `card` is quiet."""
    (tmp_path / "quoted.yaml").write_text(
        "extends: card\nelements:\n"
        "  quote: {type: text, field: quote, x: 4mm, right: 4mm, y: 80%, height: 8%, size: 7pt}\n"
    )
    layout = load_layout("quoted", [tmp_path, shipped.layouts_dir()])
    cards = items(tmp_path / "cards.yaml", "- {title: A}\n- {title: B, qoute: Rain}\n")
    missing = [f for f in field_findings(cards, layout) if f.code == "L007"]
    assert [f.message.split("'")[1] for f in missing] == ["quote"] and "'qoute'" in missing[0].message
    assert missing[0].loc.file.endswith("quoted.yaml") and missing[0].loc.line == 3


def test_elements_leaving_the_card_and_its_bleed_are_findings(tmp_path):
    (tmp_path / "placed.yaml").write_text(
        "size: {width: 60mm, height: 80mm}\n"
        "bleed: 3mm\n"
        "elements:\n"
        "  inside: {type: rect, x: -3mm, y: -3mm, width: 66mm, height: 86mm, fill: '#ff0000'}\n"
        "  past: {type: rect, x: 50mm, y: 10mm, width: 14mm, height: 5mm, fill: '#ff0000'}\n"
        "  gone: {type: rect, x: 60mm, y: 10mm, width: 5mm, height: 5mm, fill: '#ff0000'}\n"
    )
    layout = load_layout("placed", [tmp_path])
    findings = {f.message.split("'")[1]: f for f in placement_findings(layout)}
    assert set(findings) == {"past", "gone"}  # 'inside' reaches exactly the bleed's edge
    assert findings["past"].severity is Severity.WARNING and findings["past"].code == "L008"
    assert findings["gone"].severity is Severity.ERROR and findings["gone"].code == "L008"
    assert findings["gone"].loc.line == 6


def test_an_items_own_layout_must_match_the_files_size_and_bleed(tmp_path):
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "spell.yaml").write_text("extends: card\nbackground: '#0000ff'\n")
    (tmp_path / "layouts" / "mini.yaml").write_text("extends: card\nsize: {width: 40mm, height: 60mm}\n")
    ctx = context(tmp_path)
    layout = ctx.layout("card", CARD)
    spell, mini = items(tmp_path / "cards.yaml", "- {title: S, layout: spell}\n- {title: M, layout: mini}\n")
    assert CARD.layout_for(spell, layout, ctx).background == "#0000ff"
    with pytest.raises(SourceError, match="not the size and bleed"):
        CARD.layout_for(mini, layout, ctx)
