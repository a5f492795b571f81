"""`cutsheet serve`: a live preview page on 127.0.0.1, rebuilt whenever a source changes.

    GET /          the page: every game's components, findings and PDF links
    GET /content   the page's content alone, as HTML
    GET /content?since=V   what changed since version V, for the page to put in after a rebuild
    GET /articles?kind=K&from=A&to=B&at=V   a kind's components A..B-1 in version V, as the page
                   scrolls near them
    GET /events    server-sent events: the preview's version, pushed after every rebuild
    GET /faces/<digest>.svg        one face's picture (the page loads each as it scrolls into view)
    GET /files/<slug>/<slug>.pdf   a built PDF

Nothing else is served: a face or a file is served only when it is one this server drew or
built itself (an exact match in a table, never a path joined from the URL), so no URL
(encoded dots, absolute paths, symlinks ...) reaches any other file. A face's address is
its content's digest, so the browser may keep it for good: after an edit, the page fetches
the faces the edit changed and no other. The components' text is drawn as glyph outlines
in their SVG, so the page needs no fonts.

The content is made of blocks (content.py), each element of a block marked with the
block's key, its place on the page. Every rebuild renders the blocks of a new version, and
the server keeps the last KEPT versions; its versions are numbered from a start drawn
afresh each run (first_version). Asked with ?since=V for a version it still keeps whose
games, kinds and number of components in each are the page's own (so the same keys, in
the same order), the server answers JSON, {"version": N, "blocks": [[key, html], ...]},
the blocks whose HTML differs, and the page replaces the elements of those keys and
nothing else; otherwise (an item added or removed, an unknown or malformed V) it answers
the whole content as HTML, as GET /content does, and the page puts in what differs.
Either answer names its version in the X-Preview-Version header.

A large kind is not sent whole: the content holds its first WINDOW components, then a
placeholder for each WINDOW more, which the page fills from /articles as it scrolls near,
in the version it shows (a version the server no longer keeps is not found). A change to a
component the page has not filled is left for the filling to bring. A filling the page
could not put in (not found, or its version no longer the page's after a change came) is
asked for again at once, but once for each version the page shows: after that it waits for
the next.
"""

import re
import secrets
import socket
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from generator.cache import used_by_command
from generator.collector import collection_paused
from generator.pipeline import PrintRun
from generator.project import Project
from generator.serve.content import Content, ContentRenderer, Delta, templates
from generator.serve.preview import GamePreview, PreviewMemo, draw_preview, finish_preview
from generator.watching import edits

HOST = "127.0.0.1"
#: Seconds an events stream waits for a rebuild before sending a keep-alive comment.
KEEP_ALIVE = 15.0
#: Seconds to wait at most for the file watch to be in place before serving anyway.
WATCH_START = 10.0
#: After the first phase is shown, the second (the rules checks and the PDF) waits, while
#: pages are listening, until each has fetched the new content and no request has been
#: answered for QUIET seconds, HEAD_START at most: the pages fetch the content and then
#: the faces it shows while this process is idle, where the second phase would have held
#: the interpreter and made each answer wait. QUIET outlasts a page's putting the content
#: in (0.2 s at 10,000 cards), after which it asks for the faces.
QUIET = 0.3
HEAD_START = 2.0
#: Seconds between stop_serving's looks at whether a rebuild under way has finished.
JOIN_STEP = 0.2
#: Where the faces are served, and how long a browser may keep one (its name is its digest).
FACES = "/faces/"
FOREVER = "max-age=31536000, immutable"
#: A face is a picture, never a page: taken as SVG alone, and should it be opened as a page,
#: it runs nothing and loads nothing but the pictures it holds (data: URLs).
FACE_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
}
#: How many versions of the content the server keeps to answer "what changed since": each
#: edit makes two (its components, then its findings and PDF), and a page asks for the
#: changes since the version it shows as soon as it hears of a new one.
KEPT = 6


