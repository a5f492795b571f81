"""Games are plugins found through the `cutsheet.games` entry points: the shipped five
register that way, and a sixth game is one package plus one entry point, nothing else.

The sixth game here is installed the way pip would leave it, without running pip: a folder
on the path holding the package and a `NAME.dist-info` with its METADATA and
entry_points.txt, which importlib.metadata reads as an installed distribution.
"""

import json
import os
import subprocess
import sys
import textwrap
from importlib.metadata import EntryPoint
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.games import plugins
from generator.games.plugin import GAMES, GamePlugin
from generator.sources.registry import RegistryError

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = {"chip_flip", "sliders", "slipmax", "twisty_passages", "whipped"}

#: The sixth game, all of it: a deck of numbered tiles (its own kind, drawn from its own
#: layout) and an engine where each player in turn takes the highest tile left.
GAME_PACKAGE = """
import random
from dataclasses import dataclass
from typing import Annotated

from generator.findings import Finding, warning
from generator.games.base import Engine
from generator.games.game_state import GameState
from generator.games.plugin import GamePlugin
from generator.layout.component import ComponentKind, Faces
from generator.layout.scene import Rect, Scene, Style
from generator.layout.text import set_line
from generator.sources.items import Count, Item, rule


@dataclass(frozen=True, kw_only=True)
class Tile(Item):
    pips: Annotated[int, rule(minimum=0)]
    count: Count = 1


class TileKind(ComponentKind):
    name = "tile"
    label = "tiles"
    item = Tile
    params_schema = {"type": "object", "properties": {"ink": {"type": "string"}}, "additionalProperties": False}

    def title(self, item):
        return f"{item['pips']} pips"

    def draw(self, item, layout, ctx):
        width, height = layout.width, layout.height
        face = Scene(width, height, name=self.title(item))
        face.add(Rect(2, 2, width - 4, height - 4, Style(fill=layout.params["ink"])))
        face.add(*set_line(5, height / 2, f"PIPS {item['pips']}", "DejaVuSans", 6.0))
        return Faces(face)


class TileState(GameState):
    def __init__(self, tiles, num_players, rng):
        super().__init__(num_players, rng)
        self.left = sorted(tiles)
        self.scores = [0] * num_players

    def current_player(self):
        return self.turns % self.num_players

    def legal_actions(self):
        return ["take"] if self.left else []

    def apply(self, action):
        self.scores[self.current_player()] += self.left.pop()
        self.fired["take"] += 1
        self.turns += 1

    def is_terminal(self):
        return not self.left

    def returns(self):
        return [float(score) for score in self.scores]


class TileEngine(Engine):
    name = "pips"
    min_players = 2
    max_players = 4
    default_players = 2

    def load_deck(self, game):
        return [tile.pips for tile in game.typed("tile", Tile) for _ in range(tile.count)]

    def static_checks(self, game):
        tiles = game.typed("tile", Tile)
        return [warning("PIP001", "a tile with no pips", tile.loc) for tile in tiles if not tile.pips]

    def new_game(self, deck, num_players, rng, options):
        return TileState(deck, num_players, rng)

    def fireable(self, deck):
        return ["take"]


PLUGIN = GamePlugin(TileEngine(), (TileKind(),))
"""


def install_sixth_game(site: Path) -> None:
    """The package and its distribution's metadata, as an install would leave them."""
    (site / "pips_game").mkdir(parents=True)
    (site / "pips_game" / "__init__.py").write_text(GAME_PACKAGE)
    dist = site / "pips_game-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: pips-game\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[cutsheet.games]\npips = pips_game:PLUGIN\n")


def write_deck(folder: Path) -> None:
    """A designer's deck for the sixth game, with its own layout for the new kind."""
    (folder / "layouts").mkdir(parents=True)
    (folder / "game.yaml").write_text("name: Pips\nengine: pips\ncomponents:\n  - tiles.yaml\n")
    (folder / "tiles.yaml").write_text(
        textwrap.dedent(
            """\
            kind: tile
            layout: tile
            items:
              - pips: 3
                count: 2
              - pips: 0
              - pips: 5
            """
        )
    )
    (folder / "layouts" / "tile.yaml").write_text("size: {width: 30mm, height: 20mm}\nparams:\n  ink: '#c0e0ff'\n")


