"""Build speed: 1000 poker cards through the whole pipeline, beside bare reportlab.

    python benchmarks/build.py [--cards 1000] [--repeat 3]

A synthetic deck (a title and about 40 words of wrapped text per card) is laid out,
imposed and written as PDF and as SVG by the pipeline; in the same run a minimal reportlab
script draws the same cards (a canvas, a Paragraph per card, 9 to a page, DejaVu embedded)
from the deck's data parsed before its clock starts (the floor times drawing, not PyYAML's
loader), and the deck is
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

With --against REV (a commit, as git names it), the same deck (same seed, same cards) is
also built by the code at REV and by this working tree, side by side in the same run:

    cutsheet build DECK --out NEW-FOLDER --no-cache --no-check --no-checklist --format pdf

and the same with the default formats (PDF, SVG, PNG), each build a fresh process into a new
folder (its PDF must be there afterwards), in turns (REV, working tree, REV, working tree,
...), best-of-N. The last line then ends with

    shaping_vs_before=R shaping_vs_before_default=R2

R = the working tree's best PDF-only build / REV's best; R2 = the same for the default
formats; the line before gives both sides' best seconds. Target (text shaped with HarfBuzz,
against fd6b238, the last commit before it): R <= 1.2. With --only-against, only this
comparison runs, and its line is the last.

The code at REV runs from a `git worktree add --detach` checkout in a temporary folder
(removed afterwards), each side as benchmarks/checkout.py runs a checkout: its own code and
its own shipped data, the working tree's side started the same way as REV's. One untimed
build on each side first (it also compiles the checkout's modules) prints where generator
and its shipped data were imported from, and stops the benchmark if any of it came from
outside that side's ROOT.
"""

import argparse
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import checkout  # noqa: E402
from clock import ROOT, cutsheet_seconds, start_clock  # noqa: E402
from floor_cards import draw_cards, register_fonts  # noqa: E402

from generator.games import load_game  # noqa: E402
from generator.layout.context import LayoutContext  # noqa: E402
from generator.pipeline import build_game, impose, lay_out  # noqa: E402
from generator.project import FORMATS, OutputSettings, PrintSettings, Project  # noqa: E402
from generator.render.pdf import write_pdf  # noqa: E402
from generator.render.raster import MM_PER_INCH, PREVIEW_DPI, PageImage, page_pngs, pixels  # noqa: E402
from generator.render.svg import render_svg  # noqa: E402
from generator.sheets.options import PrintOptions  # noqa: E402
from generator.sheets.paper import paper  # noqa: E402
from generator.shipped import fonts_dir  # noqa: E402
from generator.sources.fonts import shipped_faces  # noqa: E402
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


def bare_fonts() -> None:
    """Registers with reportlab the shipped faces the bare script draws in, as such a script
    would (cutsheet itself no longer registers them: it writes its text through its own
    shaping)."""
    register_fonts(fonts_dir())