class Previews:
    """The current previews of the served games, a version bumped on every rebuild, and
    the PDFs that may be served. Thread-safe: the watcher writes, request threads read."""

    def __init__(self, project: Project):
        self.project = project
        self.folders = [folder.resolve() for folder in project.folders]
        self.out_dir = project.output.out_dir
        self.version = first_version()
        self.games: dict[Path, GamePreview] = {}
        self.memos: dict[Path, PreviewMemo] = {folder: PreviewMemo() for folder in self.folders}
        #: Every face the shown previews show, by the name its address ends in.
        self.faces: dict[str, str] = {}
        self.renderer = ContentRenderer()
        #: The content of the last KEPT versions, by version.
        self.shown: dict[int, Content] = {self.version: Content(self.version, ())}
        self.changed = threading.Condition()
        self.traffic = Traffic()
        #: Set while a rebuild is under way (what stopping the server waits for).
        self.rebuilding = threading.Event()

    def rebuild(self, folders: Iterable[Path] | None = None) -> None:
        """Rebuild the given games (default: all), telling every waiting page after each
        phase: first the drawn components, then, once the pages have fetched them, the
        findings and PDFs. A bug in a kind or an engine is shown on the page: the server
        survives any deck. It uses the build cache as a build does (cache.used_by_command):
        pruned after, and what was read from it back with the collector."""
        self.rebuilding.set()
        try:
            with used_by_command(self.project.output.cache_dir):
                self._phases(folders)
        finally:
            self.rebuilding.clear()

    def _phases(self, folders: Iterable[Path] | None) -> None:
        """rebuild's two phases."""
        first: dict[Path, GamePreview] = {}
        runs: dict[Path, PrintRun] = {}
        # The first phase, and the pages' fetching it, are what the pages wait for, and a
        # full collection of a game's objects takes 0.1 s at 1000 cards and about a second
        # at 10,000. The collector runs again in the second phase; what the first allocates
        # is bounded by the game's size.
        with collection_paused():
            for folder in folders or self.folders:
                try:
                    first[folder], run = draw_preview(folder, self.project, self.memos.get(folder))
                except Exception as exc:
                    first[folder], run = failed(folder, exc), None
                if run is not None:
                    runs[folder] = run
            self._publish(first)
            if runs:
                self.traffic.settle(QUIET, HEAD_START)
        second: dict[Path, GamePreview] = {}
        for folder, run in runs.items():
            try:
                second[folder] = finish_preview(first[folder], run)
            except Exception as exc:
                second[folder] = failed(folder, exc)
        if second:
            self._publish(second)

    def _publish(self, fresh: dict[Path, GamePreview]) -> None:
        with self.changed:
            self.games.update(fresh)
            self.faces = {
                image.name: image.svg
                for game in self.games.values()
                for group in game.groups
                for component in group.components
                for image in (component.front, component.back)
                if image is not None
            }
            games = [self.games[folder] for folder in self.folders if folder in self.games]
            content = self.renderer.render(self.version + 1, games)
            self.version += 1
            self.shown[self.version] = content
            self.shown.pop(self.version - KEPT, None)
            self.traffic.published(self.version)
            self.changed.notify_all()

    def wait_for_change(self, seen: int, timeout: float) -> int:
        with self.changed:
            self.changed.wait_for(lambda: self.version != seen, timeout)
            return self.version

    def content(self) -> tuple[int, str]:
        """The current version and its whole content."""
        with self.changed:
            shown = self.shown[self.version]
        return shown.version, shown.html

    def changes(self, since: int | None) -> Delta | None:
        """What changed since version `since`, or None when the whole content must go: a
        version no longer kept (or never made), or a page of another outline."""
        with self.changed:
            now, old = self.shown[self.version], None if since is None else self.shown.get(since)
        blocks = None if old is None else now.changed_since(old)
        return None if blocks is None else Delta(now.version, blocks)

    def articles(self, kind: str, start: int, stop: int, version: int) -> str | None:
        """The HTML of a kind's articles start..stop-1 (Content.articles) in `version`, or None
        when that version is not kept or has no such. A page fetches them in the version it
        shows: a newer one could hold a card as a change since undone, which no change after
        the page's version would mend."""
        with self.changed:
            shown = self.shown.get(version)
        blocks = None if shown is None else shown.articles(kind, start, stop)
        return None if blocks is None else "\n".join(block.html for block in blocks)

    def page(self) -> str:
        version, content = self.content()
        return templates().get_template("page.html.j2").render(version=version, content=content)

    def face(self, url_path: str) -> str | None:
        """The SVG of the face at /faces/<name>, or None: a table look-up, never a join."""
        if not url_path.startswith(FACES):
            return None
        with self.changed:
            return self.faces.get(url_path.removeprefix(FACES))

    def pdf(self, url_path: str) -> Path | None:
        """The built PDF at /files/<slug>/<name>, or None: a table look-up, never a join."""
        with self.changed:
            table = {f"/files/{g.slug}/{g.pdf.name}": g.pdf for g in self.games.values() if g.pdf}
        return table.get(url_path)


def first_version() -> int:
    """Where a server's versions start: a number of 16 digits drawn afresh each time it is
    started, so that a page left open from an earlier run, which asks what changed since
    a version of that run, is never sent changes against another content of the same
    number: the number is none this run made, and the page gets the whole content."""
    return 10**15 + secrets.randbelow(2**53 - 2 * 10**15)  # exact as a JavaScript number


