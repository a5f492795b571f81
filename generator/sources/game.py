"""A game folder: game.yaml naming the engine and the component files, each of one kind.

    # components/slipmax/game.yaml          # components/slipmax/strips.yaml
    name: Slipmax                            kind: strip
    engine: slipmax                          items:
    components: [strips.yaml, board.yaml]      - title: Life of Pain ...

Each item may say `count: N` for N identical copies; a game prints at most MAX_COPIES in
all. Every item is validated here, once, against the schema of its kind's item class (which
the game's plugin declares: generator/sources/items.py), then kept immutable with its places
and read into that class: kinds and engines read the typed item and never check it again.
The game's rules.md is checked here too, with the other sources, and its fonts are read
(generator/sources/fonts.py): its fonts/ folder and game.yaml's `fonts:`. `language:` names
the language its text is hyphenated in, where a layout asks for hyphenation.
"""

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import msgspec
import pyphen
from msgspec import Struct
from msgspec.structs import replace

from generator.findings import Finding
from generator.sources.errors import Loc, SourceError, SourceErrors, display_path
from generator.sources.expect import EXPECT_SCHEMA, Expectation, read_expectations
from generator.sources.fingerprint import item_fingerprint
from generator.sources.fonts import STYLES, FontBook, font_book, shipped_book
from generator.sources.frozen import LocMap, frozen
from generator.sources.item_lines import ItemLines
from generator.sources.items import Item, ItemT, item_schema, read_item
from generator.sources.loader import LocDict, LocList, load_yaml, parse_yaml, read_text
from generator.sources.look import LOOK_SCHEMA, PLAIN, Look, read_look
from generator.sources.paths import confined
from generator.sources.rules import Block, read_rules
from generator.sources.schema import CARD_SIZE, NAME, closed, lengths_in_mm, validate
from generator.sources.snapshot import Snapshot
from generator.sources.tables import Column, Columns, Table, TableRequest, did_you_mean, read_table

#: Bound on the copies a game prints, every item's `count` added up. The largest boxed card
#: games hold a few thousand cards; 10,000 poker-size cards are over 1,100 letter sheets, and
#: every copy costs time and memory to impose and render.
MAX_COPIES = 10_000
#: The largest counts an error about too many copies names.
_LARGEST_SHOWN = 3

GAME_SCHEMA = closed(
    {
        "name": {"type": "string", "minLength": 1},
        "engine": {
            "type": "string",
            "pattern": "^[a-z][a-z0-9_]*$",
            "description": "an engine's name in lower-case letters, digits and underscores, such as none or chip_flip",
        },
        "components": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "string",
                "pattern": r"\.ya?ml$",
                "description": "a component file ending in .yaml or .yml (a table is named by such a file's data:)",
            },
        },
        "description": {"type": "string"},
        # What the cover says of the game besides its pages.
        "credits": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "playing_time": {"type": "string", "minLength": 1},
        "version": {"type": "string", "minLength": 1},
        "date": {"type": "string", "minLength": 1},
        "licence": {"type": "string", "minLength": 1},
        "fonts": {
            "type": "object",
            "additionalProperties": {
                **closed({style: {"type": "string", "minLength": 1} for style in STYLES}, []),
                "minProperties": 1,
            },
        },
        "language": {
            "type": "string",
            "pattern": "^[A-Za-z]{2,3}([_-][A-Za-z0-9]+)*$",
            "description": "a language's code such as en, de or pt_BR",
        },
        # The title face, colours and emblem of the pages cutsheet composes (look.py).
        "look": LOOK_SCHEMA,
        # The designer's own rules for the deck, which `cutsheet check` enforces (expect.py).
        "expect": EXPECT_SCHEMA,
        "accept": {
            "type": "object",
            "propertyNames": {"pattern": "^[A-Z]+[0-9]+$", "description": "a finding's code such as L007 or SIM014"},
            "additionalProperties": {"type": "string", "minLength": 1},
        },
    },
    ["name", "engine", "components"],
)

