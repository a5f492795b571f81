"""After an edit, the page is sent what changed, not the whole content.

GET /content?since=V answers the blocks whose HTML changed since version V (JSON), when the
server still keeps V and the page's outline (games, kinds, number of components) is the
same; applying them to V's content gives the content a fresh GET /content answers. Anything
else (an item added or removed, an unknown or malformed V) gets the whole content. Checked
through the running server's HTTP (both answers read as a browser's parser would, with
html.parser), and through the renderer (one article rendered again for one card edited).
The page's side, in a browser, is in test_serve_browser.py."""

import http.client
import json
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.project import OutputSettings, Project
from generator.serve import content
from generator.serve.server import KEPT, Previews, PreviewServer, first_version, start, stop_serving
from tests.serve.decks import write_deck

ROOT = Path(__file__).resolve().parents[2]
SLIPMAX = ROOT / "components" / "slipmax"
#: Seconds to wait for a rebuild to show: well under one on its own, more on a loaded machine.
REBUILT = 60.0
#: Elements the content holds that have no end tag.
VOID = {"img", "br", "hr", "meta", "link", "input"}


@dataclass
class Node:
    """An element as a browser's parser reads it: text that is whitespace only is left out
    (the page's layout ignores it between these elements)."""

    tag: str
    attrs: dict[str, str]
    children: list["Node | str"] = field(default_factory=list)

    def text(self) -> str:
        return "".join(child if isinstance(child, str) else child.text() for child in self.children)

    def all(self, tag: str) -> list["Node"]:
        found = [self] if self.tag == tag else []
        for child in self.children:
            if isinstance(child, Node):
                found += child.all(tag)
        return found


class TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#fragment", {})
        self.open = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {name: value or "" for name, value in attrs})
        self.open[-1].children.append(node)
        if tag not in VOID:
            self.open.append(node)

    def handle_endtag(self, tag: str) -> None:
        assert self.open[-1].tag == tag, f"</{tag}> closes <{self.open[-1].tag}>"
        self.open.pop()

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.open[-1].children.append(data)


def parse(html: str) -> Node:
    builder = TreeBuilder()
    builder.feed(html)
    builder.close()
    assert builder.open == [builder.root], "an element is left open"
    return builder.root


def apply_delta(content: Node, blocks: list[list[str]]) -> None:
    """Replace, for each [key, html], the elements carrying that key (next to each other
    under one parent) with the elements of the html, as the page does."""
    for key, html in blocks:
        fresh = parse(html).children
        assert fresh and all(isinstance(n, Node) and n.attrs.get("data-key") == key for n in fresh), html
        found = keyed(content, key)
        assert found is not None, f"no element carries the key {key!r}"
        parent, first, count = found
        parent.children[first : first + count] = fresh


def keyed(node: Node, key: str) -> tuple[Node, int, int] | None:
    """The parent of the elements carrying `key`, where they begin and how many they are."""
    places = [
        n for n, child in enumerate(node.children) if isinstance(child, Node) and child.attrs.get("data-key") == key
    ]
    if places:
        assert places == list(range(places[0], places[-1] + 1)), f"block {key} is not in one piece"
        return node, places[0], len(places)
    for child in node.children:
        if isinstance(child, Node) and (found := keyed(child, key)) is not None:
            return found
    return None


@dataclass(frozen=True)
class Reply:
    status: int
    content_type: str
    version: str
    body: str


def get(server, path: str) -> Reply:
    connection = http.client.HTTPConnection(*server.server_address, timeout=30)
    try:
        connection.request("GET", path)
        reply = connection.getresponse()
        body = reply.read().decode()
        return Reply(reply.status, reply.getheader("Content-Type", ""), reply.getheader("X-Preview-Version", ""), body)
    finally:
        connection.close()


def article_key(content: Node, title: str) -> str:
    (article,) = [a for a in content.all("article") if a.all("h3")[0].text() == title]
    return article.attrs["data-key"]


def wait_until(previews: Previews, shown: Callable[[], bool]) -> None:
    """Until the previews, rebuilt by the server's own watch, show what `shown` looks for."""
    deadline, seen = time.monotonic() + REBUILT, -1
    while not shown():
        assert time.monotonic() < deadline, "the edit was not shown in time"
        seen = previews.wait_for_change(seen, 0.2)


def front_svgs(previews: Previews, game: Path) -> dict[str, str]:
    return {c.title: c.front.svg for g in previews.games[game].groups for c in g.components}


#: The cards of the deck most tests edit: a game of no engine, quick to build.
CARDS = 12


@contextmanager
def serving(game: Path) -> Iterator[tuple[PreviewServer, Previews, Path]]:
    """A game folder served on a free port, its previews, and the folder."""
    folder = game.parent
    previews = Previews(Project.find([game], output=OutputSettings(folder / "out")))
    server, stop = start(previews, 0)
    assert previews.games[game].checked and previews.games[game].pdf is not None
    try:
        yield server, previews, game.resolve()
    finally:
        stop_serving(server, stop)


