"""YAML loading that keeps file:line:col on every value.

PyYAML's SafeLoader builds the node graph (no object construction, so a source can never
instantiate Python objects); we then build plain dicts, lists and scalars ourselves, so we
can reject duplicate keys, bound alias expansion ("billion laughs"), nesting and numbers,
and record where every key and value came from.
"""

import math
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import yaml
from msgspec import Struct

from generator.sources.errors import Loc, SourceError, display_path

_STANDARD_TAGS = {
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
}

#: Bound on the values one file may expand to, aliases included.
MAX_NODES = 200_000
MAX_FILE_BYTES = 8 * 1024 * 1024
#: Bound on one text value: no card prints a book.
MAX_TEXT_CHARS = 100_000
#: Bound on lists and mappings inside one another (aliases included): a source is a few
#: levels deep, and reading it, checking it and freezing it each walk it level by level.
MAX_DEPTH = 64
#: Bound on a number: no count, price or size needs more digits; Python refuses to even
#: print a whole number of thousands of digits, and no layout can use one.
MAX_DIGITS = 18
#: Bound on how a number is written (signs, digits, underscores, a base prefix or an
#: exponent): longer is no number a source means, and reading it could take unbounded time.
MAX_NUMBER_CHARS = 64
_NUMBER_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
_TEXT_TAG = "tag:yaml.org,2002:str"
#: Characters XML 1.0 forbids (and lone surrogates, which no file can encode): a YAML escape
#: such as "\x07" could otherwise carry them into SVG output. Rejected at their source line.
#: Where lines end, as the YAML and CSV readers count them: LF, CR LF, or CR alone.
_LINE_END = re.compile(r"\r\n|\r|\n")
_FORBIDDEN = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


#: PyYAML's safe loader, in C (libyaml) where PyYAML has it, else in Python.
Loader = yaml.SafeLoader | yaml.CSafeLoader


class LocDict(dict):
    """A mapping that remembers where it, each key and each value came from."""

    loc: Loc
    key_locs: dict[str, Loc]
    value_locs: dict[str, Loc]

    def loc_of(self, key: str) -> Loc:
        return self.value_locs.get(key, self.loc)

    def key_loc(self, key: str) -> Loc:
        return self.key_locs.get(key, self.loc)


class LocList(list):
    """A sequence that remembers where it and each item came from."""

    loc: Loc
    #: Where the next thing after the sequence begins (for a list read from YAML).
    end: Loc
    item_locs: list[Loc]

    def loc_of(self, index: int) -> Loc:
        return self.item_locs[index] if 0 <= index < len(self.item_locs) else self.loc


class _Mark(Protocol):
    """A place PyYAML reports, by its Python parser or by libyaml's: both count from 0."""

    line: int
    column: int


def _mark_loc(file: str, mark: _Mark | None, first_line: int = 0) -> Loc:
    """The place of a mark in a text that begins on line `first_line` of the file (from 0)."""
    if mark is None:
        return Loc(file, 1, 1)
    return Loc(file, mark.line + 1 + first_line, mark.column + 1)