#: A component file's keys about the table its `data:` names.
TABLE_KEYS = ("sheet", "columns", "skip_hidden")

COMPONENT_FILE_SCHEMA = closed(
    {
        "kind": {**NAME, "description": "a kind's name such as card, token or hex-tile"},
        "layout": {**NAME, "description": "a layout's name such as card (its file: layouts/card.yaml)"},
        "about": {"type": "string"},
        "items": {"type": "array", "minItems": 1, "items": {"type": "object"}},
        # A table file of a registered format (tables.py), or one kept online whose snapshot
        # `cutsheet pull` downloads: builds read the snapshot only.
        "data": {
            "description": "a table's file such as cards.csv, or {url: https://..., snapshot: cards.csv}",
            "anyOf": [
                {"type": "string", "minLength": 1},
                closed(
                    {
                        "url": {"type": "string", "format": "http-url"},
                        "snapshot": {"type": "string", "minLength": 1},
                    },
                    ["url", "snapshot"],
                ),
            ],
        },
        "sheet": {"type": "string", "minLength": 1},
        # Which column fills a field, where the header does not name it: {count: Qty}.
        "columns": {
            "type": "object",
            "propertyNames": {
                "pattern": "^[A-Za-z_][A-Za-z0-9_-]*$",
                "description": "a field's name in letters, digits, hyphens and underscores, such as count",
            },
            "additionalProperties": {"type": "string", "minLength": 1},
        },
        # Leave out the rows and worksheets the workbook hides.
        "skip_hidden": {"type": "boolean"},
        # The size its layout is laid out at: a name from the shipped table, or width and height.
        "size": CARD_SIZE,
        "row": {"type": "string", "minLength": 1},
        "stock": {"enum": ["paper", "card", "board"]},
        # What a player may use instead (the components are then optional to print).
        "substitutes": {"type": "string", "minLength": 1},
    },
    ["kind"],
)


@dataclass(frozen=True)
class Component:
    """One item of a component file, validated against its kind's schema: `count` copies of
    it are printed (and dealt). Its fields keep where each was written; `item` is the same
    values read into the kind's item class (None for a kind no installed game declares)."""

    kind: str
    fields: LocMap
    item: Item | None = None

    @property
    def count(self) -> int:
        return int(self.fields.get("count", 1))

    @cached_property
    def fingerprint(self) -> bytes:
        """Its fields' item_fingerprint (sources/fingerprint.py), taken once and kept with it:
        pickled with it, as the build cache keeps a game's reading, it is read back with it."""
        return item_fingerprint(self.fields)

    @property
    def fingerprinted(self) -> bool:
        """Whether its fingerprint is taken (and so kept with it)."""
        return "fingerprint" in vars(self)

    @property
    def loc(self) -> Loc:
        return self.fields.loc


class ComponentFile(Struct, frozen=True):
    """One YAML file of components, all of one kind."""

    path: Path
    kind: str
    layout: str
    components: tuple[Component, ...]
    #: The file's envelope as read (every key but `items`, whose places it keeps).
    data: LocMap
    #: The table the items were read from (`data:`), or None when they are in the YAML.
    table: Path | None = None
    #: The table's columns as its header names them (none for items in the YAML).
    columns: tuple[Column, ...] = ()

    @property
    def items(self) -> tuple[LocMap, ...]:
        """Each component's fields, in source order."""
        return tuple(component.fields for component in self.components)

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

    @property
    def substitutes(self) -> str:
        """What a player may use instead of printing its components (play money from another
        game), when the file says: they are then optional; "" when they must be printed."""
        return str(self.data.get("substitutes", ""))


