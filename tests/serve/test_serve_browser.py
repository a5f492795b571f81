"""`cutsheet serve` end to end in a real headless Chromium (Debian's), driven by Playwright.

Never skipped: when Chromium or Playwright is missing or cannot start, the tests fail and
say what to install (the README's test command installs both)."""

import shutil
from pathlib import Path

import pytest
import yaml

from generator.project import OutputSettings, Project
from generator.serve.server import Previews, start, stop_serving

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
    server, stop = start(Previews(Project.find([game], output=OutputSettings(tmp_path / "out"))), 0)
    opened = browser.new_page()
    opened.goto(f"http://127.0.0.1:{server.server_address[1]}/")
    yield opened
    opened.close()
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
    assert page.locator("article.component figure.front svg").count() == len(items)
    kinds = {
        yaml.safe_load((game / name).read_text())["kind"]
        for name in yaml.safe_load((game / "game.yaml").read_text())["components"]
    }
    assert page.locator("section.kind").count() == len(kinds)
    box = page.locator("article.component figure.front svg").first.bounding_box()
    assert box["width"] > 20 and box["height"] > 20  # drawn, not collapsed
    assert page.locator("a[href='/files/slipmax/slipmax.pdf']").count() == 1


def test_text_is_drawn_as_the_glyphs_the_pdf_prints_with_no_fonts_loaded(page):
    """The faces' text is glyph outlines (the PDF's shaped runs), so the page needs no font:
    none is loaded, and each title is there as an outline labelled with its text."""
    loaded = page.evaluate("""async () => {
        await document.fonts.ready;
        return [...document.fonts].filter(f => f.status === "loaded").length;
    }""")
    assert loaded == 0
    assert page.locator("article.component svg text").count() == 0
    labelled = page.locator("article.component figure.front svg [aria-label='Life of Power']")
    assert labelled.count() == 1
    box = labelled.first.bounding_box()
    assert box["width"] > 10 and box["height"] > 2  # drawn: the glyphs have ink


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
