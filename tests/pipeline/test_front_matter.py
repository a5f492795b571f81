"""The pages before a game's sheets (generator/pipeline/front_matter.py): the players line from
the game's engine, as its sources say (Slipmax's game.yaml: "a game for 2 to 6 players"; Chip
Flip is played like checkers, by two), and a cover whose contents and stock list count the
pages by hand: cover, rules, checklist, then the sheets, each stock's pages split into
one-sided and two-sided jobs, a page left blank on purpose in none (it only keeps the next
duplex front on an odd page)."""

from generator.games import load_game
from generator.layout.folders import context_for
from generator.layout.scene import Group, Path
from generator.pipeline.front_matter import front_matter, players
from generator.pipeline.imposition import impose
from generator.pipeline.parts import lay_out
from generator.sheets.options import PrintOptions
from generator.sheets.paper import paper
from tests.conftest import COMPONENTS
from tests.pipeline.tiny import texts, write_game

LETTER = paper("letter")


def test_players_come_from_the_engine():
    assert players(load_game(COMPONENTS / "slipmax")) == "2-6 players"
    assert players(load_game(COMPONENTS / "chip-flip")) == "2 players"


def test_a_game_without_an_engine_names_no_players(tmp_path):
    assert players(load_game(write_game(tmp_path / "tiny"))) == ""


def test_cover_and_checklist_without_rules_leave_the_blank_page_out_of_every_job(tmp_path):
    """Duplex, no rules: cover 1, checklist 2; the cards on page 3, then a blank page 4 so that
    the two-sided C's front is on odd page 5 and its back on 6."""
    game = load_game(write_game(tmp_path / "tiny"))
    laid, options = lay_out(game, context_for(game)), PrintOptions()
    sheets = impose(laid, LETTER, game, options)[2:]
    assert [s.blank for s in sheets] == [False, True, False, False]
    cover, checklist = front_matter(laid, [], sheets, LETTER, game, options)
    assert texts(cover.items)[:9] == [
        "Tiny",
        "In this file",
        "Checklist: page 2",
        "What to print on which stock",
        "plain paper (cover, rules, checklist): pages 1-2 one-sided",
        "card stock, 200-300 gsm: page 3 one-sided",
        "paper, 80-120 gsm (plain or coloured): pages 5-6 two-sided, flipping on the long edge",
        "Print at 100% (no scaling, no fit to page). Print each line's one-sided and two-sided pages as separate jobs:",
        "one-sided pages printed two-sided would come out back to back.",
    ]
    pictures = [item for item in cover.items if isinstance(item, Group) and item.clip]
    assert len(pictures) == 3 and len(texts(cover.items)) == 9, "a picture of A, C and B, its text outlined"
    assert all(any(isinstance(i, Path) for i in picture.items) for picture in pictures)
    assert (cover.title, cover.bookmarks, checklist.bookmarks) == ("cover", ("Cover",), ("Checklist",))
    assert (cover.width, cover.height) == (LETTER.width, LETTER.height)
    lines = texts(checklist.items)
    assert "5 components in 2 kinds. Print pages 3-6 at 100% (no scaling); then work down the table." in lines
    assert "Page 4: left blank on purpose, so that each two-sided sheet's fronts are on an odd page." in lines


def test_the_rules_pages_come_between_the_cover_and_the_checklist(tmp_path):
    """One-sided, one page of rules: cover 1, rules 2, checklist 3, the sheets from page 4."""
    game = load_game(write_game(tmp_path / "tiny", rules="# Tiny\n\nDraw a card. Play it.\n"))
    laid, options = lay_out(game, context_for(game)), PrintOptions(duplex="off")
    imposed = impose(laid, LETTER, game, options)
    rules, sheets = imposed[1:2], imposed[3:]
    assert "Draw a card. Play it." in texts(rules[0].items) and len(sheets) == 2
    pages = front_matter(laid, rules, sheets, LETTER, game, options)
    assert len(pages) == 3 and pages[1] is rules[0]
    assert texts(pages[0].items)[2:9] == [
        "Rules: page 2",
        "Checklist: page 3",
        "What to print on which stock",
        "plain paper (cover, rules, checklist): pages 1-3 one-sided",
        "card stock, 200-300 gsm: page 4 one-sided",
        "paper, 80-120 gsm (plain or coloured): page 5 one-sided",
        "Print at 100% (no scaling, no fit to page), one-sided.",
    ]


def test_cards_folded_over_are_printed_on_paper_two_layers_thick(tmp_path):
    """Folded over and glued, a two-sided card is two layers: the cover and checklist send its
    pages to 120-160 gsm, half a card's weight each, not to card stock."""
    game_folder = write_game(tmp_path / "tiny")
    (game_folder / "more.yaml").write_text((game_folder / "more.yaml").read_text().replace("stock: paper\n", ""))
    game = load_game(game_folder)
    laid, options = lay_out(game, context_for(game)), PrintOptions(fold_over=True)
    sheets = impose(laid, LETTER, game, options)[2:]
    cover, checklist = front_matter(laid, [], sheets, LETTER, game, options)
    lines = texts(cover.items)
    assert "card stock, 200-300 gsm: page 3 one-sided" in lines  # A and B, one-sided
    folded = [line for line in lines if line.startswith("paper or thin card, 120-160 gsm")]
    assert folded == ["paper or thin card, 120-160 gsm (folded and glued, two layers make one card): page 4 one-sided"]
    assert any("120-160 gsm" in line for line in texts(checklist.items))
