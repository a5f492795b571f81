"""`cutsheet serve` end to end in a real headless Chromium (Debian's), driven by Playwright.

Never skipped: when Chromium or Playwright is missing or cannot start, the tests fail and
say what to install (the README's test command installs both)."""

import shutil
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.project import OutputSettings, Project
from generator.serve import content
from generator.serve.server import Previews, start, stop_serving
from tests.serve.decks import write_deck
from tests.serve.test_serve_delta import wait_until

ROOT = Path(__file__).resolve().parents[2]
SLIPMAX = ROOT / "components" / "slipmax"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Milliseconds to wait for the page to show a rebuild: it takes well under a second on its
#: own, but a loaded CI machine may be slower, and a late page is not a wrong one.
REFRESH = 10_000
#: Records, on the page, the class of every PDF line put in from now on.
WATCH_PDF_LINES = """() => {
  window.pdfLines = [];
  new MutationObserver(records => records.forEach(record => record.addedNodes.forEach(node => {
    if (node.nodeType === 1 && node.matches("p.pdf")) pdfLines.push(node.className);
  }))).observe(document.getElementById("preview"), {childList: true, subtree: true});
}"""


#: Scrolls to the placeholder of the window of cards 49 to 54 (keys 0.0.48 to 0.0.53).
TO_WINDOW_48 = "() => [...document.querySelectorAll('.window')].find(el => el.dataset.from === '48').scrollIntoView()"


def fill_windows(page, left: int = 0) -> None:
    """Scrolls to each placeholder in turn until `left` are left, each waited for until it is
    filled; the first `left` the page does not fill are skipped."""
    from playwright.sync_api import TimeoutError as NotFilled

    skipped: list[str] = []
    while True:
        waiting = [start for start in page.locator(".window").evaluate_all(WINDOW_STARTS) if start not in skipped]
        if len(skipped) + len(waiting) <= left or not waiting:
            return
        page.evaluate(
            f"() => [...document.querySelectorAll('.window')].find(el => el.dataset.from === '{waiting[0]}')"
            ".scrollIntoView()"
        )
        try:
            page.wait_for_function(
                f"() => !({WINDOW_STARTS})([...document.querySelectorAll('.window')]).includes('{waiting[0]}')",
                timeout=2000,
            )
        except NotFilled:
            skipped.append(waiting[0])


WINDOW_STARTS = "all => all.map(el => el.dataset.from)"
#: Both phases of the latest rebuild are on the page: the PDF line shows the link.
SETTLED = "() => document.querySelector('p.pdf') && !document.querySelector('p.pdf.checking')"


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("Playwright is missing: python3 -m pip install -e '.[test]'")
    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        except Exception as exc:
            pytest.fail(f"Chromium cannot start from {CHROMIUM} (apt-get install -y chromium): {exc}")
        yield chromium
        chromium.close()


@pytest.fixture
def game(tmp_path) -> Path:
    folder = tmp_path / "slipmax"
    shutil.copytree(SLIPMAX, folder)
    return folder


@pytest.fixture
def page(browser, game, tmp_path):
    """The preview of the copied game open in a fresh page."""
    with served(browser, game, tmp_path / "out") as (opened, _previews, url):
        opened.goto(url)
        yield opened


class HeldBack:
    """A page's route handler that holds back the requests whose address it picks (every one
    by default) until it is released, and lets the others through."""

    def __init__(self, picks: Callable[[str], bool] = lambda _address: True) -> None:
        self.picks = picks
        self.held: list = []
        self.released = False

    def __call__(self, route) -> None:
        if self.released or not self.picks(route.request.url):
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.held:
            route.continue_()


@contextmanager
def served(browser, game: Path, out: Path, **page_options) -> Iterator[tuple[Any, Previews, str]]:
    """The game's preview served on a free port, its previews, and a fresh page with its
    address (not opened yet: a test may watch or route the page's requests first)."""
    previews = Previews(Project.find([game], output=OutputSettings(out)))
    server, stop = start(previews, 0)
    page = browser.new_page(**page_options)
    try:
        yield page, previews, f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        page.close()
        stop_serving(server, stop)