@pytest.fixture
def served(tmp_path):
    """A deck served, for a test to edit."""
    with serving(write_deck(tmp_path / "deck", CARDS)) as served:
        yield served


@pytest.fixture
def slipmax(tmp_path):
    """A copy of Slipmax served, whose rules checks find something on two strips."""
    shutil.copytree(SLIPMAX, tmp_path / "slipmax")
    with serving(tmp_path / "slipmax") as served:
        yield served


@pytest.fixture(scope="module")
def unedited(tmp_path_factory):
    """A deck served, for the tests that only ask: one server for all of them."""
    with serving(write_deck(tmp_path_factory.mktemp("unedited") / "deck", CARDS)) as served:
        yield served


def settled_with(previews: Previews, game: Path, title: str, word: str) -> Callable[[], bool]:
    """Both phases are shown, and the component `title` holds `word`."""

    def shown() -> bool:
        preview = previews.games[game]
        return preview.checked and word in front_svgs(previews, game).get(title, "")

    return shown


def test_an_edit_to_one_card_sends_that_card_alone_and_applied_it_is_the_whole_content(served):
    server, previews, game = served
    before = get(server, "/content")
    assert before.status == 200 and before.content_type.startswith("text/html")
    old = parse(before.body)
    seventh = article_key(old, "Card 7")

    write_deck(game, CARDS, {7: "Triple the money you have"})
    wait_until(previews, settled_with(previews, game, "Card 7", "Triple"))
    fetched = previews.traffic.fetched

    delta = get(server, f"/content?since={before.version}")
    assert delta.status == 200 and delta.content_type == "application/json"
    answer = json.loads(delta.body)
    assert delta.version == str(answer["version"]) == str(previews.version)
    assert [key for key, _ in answer["blocks"]] == [seventh]
    (img,) = parse(answer["blocks"][0][1]).all("img")
    assert "Triple" in get(server, img.attrs["src"]).body  # the new face, at an address of its own
    deadline = time.monotonic() + 10  # counted once it is sent: the second phase waits for it
    while previews.traffic.fetched == fetched and time.monotonic() < deadline:
        time.sleep(0.01)
    assert previews.traffic.fetched > fetched

    apply_delta(old, answer["blocks"])
    fresh = get(server, "/content")
    assert fresh.version == delta.version
    assert old == parse(fresh.body)


def test_the_second_phase_sends_the_pdf_line_and_the_findings_it_adds(slipmax):
    """From the first phase's version to the second's: the game's head (the PDF line no
    longer "checking" but a link) and the strips the rules checks find something on."""
    server, previews, game = slipmax
    strips = game / "strips.yaml"
    strips.write_text(strips.read_text().replace("Gain a cent.", "Gain one cent.", 1))
    wait_until(previews, settled_with(previews, game, "Life of Joy", "Gain one cent"))
    first_phase = previews.version - 1  # each rebuild shows its two phases, one version each
    (checking,) = [p for p in parse(previews.shown[first_phase].html).all("p") if "pdf" in p.attrs["class"]]
    assert checking.attrs["class"] == "pdf checking"

    answer = json.loads(get(server, f"/content?since={first_phase}").body)
    blocks = {key: parse(html) for key, html in answer["blocks"]}
    (head,) = [block for block in blocks.values() if block.all("h1")]
    (pdf,) = [p for p in head.all("p") if "pdf" in p.attrs["class"]]
    assert pdf.attrs["class"] == "pdf" and pdf.all("a")[0].attrs["href"] == "/files/slipmax/slipmax.pdf"
    changed = [article for block in blocks.values() for article in block.all("article")]
    assert {article.all("h3")[0].text() for article in changed} == {"Life of Power", "Life of Royalty"}
    assert all("accepted in game.yaml" in article.all("ul")[0].text() for article in changed)


def test_a_fragment_is_escaped_as_the_whole_content_is(served):
    server, previews, game = served
    before = get(server, "/content")
    title = 'Card <b>3</b> & "friends"'
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text().replace("title: 'Card 3'", f"title: '{title}'", 1))
    wait_until(previews, lambda: previews.games[game].checked and title in front_svgs(previews, game))
    answer = json.loads(get(server, f"/content?since={before.version}").body)
    ((key, html),) = [(key, html) for key, html in answer["blocks"] if title in parse(html).text()]
    assert "<h3>Card &lt;b&gt;3&lt;/b&gt; &amp; &#34;friends&#34;</h3>" in html
    (article,) = parse(html).all("article")
    assert article.all("h3")[0].text() == title and not article.all("b")  # text, not markup
    whole = parse(get(server, "/content").body)
    assert [a for a in whole.all("article") if a.attrs["data-key"] == key] == [article]


