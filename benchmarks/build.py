"""Build speed: 1000 poker cards through the whole pipeline, beside bare reportlab.

    python benchmarks/build.py [--cards 1000] [--repeat 3]

A synthetic deck (a title and about 40 words of wrapped text per card) is laid out,
imposed and written as PDF and as SVG by the pipeline; in the same run a minimal reportlab
script draws the same cards (a canvas, a Paragraph per card, 9 to a page), and the deck is
built with the default formats (PDF, SVG, PNG) and with PDF only: as a user first builds
it, by `cutsheet build DECK --out NEW-FOLDER` (with `--format pdf` for PDF only), each a
fresh process; and by the library's build alone (generator.pipeline.build_game, no cache) in
this process. Each is timed best-of-N, the runs interleaved; those in this process each
start after a garbage collection (clock.start_clock). The last line holds, in this order,

    pipeline_vs_reportlab=R pipeline_cards_per_s=N default_vs_pdf_only=D
    build_default_vs_pdf_only=B build_default_jobs1_vs_pdf_only=B1

R = pipeline PDF time (layout + imposition + PDF) / bare reportlab time; N = cards per
second for the whole pipeline writing both PDF and SVG; D = a user's first default build's
time over a first PDF-only build's (`cutsheet build`, with the default --jobs: every core
available, as the line before says); B = the same for build_game alone, without the
process's start-up, the loading of the deck and its checks, which both kinds of build
spend alike; B1 = build_game's default build with --jobs 1 over its PDF-only one.
Targets: R <= 3, N >= 500, D <= 1.5. The line before also gives what a default build's
previews cost, each page of the PDF drawn and written as PNG in this process:
preview_ms_per_page (best of N over all the pages, CPU time) and preview_kb_per_page.

With --scale, lines before it also give (each build a fresh `cutsheet build` process, its
rules checks included):
a cold build of every shipped game (PDF, SVG, PNG; the default --jobs, then --jobs 1), a
rebuild with nothing changed, then one after changing one card's title (target: under 20%
of the cold build, which needs the content-hash cache), and a --big-card deck (default
10,000 cards, the default formats: PDF, SVG and PNG) with its time and peak memory (target:
under 500 MB).
"""

import argparse
import random
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clock import ROOT, cutsheet_seconds, start_clock  # noqa: E402
from reportlab.lib.styles import ParagraphStyle  # noqa: E402
from reportlab.lib.units import mm  # noqa: E402
from reportlab.pdfgen import canvas  # noqa: E402
from reportlab.platypus import Paragraph  # noqa: E402

from generator.games import load_game  # noqa: E402
from generator.layout.context import LayoutContext  # noqa: E402
from generator.layout.fonts import register_fonts  # noqa: E402
from generator.pipeline import build_game, impose, lay_out  # noqa: E402
from generator.project import FORMATS, OutputSettings, PrintSettings, Project  # noqa: E402
from generator.render.pdf import write_pdf  # noqa: E402
from generator.render.raster import MM_PER_INCH, PREVIEW_DPI, PageImage, page_pngs, pixels  # noqa: E402
from generator.render.svg import render_svg  # noqa: E402
from generator.sheets.options import PrintOptions  # noqa: E402
from generator.sheets.paper import paper  # noqa: E402
from generator.workers import available_cores  # noqa: E402

WORDS = (
    "maze path card draw roll die speed discard item trap zone shuffle player turn end start "
    "red green blue black deck token vote bill rider level square board chip flip jump"
).split()


def synthetic_deck(folder: Path, cards: int) -> None:
    rng = random.Random(7)
    lines = ["kind: card", "items:"]
    for n in range(cards):
        text = " ".join(rng.choice(WORDS) for _ in range(40)).capitalize() + "."
        lines.append(f"  - {{title: 'Card {n + 1}', text: '{text}'}}")
    (folder / "cards.yaml").write_text("\n".join(lines) + "\n")
    (folder / "game.yaml").write_text("name: Benchmark\nengine: none\ncomponents: [cards.yaml]\n")


#: The cards' sheets alone, as the numbers have always been measured: no cover or checklist.
SHEETS_ONLY = PrintOptions(checklist=False)


