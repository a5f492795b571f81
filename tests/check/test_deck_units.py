"""The deck review's parts on their own (generator/check/consistency.py, expect.py,
deck_text.py, deck_html.py): a word is a keyword only mid-sentence, a component kept with
`count: 0` is no part of the deck, counts read as English, and plots are named safely."""

from pathlib import Path

import pytest

from generator.check.consistency import keyword_findings
from generator.check.deck_html import deck_sections
from generator.check.deck_items import entries
from generator.check.deck_stats import DeckStatistics, deck_statistics
from generator.check.deck_text import statistics_lines
from generator.check.expect import expectation_findings
from generator.check.text_room import DeckRoom
from generator.games import load_game


@pytest.fixture
def deck(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def make(rows: str, expect: str = "") -> list:
        folder = tmp_path / "deck"
        folder.mkdir(exist_ok=True)
        (folder / "game.yaml").write_text(f"name: Deck\nengine: none\ncomponents: [cards.yaml]\n{expect}")
        (folder / "cards.yaml").write_text("kind: card\ndata: cards.csv\n")
        (folder / "cards.csv").write_text(rows)
        return entries(load_game(folder))

    return make


def test_a_capital_that_opens_a_sentence_a_line_an_item_or_bold_is_no_keyword(deck):
    rows = (
        "title,text\n"
        'A,"- Draw a card, then draw again."\n'
        "B,**Flash.** Draw a card and draw one more.\n"
        "C,Attack — Draw a card; then draw another.\n"
        'D,"Discard, then Draw a card."\n'
        'E,"Shuffle, then Draw two cards."\n'
    )
    found = keyword_findings(deck(rows))
    # Only D's and E's 'Draw' are mid-sentence capitals; the plain 'draw' on A, B, C is the usual.
    assert found == []
    rows += 'F,"Gain one, then Draw again."\nG,"Pass, then Draw again."\n'
    found = keyword_findings(deck(rows))
    assert [f.message.split("'s ")[0] for f in found] == ["A", "B", "C"]
    assert "writes 'draw', where 4 other components write it as a keyword" in found[0].message


def test_a_component_kept_with_count_0_is_counted_by_no_expectation(deck):
    from generator.sources.expect import read_expectations
    from generator.sources.frozen import frozen
    from generator.sources.loader import load_yaml

    found = deck("title,cost,count\nA,1,2\nB,9,0\n", "expect: {count: 2, cost: 0..5}\n")
    rules = read_expectations(frozen(load_yaml(Path("deck/game.yaml")))["expect"])
    printed = [entry for entry in found if entry.copies > 0]
    assert expectation_findings(rules, printed) == []
    assert [f.code for f in expectation_findings(rules, found)] == ["D010"]  # B's cost, when it is counted


def test_the_statistics_read_as_english(deck):
    stats = deck_statistics(deck("title,text\nSolo,One card alone here.\n"), DeckRoom((), ()), "letter")
    assert statistics_lines(stats)[:2] == ["  deck: 1 component, 1 distinct face", "  card: 1 component, 1 face"]


def test_plots_are_named_safely_whatever_a_header_holds(deck):
    rows = "title,Cost/Turn,Kind of card\nA,1,x\nB,2,x\nC,3,y\nD,3,y\n"
    stats: DeckStatistics = deck_statistics(deck(rows), DeckRoom((), (), ("cards.yaml: no layout",)), "letter")
    sections = deck_sections("Deck", stats)
    names = [plot.name for section in sections for plot in section.plots]
    assert names == ["card-by-kind-of-card", "card-cost-turn-curve"]
    assert any(section.title == "Room" and "not drawn: cards.yaml: no layout" in section.text for section in sections)