def source_items(folder: Path) -> list[dict]:
    """Every item of the game's component files, read with plain PyYAML."""
    listed = yaml.safe_load((folder / "game.yaml").read_text())["components"]
    return [item for name in listed for item in yaml.safe_load((folder / name).read_text())["items"]]


def test_shows_every_component_front_and_back_with_copies(page, game):
    from playwright.sync_api import expect

    items = source_items(game)
    components = page.locator("article.component")
    expect(components).to_have_count(len(items))
    copies = [int(n) for n in components.evaluate_all("all => all.map(c => c.dataset.copies)")]
    assert copies == [item.get("count", 1) for item in items]
    assert page.locator("article.component figure.front img").count() == len(items)
    kinds = {
        yaml.safe_load((game / name).read_text())["kind"]
        for name in yaml.safe_load((game / "game.yaml").read_text())["components"]
    }
    assert page.locator("section.kind").count() == len(kinds)
    first = page.locator("article.component figure.front img").first
    expect(first).to_have_js_property("complete", True)
    assert first.evaluate("img => img.naturalWidth") > 20  # the picture arrived and was decoded
    box = first.bounding_box()
    assert box["width"] > 20 and box["height"] > 20  # drawn, not collapsed
    assert page.locator("a[href='/files/slipmax/slipmax.pdf']").count() == 1


def front_svg(page, title: str) -> str:
    """The SVG of the component's front, fetched by the page as its picture is."""
    img = page.locator("article.component", has=page.locator("h3", has_text=title)).locator("figure.front img")
    return img.evaluate("async img => (await fetch(img.src)).text()")


def test_text_is_drawn_as_the_glyphs_the_pdf_prints_with_no_fonts_loaded(page):
    """The faces' text is glyph outlines (the PDF's shaped runs), so the page needs no font:
    none is loaded, and each title is there as an outline labelled with its text."""
    loaded = page.evaluate("""async () => {
        await document.fonts.ready;
        return [...document.fonts].filter(f => f.status === "loaded").length;
    }""")
    assert loaded == 0
    svg = ET.fromstring(front_svg(page, "Life of Power"))
    assert not [e for e in svg.iter() if e.tag.endswith("}text")]
    (label,) = [e for e in svg.iter() if e.get("aria-label") == "Life of Power"]
    assert any(e.get("href", "").startswith("#") or e.get("d") for e in label.iter())  # drawn: glyphs placed


def test_faces_load_as_they_scroll_into_view_and_an_edit_reloads_only_its_own(page, game):
    """A page of many cards fetches the faces near the view, the rest as they scroll in;
    after an edit, only the edited card is put in anew, its face at a new address (the
    others keep their elements and their pictures)."""
    from playwright.sync_api import expect

    cards = game / "many.yaml"
    items = "".join(f"  - {{title: 'Card {n}', text: 'Words {n}'}}\n" for n in range(80))
    cards.write_text("kind: card\nitems:\n" + items)
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "  - many.yaml\n")
    images = page.locator("section.kind[data-kind='cards'] figure.front img")
    expect(images).to_have_count(80, timeout=REFRESH)
    loaded = "imgs => imgs.filter(img => img.complete && img.naturalWidth > 0).length"
    images.first.scroll_into_view_if_needed()
    expect(images.first).to_have_js_property("complete", True)
    assert images.evaluate_all(loaded) < 80  # the faces far below are not fetched yet
    images.last.scroll_into_view_if_needed()
    expect(images.last).to_have_js_property("complete", True)
    assert images.last.evaluate("img => img.naturalWidth") > 0
    before = images.evaluate_all("imgs => imgs.map(img => img.getAttribute('src'))")
    images.evaluate_all("imgs => imgs.forEach(img => { img.kept = true; })")  # marks the elements shown (no attribute)
    cards.write_text(cards.read_text().replace("'Words 79'", "'Edited words'"))
    expect(images.last).not_to_have_attribute("src", before[-1], timeout=REFRESH)
    after = images.evaluate_all("imgs => imgs.map(img => img.getAttribute('src'))")
    assert [n for n, (old, new) in enumerate(zip(before, after, strict=True)) if old != new] == [79]
    # Only the edited card was put in anew: every other card keeps its elements.
    kept = images.evaluate_all("imgs => imgs.map(img => img.kept === true)")
    assert [n for n, was in enumerate(kept) if not was] == [79]
    assert "Edited words" in images.last.evaluate("async img => (await fetch(img.src)).text()")


