"""What a build loads: a deck without icons or SVG art never imports svglib or reportlab's
graphics (which draw them into the PDF), and a deck of `engine: none` no game's engine nor,
when its rules are checked, the engines' protocol (generator/games/base.py); valid sources
never load python-jsonschema (the reference validator, which names the problem in a value
the fast one refuses); a deck with no `when:` condition does not load lark (which reads
them), a game without rules.md not markdown-it (which reads the rules) (a build's start-up
is most of a small deck's time); a deck of cards no other generic kind (a die, a tuck box)
until a file names it; a PDF with no picture of a component in it not fontTools (which
draws a picture's text as outlines: the PDF's own text needs none of it). Run in a fresh
process, as a user's build is."""

import subprocess
import sys
from pathlib import Path

#: The modules are listed as the command's process ends: it runs what atexit holds, and no more.
SCRIPT = """
import atexit, runpy, sys
sys.argv = ["cutsheet", "build", sys.argv[1], "--out", sys.argv[2], "--format", "pdf", "--no-checklist", *sys.argv[3:]]
atexit.register(lambda: print(" ".join(sorted(sys.modules))))
runpy.run_module("generator", run_name="__main__")
"""


def loaded(folder: Path, out: Path, checked: bool = False) -> set[str]:
    """The modules a PDF-only build of the folder loads: with the rules checks when `checked`."""
    flags = [] if checked else ["--no-check"]
    run = subprocess.run([sys.executable, "-c", SCRIPT, str(folder), str(out), *flags], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return set(run.stdout.split())


GAMES = ("chip_flip", "sliders", "slipmax", "twisty_passages", "whipped")


def test_a_deck_without_icons_or_an_engine_loads_neither_svglib_nor_any_game(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text("name: One\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "cards.yaml").write_text("kind: card\nlayout: card\nitems:\n  - {title: One, text: The first}\n")
    modules = loaded(folder, tmp_path / "out")
    assert "reportlab.pdfgen.canvas" in modules and (tmp_path / "out" / "g" / "g.pdf").is_file()
    assert not {m for m in modules if m.split(".")[0] == "svglib" or m.startswith("reportlab.graphics")}
    assert not {m for m in modules if m.split(".")[:3] in [["generator", "games", game] for game in GAMES]}
    assert not {m for m in modules if m.split(".")[0] in ("lark", "markdown_it", "jsonschema", "fontTools")}
    # Nor, checked, the engines' protocol or the report sections a game may add.
    checked = loaded(folder, tmp_path / "checked", checked=True)
    assert "generator.check.run" in checked
    assert not checked & {"generator.games.base", "generator.games.sections"}
    # An inline icon in its text brings svglib in, to draw the icon.
    (folder / "cards.yaml").write_text("kind: card\nlayout: card\nitems:\n  - {title: One, text: 'Roll :d6-5:'}\n")
    assert {"svglib.svglib", "reportlab.graphics.renderPDF"} <= loaded(folder, tmp_path / "out2")


def test_a_game_loads_its_own_engine_alone(tmp_path):
    chip_flip = Path(__file__).resolve().parents[2] / "components" / "chip-flip"
    modules = [m.split(".") for m in loaded(chip_flip, tmp_path / "out")]
    games = {parts[2] for parts in modules if parts[:2] == ["generator", "games"] and len(parts) > 2}
    assert games & set(GAMES) == {"chip_flip"}


def test_a_condition_loads_lark_and_rules_load_markdown_it(tmp_path):
    folder = tmp_path / "g"
    (folder / "layouts").mkdir(parents=True)
    (folder / "game.yaml").write_text("name: One\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "cards.yaml").write_text("kind: card\nlayout: marked\nitems:\n  - {title: One, text: The first}\n")
    (folder / "layouts" / "marked.yaml").write_text(
        "about: A card.\nextends: card\nelements:\n"
        "  mark: {type: text, text: '*', x: 2mm, y: 2mm, width: 5mm, height: 5mm, when: \"title == 'One'\"}\n"
    )
    modules = {m.split(".")[0] for m in loaded(folder, tmp_path / "out")}
    assert "lark" in modules and "markdown_it" not in modules
    (folder / "rules.md").write_text("# One\n\nPlay the card.\n")
    assert {"lark", "markdown_it"} <= {m.split(".")[0] for m in loaded(folder, tmp_path / "out2")}


#: The generic kinds' modules (pyproject.toml's cutsheet.kinds) other than the card's and
#: the hex tile's, which imposing imports for the hexagonal grid any sheet may hold.
OTHER_KINDS = {
    "generator.layout.die",
    "generator.layout.standee",
    "generator.layout.token",
    "generator.layout.tuck_box",
}


def test_a_deck_loads_the_generic_kinds_its_files_name_and_no_other(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text("name: One\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "cards.yaml").write_text("kind: card\nlayout: card\nitems:\n  - {title: One, text: The first}\n")
    assert not loaded(folder, tmp_path / "out") & OTHER_KINDS
    (folder / "game.yaml").write_text("name: One\nengine: none\ncomponents: [cards.yaml, dice.yaml]\n")
    faces = ", ".join(f"{{value: {n}}}" for n in range(1, 7))
    (folder / "dice.yaml").write_text(f"kind: die\nlayout: die\nitems:\n  - {{title: D6, faces: [{faces}]}}\n")
    assert loaded(folder, tmp_path / "out2") & OTHER_KINDS == {"generator.layout.die"}


#: Lists, as the command's process ends, each class of cutsheet's own modules that is a
#: dataclass, by its module and name.
DATACLASSES = """
import atexit, dataclasses, runpy, sys
sys.argv = ["cutsheet", "build", sys.argv[1], "--out", sys.argv[2], "--format", "pdf"]


def listed():
    own = [m for name, m in list(sys.modules.items()) if name.split(".")[0] == "generator"]
    classes = (c for m in own for c in vars(m).values() if isinstance(c, type) and c.__module__ == m.__name__)
    print(" ".join(sorted(f"{c.__module__}.{c.__qualname__}" for c in classes if dataclasses.is_dataclass(c))))


atexit.register(listed)
runpy.run_module("generator", run_name="__main__")
"""

#: The dataclasses a build of one card defines, each one that a msgspec Struct cannot stand
#: for (docs/architecture.md, "Value types"): a field left out of equality, the item classes
#: that derive from one with such a field, a cached value pickled with its own, a Mapping or
#: a Sequence.
START_UP_DATACLASSES = {
    "generator.layout.card.CardItem",
    "generator.layout.element_kind.ShownItem",
    "generator.layout.text.TextStyle",
    "generator.pipeline.parts.LaidGame",
    "generator.pipeline.run.PrintRun",
    "generator.project.Project",
    "generator.sheets.cover.About",
    "generator.sources.frozen.LocMap",
    "generator.sources.frozen.LocSeq",
    "generator.sources.game.Component",
    "generator.sources.game.Game",
    "generator.sources.items.Item",
    "generator.staging.Stage",
}


def test_a_builds_value_types_are_structs_but_the_dataclasses_a_struct_cannot_stand_for(tmp_path):
    """Python writes and compiles each generated method of a dataclass as its class is made,
    about 1 ms a class, where a Struct's class is made in C: what keeps a small build's
    start-up short is that its values are Structs."""
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text("name: One\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "cards.yaml").write_text("kind: card\nitems:\n  - {title: One, text: The only card}\n")
    run = subprocess.run(
        [sys.executable, "-c", DATACLASSES, str(folder), str(tmp_path / "out")], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "out" / "g" / "g.pdf").is_file()
    assert set(run.stdout.splitlines()[-1].split()) == START_UP_DATACLASSES  # the build's own line before it