@dataclass(frozen=True)
class Game:
    """A game folder read and validated: its name, engine and component files in game.yaml's
    order. Engines and kinds read it; nothing changes it."""

    folder: Path
    name: str
    engine: str
    #: game.yaml as read, with its places.
    data: LocMap
    files: tuple[ComponentFile, ...] = ()
    #: The folders of layouts its engine's package ships (package data beside the game's
    #: code), looked in after the game folder's own layouts/ and before the shared ones.
    engine_layouts: tuple[Path, ...] = ()
    #: The faces its text may name: its own fonts, then the shipped ones.
    fonts: FontBook = field(default_factory=shipped_book)
    #: Its rules.md, read into blocks (none when it has none).
    rules: tuple[Block, ...] = ()
    #: What reading its sources noticed that is not an error (a table's helper columns).
    notes: tuple[Finding, ...] = ()
    #: Its title face, colours and emblem (game.yaml `look:`).
    look: Look = PLAIN
    #: The designer's own rules for the deck (game.yaml `expect:`).
    expect: tuple[Expectation, ...] = ()
    #: The game folder as load_game began to read it (sources/snapshot.py); None for a game
    #: made otherwise.
    snapshot: Snapshot | None = field(default=None, compare=False, repr=False)

    def settled(self) -> bool:
        """Whether the game folder is as it was when the game was read (True when no snapshot
        was taken): only then may what a build made of it be kept under its files' digests."""
        return self.snapshot is None or self.snapshot.unchanged()

    @property
    def language(self) -> str:
        """The language its text is hyphenated in (game.yaml `language:`), or "" for none."""
        return str(self.data.get("language", ""))

    @property
    def slug(self) -> str:
        return self.folder.name

    def items(self, kind: str) -> list[LocMap]:
        """The fields of every component of a kind across the game's files, in source order."""
        return [component.fields for f in self.files if f.kind == kind for component in f.components]

    def typed(self, kind: str, item_class: type[ItemT]) -> list[ItemT]:
        """Every component of a kind across the game's files, in source order, as its typed
        item (each of `item_class`, the class the game's kind declares)."""
        found = [component.item for f in self.files if f.kind == kind for component in f.components]
        return [item for item in found if isinstance(item, item_class)]

    @property
    def accept(self) -> dict[str, str]:
        """Finding code -> why the game keeps such findings on purpose (game.yaml `accept:`)."""
        return dict(self.data.get("accept", {}))

    def files_of(self, kind: str) -> list[ComponentFile]:
        return [f for f in self.files if f.kind == kind]


#: The item class of each component kind a game may use, by kind name, given the engine its
#: game.yaml names (the games' plugins supply it: sources know no game).
KindItems = Callable[[str], Mapping[str, type[Item]]]
#: The folders of layouts a game's engine ships, given the engine's name.
EngineLayouts = Callable[[str], Sequence[Path]]


class _Envelope(Struct, frozen=True):
    """A component file as read, before its items are validated against their kind."""

    path: Path
    data: LocDict
    items: LocList
    #: The table the items were read from, or None when they are in the YAML.
    table: Table | None = None
    table_path: Path | None = None
    #: Where the items are written, when a SourceMemo may read an edit to one alone.
    lines: ItemLines | None = None
    #: The items read into components, when they are (by a SourceMemo): else still to read.
    components: tuple[Component, ...] | None = None

    @property
    def kind(self) -> str:
        return str(self.data["kind"])

    def with_item(self, index: int, item: LocDict, loc: Loc, component: Component, lines: ItemLines) -> "_Envelope":
        """The envelope with one item read again, as its file's new lines hold it."""
        assert self.components is not None  # an envelope a memo kept, its items read
        items = copy.copy(self.items)  # with the places it keeps
        items[index] = item
        items.item_locs = [*self.items.item_locs[:index], loc, *self.items.item_locs[index + 1 :]]
        components = (*self.components[:index], component, *self.components[index + 1 :])
        return replace(self.holding(items, components), lines=lines)

    def holding(self, items: LocList, components: tuple[Component, ...]) -> "_Envelope":
        """The envelope with these items (in its data too) read into these components."""
        data = copy.copy(self.data)
        data["items"] = items
        return replace(self, data=data, items=items, components=components)


