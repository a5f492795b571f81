"""Scenes split into the layers that the writers draw in turn."""

from generator.layout.scene import ROLES, Group, Rect, Style, Text, by_role, line_style
from generator.layout.text import set_line


def test_each_role_gets_its_items_in_their_groups_and_haloed_lines_their_under_strokes():
    cut = Rect(0, 0, 63, 88, line_style("cut"))
    guide = Rect(1, 1, 61, 86, line_style("guide"))
    art = Rect(2, 2, 10, 10, Style(fill="#ff0000"))
    (words,) = set_line(3, 5, "Hello", "DejaVuSans", 3.0)
    assert isinstance(words, Text) and words.role == "art"
    unknown = Rect(4, 4, 1, 1, Style(fill="#000000", role="decoration"))
    card = Group((art, cut, words, unknown), (1, 0, 0, 1, 10, 20), clip=(0, 0, 63, 88))
    layers = by_role((card, guide))

    assert tuple(layers) == ROLES
    assert layers["art"] == (Group((art, words), card.transform, card.clip),)
    assert layers["cut"] == (Group((cut,), card.transform, card.clip),)
    assert layers["guide"] == (guide,)
    (halo_group,) = layers["halo"]
    (halo,) = halo_group.items
    assert (halo.x, halo.w) == (cut.x, cut.w)
    assert halo.style.role == "halo" and halo.style.stroke == "#ffffff"
    assert halo.style.stroke_width > cut.style.stroke_width
    # Every layer is now accounted for, so the item of the unknown role "decoration" is in none.
    assert all(not layers[role] for role in ("score", "slit", "crop"))