class _Builder:
    """Builds a node graph into LocDicts, LocLists and scalars, counting every value it builds
    (aliases and merges expanded) against MAX_NODES and every level against MAX_DEPTH."""

    def __init__(self, file: str, loader: Loader, lines: list[str], first_line: int = 0):
        self.file = file
        self.loader = loader
        self.lines = lines
        #: The line of the file the parsed text begins on (0: the whole file was parsed).
        self.first_line = first_line
        self.count = 0
        self.depth = 0

    def _loc(self, mark: _Mark | None) -> Loc:
        return _mark_loc(self.file, mark, self.first_line)

    def build(self, node: yaml.Node) -> Any:
        self._tick(node)
        if node.tag not in _STANDARD_TAGS:
            raise SourceError(
                self._loc(node.start_mark),
                f"unsupported YAML tag {node.tag!r}: sources hold plain text, numbers, lists and mappings",
            )
        if isinstance(node, yaml.MappingNode):
            return self._nested(self._mapping, node)
        if isinstance(node, yaml.SequenceNode):
            return self._nested(self._sequence, node)
        assert isinstance(node, yaml.ScalarNode)  # the three kinds of YAML node
        return self._scalar(node)

    def _tick(self, node: yaml.Node, values: int = 1) -> None:
        self.count += values
        if self.count > MAX_NODES:
            raise SourceError(
                self._loc(node.start_mark),
                f"the file expands to more than {MAX_NODES} values (are aliases nested too deep?)",
            )

    def _nested(self, build: Callable[[Any], Any], node: yaml.CollectionNode) -> Any:
        """A list or mapping built one level deeper: an alias can nest a list in itself."""
        if self.depth == MAX_DEPTH:
            raise SourceError(self._loc(node.start_mark), _too_deep())
        self.depth += 1
        try:
            return build(node)
        finally:
            self.depth -= 1

    def _sequence(self, node: yaml.SequenceNode) -> LocList:
        out = LocList(self.build(item) for item in node.value)
        out.loc = self._loc(node.start_mark)
        out.end = self._loc(node.end_mark)
        out.item_locs = [self._value_loc(item) for item in node.value]
        return out

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        if node.tag == "tag:yaml.org,2002:timestamp":
            return node.value  # dates stay text: a card may print "2003-08-07"
        loc = self._loc(node.start_mark)
        if node.tag in _NUMBER_TAGS and len(node.value) > MAX_NUMBER_CHARS:
            raise SourceError(loc, TOO_MANY_DIGITS)
        if node.tag == _TEXT_TAG:  # text is the node's own value: what the constructor returns
            value = node.value
        else:
            try:
                value = self.loader.construct_object(node, deep=True)
            except yaml.constructor.ConstructorError as exc:
                raise SourceError(loc, _problem(exc)) from None
        if isinstance(value, str):
            check_text(value, loc)
        else:
            check_number(value, loc)
        return value

    def _mapping(self, node: yaml.MappingNode) -> LocDict:
        out = LocDict()
        out.loc = self._loc(node.start_mark)
        out.key_locs, out.value_locs = {}, {}
        for key_node, value_node in self._merged(node):
            key_loc = self._loc(key_node.start_mark)
            if not isinstance(key_node, yaml.ScalarNode):
                raise SourceError(key_loc, "expected a plain key, found a mapping or list as a key")
            key = self._scalar(key_node)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise SourceError(key_loc, f"expected a text key, found {key!r}")
            key = str(key)
            if key in out:
                first = out.key_locs[key]
                raise SourceError(key_loc, f"duplicate key {key!r} (first defined at line {first.line})")
            out[key] = self.build(value_node)
            out.key_locs[key] = key_loc
            out.value_locs[key] = self._value_loc(value_node)
        return out

    def _value_loc(self, node: yaml.Node) -> Loc:
        """Where a value starts; a block scalar's (`|`, `>`) on the first line of its content,
        so that a place counted into its text lands on the line it is written on."""
        loc = self._loc(node.start_mark)
        if isinstance(node, yaml.ScalarNode) and node.style in ("|", ">") and loc.line < len(self.lines):
            line = self.lines[loc.line]
            return Loc(self.file, loc.line + 1, len(line) - len(line.lstrip(" ")) + 1)
        return loc

    def _merged(self, node: yaml.MappingNode, depth: int = 0) -> list[tuple[yaml.Node, yaml.Node]]:
        """Key/value pairs with YAML merge keys (`<<: *defaults`) applied, own keys winning.
        Every pair a merge reads counts as a value, and merges of merges nest at most MAX_DEPTH deep:
        a merge can name itself, or name the same mapping many times over."""
        if depth == MAX_DEPTH:
            raise SourceError(self._loc(node.start_mark), _too_deep())
        own = [(k, v) for k, v in node.value if k.tag != "tag:yaml.org,2002:merge"]
        own_keys = {k.value for k, _ in own if isinstance(k, yaml.ScalarNode)}
        merged: list[tuple[yaml.Node, yaml.Node]] = []
        for key_node, value_node in node.value:
            if key_node.tag != "tag:yaml.org,2002:merge":
                continue
            sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
            for source in sources:
                if not isinstance(source, yaml.MappingNode):
                    raise SourceError(self._loc(source.start_mark), "'<<' merges only mappings")
                self._tick(source, len(source.value))
                for pair in self._merged(source, depth + 1):
                    if pair[0].value not in own_keys:
                        own_keys.add(pair[0].value)
                        merged.append(pair)
        return merged + own


