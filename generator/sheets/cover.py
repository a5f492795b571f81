"""The cover that opens a game's print file: its name, its players and playing time, what it
holds, who made it, and how to print it: each stock's pages, split into the jobs a printer
takes (one-sided pages never in a two-sided job, where they would print back to back)."""

from dataclasses import dataclass, field

from msgspec import Struct

from generator.layout.scene import Icon, Item, Polyline, Scene, Style
from generator.layout.text import TextStyle, fit_text
from generator.sheets.checklist import pages_phrase
from generator.sheets.model import Sheet
from generator.sheets.paper import Paper
from generator.sheets.pictures import picture_row, row_height
from generator.sources.fonts import FontBook, shipped_book
from generator.sources.look import PLAIN, Look
from generator.units import PT

#: The tallest a picture of a component on the cover is drawn.
PICTURE_HEIGHT = 75.0
#: The emblem above the title, and the rule under it (in the accent colour), in mm.
EMBLEM_SIZE = 30.0
TITLE_RULE_WIDTH = 60.0


class PrintJob(Struct, frozen=True):
    """Pages printed in one job on one stock: one-sided, or two-sided flipping on an edge."""

    pages: tuple[int, ...]
    #: "long" or "short": two-sided, the printer flipping the sheet on that edge; "": one-sided.
    flip: str = ""
    #: Its landscape pages, when it mixes them with portrait ones (a print dialog turns them).
    turned: tuple[int, ...] = ()

    def phrase(self) -> str:
        """ "pages 17-26 two-sided, flipping on the long edge (page 20 landscape)"."""
        sides = f"two-sided, flipping on the {self.flip} edge" if self.flip else "one-sided"
        turned = f" ({pages_phrase(self.turned)} landscape)" if self.turned else ""
        return f"{pages_phrase(self.pages)} {sides}{turned}"


class StockPages(Struct, frozen=True):
    """The pages to print on one stock, as the jobs to print them in."""

    stock: str
    jobs: tuple[PrintJob, ...]


class Contents(Struct, frozen=True):
    """One part of the file and its pages, for the cover's list of contents."""

    title: str
    pages: tuple[int, ...]


@dataclass(frozen=True)
class About:
    """What a cover says of the game besides its pages, from game.yaml (all but the name
    optional): the players line comes from its engine."""

    name: str
    players: str = ""
    playing_time: str = ""
    description: str = ""
    credits: tuple[str, ...] = ()
    version: str = ""
    date: str = ""
    licence: str = ""
    #: Its title face, colours and emblem, and the faces they are found in (the game's).
    look: Look = PLAIN
    fonts: FontBook = field(default_factory=shipped_book, compare=False, repr=False)

    @property
    def subtitle(self) -> str:
        """ "4-7 players · 16-49 minutes"."""
        return " · ".join(part for part in (self.players, self.playing_time) if part)

    @property
    def imprint(self) -> str:
        """ "Version 1.0 · November 2026 · licence"."""
        version = f"Version {self.version}" if self.version else ""
        return " · ".join(part for part in (version, self.date, self.licence) if part)