class SourceMemo(Struct):
    """The component files of a game's latest reading, kept between edits by a live
    preview, so that an edit to one item reads that item alone (item_lines.py) and keeps
    every other item as it was read: the same objects, which the layout's memo knows."""

    #: Each file's envelope, its items read, with the item class they were read into.
    files: dict[Path, tuple[type[Item] | None, _Envelope]] = msgspec.field(default_factory=dict)

    def reread(self, path: Path, text: str, kind_items: Mapping[str, type[Item]]) -> _Envelope | None:
        """The file's envelope from its new text, when the edit is to one item and that item
        reads and validates alone; else None, for the whole file to be read."""
        item_class, envelope = self.files.get(path, (None, None))
        if envelope is None or envelope.lines is None or item_class is not kind_items.get(envelope.kind):
            return None
        # The places of the item read name the file by the very string its other items' do:
        # the file then pickles (for the build cache, for a digest) as a fresh reading does.
        edit = envelope.lines.edited(text, envelope.items.loc.file)
        if edit is None or edit.item is None:
            return envelope if edit else None
        item = edit.item.entry.value
        if not isinstance(item, LocDict):
            return None
        try:
            component = _read_item(item, envelope.kind, item_class, envelope.items.loc)
        except SourceError:
            return None
        return envelope.with_item(edit.item.index, item, edit.item.entry.loc, component, edit.lines)

    def keep(
        self, envelopes: Sequence[_Envelope], files: Sequence["ComponentFile"], kind_items: Mapping[str, type[Item]]
    ) -> None:
        """The files just read, those whose edits may be read alone: a file read as the memo
        held it is kept as the very same entry, so that a reading that changed nothing can
        be told by identity. Each file's items are kept as the components they were read
        into, and where each was written, not as read too (_hollow)."""
        kept = {}
        for envelope, file in zip(envelopes, files, strict=True):
            if envelope.lines is None:
                continue
            held = self.files.get(envelope.path)
            if held is None or held[1] is not envelope:
                held = (kind_items.get(envelope.kind), envelope.holding(_hollow(envelope.items), file.components))
            kept[envelope.path] = held
        self.files = kept


def _hollow(items: LocList) -> LocList:
    """The items' places (the list's, each item's) without the items: all that a file's
    envelope needs of them once they are read into components, to count them and to read an
    edit to one again. As read, the items were a tenth of a game's reading kept in the build
    cache, which a rebuild of a 10,000-card deck reads, and after an edit writes, whole."""
    hollow = copy.copy(items)  # with the places it keeps
    hollow[:] = [None] * len(items)
    return hollow


def _read_component_file(path: Path, kind_items: Mapping[str, type[Item]], memo: SourceMemo | None) -> _Envelope:
    """A component file's envelope, with its items from its own `items:` or from the table
    its `data:` names (generator/sources/tables.py), its columns matched to the fields of
    its kind's item class (`kind_items`); with a memo, from the file's last reading when an
    edit changed one item."""
    shown = display_path(path)
    text = read_text(path, shown)
    if memo is not None and (envelope := memo.reread(path, text, kind_items)) is not None:
        return envelope
    parsed = parse_yaml(text, shown)
    data = parsed.value
    validate(data, COMPONENT_FILE_SCHEMA, fallback=Loc(shown, 1, 1), what="a component file")
    if ("items" in data) == ("data" in data):
        raise SourceError(
            data.loc, "expected either 'items' (the items themselves) or 'data' (a .csv, .xlsx or .ods table)"
        )
    for key in TABLE_KEYS:
        if key in data and "data" not in data:
            raise SourceError(data.key_loc(key), f"'{key}' is about the table that 'data' names, and there is none")
    if "items" in data:
        lines = ItemLines.of(text, parsed, data["items"]) if memo is not None else None
        return _Envelope(path, data, data["items"], lines=lines)
    source = data["data"]
    name, named_at = (
        (source["snapshot"], source.loc_of("snapshot"))
        if isinstance(source, LocDict)
        else (source, data.loc_of("data"))
    )
    table_path = confined(path.parent, name, named_at, "table file")
    if isinstance(source, LocDict) and not table_path.exists():
        raise SourceError(named_at, f"no snapshot {name!r} yet: `cutsheet pull` downloads it from the url")
    request = TableRequest(
        table_path, display_path(table_path), named_at, data.get("sheet"), bool(data.get("skip_hidden"))
    )
    table = read_table(request, columns_of(data, kind_items.get(str(data["kind"]))))
    if not table.items:
        raise SourceError(named_at, f"the table {name!r} has a header but no items")
    return _Envelope(path, data, table.items, table, table_path)