@pytest.mark.parametrize("change", ["added", "removed"])
def test_an_item_added_or_removed_sends_the_whole_content(served, change):
    server, previews, game = served
    before = get(server, "/content")
    cards = game / "cards.yaml"
    text = cards.read_text()
    if change == "added":
        cards.write_text(text + "  - {title: 'Card of Zebras', text: 'Gain a zebra.'}\n")
        wait_until(previews, lambda: previews.games[game].checked and "Card of Zebras" in front_svgs(previews, game))
    else:
        start = text.index("  - {title: 'Card 5'")
        cards.write_text(text[:start] + text[text.index("  - {title: 'Card 6'") :])
        wait_until(previews, lambda: previews.games[game].checked and "Card 5" not in front_svgs(previews, game))
    answer = get(server, f"/content?since={before.version}")
    assert answer.status == 200 and answer.content_type.startswith("text/html")
    whole = get(server, "/content")
    assert answer.version == whole.version and parse(answer.body) == parse(whole.body)
    titles = [article.all("h3")[0].text() for article in parse(answer.body).all("article")]
    assert ("Card of Zebras" in titles) == (change == "added")
    assert ("Card 5" in titles) == (change == "added")


@pytest.mark.parametrize(
    "since",
    ["0", "999999", "", "abc", "-1", "1.0", "1e3", "0x2", "+2", "%202", "%D9%A2", "2&since=2", "9" * 40, "2%00"],
)
def test_an_unknown_or_malformed_version_gets_the_whole_content(unedited, since):
    """Versions this run never made, and what is no version at all or not one plain number:
    an Arabic-Indic digit, a sign, a space, two versions."""
    server, previews, _ = unedited
    whole = get(server, "/content")
    answer = get(server, f"/content?since={since}")
    assert answer.status == 200 and answer.content_type.startswith("text/html")
    assert answer.version == whole.version == str(previews.version)
    assert parse(answer.body) == parse(whole.body)


def test_the_version_shown_gets_no_blocks(unedited):
    server, previews, _ = unedited
    answer = get(server, f"/content?since={previews.version}")
    assert answer.content_type == "application/json" and json.loads(answer.body)["blocks"] == []


def test_a_source_error_is_a_change_to_the_games_head(served):
    """A game in error shows its head alone: from one error to another, one block changes."""
    server, previews, game = served
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text().replace("items:", "items: [", 1))
    wait_until(previews, lambda: "cards.yaml" in previews.games[game].error)
    first_error = previews.games[game].error
    broken = get(server, "/content")
    assert not parse(broken.body).all("article")
    cards.write_text("kind: card\nitems: {\n")
    wait_until(previews, lambda: previews.games[game].error not in ("", first_error))
    answer = json.loads(get(server, f"/content?since={broken.version}").body)
    ((_, html),) = answer["blocks"]
    (pre,) = parse(html).all("pre")
    assert pre.text() == previews.games[game].error and parse(html).all("h1")[0].text() == "deck"  # no name read


def test_a_rebuild_renders_again_only_the_article_of_the_card_edited(tmp_path, monkeypatch):
    game = write_deck(tmp_path / "deck", 200)
    previews = Previews(Project.find([game], output=OutputSettings(tmp_path / "out")))
    previews.rebuild()
    before = previews.version
    macros, rendered = content._macros(), []

    def article(facts, key):
        rendered.append(facts.title)
        return macros.article(facts, key)

    monkeypatch.setattr(content, "_macros", lambda: content.Macros(macros.head, macros.heading, article))
    write_deck(game, 200, {120: "Freshly saved words"})
    previews.rebuild()
    assert rendered == ["Card 120"]  # in the first phase; the second changed nothing on a card
    delta = previews.changes(before)
    assert delta is not None and [parse(block.html).all("h3")[0].text() for block in delta.blocks] == ["Card 120"]


def test_only_the_last_few_versions_are_kept(tmp_path):
    game = write_deck(tmp_path / "deck", 3)
    previews = Previews(Project.find([game], output=OutputSettings(tmp_path / "out")))
    previews.rebuild()
    first = previews.version
    assert previews.changes(first) is not None
    for _ in range(KEPT):
        previews.rebuild()
    assert len(previews.shown) == KEPT and previews.version >= first + KEPT
    assert previews.changes(first) is None  # forgotten: the whole content goes
    assert previews.changes(previews.version - KEPT + 1) is not None


def test_a_page_of_an_earlier_run_gets_the_whole_content(unedited, tmp_path):
    """A page left open while the server was started again asks what changed since a
    version of the earlier run: never a version of this run, even for the same game."""
    _, previews, game = unedited
    again = Previews(Project.find([game], output=OutputSettings(tmp_path / "again")))
    again.rebuild()
    assert previews.changes(again.version) is None and again.changes(previews.version) is None
    assert previews.changes(previews.version) is not None


def test_versions_start_where_a_page_reads_them_exactly():
    """The page's script reads a version as a JavaScript number, exact below 2**53."""
    starts = {first_version() for _ in range(1000)}
    assert len(starts) == 1000 and all(10**15 <= start < 2**53 - 10**15 for start in starts)
