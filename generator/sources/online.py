"""Tables kept online: a component file's `data: {url: https://..., snapshot: cards.csv}`.

Builds read the snapshot only, a table file beside the component file, and never the
network: a build is the same offline, and the same from the same files. `cutsheet pull`
brings snapshots up to date, one at a time:

1. it downloads the url (https, or http to this machine only; redirects followed under the
   same rule), within a time limit and at most MAX_TABLE_BYTES: a larger body is an error,
   never half a table;
2. it writes the download to a temporary file beside the snapshot and reads it as a build
   would read the snapshot (the snapshot's suffix says its format; the component file's
   `sheet:`, `skip_hidden:` and `columns:` apply);
3. only then it moves it over the snapshot (os.replace).

Whatever goes wrong leaves the snapshot as it was, and is a SourceError at the component
file's `url:`. What changed is told item by item, each named by its title.
"""

import http.client
import os
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit

from msgspec import Struct

from generator.output import MODE
from generator.sources.errors import Loc, SourceError, display_path
from generator.sources.game import COMPONENT_FILE_SCHEMA, GAME_SCHEMA, KindItems, columns_of
from generator.sources.items import Item
from generator.sources.loader import LocDict, load_yaml
from generator.sources.paths import confined
from generator.sources.schema import validate
from generator.sources.tables import MAX_TABLE_BYTES, TABLES, Columns, TableRequest, normal, read_table

#: The hosts a plain http:// address may name: this machine (a test's server).
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
#: How much of a download is read at a time, between looks at the clock and the limit.
_CHUNK = 64 * 1024
#: Titles a change names before it only counts the rest.
_NAMED = 5


class Download(Struct, frozen=True):
    """How a url is fetched: the whole download within `timeout` seconds (each wait on the
    server too), and at most `limit` bytes of body."""

    timeout: float = 60.0
    limit: int = MAX_TABLE_BYTES


class OnlineTable(Struct, frozen=True):
    """A component file's table kept online: where it is fetched from, the snapshot builds
    read, and how a build reads that snapshot."""

    component_file: Path
    url: str
    #: Where the component file writes the url: every error of a pull is reported there.
    url_at: Loc
    #: The snapshot, resolved (inside the game folder).
    snapshot: Path
    #: The snapshot as the component file names it.
    snapshot_name: str
    sheet: str | None
    skip_hidden: bool
    columns: Columns
    #: The component kind its items are, as messages name it.
    kind: str

    @property
    def shown(self) -> str:
        return display_path(self.component_file)

    @property
    def format(self) -> str:
        """The snapshot's format as messages name it: CSV, XLSX."""
        return self.snapshot.suffix.removeprefix(".").upper()

    def read(self, path: Path, shown: str) -> Sequence[LocDict]:
        """The items of `path` read and validated against its kind as a build reads the
        snapshot; SourceError when it cannot."""
        request = TableRequest(path, shown, self.url_at, self.sheet, self.skip_hidden)
        items = read_table(request, self.columns).items
        if self.columns.schema is not None:
            schema = dict(self.columns.schema)
            for item in items:
                validate(item, schema, fallback=items.loc, what=f"a {self.kind}")
        return items


class Change(Struct, frozen=True):
    """What a pull changed in a snapshot, item by item, each named by its title."""

    rows: int
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    #: The same items as before, in another order (the order they print in).
    reordered: bool = False
    #: There was no snapshot a build could read before.
    first: bool = False

    def __str__(self) -> str:
        if self.first:
            return f"{_rows(self.rows)} fetched (no snapshot to compare with)"
        parts = [
            f"{len(titles)} {what} ({_titles(titles)})"
            for what, titles in (("added", self.added), ("removed", self.removed), ("changed", self.changed))
            if titles
        ]
        if self.reordered:
            parts.append("rows reordered")
        return ", ".join(parts) or "unchanged"