def columns_of(data: LocDict, item_class: type[Item] | None) -> Columns:
    """How the file's table columns become its kind's fields."""
    mapping = data.get("columns", LocDict())
    mapped = tuple((str(f), str(header), mapping.loc_of(f)) for f, header in mapping.items())
    if item_class is None:
        return Columns(None, mapped)
    schema = item_schema(item_class)
    if schema.get("additionalProperties") is False:
        fields = list(schema["properties"])
        for field_name in mapping:
            if field_name not in fields:
                raise SourceError(
                    mapping.key_loc(field_name),
                    f"a {data['kind']} has no field {field_name!r}{did_you_mean(field_name, fields)} "
                    f"(its fields: {', '.join(fields)})",
                )
    return Columns(schema, mapped)


def _components(envelope: _Envelope, items: Mapping[str, type[Item]]) -> ComponentFile:
    """The envelope's items, each validated once against its kind's schema (every bad item
    of the file reported together), its lengths in mm, made immutable and read into the
    kind's item class. A kind no game declares has no schema: its items are kept as read,
    for the build to refuse the kind and an engine to judge."""
    kind, data = envelope.kind, envelope.data
    item_class = items.get(kind)
    if envelope.components is not None:
        components = envelope.components
    elif item_class is None:
        components = tuple(Component(kind, frozen(item)) for item in envelope.items)
    else:
        components = _read_items(envelope, kind, item_class)
    own = LocMap(
        {key: frozen(value) for key, value in data.items() if key != "items"},
        data.loc,
        dict(data.key_locs),
        dict(data.value_locs),
    )
    columns = envelope.table.columns if envelope.table else ()
    return ComponentFile(
        envelope.path, kind, str(data.get("layout", kind)), components, own, envelope.table_path, columns
    )


def _read_items(envelope: _Envelope, kind: str, item_class: type[Item]) -> tuple[Component, ...]:
    schema = item_schema(item_class)
    problems = []
    for item in envelope.items:
        try:
            validate(item, schema, fallback=envelope.items.loc, what=f"a {kind}")
        except SourceError as exc:
            problems.append(exc)
    if problems:
        raise SourceErrors(problems)
    return tuple(_component(item, kind, item_class, schema) for item in envelope.items)


def _component(item: LocDict, kind: str, item_class: type[Item], schema: dict) -> Component:
    """A validated item, its lengths in mm, immutable and read into its kind's class."""
    lengths_in_mm(item, schema)
    fields = frozen(item)
    return Component(kind, fields, read_item(item_class, fields))


def _read_item(item: LocDict, kind: str, item_class: type[Item] | None, fallback: Loc) -> Component:
    """One item validated and read, as _components reads each item of a file."""
    if item_class is None:
        return Component(kind, frozen(item))
    schema = item_schema(item_class)
    validate(item, schema, fallback=fallback, what=f"a {kind}")
    return _component(item, kind, item_class, schema)