class Traffic:
    """The requests the server is answering and the pages listening for events, so that
    work that can wait lets the answers go first (Previews.rebuild). Thread-safe."""

    def __init__(self) -> None:
        self.busy = 0
        self.listeners = 0
        #: The preview's version, and the fetches of its content answered.
        self.version = 0
        self.fetched = 0
        self.last = time.monotonic()
        self.changed = threading.Condition()
        #: The server has stopped: no page fetches anything any more.
        self.closed = False

    def published(self, version: int) -> None:
        """The preview changed: the pages are yet to fetch this version."""
        with self.changed:
            self.version, self.fetched = version, 0

    def fetched_content(self, version: int) -> None:
        """A page was sent the content of `version` (an older one counts for nothing)."""
        with self.changed:
            if version == self.version:
                self.fetched += 1
                self.changed.notify_all()

    @contextmanager
    def answering(self) -> Iterator[None]:
        with self.changed:
            self.busy += 1
        try:
            yield
        finally:
            with self.changed:
                self.busy -= 1
                self.last = time.monotonic()
                self.changed.notify_all()

    @contextmanager
    def listening(self) -> Iterator[None]:
        with self.changed:
            self.listeners += 1
        try:
            yield
        finally:
            with self.changed:
                self.listeners -= 1
                self.changed.notify_all()

    def settle(self, quiet: float, most: float) -> None:
        """Return once every listening page has fetched the content and no request has been
        answered for `quiet` seconds, counted from now at the earliest, or after `most`
        seconds; at once when no page is listening, or the server has stopped (close)."""
        deadline = time.monotonic() + most
        with self.changed:
            self.last = max(self.last, time.monotonic())
            while self.listeners and not self.closed:
                now = time.monotonic()
                calm = self.last + quiet
                waiting = self.busy or self.fetched < self.listeners
                if now >= deadline or (not waiting and now >= calm):
                    return
                self.changed.wait((deadline if waiting else min(deadline, calm)) - now)

    def close(self) -> None:
        """The server has stopped: a rebuild under way waits for no page from now on."""
        with self.changed:
            self.closed = True
            self.changed.notify_all()


def failed(folder: Path, exc: Exception) -> GamePreview:
    """A preview showing what broke instead of the components."""
    lines = traceback.format_exception_only(exc)
    return GamePreview(folder, folder.name, error="internal error: " + "".join(lines), checked=True)


def watch(previews: Previews, stop: threading.Event, ready: threading.Event) -> None:
    """Rebuild the games an edit concerns, until `stop` is set. `ready` is set once the
    watch is in place (its first quiet interval), so no edit made after it is missed."""
    for games in edits(previews.folders, previews.out_dir, stop):  # our own PDFs change nothing
        ready.set()
        if games and not stop.is_set():  # a change seen as the server stops starts no rebuild
            previews.rebuild(games)


#: What a query's values must be: a version (as first_version draws them), a component's
#: index in its kind, a kind's key ("0.1").
VERSION, INDEX, KIND = "[0-9]{1,18}", "[0-9]{1,9}", "[0-9]{1,9}[.][0-9]{1,9}"


def since_version(query: str) -> int | None:
    """The version in a query's since=V, or None for anything but one plain number."""
    asked = query_values(query, since=VERSION)
    return None if asked is None else int(asked["since"])


def articles_asked(query: str) -> tuple[str, int, int, int] | None:
    """The kind's key, the range and the version in a query's kind=K&from=A&to=B&at=V, or
    None unless each is given once, the key a kind's ("0.1") and the others plain numbers."""
    asked = query_values(query, kind=KIND, to=INDEX, at=VERSION, **{"from": INDEX})
    return None if asked is None else (asked["kind"], int(asked["from"]), int(asked["to"]), int(asked["at"]))


def query_values(query: str, **patterns: str) -> dict[str, str] | None:
    """The query's value of each name, or None unless each is given once and is all of its
    pattern."""
    values = parse_qs(query)
    asked = {name: values.get(name, []) for name in patterns}
    if any(len(given) != 1 or not re.fullmatch(patterns[name], given[0]) for name, given in asked.items()):
        return None
    return {name: given[0] for name, given in asked.items()}


