"""The draw memo of a live preview: an item drawn by the last pass is not drawn again while
it (places included) and its file's scope are unchanged, and its findings and art files are
given again on reuse; a changed item, another scope, a pass without it, or a change to an
art file it read makes it drawn afresh. Counted with a kind that records its draws."""

from pathlib import Path

from generator.findings import warning
from generator.layout.component import ComponentKind, Faces
from generator.layout.context import LayoutContext
from generator.layout.memo import DrawMemo, fingerprint
from generator.layout.scene import Scene
from generator.located import Loc
from generator.sources.frozen import LocMap
from generator.sources.game import Game
from generator.sources.layout_model import Layout

LAYOUT = Layout(name="tile", width=10.0, height=10.0, loc=None)


class Counting(ComponentKind):
    """Draws an item as an empty scene; each draw reads the art file its `art` names and
    makes a warning."""

    name = "tile"

    def __init__(self):
        self.draws: list[str] = []

    def draw(self, item, layout, ctx):
        self.draws.append(item["name"])
        if "art" in item:
            ctx.art_files.add(Path(item["art"]))
        ctx.findings.append(warning("T001", f"drew {item['name']}"))
        return Faces(Scene(10, 10, name=item["name"]))


def ctx() -> LayoutContext:
    return LayoutContext(Game(Path("."), "T", "none", LocMap()))


def tile(name: str, line: int = 1, **fields) -> LocMap:
    return LocMap({"name": name, **fields}, Loc("tiles.yaml", line, 3))


def one_pass(memo: DrawMemo, kind: Counting, items: list[LocMap], scope: bytes = b"scope") -> LayoutContext:
    memo.begin()
    context = ctx()
    memo.remembering(kind, scope).draw_file(items, LAYOUT, context)
    return context


def test_an_unchanged_item_is_drawn_once_and_its_findings_and_art_given_again():
    memo, kind = DrawMemo(), Counting()
    first = one_pass(memo, kind, [tile("a", art="a.png"), tile("b", 2)])
    again = one_pass(memo, kind, [tile("a", art="a.png"), tile("b", 2)])
    assert kind.draws == ["a", "b"]  # the second pass drew nothing
    assert again.findings == first.findings == [warning("T001", "drew a"), warning("T001", "drew b")]
    assert again.art_files == {Path("a.png")}
    assert memo.art_files() == {Path("a.png")}


def test_a_changed_item_or_place_or_scope_is_drawn_again():
    memo, kind = DrawMemo(), Counting()
    one_pass(memo, kind, [tile("a"), tile("b", 2)])
    one_pass(memo, kind, [tile("a"), tile("b", 2, cost=1)])  # b's fields changed
    assert kind.draws == ["a", "b", "b"]
    one_pass(memo, kind, [tile("a", 5), tile("b", 2, cost=1)])  # a moved to line 5
    assert kind.draws == ["a", "b", "b", "a"]
    one_pass(memo, kind, [tile("a", 5), tile("b", 2, cost=1)], scope=b"other layout")
    assert kind.draws == ["a", "b", "b", "a", "a", "b"]


def test_only_what_the_last_pass_drew_is_kept():
    memo, kind = DrawMemo(), Counting()
    one_pass(memo, kind, [tile("a")])
    one_pass(memo, kind, [tile("a"), tile("b", 2)])
    assert kind.draws == ["a", "b"]
    one_pass(memo, kind, [tile("b", 2)])
    one_pass(memo, kind, [tile("a"), tile("b", 2)])  # a was not in the pass before: drawn afresh
    assert kind.draws == ["a", "b", "a"]


def test_forget_art_drops_the_drawings_that_read_the_changed_file():
    memo, kind = DrawMemo(), Counting()
    one_pass(memo, kind, [tile("a", art="a.png"), tile("b", 2, art="b.png")])
    memo.forget_art({Path("a.png")})
    assert memo.art_files() == {Path("b.png")}
    one_pass(memo, kind, [tile("a", art="a.png"), tile("b", 2, art="b.png")])
    assert kind.draws == ["a", "b", "a"]


def test_the_kind_itself_is_left_as_it_was():
    memo, kind = DrawMemo(), Counting()
    copy = memo.remembering(kind, b"scope")
    assert copy is not kind and "draw" not in vars(kind)


def test_the_fingerprint_sees_values_and_places():
    assert fingerprint(b"s", tile("a")) == fingerprint(b"s", tile("a"))
    assert fingerprint(b"s", tile("a")) != fingerprint(b"s", tile("a", 2))
    assert fingerprint(b"s", tile("a")) != fingerprint(b"t", tile("a"))
