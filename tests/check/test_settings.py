"""What `--variant` and `--option NAME=VALUE` give a new game: every declared option, its
default where none is given and its parsed value where one is, each variant asked for True;
an unknown variant or option, or a value the option refuses, is bad input naming it and
what the game offers. Checked against a small engine declared here."""

import random

import pytest

from generator.check.settings import game_settings, parse_assignment
from generator.games.base import Engine, Option, Variant, whole_number
from generator.sources.errors import SourceError


def speed(text: str) -> str:
    if text not in ("fast", "slow"):
        raise ValueError(f"expected fast or slow, not {text!r}")
    return text


class Toy(Engine):
    name = "toy"
    min_players, max_players, default_players = 2, 4, 2

    def load_deck(self, game):
        return None

    def static_checks(self, game):
        return []

    def new_game(self, deck, num_players: int, rng: random.Random, options: dict):
        raise NotImplementedError

    def options(self) -> tuple[Option, ...]:
        return (
            Option("goal", "points to win", 10, whole_number(1, "points")),
            Option("pace", "how turns go", "fast", speed),
        )

    def variants(self) -> tuple[Variant, ...]:
        return (Variant("short", "a shorter game"), Variant("teams", "two against two"))


class Plain(Toy):
    name = "plain"

    def options(self) -> tuple[Option, ...]:
        return ()

    def variants(self) -> tuple[Variant, ...]:
        return ()


@pytest.mark.parametrize(
    ("text", "pair"),
    [("goal=12", ("goal", "12")), (" goal = 12 ", ("goal", "12")), ("goal=", ("goal", "")), ("a=b=c", ("a", "b=c"))],
)
def test_an_assignment_is_split_at_its_first_equals(text, pair):
    assert parse_assignment(text) == pair


@pytest.mark.parametrize("text", ["goal", "=12", "  =12", ""])
def test_an_assignment_without_a_name_or_equals_is_refused(text):
    with pytest.raises(ValueError, match=f"expected NAME=VALUE, not {text!r}"):
        parse_assignment(text)


def test_every_option_has_its_default_when_nothing_is_asked():
    assert game_settings(Toy(), [], {}) == {"goal": 10, "pace": "fast"}
    assert game_settings(Plain(), [], {}) == {}


def test_options_are_parsed_and_variants_switched_on():
    assert game_settings(Toy(), ["teams"], {"goal": "12", "pace": "slow"}) == {
        "goal": 12,
        "pace": "slow",
        "teams": True,
    }


@pytest.mark.parametrize(
    ("engine", "variants", "options", "message"),
    [
        (Toy(), ["long"], {}, "toy has no variant 'long' (it offers variants: short, teams)"),
        (Plain(), ["short"], {}, "plain has no variant 'short' (it offers no variants)"),
        (Toy(), [], {"speed": "1"}, "toy has no option 'speed' (it offers options: goal, pace)"),
        (Plain(), [], {"goal": "1"}, "plain has no option 'goal' (it offers no options)"),
        (
            Toy(),
            [],
            {"goal": "0"},
            "toy option goal=0: expected a whole number of points (1 or more), not '0' (points to win)",
        ),
        (Toy(), [], {"pace": "warp"}, "toy option pace=warp: expected fast or slow, not 'warp' (how turns go)"),
    ],
)
def test_what_the_game_does_not_offer_is_refused_saying_what_it_does(engine, variants, options, message):
    with pytest.raises(SourceError) as refused:
        game_settings(engine, variants, options)
    assert refused.value.loc is None and refused.value.message == message