def bare_reportlab(folder: Path, out: Path) -> float:
    """The floor: the same cards drawn by reportlab alone (a Paragraph a card, the fonts
    embedded), from data parsed before the clock starts (libyaml when there is one), so that
    the floor times the drawing and not PyYAML's loader."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    items = yaml.load((folder / "cards.yaml").read_text(), Loader=loader)["items"]
    start = start_clock()
    draw_cards(items, out / "bare.pdf")
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


def checkout_run(root: Path, *args: str, cwd: Path, where: bool = False) -> tuple[float, str]:
    """Seconds one `cutsheet ARGS` process takes with the code of the checkout `root` (it must
    succeed), and what it printed."""
    start = time.perf_counter()
    run = subprocess.run(checkout.cutsheet(root, *args, where=where), cwd=cwd, capture_output=True, env=checkout.ENV)
    seconds = time.perf_counter() - start
    if run.returncode:
        sys.exit(f"cutsheet {' '.join(args)} ({root}) failed:\n{run.stderr.decode()}")
    return seconds, run.stdout.decode()


def built_pdf(out: Path) -> None:
    """Checks that a build into `out` wrote its PDF, then frees the space (a default build of
    1000 cards takes about 85 MB)."""
    assert next(out.rglob("*.pdf"), None), f"no PDF in {out}"
    shutil.rmtree(out)


def check_where(side: str, root: Path, deck: Path, tmp: Path) -> None:
    """One untimed PDF build of `deck` with `root`'s code, which must import generator and its
    shipped data from `root` alone; prints where they came from."""
    out = tmp / f"{side}-where"
    _, printed = checkout_run(root, "build", str(deck), "--out", str(out), *AGAINST_ARGS, cwd=tmp, where=True)
    built_pdf(out)
    print(f"{side}: {checkout.where_from(root, printed)}")


#: A build as --against times it (with "--format pdf" for PDF only).
AGAINST_ARGS = ("--no-cache", "--no-check", "--no-checklist")


def against(rev: str, deck: Path, tmp: Path, repeat: int) -> tuple[str, str]:
    """The seconds line and the ratios of a side-by-side comparison of builds of `deck` with
    the code at `rev` and with this working tree (see the module's docstring)."""
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", "--short", f"{rev}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    if commit.returncode:
        sys.exit(f"--against {rev}: {commit.stderr.strip()}")
    before = tmp / f"before-{commit.stdout.strip()}"
    added = subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(before), commit.stdout.strip()],
        capture_output=True,
        text=True,
    )
    if added.returncode:
        sys.exit(f"git worktree add {before}: {added.stderr.strip()}")
    try:
        sides = {"before": before, "after": ROOT}
        for side, root in sides.items():
            check_where(side, root, deck, tmp)
        times: dict[tuple[str, str], list[float]] = {}
        for n in range(repeat):  # in turns: REV, working tree, REV, working tree, ...
            for formats in (("--format", "pdf"), ()):
                for side, root in sides.items():
                    out = tmp / f"{side}-{len(formats)}-{n}"
                    args = ("build", str(deck), "--out", str(out), *AGAINST_ARGS, *formats)
                    times.setdefault((side, "pdf" if formats else "default"), []).append(
                        checkout_run(root, *args, cwd=tmp)[0]
                    )
                    built_pdf(out)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(before)], check=True)
    seconds = {key: best(values) for key, values in times.items()}
    line = (
        f"against={commit.stdout.strip()} before_build_pdf_s={seconds['before', 'pdf']:.3f} "
        f"after_build_pdf_s={seconds['after', 'pdf']:.3f} "
        f"before_build_default_s={seconds['before', 'default']:.3f} "
        f"after_build_default_s={seconds['after', 'default']:.3f}"
    )
    ratios = (
        f"shaping_vs_before={seconds['after', 'pdf'] / seconds['before', 'pdf']:.2f} "
        f"shaping_vs_before_default={seconds['after', 'default'] / seconds['before', 'default']:.2f}"
    )
    return line, ratios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scale", action="store_true", help="also the shipped games and a big deck")
    parser.add_argument("--big-cards", type=int, default=10_000)
    parser.add_argument("--against", metavar="REV", help="also build the deck with the code at REV, side by side")
    parser.add_argument("--only-against", action="store_true", help="only the --against comparison")
    args = parser.parse_args()
    if args.only_against:
        if not args.against:
            parser.error("--only-against needs --against REV")
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "deck").mkdir()
            synthetic_deck(Path(tmp) / "deck", args.cards)
            line, ratios = against(args.against, Path(tmp) / "deck", Path(tmp), args.repeat)
        print(f"cards={args.cards} {line}")
        print(ratios)
        return
    shipped_faces()
    bare_fonts()
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
        if args.against:
            line, ratios = against(args.against, folder, Path(tmp), args.repeat)
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
    if args.against:
        print(f"cards={args.cards} {line}")
    print(
        f"pipeline_vs_reportlab={ratio:.2f} pipeline_cards_per_s={rate:.0f} "
        f"default_vs_pdf_only={best(first_default) / best(first_pdf):.2f} "
        f"build_default_vs_pdf_only={best(built_default) / best(built_pdf):.2f} "
        f"build_default_jobs1_vs_pdf_only={best(built_jobs1) / best(built_pdf):.2f}"
        + (f" {ratios}" if args.against else "")
    )


if __name__ == "__main__":
    main()