def cutsheet(args: list[str], site: Path, cwd: Path) -> subprocess.CompletedProcess:
    """The command line in a fresh process, with the sixth game installed beside cutsheet."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    return subprocess.run(
        [sys.executable, "-m", "generator", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def test_the_shipped_games_register_through_entry_points():
    found = plugins()
    assert SHIPPED <= set(found)
    for name in SHIPPED:
        plugin = found[name]
        assert isinstance(plugin, GamePlugin) and plugin.engine.name == name
        assert plugin.kinds, f"{name} declares no kinds of its own"


def test_a_sixth_game_is_one_package_and_one_entry_point(tmp_path):
    site, deck, out = tmp_path / "site", tmp_path / "pips", tmp_path / "out"
    install_sixth_game(site)
    write_deck(deck)

    checked = cutsheet(["check", str(deck), "--simulate", "20", "--json"], site, tmp_path)
    assert checked.returncode == 0, checked.stderr
    report = json.loads(checked.stdout)
    assert report["engine"] == "pips" and report["components"] == {"tile": 4}
    # the game's own check, and the first seat winning every game: a first player's edge (SIM014)
    assert [(w["file"], w["line"], w["code"]) for w in report["warnings"]] == [
        ("pips/tiles.yaml", 6, "PIP001"),
        ("pips/game.yaml", 2, "SIM014"),
    ]
    # Four tiles, two seats taking the highest left in turn: the first seat takes 5 and 3 of 3.
    simulation = report["simulation"]
    assert simulation["games"] == 20 and simulation["fired"] == {"take": 80}
    assert [seat["rate"] for seat in simulation["seat_win_rate"]] == [1.0, 0.0]

    built = cutsheet(["build", str(deck), "--out", str(out), "--format", "pdf"], site, tmp_path)
    assert built.returncode == 0, built.stderr
    (pdf_path,) = (out / "pips").glob("*.pdf")
    pdf = pdfium.PdfDocument(pdf_path)
    text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    assert text.count("PIPS 3") == 2 and text.count("PIPS 5") == 1 and text.count("PIPS 0") == 1


def test_without_its_entry_point_the_game_is_unknown(tmp_path):
    site, deck = tmp_path / "site", tmp_path / "pips"
    install_sixth_game(site)
    (site / "pips_game-1.0.dist-info" / "entry_points.txt").unlink()
    write_deck(deck)
    checked = cutsheet(["check", str(deck)], site, tmp_path)
    assert checked.returncode == 2
    assert "pips/game.yaml:2:9: error: unknown engine 'pips'" in checked.stdout
    assert "Traceback" not in checked.stdout + checked.stderr


def _point(name: str, value: str) -> EntryPoint:
    return EntryPoint(name, value, "cutsheet.games")


def test_one_entry_point_installed_twice_counts_once():
    value = "generator.games.whipped:PLUGIN"
    found = GAMES.load([_point("whipped", value), _point("whipped", value)])
    assert list(found) == ["whipped"]


def test_two_games_of_one_name_are_refused():
    with pytest.raises(RegistryError, match="two games are installed as 'whipped'"):
        GAMES.load(
            [_point("whipped", "generator.games.whipped:PLUGIN"), _point("whipped", "generator.games.sliders:PLUGIN")]
        )


def test_an_entry_point_must_name_a_plugin_of_its_own_name():
    with pytest.raises(RegistryError, match="is named 'sliders'"):
        GAMES.load([_point("whipped", "generator.games.sliders:PLUGIN")])
    with pytest.raises(RegistryError, match="is not a GamePlugin"):
        GAMES.load([_point("whipped", "generator.games.whipped.engine:WhippedEngine")])


def test_a_game_that_fails_to_load_is_named_in_one_line(tmp_path):
    site, deck = tmp_path / "site", tmp_path / "pips"
    install_sixth_game(site)
    (site / "pips_game" / "__init__.py").write_text("import no_such_module_anywhere\n")
    write_deck(deck)
    checked = cutsheet(["check", str(deck)], site, tmp_path)
    assert checked.returncode == 2
    output = checked.stdout + checked.stderr
    assert "the game installed as 'pips' (pips_game:PLUGIN) cannot be loaded: No module named" in output
    assert "Traceback" not in output


#: What another package adds besides a game, each in its own entry-point group: a table
#: format (tab-separated files), a kind any game may use and a section of the Pips report.
EXTRAS_PACKAGE = """
from dataclasses import dataclass

from generator.charts import Section
from generator.games.sections import ReportSection
from generator.layout.component import ComponentKind, Faces
from generator.layout.scene import Scene
from generator.layout.text import set_line
from generator.sources.errors import Loc
from generator.sources.items import Item, Name
from generator.sources.tables import Cell, TableFormat, TableRows, cell_loc


def read_tsv(request):
    table = Loc(request.shown, 1, 1)
    rows = (
        [
            Cell(int(text) if text.isdigit() else text, cell_loc(table, number, column))
            for column, text in enumerate(line.split("\\t"), 1)
            if text
        ]
        for number, line in enumerate(request.path.read_text().splitlines(), 1)
    )
    return TableRows(table, rows)


TSV = TableFormat("tsv", read_tsv)


@dataclass(frozen=True, kw_only=True)
class Stamp(Item):
    word: Name


class StampKind(ComponentKind):
    name = "stamp"
    label = "stamps"
    item = Stamp

    def draw(self, item, layout, ctx):
        face = Scene(layout.width, layout.height, name=item["word"])
        face.add(*set_line(3, layout.height / 2, f"STAMP {item['word']}", "DejaVuSans", 6.0))
        return Faces(face)


