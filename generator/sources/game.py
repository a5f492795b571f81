"""A game folder: game.yaml naming the engine and the component files, each of one kind.

    # components/slipmax/game.yaml          # components/slipmax/strips.yaml
    name: Slipmax                            kind: strip
    engine: slipmax                          items:
    components: [strips.yaml, board.yaml]      - title: Life of Pain ...

Each item may say `count: N` for N identical copies. Items are validated against their
kind's schema by the kind itself (generator/games/<game>/components.py); here only the
envelope is checked.
"""

from dataclasses import dataclass, field
from pathlib import Path

from generator.sources.errors import Loc, SourceError, display_path
from generator.sources.loader import LocDict, LocList, load_yaml
from generator.sources.schema import closed, validate
from generator.sources.tables import read_items

GAME_SCHEMA = closed(
    {
        "name": {"type": "string", "minLength": 1},
        "engine": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
        "components": {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": r"\.ya?ml$"}},
        "description": {"type": "string"},
        "accept": {
            "type": "object",
            "propertyNames": {"pattern": "^[A-Z]+[0-9]+$"},
            "additionalProperties": {"type": "string", "minLength": 1},
        },
    },
    ["name", "engine", "components"],
)

COMPONENT_FILE_SCHEMA = closed(
    {
        "kind": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"},
        "layout": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"},
        "about": {"type": "string"},
        "items": {"type": "array", "minItems": 1, "items": {"type": "object"}},
        "data": {"type": "string", "pattern": r"(?i)\.(csv|xlsx)$"},
        "sheet": {"type": "string", "minLength": 1},
        "row": {"type": "string", "minLength": 1},
        "stock": {"enum": ["paper", "card", "board"]},
    },
    ["kind"],
)


@dataclass
class ComponentFile:
    """One YAML file of components, all of one kind."""

    path: Path
    kind: str
    layout: str
    items: LocList
    data: LocDict
    #: The table the items were read from (`data:`), or None when they are in the YAML.
    table: Path | None = None

    @property
    def shown(self) -> str:
        return self.data.loc.file

    @property
    def row(self) -> str | None:
        """The checklist row (and bookmark) the file's components go under, when it names one;
        files naming the same row, or of kinds with the same label, share it."""
        return self.data.get("row")

    @property
    def stock(self) -> str | None:
        """What its components are printed on, when the file says: paper, card or board."""
        return self.data.get("stock")


@dataclass
class Game:
    """A loaded game folder: its name, engine and component files in game.yaml's order."""

    folder: Path
    name: str
    engine: str
    #: game.yaml as read, with its places.
    data: LocDict
    files: list[ComponentFile] = field(default_factory=list)

    @property
    def slug(self) -> str:
        return self.folder.name

    def items(self, kind: str) -> list[LocDict]:
        """Every item of a kind across the game's files, in source order."""
        return [item for f in self.files if f.kind == kind for item in f.items]

    @property
    def accept(self) -> dict[str, str]:
        """Finding code -> why the game keeps such findings on purpose (game.yaml `accept:`)."""
        return dict(self.data.get("accept", {}))

    def files_of(self, kind: str) -> list[ComponentFile]:
        return [f for f in self.files if f.kind == kind]


def validated_items(game: "Game", kind: str, schemas: dict[str, dict]) -> list[LocDict]:
    """The game's items of a kind, each checked against schemas[kind] (SourceError if not)."""
    items = game.items(kind)
    for item in items:
        validate(item, schemas[kind], fallback=item.loc, what=f"a {kind}")
    return items


def confined(base: Path, relative: str, loc: Loc, what: str) -> Path:
    """Resolve `relative` under `base`, refusing absolute paths and anything that leaves it."""
    candidate = Path(relative)
    if candidate.is_absolute():
        raise SourceError(loc, f"{what} {relative!r} must be a path inside {display_path(base)}, not absolute")
    resolved = (base / candidate).resolve()
    if not resolved.is_relative_to(base.resolve()):
        raise SourceError(loc, f"{what} {relative!r} leads outside {display_path(base)}")
    return resolved


def load_component_file(path: Path) -> ComponentFile:
    """A component file's envelope, with its items from its own `items:` or from the table
    its `data:` names (generator/sources/tables.py)."""
    data = load_yaml(path)
    validate(data, COMPONENT_FILE_SCHEMA, fallback=Loc(display_path(path), 1, 1), what="a component file")
    if ("items" in data) == ("data" in data):
        raise SourceError(data.loc, "expected either 'items' (the items themselves) or 'data' (a .csv or .xlsx table)")
    if "sheet" in data and "data" not in data:
        raise SourceError(data.key_loc("sheet"), "'sheet' names a worksheet of the workbook that 'data' names")
    if "items" in data:
        return ComponentFile(path, data["kind"], data.get("layout", data["kind"]), data["items"], data)
    table = confined(path.parent, data["data"], data.loc_of("data"), "table file")
    items = read_items(table, data.get("sheet"), data.loc_of("data"))
    if not items:
        raise SourceError(data.loc_of("data"), f"the table {data['data']!r} has a header but no items")
    return ComponentFile(path, data["kind"], data.get("layout", data["kind"]), items, data, table)


def load_game(folder: Path) -> Game:
    """Load game.yaml and every component file it lists (envelopes only)."""
    game_file = folder / "game.yaml"
    if not folder.is_dir():
        raise SourceError(Loc(display_path(folder), 1, 1), "expected a game folder holding game.yaml")
    data = load_yaml(game_file)
    validate(data, GAME_SCHEMA, fallback=Loc(display_path(game_file), 1, 1), what="game.yaml")
    game = Game(folder, data["name"], data["engine"], data)
    for index, name in enumerate(data["components"]):
        path = confined(folder, name, data["components"].loc_of(index), "component file")
        if path.is_dir():
            raise SourceError(
                data["components"].loc_of(index), f"component file {name!r} is a folder: expected a YAML file"
            )
        if not path.is_file():
            raise SourceError(data["components"].loc_of(index), f"component file {name!r} not found")
        game.files.append(load_component_file(path))
    return game