def test_a_face_is_kept_for_good_and_runs_nothing(page):
    src = page.locator("article.component figure.front img").first.get_attribute("src")
    reply = page.request.get(page.url.rstrip("/") + src)
    assert reply.status == 200 and reply.headers["content-type"] == "image/svg+xml"
    assert "immutable" in reply.headers["cache-control"]
    assert reply.headers["x-content-type-options"] == "nosniff"
    assert reply.headers["content-security-policy"].startswith("default-src 'none'")


def test_findings_beside_their_component(page):
    strip = page.locator("article.component", has=page.locator("h3", has_text="Life of Power"))
    assert "[SM004]" in strip.locator(".findings").inner_text()


def test_edit_break_and_fix_a_source(page, game):
    from playwright.sync_api import expect

    strips = game / "strips.yaml"
    original = strips.read_text()
    first_title = yaml.safe_load(original)["items"][0]["title"]
    titles = page.locator("article.component h3")
    expect(titles.first).to_have_text(first_title)

    strips.write_text(original.replace(f"title: {first_title}", "title: Life of Zebras", 1))
    expect(titles.first).to_have_text("Life of Zebras", timeout=REFRESH)

    broken = original.replace("items:", "items: [", 1)
    with pytest.raises(yaml.YAMLError) as raised:
        yaml.safe_load(broken)
    line = raised.value.problem_mark.line + 1
    strips.write_text(broken)
    error = page.locator(".source-error")
    expect(error).to_contain_text(f"strips.yaml:{line}:", timeout=REFRESH)
    expect(page.locator("article.component")).to_have_count(0)

    strips.write_text(original)
    expect(error).to_have_count(0, timeout=REFRESH)
    expect(page.locator("article.component")).to_have_count(len(source_items(game)))
    expect(titles.first).to_have_text(first_title)


def test_an_edit_replaces_the_edited_card_alone_and_the_pdf_line_comes_as_a_change(browser, tmp_path):
    """The page asks for what changed and is sent it (JSON, never the whole content): the
    edited card's element is replaced and shows its new face, every other card is the
    element it was, and the PDF line goes to "checking" and back to the link, each phase a
    change the page puts in."""
    from playwright.sync_api import expect

    game = write_deck(tmp_path / "deck", 40)
    with served(browser, game, tmp_path / "out") as (page, _previews, url):
        answers: list[tuple[str, str]] = []
        page.on("response", lambda r: "/content" in r.url and answers.append((r.url, r.headers["content-type"])))
        page.goto(url)
        cards = page.locator("article.component")
        expect(cards).to_have_count(40)
        front = cards.nth(24).locator("figure.front img")  # Card 25's
        front.scroll_into_view_if_needed()
        expect(front).to_have_js_property("complete", True)
        old_src = front.get_attribute("src")
        cards.evaluate_all("all => all.forEach(card => { card.kept = true; })")  # a mark no HTML carries
        page.evaluate(WATCH_PDF_LINES)

        write_deck(game, 40, {25: "Edited words"})
        page.wait_for_function("() => pdfLines.at(-1) === 'pdf'", timeout=REFRESH)  # both phases shown
        expect(front).not_to_have_attribute("src", old_src)
        expect(front).to_have_js_property("complete", True)
        assert front.evaluate("img => img.naturalWidth") > 0
        assert "Edited words" in front.evaluate("async img => (await fetch(img.src)).text()")

        kept = cards.evaluate_all("all => all.map(card => card.kept === true)")
        assert [n for n, was in enumerate(kept) if not was] == [24]  # every other card is the element it was
        lines = page.evaluate("() => pdfLines")
        assert "pdf checking" in lines and lines[-1] == "pdf"
        assert page.locator("p.pdf a[href='/files/deck/deck.pdf']").count() == 1
        assert answers and all("?since=" in url and kind == "application/json" for url, kind in answers), answers