STAMP = StampKind()
SECTION = ReportSection(
    "pips-taken", "pips", lambda simulated: Section("Pips taken", f"{simulated.completed} games counted")
)
"""


def test_a_package_adds_a_table_format_a_kind_and_a_report_section_as_it_adds_a_game(tmp_path):
    site, deck, out = tmp_path / "site", tmp_path / "pips", tmp_path / "out"
    install_sixth_game(site)
    (site / "pips_extras.py").write_text(EXTRAS_PACKAGE)
    with (site / "pips_game-1.0.dist-info" / "entry_points.txt").open("a") as points:
        points.write("[cutsheet.tables]\ntsv = pips_extras:TSV\n[cutsheet.kinds]\nstamp = pips_extras:STAMP\n")
        points.write("[cutsheet.reports]\npips-taken = pips_extras:SECTION\n")
    write_deck(deck)
    (deck / "tiles.tsv").write_text("pips\tcount\n4\t2\n1\t1\n")
    (deck / "tiles.yaml").write_text("kind: tile\nlayout: tile\ndata: tiles.tsv\n")
    (deck / "stamps.yaml").write_text("kind: stamp\nitems:\n  - word: Ink\n")
    (deck / "layouts" / "stamp.yaml").write_text("size: {width: 30mm, height: 20mm}\n")
    (deck / "game.yaml").write_text("name: Pips\nengine: pips\ncomponents: [tiles.yaml, stamps.yaml]\n")

    checked = cutsheet(["check", str(deck), "--simulate", "10", "--report", "r.html"], site, tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert "<h3>Pips taken</h3>" in (tmp_path / "r.html").read_text()
    built = cutsheet(["build", str(deck), "--out", str(out), "--format", "pdf"], site, tmp_path)
    assert built.returncode == 0, built.stderr
    pdf = pdfium.PdfDocument(next((out / "pips").glob("*.pdf")))
    text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    assert text.count("PIPS 4") == 2 and text.count("PIPS 1") == 1 and text.count("STAMP Ink") == 1


def test_a_games_kinds_are_the_generic_ones_by_name_then_its_own_each_loaded_when_looked_up(monkeypatch):
    """A game's kinds name every generic kind without loading one: a kind is loaded when it
    is looked up, so a deck of cards imports no die. A kind of its own replaces a generic
    one of its name."""
    from generator.games.plugin import KINDS, GameKinds, kind_items
    from generator.layout.card import CARD, CardItem
    from generator.layout.die import DIE
    from generator.sources import registry

    twisty = GAMES.get("twisty_passages")
    assert twisty is not None
    looked_up: list[str] = []
    unloaded = registry._installed_as.__wrapped__
    monkeypatch.setattr(registry, "_installed_as", lambda group, name: looked_up.append(name) or unloaded(group, name))
    own = tuple(kind.name for kind in twisty.kinds)
    kinds = GameKinds(twisty.kinds)
    assert list(kinds) == [*sorted(KINDS.names()), *own] and len(kinds) == len(KINDS.names()) + len(own)
    assert "die" in kinds and own[0] in kinds and "nothing" not in kinds and looked_up == []
    assert kinds["die"] is DIE and kinds[own[0]] is twisty.kinds[0] and looked_up == ["die"]
    assert kinds.get("nothing") is None
    with pytest.raises(KeyError):
        kinds["nothing"]

    class OwnCard(type(CARD)):
        """A game's own card, replacing the generic one."""

    own_card = OwnCard()
    replaced = GameKinds((own_card,))
    assert replaced["card"] is own_card and list(replaced) == sorted(KINDS.names())
    assert len(replaced) == len(KINDS.names())
    items = kind_items("none")
    assert items["card"] is CardItem and "card" in items and "nothing" not in items
    assert list(items) == sorted(KINDS.names()) and len(items) == len(KINDS.names())


def test_a_kind_package_that_cannot_load_fails_only_the_decks_that_name_its_kind(tmp_path):
    """Generic kinds load as a deck's files name them: a kind installed broken (its module
    gone) leaves a deck of cards building, and a deck that names it is refused in one line,
    naming the entry point, with exit status 2."""
    site, deck = tmp_path / "site", tmp_path / "deck"
    dist = site / "broken_kind-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-kind\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[cutsheet.kinds]\nbroken = no_such_module_anywhere:KIND\n")
    deck.mkdir()
    (deck / "game.yaml").write_text("name: Deck\nengine: none\ncomponents: [cards.yaml]\n")
    (deck / "cards.yaml").write_text("kind: card\nlayout: card\nitems:\n  - {title: One, text: The first}\n")
    built = cutsheet(["build", str(deck), "--out", str(tmp_path / "out"), "--format", "pdf"], site, tmp_path)
    assert built.returncode == 0, built.stderr
    (deck / "cards.yaml").write_text("kind: broken\nitems:\n  - {title: One}\n")
    refused = cutsheet(["build", str(deck), "--out", str(tmp_path / "out2"), "--format", "pdf"], site, tmp_path)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "the component kind installed as 'broken' (no_such_module_anywhere:KIND) cannot be loaded" in refused.stderr
    assert not (tmp_path / "out2").exists()
