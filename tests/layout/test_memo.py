"""The draw memo of a live preview: an item drawn by the last pass is not drawn again while
it (places included) and its file's scope are unchanged, and its findings and art files are
given again on reuse; a changed item, another scope, a pass without it, or a change to an
art file it read makes it drawn afresh. Counted with a kind that records its draws."""

from pathlib import Path

from msgspec.structs import replace

from generator.findings import warning
from generator.games import load_game
from generator.layout.component import ComponentKind, Faces
from generator.layout.context import LayoutContext
from generator.layout.memo import Drawing, DrawMemo, fingerprint
from generator.layout.scene import Scene
from generator.located import Loc
from generator.sources.fingerprint import item_fingerprint
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


def tile(name: str, line: int = 1, column: int = 4, **fields) -> LocMap:
    """An item at `line`, its name written in `column` of its next line."""
    return LocMap(
        {"name": name, **fields}, Loc("tiles.yaml", line, 3), value_locs={"name": Loc("tiles.yaml", line + 1, column)}
    )


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
    one_pass(memo, kind, [tile("a", column=9), tile("b", 2, cost=1)])  # a's name written elsewhere in it
    assert kind.draws == ["a", "b", "b", "a"]
    one_pass(memo, kind, [tile("a", column=9), tile("b", 2, cost=1)], scope=b"other layout")
    assert kind.draws == ["a", "b", "b", "a", "a", "b"]


class Placing(Counting):
    """Counting, and a finding where the item's `flag` says: at its name (`placed`), at a
    character of its name (`within`), at its `art`'s place (`other file`), at another line of
    its file (`elsewhere`), or at its name with a message naming its file (`named`)."""

    def draw(self, item, layout, ctx):
        flag = item.get("flag")
        if flag == "placed":
            ctx.findings.append(warning("T002", f"{item['name']} here", item.loc_of("name")))
        elif flag == "elsewhere":
            ctx.findings.append(warning("T003", "at the top", Loc("tiles.yaml", 1, 1)))
        elif flag == "within":  # at a character of its name, as a missing glyph's warning is
            ctx.findings.append(warning("T006", "odd letter", replace(item.loc_of("name"), column=9)))
        elif flag == "other file":
            ctx.findings.append(warning("T007", "its picture", item.loc_of("art")))
        elif flag == "named":
            ctx.findings.append(warning("T004", f"see tiles.yaml:{item.loc.line}", item.loc_of("name")))
        return super().draw(item, layout, ctx)


def test_an_item_moved_whole_keeps_its_faces_and_its_findings_move_with_it():
    """A line added above items moves them: they are not drawn again, and each finding at
    one of an item's places is reported where a fresh draw reports it."""
    memo, kind = DrawMemo(), Placing()
    one_pass(memo, kind, [tile("a", 2, flag="placed"), tile("b", 3)])
    moved = one_pass(memo, kind, [tile("a", 5, flag="placed"), tile("b", 6)])
    assert kind.draws == ["a", "b"]
    fresh = one_pass(DrawMemo(), Placing(), [tile("a", 5, flag="placed"), tile("b", 6)])
    assert moved.findings == fresh.findings
    assert [str(f.loc) for f in moved.findings if f.code == "T002"] == ["tiles.yaml:6:4"]
    back = one_pass(memo, kind, [tile("a", 2, flag="placed"), tile("b", 3)])  # and moved back
    assert kind.draws == ["a", "b"]
    assert [str(f.loc) for f in back.findings if f.code == "T002"] == ["tiles.yaml:3:4"]


def test_a_finding_within_a_moved_items_lines_moves_and_one_in_another_file_stays():
    """A finding at a character of one of the item's values moves with it; a place in another
    file (the item's `art` read elsewhere) is not counted from the item's line: moved with it
    unchanged, the item keeps its drawing and the finding its place."""
    memo, kind = DrawMemo(), Placing()
    art = Loc("other.yaml", 5, 1)
    one_pass(memo, kind, [tile("a", 2, flag="within"), pictured("b", 4, art)])
    moved = one_pass(memo, kind, [tile("a", 6, flag="within"), pictured("b", 8, art)])
    assert kind.draws == ["a", "b"]
    assert [str(f.loc) for f in moved.findings if f.code in ("T006", "T007")] == ["tiles.yaml:7:9", "other.yaml:5:1"]
    # The item and the place in the other file moved alike: the other file's lines are not
    # the item's, so it is drawn again, its finding at the other file's new line.
    again = one_pass(memo, kind, [tile("a", 6, flag="within"), pictured("b", 12, replace(art, line=9))])
    assert kind.draws == ["a", "b", "b"]
    assert [str(f.loc) for f in again.findings if f.code == "T007"] == ["other.yaml:9:1"]