def handler_for(previews: Previews) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
            """Quiet: a page open in a browser would fill the terminal."""

        def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
            path = urlsplit(self.path).path
            if path == "/events" and self._local_host():
                with previews.traffic.listening():
                    self._events()
                return
            with previews.traffic.answering():
                self._answer(path)

        def _answer(self, path: str) -> None:
            if not self._local_host():
                self._send(HTTPStatus.FORBIDDEN, "text/plain; charset=utf-8", b"local use only\n")
            elif path == "/":
                self._send(HTTPStatus.OK, "text/html; charset=utf-8", previews.page().encode())
            elif path == "/content":
                self._content(since_version(urlsplit(self.path).query))
            elif path == "/articles" and (asked := articles_asked(urlsplit(self.path).query)) is not None:
                self._articles(*asked)
            elif (face := previews.face(path)) is not None:
                self._send(HTTPStatus.OK, "image/svg+xml", face.encode(), FACE_HEADERS, cache=FOREVER)
            elif (pdf := previews.pdf(path)) is not None and pdf.is_file():
                self._send(HTTPStatus.OK, "application/pdf", pdf.read_bytes())
            else:
                self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"not found\n")

        def _content(self, since: int | None) -> None:
            """The changes since the page's version when they will do, else the whole content."""
            delta = previews.changes(since)
            if delta is None:
                version, content = previews.content()
                body, kind = content.encode(), "text/html; charset=utf-8"
            else:
                version, body, kind = delta.version, delta.json().encode(), "application/json"
            self._send(HTTPStatus.OK, kind, body, {"X-Preview-Version": str(version)})
            previews.traffic.fetched_content(version)

        def _articles(self, kind: str, start: int, stop: int, version: int) -> None:
            found = previews.articles(kind, start, stop, version)
            if found is None:
                self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"no such components\n")
            else:
                headers = {"X-Preview-Version": str(version)}
                self._send(HTTPStatus.OK, "text/html; charset=utf-8", found.encode(), headers)

        def _local_host(self) -> bool:
            """Only pages on this machine's own address: a web page elsewhere that points a
            name of its own at 127.0.0.1 (DNS rebinding) must not read the preview."""
            port = self.connection.getsockname()[1]  # the server's own port, this connection's end
            return self.headers.get("Host") in (f"{HOST}:{port}", f"localhost:{port}")

        def _send(
            self,
            status: HTTPStatus,
            content_type: str,
            body: bytes,
            headers: dict | None = None,
            cache: str = "no-store",
        ) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", cache)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

        def _events(self) -> None:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.close_connection = True
            seen = None
            try:
                while True:
                    version = previews.wait_for_change(-1 if seen is None else seen, KEEP_ALIVE)
                    message = f"data: {version}\n\n" if version != seen else ": alive\n\n"
                    self.wfile.write(message.encode())
                    self.wfile.flush()
                    seen = version
            except (BrokenPipeError, ConnectionResetError):
                return

    return Handler


class PreviewServer(ThreadingHTTPServer):
    daemon_threads = True
    #: Connections the system holds while the server accepts: socketserver's 5 left most
    #: of a burst of requests (a page's fonts, several tabs, a script) waiting for a retry
    #: or unanswered; the system caps this at its own limit.
    request_queue_size = socket.SOMAXCONN
    #: The thread that watches the sources and rebuilds (start). stop_serving waits for it:
    #: a rebuild under way as the server stops finishes the files it is writing, instead of
    #: leaving a temporary file beside the PDF when the process ends.
    watcher: threading.Thread | None = None
    #: The previews' traffic (start), closed as the server stops.
    traffic: Traffic | None = None

    def handle_error(self, request, client_address) -> None:
        """A browser closing its connection mid-reply is routine, not worth a traceback."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def start(previews: Previews, port: int) -> tuple[PreviewServer, threading.Event]:
    """Build every preview, then serve and watch in background threads; port 0 picks one."""
    previews.rebuild()
    server = PreviewServer((HOST, port), handler_for(previews))
    stop, ready = threading.Event(), threading.Event()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    server.traffic = previews.traffic
    server.watcher = threading.Thread(target=watch, args=(previews, stop, ready), daemon=True)
    server.watcher.start()
    ready.wait(WATCH_START)
    return server, stop


def stop_serving(server: PreviewServer, stop: threading.Event) -> None:
    """Stop serving and watching, once a rebuild under way has finished (a second Ctrl-C
    stops at once: the wait is in steps, which a Ctrl-C interrupts on every system)."""
    stop.set()
    server.shutdown()
    server.server_close()
    if server.traffic is not None:
        server.traffic.close()
    while server.watcher is not None and server.watcher.is_alive():
        server.watcher.join(JOIN_STEP)


def serve_forever(previews: Previews, port: int, say: Callable[[str], None]) -> None:
    """Serve until interrupted (Ctrl-C), saying the page's address once it is up, and that
    a rebuild under way is finished before the server stops."""
    server, stop = start(previews, port)
    say(f"Previewing at http://{HOST}:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        stop.wait()
    except KeyboardInterrupt:
        if previews.rebuilding.is_set():
            say("Finishing the rebuild under way (Ctrl-C again stops at once)")
    finally:
        stop_serving(server, stop)