def test_a_large_kind_is_fetched_a_window_at_a_time_as_it_scrolls_near(browser, tmp_path, monkeypatch):
    """A kind of more components than a window is sent with its first window and a
    placeholder for each more, which the page fills as it comes near the view. An edit to a
    card of a window not yet fetched changes nothing on the page (every card shown keeps its
    element: no whole content was put in); the window, fetched later, brings the card as
    edited. Filled, the cards are every card of the deck, in order."""
    from playwright.sync_api import expect

    monkeypatch.setattr(content, "WINDOW", 6)
    game = write_deck(tmp_path / "deck", 90)
    with served(browser, game, tmp_path / "out", viewport={"width": 1000, "height": 700}) as (page, _previews, url):
        windows: list[str] = []
        page.on("response", lambda r: "/articles" in r.url and windows.append(r.url))
        page.goto(url)
        cards = page.locator("article.component")
        expect(cards.first).to_be_visible()
        assert cards.count() < 90 and page.locator(".window").count() > 0
        assert page.locator(".window").first.evaluate("el => el.getBoundingClientRect().height") > 100  # sized
        shown = cards.count()
        page.mouse.wheel(0, 2000)
        page.wait_for_function(f"() => document.querySelectorAll('article').length > {shown}")  # filled near the view
        shown = cards.count()
        assert shown < 90
        page.evaluate(WATCH_PDF_LINES)
        cards.evaluate_all("all => all.forEach(card => { card.kept = true; })")

        write_deck(game, 90, {88: "Edited words"})
        page.wait_for_function("() => pdfLines.at(-1) === 'pdf'", timeout=REFRESH)  # both phases shown
        assert cards.count() == shown
        assert cards.evaluate_all("all => all.every(card => card.kept === true)")

        fill_windows(page)  # to the end of the page, each window filled on the way
        expect(cards).to_have_count(90)
        assert page.locator(".window").count() == 0
        keys = cards.evaluate_all("all => all.map(card => card.dataset.key)")
        titles = page.locator("article.component h3").all_inner_texts()
        assert keys == [f"0.0.{n}" for n in range(90)] and titles == [f"Card {n}" for n in range(1, 91)]
        front = cards.nth(87).locator("figure.front img")  # Card 88's, fetched after the edit
        front.scroll_into_view_if_needed()
        expect(front).to_have_js_property("complete", True)
        assert "Edited words" in front.evaluate("async img => (await fetch(img.src)).text()")
        assert len(windows) == len(set(windows)) == 14  # each window fetched once
        # A card of a window fetched is changed as any other: its element alone is replaced.
        cards.evaluate_all("all => all.forEach(card => { card.kept = true; })")
        page.evaluate("() => { pdfLines.length = 0; }")
        write_deck(game, 90, {88: "Edited words", 80: "Words edited again"})
        page.wait_for_function("() => pdfLines.at(-1) === 'pdf'", timeout=REFRESH)
        kept = cards.evaluate_all("all => all.map(card => card.kept === true)")
        assert [n for n, was in enumerate(kept) if not was] == [79]
        front = cards.nth(79).locator("figure.front img")
        front.scroll_into_view_if_needed()
        expect(front).to_have_js_property("complete", True)
        assert "Words edited again" in front.evaluate("async img => (await fetch(img.src)).text()")


