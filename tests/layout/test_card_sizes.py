"""Card sizes by name: the shipped table (layouts/sizes.yaml, read through the package), a
layout's `size: poker`, a component file's `size:` laying its layout out at that size (each
size its own layout in the context's cache), an unknown name an error at its place naming the
closest names, and docs/layouts.md listing exactly the table."""

import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from generator import shipped
from generator.cli import main
from generator.games import load_game
from generator.layout.card import CARD
from generator.layout.context import LayoutContext
from generator.layout.folders import context_for
from generator.pipeline.parts import lay_out
from generator.sources.errors import SourceError
from generator.sources.frozen import LocMap
from generator.sources.game import Game
from generator.sources.layout_model import CardSize
from generator.sources.layouts import card_sizes, load_layout

ROOT = Path(__file__).resolve().parents[2]

#: What the task asked for, as the shops publish them (mm).
ASKED = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "tarot": (69.85, 120.65),
    "mini-american": (41.275, 63.5),
    "mini-euro": (44.0, 68.0),
    "square": (63.5, 63.5),
    "business": (50.8, 88.9),
    "jumbo": (88.9, 127.0),
    "euro": (59.0, 92.0),
}


def test_the_table_holds_the_sizes_shops_sell_each_with_its_source():
    path = shipped.sizes_file()
    assert path.parent == shipped.layouts_dir() and path.is_file()
    raw = yaml.safe_load(path.read_text())
    table = card_sizes()
    assert set(table) == set(raw) and len(table) > len(ASKED)
    for name, (width, height) in ASKED.items():
        assert table[name] == CardSize(pytest.approx(width), pytest.approx(height)), name
    for name, entry in raw.items():
        assert entry["source"].strip(), f"{name} names no source"
        assert entry["width"].endswith("mm") and entry["height"].endswith("mm"), name


def test_docs_list_every_size_of_the_table():
    docs = (ROOT / "docs" / "layouts.md").read_text()
    rows = dict(re.findall(r"^\| `([a-z0-9-]+)` \| ([\d.]+ x [\d.]+) \|", docs, flags=re.MULTILINE))
    assert rows == {name: f"{size.width:g} x {size.height:g}" for name, size in card_sizes().items()}


def write(folder: Path, name: str, text: str) -> None:
    (folder / f"{name}.yaml").write_text(text)


def test_a_layout_gives_its_size_by_name_or_by_width_and_height(tmp_path):
    write(tmp_path, "named", "size: tarot\n")
    write(tmp_path, "given", "size: {width: 70mm, height: 4.5in}\n")
    write(tmp_path, "child", "extends: named\nsize: mini-euro\n")
    assert (load_layout("named", [tmp_path]).width, load_layout("named", [tmp_path]).height) == (69.85, 120.65)
    assert (load_layout("given", [tmp_path]).width, load_layout("given", [tmp_path]).height) == (70.0, 114.3)
    assert (load_layout("child", [tmp_path]).width, load_layout("child", [tmp_path]).height) == (44.0, 68.0)


def test_an_unknown_size_is_an_error_at_its_place_naming_the_closest(tmp_path):
    write(tmp_path, "card", "bleed: 3mm\nsize: pokr\n")
    with pytest.raises(SourceError) as caught:
        load_layout("card", [tmp_path])
    assert (Path(caught.value.loc.file).name, caught.value.loc.line, caught.value.loc.column) == ("card.yaml", 2, 7)
    message = caught.value.message
    assert "unknown card size 'pokr'" in message and "did you mean 'poker'?" in message
    assert all(name in message for name in card_sizes())  # and every name there is


def test_a_size_that_is_neither_name_nor_width_and_height_is_an_error(tmp_path):
    write(tmp_path, "card", "size: {width: 63mm}\n")
    with pytest.raises(SourceError, match="height"):
        load_layout("card", [tmp_path])


def context(folder: Path) -> LayoutContext:
    return LayoutContext(Game(folder, "Test", "none", LocMap()), layout_dirs=[folder, shipped.layouts_dir()])


def test_the_context_keeps_one_layout_per_size(tmp_path):
    ctx = context(tmp_path)
    poker, tarot = card_sizes()["poker"], card_sizes()["tarot"]
    own, at_poker = ctx.layout("card", CARD), ctx.layout("card", CARD, size=poker)
    assert [e.box for e in own.elements] == [e.box for e in at_poker.elements]  # the card is poker-size
    at_tarot = ctx.layout("card", CARD, size=tarot)
    assert (at_tarot.width, at_tarot.height) == (69.85, 120.65)
    assert ctx.layout("card", CARD, size=tarot) is at_tarot  # kept, under its size
    assert ctx.layout("card", CARD).height == 88.9  # the layout's own size is kept apart


def game(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(f"name: Sizes\nengine: none\ncomponents: [{', '.join(files)}]\n")
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def build(source: Path, out: Path):
    return CliRunner().invoke(main, ["build", str(source), "--out", str(out), "--format", "pdf"])


def test_a_component_files_unknown_size_is_an_error_at_its_line_with_exit_status_2(tmp_path):
    source = game(tmp_path / "deck", {"cards.yaml": "kind: card\nlayout: card\nsize: tarrot\nitems:\n  - {title: A}\n"})
    result = build(source, tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert "cards.yaml:3:7: error: unknown card size 'tarrot' (did you mean 'tarot'?)" in result.output
    assert "Traceback" not in result.output and not (tmp_path / "out" / "deck").exists()


def test_a_component_files_size_lays_its_layout_out_at_that_size(tmp_path):
    source = game(
        tmp_path / "deck",
        {
            "poker.yaml": "kind: card\nlayout: card\nitems:\n  - {title: P}\n",
            "tarot.yaml": "kind: card\nlayout: card\nsize: tarot\nitems:\n  - {title: T}\n",
            "odd.yaml": "kind: card\nlayout: card\nsize: {width: 50mm, height: 3in}\nitems:\n  - {title: O}\n",
        },
    )
    loaded = load_game(source)
    parts = lay_out(loaded, context_for(loaded))
    sizes = [(part.layout.width, part.layout.height) for part in parts]
    assert sizes == [pytest.approx(size) for size in [(63.5, 88.9), (69.85, 120.65), (50.0, 76.2)]]
    assert [(p.faces[0].front.width, p.faces[0].front.height) for p in parts] == sizes
    assert build(source, tmp_path / "out").exit_code == 0