def cover_sheet(
    about: About,
    contents: list[Contents],
    stocks: list[StockPages],
    paper: Paper,
    pictures: tuple[Scene, ...] = (),
    optional: tuple[str, ...] = (),
) -> Sheet:
    """One page: the game's emblem, name and what it is, the parts of the file, what to print
    on what and how (and which pages are `optional`, with what to use instead), a row of
    `pictures` (component faces) below, and at its foot the version, date and licence."""
    x, y = paper.inset, paper.inset + 16.0
    width = paper.width - 2 * paper.inset
    items: list[Item] = []
    look = about.look
    if look.emblem:
        items.append(Icon(look.emblem, x + (width - EMBLEM_SIZE) / 2, paper.inset + 4.0, EMBLEM_SIZE, EMBLEM_SIZE))
        y = paper.inset + 4.0 + EMBLEM_SIZE + 4.0

    def add(text: str, style: TextStyle, height: float, gap: float = 0.0) -> None:
        nonlocal y
        fitted = fit_text(text, x, y, width, height, style)
        items.extend(fitted.items)
        y += fitted.lines * fitted.size * fitted.leading + gap if fitted.items else 0.0

    centred = TextStyle("DejaVuSans", 10 * PT, min_size=8 * PT, align="center")
    title = TextStyle(
        look.title_fonts,
        34 * PT,
        min_size=16 * PT,
        align="center",
        colour=look.colour,
        book=about.fonts,
    )
    add(about.name, title, 18.0, 2.0)
    rule_x = x + (width - TITLE_RULE_WIDTH) / 2
    items.append(
        Polyline(((rule_x, y), (rule_x + TITLE_RULE_WIDTH, y)), Style(stroke=look.accent, stroke_width=1.5 * PT))
    )
    y += 4.0
    if about.subtitle:
        add(about.subtitle, TextStyle("DejaVuSans", 13 * PT, align="center"), 8.0, 4.0)
    if about.description:
        add(about.description, TextStyle("GentiumBookPlus-Italic", 12 * PT, min_size=10 * PT, align="center"), 24, 3)
    for line in about.credits:
        add(line, centred, 6.0, 1.0)
    y += 8.0
    body = TextStyle("DejaVuSans", 10 * PT, min_size=8 * PT)
    bold = TextStyle("DejaVuSans-Bold", 11 * PT)
    add("In this file", bold, 7.0, 1.5)
    for part in contents:
        add(f"{part.title}: {pages_phrase(part.pages)}", body, 5.5, 1.0)
    y += 5.0
    add("What to print on which stock", bold, 7.0, 1.5)
    for stock in stocks:
        add(f"{stock.stock}: {'; '.join(job.phrase() for job in stock.jobs)}", body, 11.0, 1.0)
    y += 5.0
    add(_advice(stocks), body, 16.0, 2.0)
    for note in optional:
        add(note, body, 11.0, 1.0)
    foot_y = paper.height - paper.inset - 8.0
    if about.imprint:
        foot = TextStyle("DejaVuSans", 8 * PT, min_size=7 * PT, align="center")
        items += fit_text(about.imprint, x, foot_y, width, 8.0, foot).items
    items += _showcase(pictures, (x, y + 8.0, width, foot_y - 8.0 - (y + 8.0)))
    return Sheet(
        paper.width,
        paper.height,
        items,
        trim=(0.0, 0.0, paper.width, paper.height),
        title="cover",
        side="",
        bookmarks=("Cover",),
    )


def _showcase(pictures: tuple[Scene, ...], box: tuple[float, float, float, float]) -> list[Item]:
    """The pictures in one row centred in `box`, PICTURE_HEIGHT tall at most; none where the
    box has no room for them at a height that shows anything (under 20 mm)."""
    x, y, width, height = box
    if not pictures:
        return []
    tall = row_height(pictures, width, min(PICTURE_HEIGHT, height))
    if tall < 20.0:
        return []
    return picture_row(pictures, x, y + (height - tall) / 2, width, tall)


def _advice(stocks: list[StockPages]) -> str:
    """How to print: at 100% always; two-sided pages apart from one-sided ones."""
    at_size = "Print at 100% (no scaling, no fit to page)"
    flips = {job.flip for stock in stocks for job in stock.jobs}
    turn = " Let the print dialog turn the landscape pages (auto-rotate), still at 100%."
    turns = turn if any(job.turned for stock in stocks for job in stock.jobs) else ""
    if flips == {""}:
        return f"{at_size}, one-sided.{turns}"
    if "" not in flips:
        return f"{at_size}, two-sided as each line says.{turns}"
    advice = (
        f"{at_size}. Print each line's one-sided and two-sided pages as separate jobs: "
        "one-sided pages printed two-sided would come out back to back."
    )
    return advice + turns


def blank_sheet(paper: Paper, why: str = "") -> Sheet:
    """A page left blank on purpose (so that duplex fronts stay on odd pages), saying so and why."""
    middle = paper.height / 2
    style = TextStyle("DejaVuSans", 9 * PT, align="center")
    items = fit_text("This page is intentionally left blank.", 0.0, middle, paper.width, 6.0, style).items
    if why:
        small = TextStyle("DejaVuSans", 7.5 * PT, min_size=7 * PT, align="center")
        items += fit_text(why, paper.inset, middle + 7.0, paper.width - 2 * paper.inset, 10.0, small).items
    return Sheet(paper.width, paper.height, list(items), title="blank", side="", blank=True)