class Pulled(Struct, frozen=True):
    """A snapshot brought up to date, and what changed in it."""

    table: OnlineTable
    change: Change

    def __str__(self) -> str:
        return f"{self.table.shown}: {self.table.snapshot_name}: {self.change}"


def pull_games(
    folders: Mapping[Path, Sequence[Path]], kind_items: KindItems, download: Download = Download()
) -> Iterator[Pulled | SourceError]:
    """Pull every table the games keep online (only those of the named component files, for
    a game whose files are named), in order. A failure is yielded, not raised: the other
    tables still pull."""
    for folder, named in folders.items():
        try:
            engine, files = component_files(folder, named)
        except SourceError as exc:
            yield exc
            continue
        kinds = kind_items(engine)
        for path in files:
            try:
                table = online_table(path, kinds, required=bool(named))
                if table is not None:
                    yield pull(table, download)
            except SourceError as exc:
                yield exc


def component_files(folder: Path, named: Sequence[Path]) -> tuple[str, tuple[Path, ...]]:
    """The game's engine and its component files: those named, else those game.yaml lists."""
    game_file = folder / "game.yaml"
    data = load_yaml(game_file)
    validate(data, GAME_SCHEMA, fallback=Loc(display_path(game_file), 1, 1), what="game.yaml")
    if named:
        return str(data["engine"]), tuple(named)
    listed = data["components"]
    return str(data["engine"]), tuple(
        confined(folder, name, listed.loc_of(index), "component file") for index, name in enumerate(listed)
    )


def online_table(path: Path, kinds: Mapping[str, type[Item]], required: bool = False) -> OnlineTable | None:
    """The table a component file keeps online; None when it keeps none, SourceError when it
    keeps none and is `required` to (it was named to be pulled), or names its snapshot badly."""
    data = load_yaml(path)
    validate(data, COMPONENT_FILE_SCHEMA, fallback=Loc(display_path(path), 1, 1), what="a component file")
    source = data.get("data")
    if not isinstance(source, LocDict):
        if required:
            raise SourceError(data.loc, "nothing to pull: the file has no data: {url: ..., snapshot: ...}")
        return None
    name, snapshot_at = str(source["snapshot"]), source.loc_of("snapshot")
    snapshot = confined(path.parent, name, snapshot_at, "table file")
    formats = TABLES.installed()
    if snapshot.suffix.lower().removeprefix(".") not in formats:
        endings = " or ".join(f".{suffix}" for suffix in formats)
        raise SourceError(snapshot_at, f"expected a snapshot file ending in {endings}, got {name!r}")
    return OnlineTable(
        component_file=path,
        url=str(source["url"]),
        url_at=source.loc_of("url"),
        snapshot=snapshot,
        snapshot_name=name,
        sheet=data.get("sheet"),
        skip_hidden=bool(data.get("skip_hidden")),
        columns=columns_of(data, kinds.get(str(data["kind"]))),
        kind=str(data["kind"]),
    )


def pull(table: OnlineTable, download: Download = Download()) -> Pulled:
    """Download the table into its snapshot, read and checked first; SourceError at its url,
    the snapshot untouched, when anything goes wrong."""
    try:
        body = fetch(table.url, table.url_at, download)
        _refuse_web_page(table, body)
        before = _snapshot_items(table)
        after = _replace(table, body, before)
    except SourceError as exc:
        kept = f"{table.snapshot_name} kept as it was" if table.snapshot.exists() else "no snapshot written"
        raise SourceError(exc.loc, f"{exc.message}; {kept}") from None
    return Pulled(table, compare(before, after))


def _address_problem(url: str) -> str:
    """Why pull does not fetch `url` ("" when it does): https only, but http to this
    machine, so that a table is never read off the network in the clear."""
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        return f"{url!r} is not a web address"
    if (parts.scheme == "https" and host) or (parts.scheme == "http" and host in LOOPBACK):
        return ""
    return f"{url} is not an https:// address (http:// is only for this machine: 127.0.0.1 or localhost)"


