"""Scenes split into the layers that the writers draw in turn."""

from msgspec.structs import replace

from generator.layout.scene import ROLES, Group, Rect, Style, Text, by_role, items_digest, line_style
from generator.layout.text import set_line
from generator.text.shaping import shape


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


def test_a_texts_packed_form_tells_texts_apart_as_its_repr_does():
    """items_digest reads a text by its packed form, in place of its repr: two texts differ
    in the one when they do in the other, whatever field or run differs (numbers by value:
    3 and 3.0, which every writer writes alike, pack alike)."""
    (text,) = set_line(3, 5, "Two words", "DejaVuSans", 3.0)
    assert len(text.runs) == 2
    (offset, first), (second_offset, second) = text.runs
    (bold,) = set_line(3, 5, "Two", "DejaVuSans-Bold", 3.0)
    variants = [
        replace(text, x=text.x + 1e-9),
        replace(text, y=-text.y),
        replace(text, size=3.25),
        replace(text, colour="#ff0000"),
        replace(text, role="guide"),
        replace(text, runs=((offset, first), (second_offset + 1e-9, second))),
        replace(text, runs=((offset, bold.runs[0][1]), (second_offset, second))),
        replace(text, runs=((offset, shape(first.text, first.face, rtl=True)), (second_offset, second))),
        replace(text, runs=((offset, shape(first.text, first.face, language="de")), (second_offset, second))),
        replace(text, runs=((offset, first), (second_offset, bold.runs[0][1]))),
        replace(text, runs=text.runs[:1]),
        replace(text, runs=(*text.runs, (9.0, first))),
        replace(text, runs=()),
    ]
    texts = [text, *variants]
    assert len({repr(t) for t in texts}) == len({t.packed() for t in texts}) == len(texts)
    # Equal texts made apart pack alike, and what the repr does not say (the text read) is
    # not packed either.
    (again,) = set_line(3, 5, "Two words", "DejaVuSans", 3.0)
    assert again is not text and again.packed() == text.packed()
    assert replace(text, text="other").packed() == text.packed()
    assert replace(text, x=float(text.x)).packed() == text.packed()
    assert items_digest([text, Rect(0, 0, 1, 1, Style())]) != items_digest([variants[5], Rect(0, 0, 1, 1, Style())])
