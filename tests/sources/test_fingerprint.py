"""An item's fingerprint (generator/sources/fingerprint.py) sees its values and its places,
each place counted from the item's own line; a component takes its item's once and keeps it,
pickled with it (as the build cache keeps a game's reading) and read back with it."""

import pickle

from generator.located import Loc
from generator.sources import game
from generator.sources.fingerprint import alike, item_fingerprint
from generator.sources.frozen import LocMap
from generator.sources.game import Component


def tile(name: str, line: int = 1, column: int = 4) -> LocMap:
    """An item at `line`, its name written in `column` of its next line."""
    return LocMap({"name": name}, Loc("tiles.yaml", line, 3), value_locs={"name": Loc("tiles.yaml", line + 1, column)})


def test_an_items_fingerprint_counts_its_places_from_its_own_line():
    assert item_fingerprint(tile("a", 1)) == item_fingerprint(tile("a", 7))
    assert item_fingerprint(tile("a", 1)) != item_fingerprint(tile("a", 1, column=5))
    assert item_fingerprint(tile("a", 1)) != item_fingerprint(tile("b", 1))
    apart = LocMap({"name": "a"}, Loc("tiles.yaml", 1, 3), value_locs={"name": Loc("tiles.yaml", 3, 4)})
    assert item_fingerprint(tile("a", 1)) != item_fingerprint(apart)  # its name two lines down, not one
    other_file = LocMap({"name": "a"}, Loc("other.yaml", 1, 3), value_locs={"name": Loc("other.yaml", 2, 4)})
    assert item_fingerprint(tile("a", 1)) != item_fingerprint(other_file)


def test_places_alike_are_in_one_file_and_one_worksheet():
    assert alike(Loc("a.yaml", 1, 1), Loc("a.yaml", 9, 3))
    assert not alike(Loc("a.yaml", 1, 1), Loc("b.yaml", 1, 1))
    assert not alike(Loc("t.xlsx", 1, 1, sheet="Cards"), Loc("t.xlsx", 1, 1, sheet="Backs"))


def test_a_component_keeps_its_fingerprint_through_a_pickle(monkeypatch):
    taken: list[LocMap] = []
    monkeypatch.setattr(game, "item_fingerprint", lambda item: taken.append(item) or item_fingerprint(item))
    component = Component("tile", tile("a", 5))
    assert not component.fingerprinted
    assert component.fingerprint == component.fingerprint == item_fingerprint(tile("a", 5))
    assert component.fingerprinted
    read_back = pickle.loads(pickle.dumps(component))
    assert read_back == component and read_back.fingerprint == component.fingerprint
    assert taken == [component.fields]  # once, before the pickle
    assert pickle.loads(pickle.dumps(Component("tile", tile("b")))).fingerprint and len(taken) == 2  # taken when asked
