"""The card effect notation and the shipped cards' effects."""

from pathlib import Path

import pytest

from generator.games import load_game
from generator.games.sliders.deck import load_deck
from generator.games.sliders.grammar import Effect, EffectError, parse_effect


@pytest.mark.parametrize(
    "text, effect",
    [
        ('advance to "Royal World"', Effect("advance", target="Royal World")),
        ("advance to nearest railroad, pay 2x rent", Effect("nearest", amount=2, target="railroad", basis="rent")),
        ("advance to nearest utility, pay 10x dice", Effect("nearest", amount=10, target="utility", basis="dice")),
        ("back 3", Effect("back", amount=3)),
        ("go to slidecage", Effect("slidecage")),
        ("get out of slidecage free", Effect("get_out")),
        ("repairs 40 per house, 115 per hotel", Effect("repairs", amount=40, hotel_amount=115)),
        ("pay 50 to each player", Effect("pay_each", amount=50)),
        ("collect 50 from each player", Effect("collect_each", amount=50)),
        ("pay 15", Effect("pay", amount=15)),
        ("collect   200", Effect("collect", amount=200)),
    ],
)
def test_the_notation_parses(text, effect):
    assert parse_effect(text) == effect


@pytest.mark.parametrize(
    "text",
    [
        "advance to Royal World",
        "pay",
        "pay fifty",
        "collect 50 from everyone",
        "advance to nearest airport, pay 2x rent",
        "repairs 25 per house",
        "",
    ],
)
def test_text_off_the_notation_is_refused(text):
    with pytest.raises(EffectError):
        parse_effect(text)


def test_the_shipped_decks_hold_the_classic_card_mix():
    deck = load_deck(load_game(Path(__file__).parents[3] / "components" / "sliders"))
    names = dict(enumerate(sq.name for sq in deck.squares))
    chance = sorted((c.effect.op, names.get(c.target, "")) for c in deck.cards["chance"])
    assert chance.count(("nearest", "")) == 3
    assert ("advance", "GO") in chance and ("advance", names[39]) in chance
    chest = [c.effect for c in deck.cards["community-chest"]]
    assert sum(1 for e in chest if e.op == "get_out") == 1
    assert sum(e.amount for e in chest if e.op == "collect") == 200 + 45 + 100 + 20 + 100 + 25 + 10 + 100