def pictured(name: str, line: int, art: Loc) -> LocMap:
    """A tile whose `art` was read at `art`, a place in another file."""
    item = tile(name, line, flag="other file", art="a.png")
    return item.with_values({"art": art})


def test_a_moved_item_whose_findings_cannot_move_is_drawn_again():
    """A finding at a place of the item's file that is none of the item's, or a message
    that names the file, may say a line the move changed: the item is drawn afresh."""
    memo, kind = DrawMemo(), Placing()
    one_pass(memo, kind, [tile("a", 2, flag="elsewhere"), tile("b", 3, flag="named"), tile("c", 4)])
    moved = one_pass(memo, kind, [tile("a", 3, flag="elsewhere"), tile("b", 4, flag="named"), tile("c", 5)])
    assert kind.draws == ["a", "b", "c", "a", "b"]
    assert [f.message for f in moved.findings if f.code == "T004"] == ["see tiles.yaml:4"]


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


def counted_fingerprints(monkeypatch) -> list[object]:
    """The values the memo pickles for their fingerprint, recorded."""
    taken: list[object] = []

    def counting(*parts):
        taken.extend(parts)
        return fingerprint(*parts)

    def counting_item(item):
        taken.append(item)
        return item_fingerprint(item)

    monkeypatch.setattr("generator.layout.memo.fingerprint", counting)
    monkeypatch.setattr("generator.layout.memo.item_fingerprint", counting_item)
    return taken


def test_an_item_drawn_again_as_the_same_object_is_not_pickled_again(monkeypatch):
    """The sources a live preview reads keep the items an edit left alone as the same
    objects: only the edited one is pickled for its fingerprint."""
    memo, kind = DrawMemo(), Counting()
    items = [tile("a"), tile("b", 2), tile("c", 3)]
    one_pass(memo, kind, items)
    taken = counted_fingerprints(monkeypatch)
    edited = tile("b", 2, cost=1)
    one_pass(memo, kind, [items[0], edited, items[2]])
    assert taken == [edited]
    assert kind.draws == ["a", "b", "c", "b"]


def test_an_equal_item_read_again_is_pickled_and_reused():
    memo, kind = DrawMemo(), Counting()
    one_pass(memo, kind, [tile("a")])
    one_pass(memo, kind, [tile("a")])
    assert kind.draws == ["a"]


def test_an_object_no_pass_drew_since_the_last_is_pickled_again(monkeypatch):
    """The memo keeps the objects of the last pass and this one alone, and so their ids."""
    memo, kind = DrawMemo(), Counting()
    a, b = tile("a"), tile("b", 2)
    one_pass(memo, kind, [a, b])
    one_pass(memo, kind, [b])
    taken = counted_fingerprints(monkeypatch)
    one_pass(memo, kind, [a, b])
    assert taken == [a]


def test_a_file_fingerprint_sees_each_component_and_the_file_itself(tmp_path):
    (tmp_path / "game.yaml").write_text("name: T\nengine: none\ncomponents: [cards.yaml]\n")
    deck = "kind: card\nitems:\n  - {title: A}\n  - {title: B}\n"
    digests = []
    moved = deck.replace("  - {title: B}", "  # B, moved a line down\n  - {title: B}")
    for text in (deck, deck, deck.replace("B}", "C}"), deck.replace("kind: card", "kind: card\nlayout: other"), moved):
        (tmp_path / "cards.yaml").write_text(text)
        digests.append(DrawMemo().file_fingerprint(load_game(tmp_path).files[0]))
    assert digests[0] == digests[1]
    assert len(set(digests[1:])) == 4  # what another file's items may read includes its places


def test_a_moved_drawing_keeps_its_shared_findings_shared():
    """A shared finding (reported once a pass) at the item's place moves and stays shared."""
    item = tile("a", 2)
    finding = warning("T005", "one mistake", item.loc_of("name"))
    drawing = Drawing(Faces(Scene(10, 10)), (finding,), frozenset(), 2, frozenset({finding}))
    moved = drawing.moved(tile("a", 7))
    assert moved is not None and moved.line == 7
    (shifted,) = moved.findings
    assert str(shifted.loc) == "tiles.yaml:8:4" and moved.shared == {shifted}


def test_two_items_alike_at_two_lines_each_keep_their_drawing():
    """Items of the same content at two lines share a key; each keeps the drawing made at
    its line, even when its findings could not move to the other's."""
    memo, kind = DrawMemo(), Placing()
    twins = [tile("x", 2, flag="elsewhere"), tile("x", 5, flag="elsewhere")]
    one_pass(memo, kind, twins)
    again = one_pass(memo, kind, twins)
    assert kind.draws == ["x", "x"]
    assert [f.code for f in again.findings] == ["T003", "T001", "T003", "T001"]