def best(seconds: list[float]) -> float:
    return min(seconds)


def pipeline(folder: Path, out: Path, svg: bool) -> float:
    start = start_clock()
    game = load_game(folder)
    ctx = LayoutContext(game)
    sheets = impose(lay_out(game, ctx), paper("letter"), game, SHEETS_ONLY)
    write_pdf(sheets, out / "pipeline.pdf", game.name, ctx.icon_path)
    if svg:
        for n, sheet in enumerate(sheets):
            (out / f"sheet-{n}.svg").write_text(render_svg(sheet, game.name, ctx.icon_path))
    return time.perf_counter() - start


def library_build(folder: Path, out: Path, formats: tuple[str, ...], jobs: int) -> float:
    """Seconds of build_game (as `cutsheet build --no-cache --no-check --no-checklist`) into a fresh folder."""
    shutil.rmtree(out, ignore_errors=True)
    printing = PrintSettings(formats=formats, sheets=SHEETS_ONLY)
    project = Project.find([folder], printing, OutputSettings(out, cache=False, jobs=jobs))
    start = start_clock()
    result = build_game(load_game(folder), project)
    seconds = time.perf_counter() - start
    assert result.ok and result.files
    return seconds


def previews(pdf: Path) -> tuple[float, float]:
    """CPU seconds and bytes a page of `pdf` takes as a preview PNG, all its pages drawn as a
    build draws them."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    mm = [(w / 72 * MM_PER_INCH, h / 72 * MM_PER_INCH) for w, h in map(pypdfium2.PdfPage.get_size, document)]
    document.close()
    images = [PageImage(n, pixels(width, height, PREVIEW_DPI), PREVIEW_DPI) for n, (width, height) in enumerate(mm)]
    start = time.process_time()
    size = sum(map(len, page_pngs(pdf, images)))
    return (time.process_time() - start) / len(images), size / len(images)


def bare_reportlab(folder: Path, out: Path) -> float:
    import yaml

    start = start_clock()
    items = yaml.safe_load((folder / "cards.yaml").read_text())["items"]
    body = ParagraphStyle("body", fontName="DejaVuSans", fontSize=9, leading=10.8)
    c = canvas.Canvas(str(out / "bare.pdf"), invariant=1, pageCompression=1)
    w, h = 63.5 * mm, 88.9 * mm
    for n, item in enumerate(items):
        if n and n % 9 == 0:
            c.showPage()
        col, row = n % 9 % 3, n % 9 // 3
        x, y = 13 * mm + col * w, 792 - 13 * mm - (row + 1) * h
        c.rect(x, y, w, h)
        c.setFont("DejaVuSans-Bold", 11)
        c.drawString(x + 4 * mm, y + h - 10 * mm, item["title"])
        paragraph = Paragraph(item["text"], body)
        _, used = paragraph.wrap(w - 8 * mm, 50 * mm)
        paragraph.drawOn(c, x + 4 * mm, y + h - 17 * mm - used)
    c.save()
    return time.perf_counter() - start


def cutsheet_build(*args: str, cwd: Path) -> float:
    """Seconds one `cutsheet build ARGS` process takes (it must succeed): as a user runs it,
    the rules checks first."""
    return cutsheet_seconds("build", *args, cwd=cwd)


def first_builds(folder: Path, out: Path, default: list[float], pdf_only: list[float], pdf_first: bool) -> None:
    """A user's first default build of `folder` and first PDF-only one, each into a new
    folder under `out`, timed into `default` and `pdf_only`; in turns, which goes first."""
    builds = [(default, out / "default", ()), (pdf_only, out / "pdf", ("--format", "pdf"))]
    for times, into, formats in reversed(builds) if pdf_first else builds:
        times.append(cutsheet_build(str(folder), "--out", str(into), *formats, cwd=out.parent))


def change_one_card(components: Path) -> None:
    """One maze card's title: a face on one sheet. (A card back, such as Sliders' Chance
    back, is printed behind every card of its deck.)"""
    maze = components / "twisty-passages" / "maze.yaml"
    maze.write_text(maze.read_text().replace("title: ", "title: X", 1))


def scale(tmp: Path, big_cards: int) -> None:
    """A big deck's time and peak memory (first: the peak is over child processes so far);
    cold and warm builds of the shipped games."""
    big = tmp / "big"
    big.mkdir()
    synthetic_deck(big, big_cards)
    seconds = cutsheet_build(str(big), "--out", str(tmp / "big-out"), cwd=tmp)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"big_deck_cards={big_cards} big_deck_s={seconds:.2f} big_deck_peak_mb={peak / 1024:.0f}")
    project = tmp / "project"
    shutil.copytree(ROOT / "components", project / "components")
    cold = cutsheet_build("--out", str(tmp / "all"), cwd=project)
    serial = cutsheet_build("--out", str(tmp / "all-jobs1"), "--jobs", "1", cwd=project)
    unchanged = cutsheet_build("--out", str(tmp / "all"), cwd=project)
    change_one_card(project / "components")
    warm = cutsheet_build("--out", str(tmp / "all"), cwd=project)
    print(f"cold_build_all_s={cold:.2f} warm_rebuild_one_card_s={warm:.2f} warm_vs_cold={warm / cold:.2f}")
    print(f"rebuild_unchanged_s={unchanged:.2f} unchanged_vs_cold={unchanged / cold:.2f}")
    print(f"cold_build_all_jobs1_s={serial:.2f} default_jobs_vs_jobs1={cold / serial:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scale", action="store_true", help="also the shipped games and a big deck")
    parser.add_argument("--big-cards", type=int, default=10_000)
    args = parser.parse_args()
    register_fonts()
    if args.scale:
        with tempfile.TemporaryDirectory() as tmp:
            scale(Path(tmp), args.big_cards)
    with tempfile.TemporaryDirectory() as tmp:
        folder, out = Path(tmp) / "deck", Path(tmp) / "out"
        folder.mkdir()
        out.mkdir()
        synthetic_deck(folder, args.cards)
        bare, pdf_only, full, built_pdf, built_default, built_jobs1 = [], [], [], [], [], []
        first_default, first_pdf = [], []
        for n in range(args.repeat):  # interleaved, so drift hits every side alike
            first_builds(folder, out / f"first-{n}", first_default, first_pdf, pdf_first=n % 2 == 1)
            bare.append(bare_reportlab(folder, out))
            pdf_only.append(pipeline(folder, out, svg=False))
            full.append(pipeline(folder, out, svg=True))
            built_pdf.append(library_build(folder, out / "pdf", ("pdf",), jobs=1))
            built_default.append(library_build(folder, out / "default", FORMATS, jobs=available_cores()))
            built_jobs1.append(library_build(folder, out / "jobs1", FORMATS, jobs=1))
        drawn = [previews(next((out / "pdf").rglob("*.pdf"))) for _ in range(args.repeat)]
    ratio = best(pdf_only) / best(bare)
    rate = args.cards / best(full)
    print(
        f"cards={args.cards} first_build_default_s={best(first_default):.3f} "
        f"first_build_pdf_s={best(first_pdf):.3f} bare_reportlab_s={best(bare):.3f} "
        f"pipeline_pdf_s={best(pdf_only):.3f} "
        f"pipeline_pdf_svg_s={best(full):.3f} build_pdf_s={best(built_pdf):.3f} "
        f"build_default_s={best(built_default):.3f} build_default_jobs1_s={best(built_jobs1):.3f} "
        f"default_jobs={available_cores()} "
        f"preview_ms_per_page={1000 * min(seconds for seconds, _ in drawn):.2f} "
        f"preview_kb_per_page={drawn[0][1] / 1000:.0f}"
    )
    print(
        f"pipeline_vs_reportlab={ratio:.2f} pipeline_cards_per_s={rate:.0f} "
        f"default_vs_pdf_only={best(first_default) / best(first_pdf):.2f} "
        f"build_default_vs_pdf_only={best(built_default) / best(built_pdf):.2f} "
        f"build_default_jobs1_vs_pdf_only={best(built_jobs1) / best(built_pdf):.2f}"
    )


if __name__ == "__main__":
    main()