def check_text(value: str, loc: Loc) -> None:
    """A text value of any source (a YAML scalar, a table cell) is bounded and printable."""
    if len(value) > MAX_TEXT_CHARS:
        raise SourceError(loc, f"text of {len(value)} characters; a value holds at most {MAX_TEXT_CHARS}")
    bad = _FORBIDDEN.search(value)
    if bad:
        raise SourceError(
            loc,
            f"control character U+{ord(bad.group()):04X} in text: "
            "expected printable text (tabs and line breaks are fine)",
        )


TOO_MANY_DIGITS = f"a number of more than {MAX_DIGITS} digits is not a valid value"


def check_number(value: object, loc: Loc) -> None:
    """A number of any source (a YAML scalar, a table cell) is finite and has at most
    MAX_DIGITS digits: such numbers print, compare and count as they are written."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return
    if isinstance(value, float) and not math.isfinite(value):
        raise SourceError(loc, f"{value} is not a valid value: expected a finite number")
    if abs(value) >= 10**MAX_DIGITS:
        raise SourceError(loc, TOO_MANY_DIGITS)


def _too_deep() -> str:
    return f"lists or mappings nested more than {MAX_DEPTH} deep: a source is a few levels deep"


def _problem(exc: yaml.MarkedYAMLError) -> str:
    text = exc.problem or exc.context or "invalid YAML"
    if "found character '\\t'" in text:
        return "tab character: YAML indents with spaces only"
    if exc.context and exc.problem and exc.context not in text:
        text = f"{text} ({exc.context})"
    return text


def read_text(path: Path, shown: str, limit: int = MAX_FILE_BYTES) -> str:
    """A source file's text: UTF-8 (a BOM allowed), at most `limit` bytes; SourceError otherwise."""
    if path.is_dir():
        raise SourceError(
            Loc(shown, 1, 1), f"expected a {path.suffix.lstrip('.').upper() or 'source'} file, found a folder"
        )
    if not path.exists():
        raise SourceError(Loc(shown, 1, 1), "file not found")
    size = path.stat().st_size
    if size > limit:
        raise SourceError(Loc(shown, 1, 1), f"file is {size} bytes; {path.name} is at most {limit} bytes")
    data = path.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = data[: exc.start].decode("utf-8-sig")
        raise SourceError(text_loc(before, len(before), shown), "invalid UTF-8: sources must be UTF-8 text") from None
    return text


def check_characters(text: str, shown: str) -> None:
    """A whole source text holds no character XML forbids; SourceError at the first one's
    line:col. (YAML's own reader does this for YAML; other sources, such as the rules, call it.)"""
    bad = _FORBIDDEN.search(text)
    if bad:
        raise SourceError(
            text_loc(text, bad.start(), shown),
            f"control character U+{ord(bad.group()):04X}: expected printable text",
        )


def text_loc(text: str, offset: int, shown: str) -> Loc:
    """The line:col of a character of a source's text, lines ending in LF, CR LF or CR alone."""
    lines = _LINE_END.split(text[:offset])
    return Loc(shown, len(lines), len(lines[-1]) + 1)


class Marks(Struct, frozen=True):
    """What a text holds besides its values: anchors or aliases (a value named, or one named
    elsewhere), directives (which change what its tags mean) and explicit document markers
    (`---`, `...`); all of them, when it is malformed."""

    anchors: bool
    directives: bool
    documents: bool


class ParsedYaml(Struct, frozen=True):
    """One YAML document as read: its value, and what reading one part of it again needs."""

    value: Any
    #: The values it built, aliases and merges expanded: counted against MAX_NODES.
    values: int
    #: What the text holds besides its values, that a part of it read alone may mean otherwise.
    marks: Marks


def load_yaml(path: Path, *, display: str | None = None) -> Any:
    """Load one YAML document, keeping positions; raise SourceError for anything malformed."""
    shown = display or display_path(path)
    return parse_yaml(read_text(path, shown), shown).value


def parse_yaml(text: str, shown: str) -> ParsedYaml:
    """A source's text read as one YAML document, as load_yaml reads a file."""
    marks = _check_events(text, shown)
    found = _fast_parse(text)
    loader = found[0] if found else _pure_loader(text, shown)
    try:
        node = found[1] if found else loader.get_single_node()
        if node is None:
            raise SourceError(Loc(shown, 1, 1), "the file is empty: expected a YAML mapping")
        builder = _Builder(shown, loader, text.splitlines())
        return ParsedYaml(builder.build(node), builder.count, marks)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise SourceError(_mark_loc(shown, mark), _problem(exc)) from None
    except yaml.YAMLError as exc:
        raise SourceError(Loc(shown, 1, 1), f"invalid YAML: {exc}") from None
    finally:
        loader.dispose()