class _Redirects(urllib.request.HTTPRedirectHandler):
    """Follows a redirect (a published sheet's link redirects) only to an address pull
    would fetch itself."""

    def redirect_request(
        self, req: urllib.request.Request, fp: IO[bytes], code: int, msg: str, headers: Any, newurl: str
    ) -> urllib.request.Request | None:
        problem = _address_problem(newurl)
        if problem:
            fp.close()
            raise urllib.error.URLError(f"redirected to {newurl}, which is refused: {problem}")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _opener(url: str) -> urllib.request.OpenerDirector:
    """An opener that follows only allowed redirects; this machine is never reached through a proxy."""
    local = urlsplit(url).hostname in LOOPBACK
    return urllib.request.build_opener(_Redirects, *([urllib.request.ProxyHandler({})] if local else []))


def fetch(url: str, at: Loc, download: Download = Download()) -> bytes:
    """The body `url` answers with, whole; SourceError at `at` naming what went wrong."""
    problem = _address_problem(url)
    if problem:
        raise SourceError(at, problem)
    request = urllib.request.Request(url, headers={"User-Agent": "cutsheet pull"})
    deadline = time.monotonic() + download.timeout
    try:
        with _opener(url).open(request, timeout=download.timeout) as response:
            return _bounded_body(response, url, at, download, deadline)
    except urllib.error.HTTPError as exc:
        exc.close()
        raise SourceError(at, f"{url}: the server answered {exc.code} {exc.reason}") from None
    except http.client.RemoteDisconnected:
        raise SourceError(at, f"{url}: the server closed the connection without answering") from None
    except http.client.IncompleteRead as exc:
        raise SourceError(
            at, f"{url}: the connection closed after {len(exc.partial)} bytes, before the whole table arrived"
        ) from None
    except http.client.HTTPException as exc:
        raise SourceError(at, f"{url}: the server's answer is not HTTP ({type(exc).__name__})") from None
    except urllib.error.URLError as exc:
        raise SourceError(at, f"{url}: {_reason(exc.reason, download)}") from None
    except OSError as exc:
        raise SourceError(at, f"{url}: {_reason(exc, download)}") from None
    except ValueError as exc:  # an address urllib cannot use: a bad port, a bad host name
        raise SourceError(at, f"{url}: not an address that can be downloaded ({exc})") from None


def _reason(reason: object, download: Download) -> str:
    if isinstance(reason, TimeoutError):
        return f"no answer within {download.timeout:g} s"
    if isinstance(reason, OSError):
        return f"cannot download: {reason.strerror or reason}"
    return f"cannot download: {reason}"


def _bounded_body(response: Any, url: str, at: Loc, download: Download, deadline: float) -> bytes:
    """The response's body, read as it arrives (read1: one wait on the server at a time, so
    the clock is looked at between waits): SourceError as soon as it passes the limit (or
    says it will), the time runs out, or the connection closes before the length the server
    stated. A huge, endless or cut-short body is never taken for a table."""
    limit = download.limit
    too_large = f"{url}: the table is larger than {limit} bytes, the most a table file may be"
    if response.length is not None and response.length > limit:
        raise SourceError(at, too_large)
    chunks, size = [], 0
    while chunk := response.read1(min(_CHUNK, limit + 1 - size)):
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise SourceError(at, too_large)
        if time.monotonic() > deadline:
            raise SourceError(at, f"{url}: the download took longer than {download.timeout:g} s")
    if response.length:  # what the server said was still to come
        raise http.client.IncompleteRead(b"".join(chunks), response.length)
    return b"".join(chunks)


def _refuse_web_page(table: OnlineTable, body: bytes) -> None:
    """A web page where a table was expected is what a sheet that is not published (or not
    shared) answers with: a sign-in page. Said as such, rather than as a table that is odd."""
    start = body[:256].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if start.startswith((b"<!doctype html", b"<html")):
        raise SourceError(
            table.url_at,
            f"{table.url} gave a web page, not a {table.format} table (a sign-in page?): "
            f"publish the sheet to the web as {table.format} and use the link that gives",
        )


