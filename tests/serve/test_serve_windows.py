"""A large kind is sent in windows: the page's content holds a kind's first WINDOW
components and a placeholder for each WINDOW more, and GET /articles answers a window's
components in the current version. Checked through the running server's HTTP, with the
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
    monkeypatch.setattr(content, "WINDOW", SMALL)
    with serving(write_deck(tmp_path / "deck", CARDS)) as served:
        yield served


def placeholders(node: Node) -> list[dict[str, str]]:
    return [div.attrs for div in node.all("div") if div.attrs.get("class") == "window"]


def filled(server, page: Node) -> Node:
    """The page's content with each placeholder replaced by the window GET /articles answers."""
    kind = next(section for section in page.all("section") if section.attrs.get("class") == "kind")
    for window in placeholders(page):
        reply = get(server, f"/articles?kind={window['data-kind']}&from={window['data-from']}&to={window['data-to']}")
        assert reply.status == 200 and reply.content_type.startswith("text/html")
        place = next(n for n, child in enumerate(kind.children) if isinstance(child, Node) and child.attrs is window)
        kind.children[place : place + 1] = parse(reply.body).children
    return page


def test_the_page_holds_a_kinds_first_window_and_a_placeholder_for_each_window_more(windowed):
    server, _previews, _game = windowed
    page = parse(get(server, "/content").body)
    assert [a.all("h3")[0].text() for a in page.all("article")] == [f"Card {n}" for n in range(1, SMALL + 1)]
    assert [(w["data-kind"], w["data-from"], w["data-to"]) for w in placeholders(page)] == [
        ("0.0", "5", "10"),
        ("0.0", "10", "12"),
    ]


def test_the_windows_filled_make_the_whole_kind_in_order(windowed):
    server, _previews, _game = windowed
    page = filled(server, parse(get(server, "/content").body))
    articles = page.all("article")
    assert [a.all("h3")[0].text() for a in articles] == [f"Card {n}" for n in range(1, CARDS + 1)]
    assert [a.attrs["data-key"] for a in articles] == [f"0.0.{n}" for n in range(CARDS)]
    assert not placeholders(page)
    # Each window's article is the very block a change to it would send.
    shown = windowed[1].shown[windowed[1].version]
    assert [str(block.html) for block in shown.articles("0.0", 5, 10)] == [
        str(block.html) for block in shown.games[0].kinds[0].articles[5:10]
    ]


@pytest.mark.parametrize(
    "query",
    [
        "kind=0.1&from=5&to=10",  # no such kind
        "kind=1.0&from=5&to=10",  # no such game
        "kind=0.0&from=5&to=5",  # an empty range
        "kind=0.0&from=10&to=13",  # past the last component
        "kind=0.0&from=0&to=6",  # more than a window
        "kind=0.0&from=-1&to=4",
        "kind=0.0&from=5",
        "kind=0.0&from=5&to=10&to=11",
        "kind=0&from=5&to=10",
        "kind=0.0.1&from=5&to=10",
        "kind=0.0&from=5x&to=10",
        "kind=0.0&from=99999999999999999999&to=10",
        "",
    ],
)
def test_a_window_that_is_none_is_not_found(windowed, query):
    server, _previews, _game = windowed
    reply = get(server, f"/articles?{query}")
    assert reply.status == 404 and not reply.version


def test_a_window_comes_in_the_current_version_with_an_edit_made_since_the_page(windowed):
    server, previews, game = windowed
    before = get(server, "/content")
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text().replace("Text 8'", "Edited eight'"))
    wait_until(previews, settled_with(previews, game, "Card 8", "Edited"))
    window = get(server, "/articles?kind=0.0&from=5&to=10")
    assert int(window.version) > int(before.version) and window.version == str(previews.version)
    fetched = parse(window.body)
    assert article_key(fetched, "Card 8") == "0.0.7"
    (eighth,) = [a for a in fetched.all("article") if a.attrs["data-key"] == "0.0.7"]
    assert "Edited" in get(server, eighth.all("img")[0].attrs["src"]).body  # its new face
    # The changes since the page's version name that card: a page that has not fetched its
    # window leaves it for the window to bring.
    delta = get(server, f"/content?since={before.version}")
    assert delta.content_type.startswith("application/json")
    assert "0.0.7" in {key for key, _html in json.loads(delta.body)["blocks"]}
