"""The sheets package is what its docstring says: imposition, cut, score and crop marks,
tiling and furniture are each made by a module of its folder, and a board too large for a
sheet is tiled with cut lines, overlap guides and furniture, read from the sheets' items
(the count of tiles worked out by hand)."""

import importlib
from pathlib import Path

import generator.sheets
from generator.layout.scene import Group, Polyline, Rect, Scene, Style
from generator.sheets.impose import finish, impose_tiled
from generator.sheets.paper import paper

#: Each concern the package's docstring names, the module making it and the function.
CONCERNS = {
    "Imposition": ("impose", "plan_grid"),
    "cut": ("marks", "cut_lines"),
    "crop marks": ("marks", "crop_marks"),
    "score": ("foldover", "impose_fold_over"),
    "tiling": ("impose", "impose_tiled"),
    "furniture": ("marks", "furniture"),
}


def test_each_concern_the_package_names_is_made_by_a_module_of_it():
    doc = generator.sheets.__doc__
    folder = Path(generator.sheets.__file__).parent
    for phrase, (module, name) in CONCERNS.items():
        assert phrase in doc, phrase
        assert (folder / f"{module}.py").is_file(), module
        assert callable(getattr(importlib.import_module(f"{generator.sheets.__name__}.{module}"), name))


def roles(items) -> set[str]:
    found = set()
    for item in items:
        if isinstance(item, Group):
            found |= roles(item.items)
        elif isinstance(item, (Rect, Polyline)):
            found.add(item.style.role)
    return found


def test_a_board_too_large_for_a_sheet_is_tiled_with_cut_lines_guides_and_furniture():
    board = Scene(400, 400, [Rect(0, 0, 400, 400, Style(fill="#cccccc"))], name="board")
    pending = impose_tiled(board, paper("a4"), "board")
    # A4 less 10.5 mm insets: 189 mm across; down, 297 - 21 less the furniture (27.4), its
    # clearance (2) and a crop mark (4): 242.6 mm. Tiles overlap by 12 mm: across
    # ceil((400 - 12) / (189 - 12)) = 3, down ceil(388 / 230.6) = 2 (landscape: 2 x 3, no fewer)
    assert [p.label for p in pending] == [f"board, tile {c}{r}" for r in (1, 2) for c in "ABC"]
    sheets = finish(pending, "Game")
    assert {"cut", "guide", "art"} <= roles(sheets[0].items)
    assert all(isinstance(sheet.items[-1], Group) for sheet in sheets)  # the furniture, added last