def _snapshot_items(table: OnlineTable) -> Sequence[LocDict] | None:
    """The snapshot's items now, or None when there is none a build could read."""
    if not table.snapshot.is_file():
        return None
    try:
        return table.read(table.snapshot, display_path(table.snapshot))
    except SourceError:
        return None


def _replace(table: OnlineTable, body: bytes, before: Sequence[LocDict] | None) -> Sequence[LocDict]:
    """Write `body` over the snapshot once it reads as a table with items (a snapshot that
    holds it already is left as it is); its items."""
    snapshot = table.snapshot
    if before is not None and _holds(snapshot, body):
        return before
    try:
        snapshot.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=f".{snapshot.name}.", suffix=snapshot.suffix, dir=snapshot.parent)
    except OSError as exc:
        raise SourceError(table.url_at, f"cannot write {display_path(snapshot)}: {exc.strerror or exc}") from None
    scratch = Path(name)
    try:
        with open(fd, "wb") as file:
            file.write(body)
        items = _readable(table, scratch)
        os.chmod(scratch, MODE)
        os.replace(scratch, snapshot)
    except OSError as exc:
        raise SourceError(table.url_at, f"cannot write {display_path(snapshot)}: {exc.strerror or exc}") from None
    finally:
        scratch.unlink(missing_ok=True)
    return items


def _holds(path: Path, body: bytes) -> bool:
    try:
        return path.stat().st_size == len(body) and path.read_bytes() == body
    except OSError:
        return False


def _readable(table: OnlineTable, scratch: Path) -> Sequence[LocDict]:
    """The items of the download, written at `scratch`; SourceError at the url when a build
    could not read it as the snapshot (the download's own place in the message)."""
    shown = f"downloaded {table.snapshot_name}"
    try:
        items = table.read(scratch, shown)
    except SourceError as exc:
        place = f" at {exc.loc}" if exc.loc is not None and exc.loc.file == shown else ""
        raise SourceError(
            table.url_at, f"{table.url} gave no {table.format} table a build can read{place}: {exc.message}"
        ) from None
    if not items:
        raise SourceError(table.url_at, f"{table.url} gave a table with a header but no items")
    return items


def compare(before: Sequence[LocDict] | None, after: Sequence[LocDict]) -> Change:
    """What changed from `before` (None: no snapshot) to `after`. Items are matched by their
    title (the nth of a title with the nth), so a row moved is no change and a title edited
    is one removed and one added."""
    if before is None:
        return Change(len(after), first=True)
    old, new = _by_title(before), _by_title(after)
    kept_old = [key for key in old if key in new]
    kept_new = [key for key in new if key in old]
    return Change(
        len(after),
        added=tuple(title for title, nth in new if (title, nth) not in old),
        removed=tuple(title for title, nth in old if (title, nth) not in new),
        changed=tuple(title for title, nth in kept_new if old[title, nth] != new[title, nth]),
        reordered=kept_old != kept_new,
    )


def _by_title(items: Sequence[LocDict]) -> dict[tuple[str, int], LocDict]:
    """The items by (title, which of that title), in order."""
    seen: Counter[str] = Counter()
    keyed = {}
    for item in items:
        title = _title(item)
        seen[title] += 1
        keyed[(title, seen[title])] = item
    return keyed


def _title(item: LocDict) -> str:
    """How a change names an item: its title, else its name, else its row."""
    for wanted in ("title", "name"):
        for key, value in item.items():
            if normal(key) == wanted and str(value).strip():
                return str(value).strip()
    return f"row {item.loc.line}"


def _titles(titles: tuple[str, ...]) -> str:
    shown = ", ".join(titles[:_NAMED])
    return f"{shown} and {len(titles) - _NAMED} more" if len(titles) > _NAMED else shown


def _rows(count: int) -> str:
    return f"{count} row" if count == 1 else f"{count} rows"
