"""Twisty Passages static checks: the real deck is clean; each check fires at its line."""

import textwrap
from pathlib import Path

import pytest

from generator.games import load_game
from generator.games.twisty_passages import PLUGIN
from generator.games.twisty_passages.checks import static_checks
from generator.games.twisty_passages.items import MazeCard, WinThreshold
from generator.games.twisty_passages.kinds import KINDS
from generator.sources.errors import SourceError
from generator.sources.items import item_schema
from generator.sources.schema import validate

ENGINE = PLUGIN.engine

ROOT = Path(__file__).resolve().parents[3]
ICONS = ROOT / "generator" / "games" / "twisty_passages" / "layouts" / "icons"

GOOD_CARDS = """\
kind: maze-card
items:
  - title: Backtracking
    kind: passage
    effect: |-
      :speed-dice:
      Each :d6-5: or :d6-6: = :discard:.
  - title: Minotaur
    kind: zone
    zone: red
    effect: ':roll-a-die: > :speed: = :discard: :stop:.'
"""
GOOD_THRESHOLDS = """\
kind: win-threshold
items:
  - {players: 2, cards: 2}
  - {players: 3, cards: 2}
  - {players: 4, cards: 2}
  - {players: 5, cards: 2}
"""


def game_with(tmp_path: Path, cards: str = GOOD_CARDS, thresholds: str = GOOD_THRESHOLDS):
    folder = tmp_path / "tp"
    folder.mkdir()
    (folder / "game.yaml").write_text("name: T\nengine: twisty_passages\ncomponents: [cards.yaml, thresholds.yaml]\n")
    (folder / "cards.yaml").write_text(textwrap.dedent(cards))
    (folder / "thresholds.yaml").write_text(textwrap.dedent(thresholds))
    return load_game(folder)


def coded(findings, code):
    return [f for f in findings if f.code == code]


def test_the_real_deck_has_no_errors_or_warnings():
    game = load_game(ROOT / "components" / "twisty-passages")
    findings = ENGINE.static_checks(game)
    assert [f for f in findings if f.severity.value != "info"] == []
    summary = coded(findings, "TP010")[0].message
    assert summary.startswith("104 cards") and "red 8, green 8, blue 8, black 8" in summary


def test_a_small_good_deck_is_clean(tmp_path):
    findings = static_checks(game_with(tmp_path))
    assert [f.code for f in findings if f.severity.value != "info"] == ["TP011"]  # one red, no others


# A malformed card (the schema's business) is bad input when the game is read, at its place.


def test_an_unknown_key_is_bad_input_at_its_line(tmp_path):
    cards = GOOD_CARDS.replace("    kind: passage\n", "    kind: passage\n    colour: grey\n", 1)
    with pytest.raises(SourceError) as caught:
        game_with(tmp_path, cards)
    assert (caught.value.loc.line, caught.value.loc.column) == (5, 5) and "colour" in caught.value.message


def test_a_zone_card_without_zone_is_bad_input_at_its_line(tmp_path):
    cards = GOOD_CARDS.replace("    zone: red\n", "")
    with pytest.raises(SourceError) as caught:
        game_with(tmp_path, cards)
    assert caught.value.loc.line == 8 and "zone" in caught.value.message


def test_a_zone_on_a_card_of_another_kind_is_bad_input_at_the_zone(tmp_path):
    cards = GOOD_CARDS.replace("    kind: passage\n", "    kind: passage\n    zone: blue\n", 1)
    with pytest.raises(SourceError) as caught:
        game_with(tmp_path, cards)
    assert (caught.value.loc.line, caught.value.loc.column) == (5, 11) and "zone" in caught.value.message


def test_each_item_class_accepts_the_shipped_deck_and_the_deck_is_built_from_its_items():
    game = load_game(ROOT / "components" / "twisty-passages")
    for kind in KINDS:
        components = [c for f in game.files_of(kind.name) for c in f.components]
        assert components, kind.name
        for component in components:
            validate(component.fields, item_schema(kind.item), fallback=component.loc, what=kind.name)
            assert isinstance(component.item, kind.item)
    deck = ENGINE.load_deck(game)
    cards = game.typed("maze-card", MazeCard)
    assert {id(card.item) for card in deck.cards} == {id(item) for item in cards}  # the items themselves
    assert len(deck.cards) == sum(item.count for item in cards) == 104
    thresholds = game.typed("win-threshold", WinThreshold)
    assert deck.thresholds == {item.players: item.cards for item in thresholds}


def test_tp002_unparseable_effect_at_its_line(tmp_path):
    cards = GOOD_CARDS.replace("Each :d6-5: or :d6-6: = :discard:.", "Each :d6-5: or :d6-6: = .")
    (finding,) = coded(static_checks(game_with(tmp_path, cards)), "TP002")
    assert finding.loc.line == 7 and "Backtracking" in finding.message


def test_tp002_a_die_face_that_does_not_exist(tmp_path):
    cards = GOOD_CARDS.replace(":d6-6:", ":d6-7:")
    findings = static_checks(game_with(tmp_path, cards))
    assert coded(findings, "TP002")[0].loc.line == 7
    assert "d6-7" in coded(findings, "TP003")[0].message


def test_tp003_unknown_icon_at_its_line(tmp_path):
    cards = GOOD_CARDS.replace("      :speed-dice:\n", "      :speed-dise:\n")
    (finding,) = coded(static_checks(game_with(tmp_path, cards)), "TP003")
    assert finding.loc.line == 6 and ":speed-dise:" in finding.message


