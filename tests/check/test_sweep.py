"""`cutsheet sweep`: every combination of the varied settings, its CSV read back, its page,
and bad settings refused before any game is played."""

import csv
import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator import games
from generator.check.simulate import simulate
from generator.check.sweep import sweep_plan, vary
from generator.cli import main
from generator.games import load_game
from generator.sources.errors import SourceError

ROOT = Path(__file__).resolve().parents[2]
COMPONENTS = ROOT / "components"


def sweep(*args: str):
    return CliRunner().invoke(main, ["sweep", *args], catch_exceptions=False)


def rows(folder: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO((folder / "sweep.csv").read_text())))


def test_every_combination_is_a_row_with_the_figures_of_its_own_simulation(tmp_path):
    out = tmp_path / "out"
    result = sweep(
        str(COMPONENTS / "slipmax"), "--vary", "players=2,3", "--vary", "variant=none,house-rules",
        "--games", "12", "--seed", "4", "--out", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    table = rows(out)
    assert [(r["players"], r["variant"]) for r in table] == [
        ("2", "none"), ("2", "house-rules"), ("3", "none"), ("3", "house-rules"),
    ]  # fmt: skip
    engine = games.engines()["slipmax"]
    deck = engine.load_deck(load_game(COMPONENTS / "slipmax"))
    report = simulate(engine, deck, 12, 3, 4, options={"house-rules": True})
    last = table[3]
    assert float(last["completed_share"]) == report.completed_share
    assert float(last["turns_mean"]) == report.turns["mean"]
    assert float(last["first_player_win_rate"]) == report.first_player_rate()["rate"]
    assert float(last["seat_3_win_rate"]) == report.seat_win_rate()[2]["rate"]
    assert float(last["final_money.mean"]) == report.figures["final_money"]["mean"]
    assert table[0]["seat_3_win_rate"] == ""  # two players have no third seat
    assert not any("second" in column for column in table[0])  # no timings
    page = (out / "sweep.html").read_text()
    assert len(re.findall(r"<svg", page)) == 4  # ended, first-player edge, lengths, seats
    for label in ("players=2, variant=none", "players=3, variant=house-rules"):
        assert f"<td>{label}</td>" in page


def test_the_same_sweep_writes_the_same_files_whatever_plays_it(tmp_path):
    written = []
    for name, extra in (("one", []), ("two", ["--jobs", "2"]), ("again", [])):
        out = tmp_path / name
        args = [str(COMPONENTS / "chip-flip"), "--vary", "variant=none,advanced", "--vary", "policy=random,greedy"]
        result = sweep(*args, "--games", "10", "--out", str(out), *extra)
        assert result.exit_code == 0, result.output
        written.append(((out / "sweep.csv").read_bytes(), (out / "sweep.html").read_bytes()))
    assert written[0] == written[1] == written[2]


def test_a_declared_option_is_varied(tmp_path):
    out = tmp_path / "out"
    result = sweep(str(COMPONENTS / "whipped"), "--vary", "timer_passes=1,3", "--games", "3", "--out", str(out))
    assert result.exit_code == 0, result.output
    table = rows(out)
    assert [r["timer_passes"] for r in table] == ["1", "3"]
    engine = games.engines()["whipped"]
    deck = engine.load_deck(load_game(COMPONENTS / "whipped"))
    for cells, passes in zip(table, (1, 3), strict=True):
        report = simulate(engine, deck, 3, engine.default_players, 0, options={"timer_passes": passes})
        assert float(cells["turns_mean"]) == report.turns["mean"]
        assert float(cells["bills_per_game.5.passed"]) == report.figures["bills_per_game"]["5"]["passed"]


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("colour=red", "whipped has no such setting (it offers: players, policy, variant, timer_passes)"),
        ("players=5,2", "--vary players=2: whipped is for 4 to 7 players"),
        ("policy=clever", "--vary policy=clever: whipped has no such policy (it offers: random, greedy)"),
        ("variant=fast", "--vary variant=fast: whipped has no such variant (it offers: none)"),
        ("timer_passes=-1", "whipped option timer_passes=-1: expected a whole number"),
        ("players", "expected NAME=V1,V2,..."),
    ],
)
def test_an_unknown_setting_or_value_exits_2_saying_what_is_offered(tmp_path, setting, message):
    result = sweep(str(COMPONENTS / "whipped"), "--vary", setting, "--games", "2", "--out", str(tmp_path / "o"))
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "o").exists()


def test_a_setting_given_twice_is_refused():
    engine = games.engines()["chip_flip"]
    with pytest.raises(SourceError, match="given twice"):
        sweep_plan(engine, [vary("policy=random"), vary("policy=greedy")])


def test_the_plan_parses_option_values_and_varies_the_first_setting_slowest():
    engine = games.engines()["twisty_passages"]
    plan = sweep_plan(engine, [vary("cards_to_win=+2,18"), vary("players=3,5")])
    assert [(c.options["cards_to_win"], c.players) for c in plan] == [("+2", 3), ("+2", 5), ("18", 3), ("18", 5)]
    assert [c.label for c in plan][:2] == ["cards_to_win=+2, players=3", "cards_to_win=+2, players=5"]
