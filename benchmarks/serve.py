"""Live preview speed: from saving one card's text to the page showing it, in a real browser.

    python benchmarks/serve.py [--cards 200] [--edits 20]

`cutsheet serve` runs as a user runs it (its own process) on a synthetic deck of --cards
poker cards (a title and about 40 words each); a headless Chromium (Debian's, driven by
Playwright) opens the page. Each edit saves the deck with one card's text changed (a
different card each time, the file's lines unchanged), the card scrolled into view first as
a designer looks at the card they edit, and times, from just before the save, until that
card's front on the page is a new picture, fetched and decoded: the server's file watch, the
rebuild, the event the page receives, the content it fetches and swaps in, and the one face
it then loads (each face is an image of its own, loaded as it scrolls into view; a card far
down a large deck is fetched with its window as it scrolls near). That the
new picture holds the new text is checked after the clock stops. Between edits the page is
left to settle (the rules checks and PDF of the second phase shown). The last line is

    serve_edit_to_page_median_s=M serve_edit_to_page_max_s=X edits=N cards=C page_kb=K

K = the size of the page as first served. Target (issue 41): M <= 0.25 at 1000 cards, 0.5
at 10,000.

With --against OTHER_CHECKOUT, a second server runs that checkout's code (as
benchmarks/checkout.py runs a checkout; this checkout's server is then started the same way)
on a deck of its own, in a page of its own, and the same edits are made to both decks in
turns, so that drift on the machine hits both alike. A line for each side comes first, and
the last line is

    serve_vs_other=R

R = this checkout's median over the other's.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import checkout
from build import synthetic_deck

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
FRONT = "document.querySelector(`article[data-key='0.0.${index}'] figure.front img`)"
#: Scrolls to the placeholder of the window holding card `index`, when it is not yet fetched.
TO_WINDOW = """index => [...document.querySelectorAll(".window")]
  .find(el => Number(el.dataset.from) <= index && index < Number(el.dataset.to))?.scrollIntoView()"""
SRC = f"index => {FRONT}.getAttribute('src')"
SHOWN = f"""([index, old]) => {{
  const img = {FRONT};
  return img !== null && img.getAttribute("src") !== old && img.complete && img.naturalWidth > 0;
}}"""
HOLDS = f"async ([index, word]) => (await (await fetch({FRONT}.src)).text()).includes(word)"
SETTLED = "() => document.querySelector('p.pdf') !== null && !document.querySelector('p.pdf.checking')"


def start_server(deck: Path, out: Path, root: Path | None) -> tuple[subprocess.Popen, str]:
    """`cutsheet serve` of `deck` by this checkout's code (on PYTHONPATH), or by the code of
    the checkout `root` (benchmarks/checkout.py); its process and the address it serves at."""
    args = ["serve", str(deck), "--port", "0", "--out", str(out)]
    if root is None:
        command, env = [sys.executable, "-m", "generator", *args], {**os.environ, "PYTHONPATH": str(ROOT)}
    else:
        command, env = checkout.cutsheet(root, *args), checkout.ENV
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://\S+/", line)
    if not match:
        server.kill()
        raise SystemExit(f"cutsheet serve did not start: {line!r}")
    return server, match.group(0)


def edit(cards: Path, index: int, word: str) -> None:
    """Card index+1's text begins with `word` (a one-line change)."""
    text = cards.read_text()
    marker = f"{{title: 'Card {index + 1}', text: '"
    start = text.index(marker) + len(marker)
    end = text.index("'", start)
    body = text[start:end].split(" ", 1)[-1]
    cards.write_text(text[:start] + f"{word} {body}" + text[end:])


class Side:
    """One server, its deck and the page showing it, and the times of its edits."""

    def __init__(self, name: str, folder: Path, cards: int, root: Path | None, browser) -> None:
        self.name, self.times = name, []
        self.deck = folder / "deck"
        self.deck.mkdir(parents=True)
        synthetic_deck(self.deck, cards)
        self.server, url = start_server(self.deck, folder / "out", root)
        try:
            self.page = browser.new_page()
            self.page.goto(url)
            self.page_kb = len(self.page.request.get(url).body()) / 1024
            self.page.wait_for_function(SETTLED, timeout=60_000)
        except BaseException:
            self.stop()
            raise

    def edit(self, index: int, word: str) -> None:
        """Card index+1's text saved with `word`, timed until its new picture shows."""
        page = self.page
        page.evaluate(TO_WINDOW, index)
        page.locator(f"article[data-key='0.0.{index}']").scroll_into_view_if_needed()
        old = page.evaluate(SRC, index)
        time.sleep(0.5)  # the watch is quiet again, the face in view loaded
        start = time.perf_counter()
        edit(self.deck / "cards.yaml", index, word)
        page.wait_for_function(SHOWN, arg=[index, old], polling="raf", timeout=30_000)
        self.times.append(time.perf_counter() - start)
        if not page.evaluate(HOLDS, [index, word]):
            raise SystemExit(f"{self.name}: card {index + 1}'s new picture does not hold {word!r}")
        page.wait_for_function(SETTLED, timeout=60_000)

    def stop(self) -> None:
        self.server.terminate()
        self.server.wait()

    def figures(self, cards: int) -> str:
        times = self.times
        return (
            f"serve_edit_to_page_median_s={statistics.median(times):.3f} serve_edit_to_page_max_s={max(times):.3f} "
            f"edits={len(times)} cards={cards} page_kb={self.page_kb:.0f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=int, default=200)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--against", type=Path, metavar="OTHER_CHECKOUT")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    roots = {"this": None} if args.against is None else {"this": ROOT, "other": args.against.resolve()}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        sides: list[Side] = []
        try:
            for name, root in roots.items():
                sides.append(Side(name, Path(tmp) / name, args.cards, root, browser))
            for n in range(args.edits):
                for side in sides:
                    side.edit((n * 37 + 11) % args.cards, f"Edited{n}x")
        finally:
            for side in sides:
                side.stop()
            browser.close()
    if args.against is None:
        print("edit_to_page_s=" + ",".join(f"{t:.3f}" for t in sides[0].times))
        print(sides[0].figures(args.cards))
        return
    for side in sides:
        print(f"{side.name}: {side.figures(args.cards)}")
    this, other = (statistics.median(side.times) for side in sides)
    print(f"serve_vs_other={this / other:.2f}")


if __name__ == "__main__":
    main()