def test_a_window_not_found_is_asked_for_again_once_and_then_with_the_next_version(browser, tmp_path, monkeypatch):
    """A window the page cannot put in (not found here: a version the server no longer
    keeps, say) is fetched again at once, but only once for each version the page shows,
    so that a window never found is not asked for in a loop; with the next version it is
    asked for again. Here the window of cards 7 to 12 is not found in the page's first
    version."""
    from playwright.sync_api import expect

    monkeypatch.setattr(content, "WINDOW", 6)
    game = write_deck(tmp_path / "deck", 24)
    with served(browser, game, tmp_path / "out", viewport={"width": 1000, "height": 700}) as (page, _previews, url):
        asked: list[str] = []

        def not_found_at_first(route) -> None:
            asked.append(route.request.url)
            if "from=6&" in route.request.url and f"at={first}" in route.request.url:
                route.fulfill(status=404, body="no such components")
            else:
                route.continue_()

        page.route("**/articles?*", not_found_at_first)
        page.goto(url)
        first = page.locator("main").get_attribute("data-version")
        fill_windows(page, left=1)
        cards = page.locator("article.component")
        titles = page.locator("article.component h3").all_inner_texts()
        assert titles == [f"Card {n}" for n in (*range(1, 7), *range(13, 25))]  # the others filled
        windows = page.locator(".window").evaluate_all("all => all.map(el => [el.dataset.from, el.dataset.to])")
        assert windows == [["6", "12"]] and cards.count() == 18
        assert sum("from=6&" in url for url in asked) == 2
        page.locator(".window").scroll_into_view_if_needed()
        write_deck(game, 24, {9: "Edited words"})
        expect(cards).to_have_count(24, timeout=REFRESH)
        assert page.locator("article.component h3").all_inner_texts() == [f"Card {n}" for n in range(1, 25)]
        front = cards.nth(8).locator("figure.front img")
        expect(front).to_have_js_property("complete", True)
        assert "Edited words" in front.evaluate("async img => (await fetch(img.src)).text()")


def test_a_window_fetched_while_changes_wait_is_of_the_pages_version(browser, tmp_path, monkeypatch):
    """A window is fetched in the version the page shows, never a newer one: a card edited
    and the edit undone while the page's changes wait (held back here) would otherwise stay
    as edited, since no change after the page's version names it. Once the changes come,
    the card shows as the server has it."""
    monkeypatch.setattr(content, "WINDOW", 6)
    game = write_deck(tmp_path / "deck", 60)
    with served(browser, game, tmp_path / "out", viewport={"width": 1000, "height": 500}) as (page, previews, url):
        held = HeldBack()
        page.goto(url)
        page.wait_for_function(SETTLED)
        shown = page.locator("main").get_attribute("data-version")
        page.route("**/content?since=*", held)
        write_deck(game, 60, {50: "Edited words"})  # card 50: key 0.0.49, in the window 48..54
        wait_until(previews, lambda: previews.games[game.resolve()].checked and previews.version > int(shown) + 1)
        page.evaluate(TO_WINDOW_48)
        card = page.locator("article[data-key='0.0.49']")
        card.wait_for()
        write_deck(game, 60)  # the edit undone
        edited = previews.version
        wait_until(previews, lambda: previews.version > edited + 1)
        held.release()
        page.wait_for_function(f"() => document.getElementById('preview').dataset.version === '{previews.version}'")
        front = card.locator("figure.front img")
        front.scroll_into_view_if_needed()
        face = front.evaluate("async img => (await fetch(img.src)).text()")
        assert "Edited words" not in face and "Text 50" in face


def test_a_window_that_comes_after_the_page_moved_on_is_fetched_again(browser, tmp_path, monkeypatch):
    """A window asked for in one version and answered after the page put in the changes of
    the next (held back here) is not put in: its cards may be older than the page, and the
    changes that mended them were left out while they were not shown. It is fetched again, in
    the page's new version."""
    monkeypatch.setattr(content, "WINDOW", 6)
    game = write_deck(tmp_path / "deck", 60)
    with served(browser, game, tmp_path / "out", viewport={"width": 1000, "height": 500}) as (page, _previews, url):
        held = HeldBack(lambda address: "from=48&" in address)
        page.route("**/articles?*", held)
        page.goto(url)
        page.wait_for_function(SETTLED)
        page.evaluate(TO_WINDOW_48)
        deadline = time.monotonic() + REFRESH / 1000
        while not held.held:
            assert time.monotonic() < deadline, "the window was not asked for"
            page.wait_for_timeout(20)
        page.evaluate(WATCH_PDF_LINES)
        write_deck(game, 60, {50: "Edited words"})  # card 50: key 0.0.49, in the window 48..54
        page.wait_for_function("() => pdfLines.at(-1) === 'pdf'", timeout=REFRESH)  # both phases put in
        held.release()
        front = page.locator("article[data-key='0.0.49'] figure.front img")
        front.wait_for()
        front.scroll_into_view_if_needed()
        page.wait_for_function("img => img.complete", arg=front.element_handle())
        assert "Edited words" in front.evaluate("async img => (await fetch(img.src)).text()")