def test_tp003_an_icon_in_the_games_own_icons_folder_is_known(tmp_path):
    """The check sees the icons the build draws: the game's icons/ as well as the shipped ones."""
    cards = GOOD_CARDS.replace("      :speed-dice:\n", "      :speed-dise:\n")
    game = game_with(tmp_path, cards)
    (game.folder / "icons").mkdir()
    (game.folder / "icons" / "speed-dise.svg").write_text((ICONS / "speed-dice.svg").read_text())
    assert not coded(static_checks(game), "TP003")


def test_tp004_star_without_discard_effect(tmp_path):
    cards = GOOD_CARDS + (
        "  - title: Timesink\n    kind: passage\n    effect: ':star: Roll two fewer dice for any roll.'\n"
    )
    (finding,) = coded(static_checks(game_with(tmp_path, cards)), "TP004")
    assert finding.loc.line == 14


def test_tp005_bonus_names_a_card_not_in_the_deck(tmp_path):
    cards = GOOD_CARDS + (
        "  - title: Lost in time\n    kind: zone\n    zone: black\n"
        "    effect: 'If you have a Flux Capacitor, you may draw an extra card. Otherwise, :speed: -1.'\n"
    )
    (finding,) = coded(static_checks(game_with(tmp_path, cards)), "TP005")
    assert finding.loc.line == 15 and "Flux Capacitor" in finding.message


def test_tp006_prose_outcome_the_engine_cannot_do(tmp_path):
    cards = GOOD_CARDS.replace("= :discard:.", "= Sing a song.")
    (finding,) = coded(static_checks(game_with(tmp_path, cards)), "TP006")
    assert finding.loc.line == 6 and "Sing a song" in finding.message  # where the effect's text starts


def test_tp011_uneven_zones(tmp_path):
    (finding,) = coded(static_checks(game_with(tmp_path)), "TP011")
    assert "red 1, green 0" in finding.message


def test_tp020_missing_player_count_in_the_threshold_table(tmp_path):
    thresholds = GOOD_THRESHOLDS.replace("  - {players: 5, cards: 2}\n", "")
    (finding,) = coded(static_checks(game_with(tmp_path, thresholds=thresholds)), "TP020")
    assert "5 players" in finding.message and finding.loc.line == 1


def test_tp021_duplicate_player_count(tmp_path):
    thresholds = GOOD_THRESHOLDS + "  - {players: 3, cards: 2}\n"
    (finding,) = coded(static_checks(game_with(tmp_path, thresholds=thresholds)), "TP021")
    assert finding.loc.line == 7


def test_tp022_threshold_the_deck_cannot_reach(tmp_path):
    thresholds = GOOD_THRESHOLDS.replace("{players: 4, cards: 2}", "{players: 4, cards: 3}")
    (finding,) = coded(static_checks(game_with(tmp_path, thresholds=thresholds)), "TP022")
    assert finding.loc.line == 5 and "only 2" in finding.message


def test_tp030_prose_without_a_handler(tmp_path):
    cards = GOOD_CARDS + "  - title: Yodel\n    kind: passage\n    effect: Everyone yodels.\n"
    (finding,) = coded(static_checks(game_with(tmp_path, cards)), "TP030")
    assert finding.loc.line == 12 and "Yodel" in finding.message


def test_load_deck_raises_a_source_error_at_the_bad_effect(tmp_path):
    cards = GOOD_CARDS.replace("Each :d6-5: or :d6-6: = :discard:.", "Each :d6-5: = = :discard:.")
    with pytest.raises(SourceError) as caught:
        ENGINE.load_deck(game_with(tmp_path, cards))
    assert caught.value.loc.line == 7


def test_tp040_each_added_word_run_is_an_info_at_its_line(tmp_path):
    cards = GOOD_CARDS.replace(
        "      Each :d6-5: or :d6-6: = :discard:.\n",
        "      Each :d6-5: or :d6-6: = :discard:.\n"
        "    flavour: A brand new line.\n"
        "    added: [':discard:.', A brand new line.]\n",
    )
    found = coded(static_checks(game_with(tmp_path, cards)), "TP040")
    assert [(f.severity.value, f.loc.line) for f in found] == [("info", 7), ("info", 8)]
    assert "':discard:.' in its effect" in found[0].message and "in its flavour" in found[1].message


def test_tp040_for_the_shipped_reconstructions():
    findings = coded(ENGINE.static_checks(load_game(ROOT / "components" / "twisty-passages")), "TP040")
    titles = sorted(f.message.split("'")[1] for f in findings)
    assert titles == [
        "Bad Air",
        "Crazy Weasel Trap!",
        "Distant Wailing",
        "Giant Glowing Fungus",
        "Locked Door",
        "Minotaur",
        "Rattling Chains",
        "Snapping Turtle Trap!",
    ]
    turtle = next(f for f in findings if "Turtle" in f.message)
    line = (ROOT / "components" / "twisty-passages" / "maze.yaml").read_text().splitlines()[turtle.loc.line - 1]
    assert "an Item to appease the turtles" in line


def test_tp041_added_words_the_card_does_not_print(tmp_path):
    cards = GOOD_CARDS.replace(
        "      Each :d6-5: or :d6-6: = :discard:.\n", "      Each :d6-5: or :d6-6: = :discard:.\n    added: [an Item]\n"
    )
    (finding,) = coded(static_checks(game_with(tmp_path, cards)), "TP041")
    assert finding.severity.value == "error" and finding.loc.line == 8 and "'an Item'" in finding.message