def load_game(
    folder: Path, kind_items: KindItems, engine_layouts: EngineLayouts = lambda _: (), memo: SourceMemo | None = None
) -> Game:
    """Read game.yaml and every component file it lists, then validate each item once against
    the schema of its kind's item class (`kind_items(engine)`): SourceError (or SourceErrors) at the
    first file with a problem, else the game, immutable. With a memo of the game's last
    reading, an edit to one item of a file reads that item alone, and the memo keeps this
    reading for the next."""
    game_file = folder / "game.yaml"
    if not folder.is_dir():
        raise SourceError(Loc(display_path(folder), 1, 1), "expected a game folder holding game.yaml")
    snapshot = Snapshot.of(folder)  # before anything is read: a save from now on is told (Game.settled)
    data = load_yaml(game_file)
    validate(data, GAME_SCHEMA, fallback=Loc(display_path(game_file), 1, 1), what="game.yaml")
    items = kind_items(data["engine"])
    envelopes: list[_Envelope] = []
    for index, name in enumerate(data["components"]):
        path = confined(folder, name, data["components"].loc_of(index), "component file")
        if path.is_dir():
            raise SourceError(
                data["components"].loc_of(index), f"component file {name!r} is a folder: expected a YAML file"
            )
        if not path.is_file():
            raise SourceError(data["components"].loc_of(index), f"component file {name!r} not found")
        envelopes.append(_read_component_file(path, items, memo))
        _check_items(envelopes)
    files = tuple(_components(envelope, items) for envelope in envelopes)
    if memo is not None:
        memo.keep(envelopes, files, items)
    _check_copies([component for f in files if f.kind in items for component in f.components])
    rules = read_rules(folder)
    layouts = tuple(engine_layouts(data["engine"]))
    _check_language(data)
    fonts = font_book(folder, frozen(data).get("fonts"))
    notes = tuple(note for envelope in envelopes if envelope.table for note in envelope.table.notes)
    look = read_look(frozen(data).get("look"), fonts)
    expect = read_expectations(frozen(data).get("expect"))
    return Game(
        folder, data["name"], data["engine"], frozen(data), files, layouts, fonts, rules, notes, look, expect, snapshot
    )


def _check_language(data: LocDict) -> None:
    """game.yaml's `language:` is one a hyphenation dictionary is shipped for."""
    if "language" in data and pyphen.language_fallback(data["language"].replace("-", "_")) is None:
        raise SourceError(
            data.loc_of("language"),
            f"no hyphenation dictionary for language {data['language']!r} (expected a code such as en, en_GB, de, fr)",
        )


def _check_items(envelopes: list[_Envelope]) -> None:
    """Every item is at least one copy: the files read so far may not hold more than
    MAX_COPIES items, so a game never reads far beyond what it may print."""
    items = sum(len(envelope.items) for envelope in envelopes)
    if items > MAX_COPIES:
        raise SourceError(
            envelopes[-1].items.loc,
            f"the game's component files hold more than {MAX_COPIES} items; a game prints at most {MAX_COPIES} copies",
        )


def _check_copies(components: list[Component]) -> None:
    """SourceError, before anything is laid out, when the validated components' counts add
    up to more than MAX_COPIES; it names the total and the largest counts with their places."""
    total = sum(component.count for component in components)
    if total <= MAX_COPIES:
        return
    largest = sorted(components, key=lambda component: (-component.count, _count_loc(component)))[:_LARGEST_SHOWN]
    raise SourceError(
        _count_loc(largest[0]),
        f"the game prints {total} copies (its items' counts added up); a game prints at most {MAX_COPIES}. "
        f"The largest counts: {', '.join(f'{c.count} at {_count_loc(c)}' for c in largest)}",
    )


def _count_loc(component: Component) -> Loc:
    return component.fields.loc_of("count") if "count" in component.fields else component.loc
