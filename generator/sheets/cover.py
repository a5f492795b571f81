"""The cover that opens a game's print file: its name, its players, and what to print on
which stock (each stock's pages, so a player loads each stock once)."""

from dataclasses import dataclass

from generator.layout.scene import Item
from generator.layout.text import TextStyle, fit_text
from generator.sheets.checklist import page_list
from generator.sheets.model import Sheet
from generator.sheets.paper import Paper
from generator.units import PT


@dataclass(frozen=True)
class StockPages:
    """The pages to print on one stock."""

    stock: str
    pages: tuple[int, ...]


@dataclass(frozen=True)
class Contents:
    """One part of the file and its pages, for the cover's list of contents."""

    title: str
    pages: tuple[int, ...]


def cover_sheet(
    game: str, players: str, contents: list[Contents], stocks: list[StockPages], duplex: str, paper: Paper
) -> Sheet:
    """One page: the game's name, its players, the parts of the file and what to print on what."""
    x, y = paper.inset, paper.inset + 20.0
    width = paper.width - 2 * paper.inset
    items: list[Item] = []

    def add(text: str, style: TextStyle, height: float) -> None:
        nonlocal y
        fitted = fit_text(text, x, y, width, height, style)
        items.extend(fitted.items)
        y += height

    add(game, TextStyle("DejaVuSans-Bold", 30 * PT, min_size=14 * PT, align="center"), 16.0)
    add(players, TextStyle("DejaVuSans", 13 * PT, align="center"), 14.0)
    body = TextStyle("DejaVuSans", 10 * PT, min_size=8 * PT)
    bold = TextStyle("DejaVuSans-Bold", 11 * PT)
    add("In this file", bold, 7.0)
    for part in contents:
        add(f"{part.title}: page {page_list(part.pages)}", body, 5.5)
    y += 4.0
    add("What to print on which stock", bold, 7.0)
    for stock in stocks:
        add(f"{stock.stock}: pages {page_list(stock.pages)}", body, 5.5)
    y += 4.0
    sides = (
        "Print at 100% (no scaling, no fit to page)."
        if duplex == "off"
        else f"Print at 100% (no scaling, no fit to page), two-sided, flipping on the {duplex} edge."
    )
    add(sides, body, 11.0)
    return Sheet(
        paper.width,
        paper.height,
        items,
        trim=(0.0, 0.0, paper.width, paper.height),
        title="cover",
        side="",
        bookmarks=("Cover",),
    )


def blank_sheet(paper: Paper, why: str = "") -> Sheet:
    """A page left blank on purpose (so that duplex fronts stay on odd pages), saying so and why."""
    middle = paper.height / 2
    style = TextStyle("DejaVuSans", 9 * PT, align="center")
    items = fit_text("This page is intentionally left blank.", 0.0, middle, paper.width, 6.0, style).items
    if why:
        small = TextStyle("DejaVuSans", 7.5 * PT, min_size=7 * PT, align="center")
        items += fit_text(why, paper.inset, middle + 7.0, paper.width - 2 * paper.inset, 10.0, small).items
    return Sheet(paper.width, paper.height, list(items), title="blank", side="", blank=True)