class Entry(Struct, frozen=True):
    """One entry of a block sequence, read from its own lines: its value, where it starts,
    and the values it built."""

    value: Any
    loc: Loc
    values: int


def parse_entry(lines: Sequence[str], first: int, end: int, shown: str, column: int, others: int) -> Entry | None:
    """The entry of a top-level key's block sequence written on lines[first:end] (each with
    its line end), its '-' in `column`, read as parse_yaml reads it in the whole text, where
    the rest builds `others` values. None unless those lines hold exactly one such entry,
    with no anchor, alias, document marker or byte order mark, that begins on the first of
    them and reads without a problem: the whole text, read again, then says what is wrong,
    at the place it says it. None, too, where PyYAML has no libyaml, which alone reads an
    entry here."""
    text = "".join(lines[first:end])
    if "\ufeff" in text:  # a byte order mark: skipped where a text begins, not in a file's middle
        return None
    try:
        marks = _check_events(text, shown, outer=1) if yaml.__with_libyaml__ else None
        if marks is None or marks.anchors or marks.documents:  # `...` ends the entry's text, not the file
            return None
        found = _fast_parse(text)
    except SourceError:
        return None
    if found is None:
        return None
    loader, node = found
    try:
        if not (
            isinstance(node, yaml.SequenceNode)
            and not node.flow_style
            and len(node.value) == 1
            and (node.start_mark.line, node.start_mark.column, node.value[0].start_mark.line) == (0, column, 0)
        ):
            return None
        builder = _Builder(shown, loader, list(lines), first)
        # The entry is built two levels in (the top-level mapping, its sequence), where its
        # events were counted one level in (its own sequence is the text's first level).
        builder.count, builder.depth = others, 2
        value = builder.build(node.value[0])
        return Entry(value, builder._value_loc(node.value[0]), builder.count - others)
    except (SourceError, yaml.YAMLError):
        return None
    finally:
        loader.dispose()


def _check_events(text: str, shown: str, outer: int = 0) -> Marks:
    """The text's marks, after a SourceError where lists or mappings first nest deeper than
    MAX_DEPTH (counting `outer` levels around the text), found before anything builds the
    nested nodes: YAML's parsers read events in a loop, but its node composers recurse once
    per level (libyaml's in C, where no recursion limit stops it). A malformed text is left
    to the reading after, which reports the problem."""
    parser = yaml.CSafeLoader(text) if yaml.__with_libyaml__ else _pure_loader(text, shown)
    depth, anchors, directives, documents = outer, False, False, False
    try:
        while (event := parser.get_event()) is not None:
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise SourceError(_mark_loc(shown, event.start_mark), _too_deep())
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
            if isinstance(event, yaml.NodeEvent) and event.anchor is not None:
                anchors = True  # an anchor, or an alias naming one
            elif isinstance(event, (yaml.DocumentStartEvent, yaml.DocumentEndEvent)):
                documents |= bool(event.explicit)
                directives |= isinstance(event, yaml.DocumentStartEvent) and bool(event.tags or event.version)
    except yaml.YAMLError:
        return Marks(True, True, True)
    finally:
        parser.dispose()
    return Marks(anchors, directives, documents)


def _fast_parse(text: str) -> tuple[Loader, yaml.Node] | None:
    """libyaml's node graph of the text (several times quicker to read), or None when PyYAML
    has no libyaml or libyaml finds a problem: PyYAML's own parser then reads the text, so
    every message about a malformed source is worded and placed the same."""
    if not yaml.__with_libyaml__:
        return None
    loader = yaml.CSafeLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.YAMLError:
        node = None
    if node is None:
        loader.dispose()
        return None
    return loader, node


def _pure_loader(text: str, shown: str) -> yaml.SafeLoader:
    try:
        return yaml.SafeLoader(text)
    except yaml.reader.ReaderError as exc:
        raise SourceError(
            text_loc(text, exc.position, shown), f"control character U+{exc.character:04X}: expected printable text"
        ) from None
