"""Pictures on cards: 1000 cards from a CSV, each showing one of 20 distinct PNGs.

    python benchmarks/images.py [--cards 1000] [--images 20] [--repeat 3]

Two decks are made from one CSV of titles and texts: one whose layout adds a full-bleed
`image` element taking its file from the `art` column (20 generated 750 x 1050 px PNGs,
assigned in turn), and the same deck without that element. Each is built PDF-only as a user
first builds it, `cutsheet build DECK --out NEW-FOLDER --format pdf`, with the cards' sheets
alone and nothing checked or kept (floor.py's pdf_build): a fresh process each, timed by its
CPU time, the two decks interleaved, best of N. A fresh process reads every picture as a
user's build does; builds repeated in one process would read each picture only the first
time (sources/art.py keeps what it read of a file for the process). The last line is

    time_ratio=T size_ratio=S

T = the picture deck's build time / the plain deck's (target, issue 41: at most 1.5); S = the picture
deck's PDF size / (the plain deck's PDF size + the 20 PNG files' sizes) (target: at most
1.2, which holds only when each picture is embedded once, not once per card).
"""

import argparse
import csv
import random
import tempfile
from pathlib import Path

from floor import pdf_build
from PIL import Image, ImageDraw

WORDS = "maze path card draw roll die speed discard item trap zone shuffle player turn end start".split()
LAYOUT = """extends: card
elements:
  picture: {type: image, field: art, x: 0mm, y: 0mm, width: 63.5mm, height: 88.9mm}
"""


def picture(n: int, folder: Path) -> Path:
    """A 750 x 1050 px picture like flat card art: a gradient sky, shapes, some noise."""
    rng = random.Random(n)
    image = Image.linear_gradient("L").resize((750, 1050)).convert("RGB")
    tint = Image.new("RGB", image.size, tuple(rng.randrange(256) for _ in range(3)))
    image = Image.blend(image, tint, 0.6)
    draw = ImageDraw.Draw(image)
    for _ in range(12):
        x, y, r = rng.randrange(750), rng.randrange(1050), rng.randrange(30, 200)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in range(3)))
    noise = Image.effect_noise(image.size, 12).convert("RGB")
    image = Image.blend(image, noise, 0.08)
    path = folder / f"art-{n:02d}.png"
    image.save(path)
    return path


def deck(folder: Path, cards: int, images: int, with_art: bool) -> None:
    folder.mkdir(parents=True)
    (folder / "layouts").mkdir()
    rng = random.Random(7)
    with (folder / "cards.csv").open("w", newline="", encoding="utf-8") as table:
        writer = csv.writer(table)
        writer.writerow(["title", "text", *(["art"] if with_art else [])])
        for n in range(cards):
            text = " ".join(rng.choice(WORDS) for _ in range(30)).capitalize() + "."
            writer.writerow([f"Card {n + 1}", text, *([f"art/art-{n % images:02d}.png"] if with_art else [])])
    (folder / "cards.yaml").write_text("kind: card\nlayout: deck\ndata: cards.csv\n")
    (folder / "layouts" / "deck.yaml").write_text(LAYOUT if with_art else "extends: card\n")
    (folder / "game.yaml").write_text("name: Benchmark\nengine: none\ncomponents: [cards.yaml]\n")


def build(folder: Path, out: Path) -> tuple[float, int]:
    """CPU seconds of a fresh `cutsheet build` of the deck's cards to PDF alone (no cover or
    checklist, no checks, no cache) into the new folder `out`, and the PDF's size in bytes."""
    seconds, pdf = pdf_build(folder, out)
    return seconds, pdf.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--images", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        plain, art = root / "plain", root / "art"
        deck(plain, args.cards, args.images, with_art=False)
        deck(art, args.cards, args.images, with_art=True)
        (art / "art").mkdir()
        image_bytes = sum(picture(n, art / "art").stat().st_size for n in range(args.images))
        plain_runs, art_runs = [], []
        for n in range(args.repeat):  # interleaved, so drift hits both alike
            plain_runs.append(build(plain, root / f"plain-out-{n}"))
            art_runs.append(build(art, root / f"art-out-{n}"))
    plain_s, plain_size = min(plain_runs)
    art_s, art_size = min(art_runs)
    print(
        f"cards={args.cards} images={args.images} plain_s={plain_s:.3f} art_s={art_s:.3f} "
        f"plain_pdf_bytes={plain_size} art_pdf_bytes={art_size} image_bytes={image_bytes}"
    )
    print(f"time_ratio={art_s / plain_s:.2f} size_ratio={art_size / (plain_size + image_bytes):.2f}")


if __name__ == "__main__":
    main()
