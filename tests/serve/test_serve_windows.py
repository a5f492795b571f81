"""A large kind is sent in windows: the page's content holds a kind's first WINDOW
components and a placeholder for each WINDOW more, and GET /articles answers a window's
components in the version the page asks for (its own). Checked through the running server's HTTP, with the
window made small so that a twelve-card deck has three. The page's side, in a browser, is in
test_serve_browser.py."""

import json

import pytest

from generator.serve import content
from tests.serve.decks import write_deck
from tests.serve.test_serve_delta import CARDS, Node, article_key, get, parse, serving, settled_with, wait_until

#: Components in a window here: the twelve cards are sent as 5, then windows of 5 and 2.
SMALL = 5


@pytest.fixture
def windowed(tmp_path, monkeypatch):
    """A deck served with small windows, for a test to edit."""
    monkeypatch.setattr(content, "WINDOW", SMALL)
    with serving(write_deck(tmp_path / "deck", CARDS)) as served:
        yield served


@pytest.fixture(scope="module")
def unedited(tmp_path_factory):
    """A deck served with small windows, for the tests that only ask: one server for all."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(content, "WINDOW", SMALL)
        with serving(write_deck(tmp_path_factory.mktemp("windows") / "deck", CARDS)) as served:
            yield served


def placeholders(node: Node) -> list[dict[str, str]]:
    return [div.attrs for div in node.all("div") if div.attrs.get("class") == "window"]


def filled(server, page: Node, version: str) -> Node:
    """The page's content with each placeholder replaced by the window GET /articles answers."""
    kind = next(section for section in page.all("section") if section.attrs.get("class") == "kind")
    for window in placeholders(page):
        query = f"kind={window['data-kind']}&from={window['data-from']}&to={window['data-to']}&at={version}"
        reply = get(server, f"/articles?{query}")
        assert reply.status == 200 and reply.content_type.startswith("text/html") and reply.version == version
        place = next(n for n, child in enumerate(kind.children) if isinstance(child, Node) and child.attrs is window)
        kind.children[place : place + 1] = parse(reply.body).children
    return page


def test_the_page_holds_a_kinds_first_window_and_a_placeholder_for_each_window_more(unedited):
    server, _previews, _game = unedited
    page = parse(get(server, "/content").body)
    assert [a.all("h3")[0].text() for a in page.all("article")] == [f"Card {n}" for n in range(1, SMALL + 1)]
    assert [(w["data-kind"], w["data-from"], w["data-to"]) for w in placeholders(page)] == [
        ("0.0", "5", "10"),
        ("0.0", "10", "12"),
    ]


def test_the_windows_filled_make_the_whole_kind_in_order(unedited):
    server, _previews, _game = unedited
    whole = get(server, "/content")
    page = filled(server, parse(whole.body), whole.version)
    articles = page.all("article")
    assert [a.all("h3")[0].text() for a in articles] == [f"Card {n}" for n in range(1, CARDS + 1)]
    assert [a.attrs["data-key"] for a in articles] == [f"0.0.{n}" for n in range(CARDS)]
    assert not placeholders(page)
    # Each window's article is the very block a change to it would send.
    shown = unedited[1].shown[unedited[1].version]
    assert [str(block.html) for block in shown.articles("0.0", 5, 10)] == [
        str(block.html) for block in shown.games[0].kinds[0].articles[5:10]
    ]


@pytest.mark.parametrize(
    "query",
    [
        "kind=0.1&from=5&to=10&at={at}",  # no such kind
        "kind=1.0&from=5&to=10&at={at}",  # no such game
        "kind=0.0&from=5&to=5&at={at}",  # an empty range
        "kind=0.0&from=10&to=13&at={at}",  # past the last component
        "kind=0.0&from=0&to=6&at={at}",  # more than a window
        "kind=0.0&from=5&to=10&at=1",  # a version not kept
        "kind=0.0&from=5&to=10&at={at}1",
        "kind=0.0&from=5&to=10",
        "kind=0.0&from=5&to=10&at={at}&at={at}",
        "kind=0.0&from=5&to=10&at=-{at}",
        "kind=0.0&from=-1&to=4&at={at}",
        "kind=0.0&from=5&at={at}",
        "kind=0.0&from=5&to=10&to=11&at={at}",
        "kind=0&from=5&to=10&at={at}",
        "kind=0.0.1&from=5&to=10&at={at}",
        "kind=0.0&from=5x&to=10&at={at}",
        "kind=0.0&from=99999999999999999999&to=10&at={at}",
        "",
    ],
)
def test_a_window_that_is_none_is_not_found(unedited, query):
    server, previews, _game = unedited
    assert get(server, f"/articles?kind=0.0&from=5&to=10&at={previews.version}").status == 200
    reply = get(server, f"/articles?{query.format(at=previews.version)}")
    assert reply.status == 404 and not reply.version


def test_a_window_comes_in_the_version_asked_for(windowed):
    """A page fetches its windows in the version it shows: the changes since then, which it
    asks for next, then mend them as they mend the rest."""
    server, previews, game = windowed
    before = get(server, "/content")
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text().replace("Text 8'", "Edited eight'"))
    wait_until(previews, settled_with(previews, game, "Card 8", "Edited"))
    faces = {}
    for version in (before.version, str(previews.version)):
        window = get(server, f"/articles?kind=0.0&from=5&to=10&at={version}")
        assert window.status == 200 and window.version == version
        fetched = parse(window.body)
        assert article_key(fetched, "Card 8") == "0.0.7"
        (eighth,) = [a for a in fetched.all("article") if a.attrs["data-key"] == "0.0.7"]
        faces[version] = get(server, eighth.all("img")[0].attrs["src"]).body
    assert "Edited" not in faces[before.version] and "Edited" in faces[str(previews.version)]
    # The changes since the page's version name that card: a page that has not fetched its
    # window leaves it for the window to bring, one that has puts it in.
    delta = get(server, f"/content?since={before.version}")
    assert delta.content_type.startswith("application/json")
    assert "0.0.7" in {key for key, _html in json.loads(delta.body)["blocks"]}
