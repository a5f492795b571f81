"""`cutsheet check` as a library: exit codes, text and JSON, on tmp game folders of ToyRace."""

import io
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import generator.games
from generator.check.progress import TerminalProgress, terminal_progress
from generator.check.run import CheckOptions, check, check_game
from generator.cli import main
from tests.check.test_harness import ToyRace

GAME_YAML = """\
name: Toy
engine: toyrace
components: [track.yaml]
"""


def track_yaml(length: int = 10, pot: int = 5, count: int = 1) -> str:
    return f"""\
kind: track
items:
  - name: Long way
    length: {length}
    pot: {pot}
    count: {count}
"""


class Broken(ToyRace):
    name = "broken"

    def static_checks(self, game):
        raise ZeroDivisionError("oops")


@pytest.fixture(autouse=True)
def registry(monkeypatch, tmp_path):
    """Only the toy engines are registered; paths show relative to tmp_path."""
    monkeypatch.setattr(generator.games, "engines", lambda: {"toyrace": ToyRace(), "broken": Broken()})
    monkeypatch.chdir(tmp_path)


def make_game(folder: Path, track: str = track_yaml(), game: str = GAME_YAML) -> Path:
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(game)
    (folder / "track.yaml").write_text(track)
    return folder


def run(*sources, **options) -> tuple[int, str]:
    here = options.pop("here", None)
    return check([str(s) for s in sources], CheckOptions(**options), here=here)


# --- exit codes -------------------------------------------------------------------------------


def test_a_clean_game_exits_0_with_its_summary(tmp_path):
    make_game(tmp_path / "toy", track_yaml(count=2))
    code, text = run("toy", review=False)
    assert code == 0
    assert text.splitlines() == [
        "toy/track.yaml:3:5: info [TOY003] a track of 10 spaces",
        "Toy: 0 errors, 0 warnings, 1 info (track 2)",
    ]


def test_errors_exit_1_at_the_offending_line(tmp_path):
    make_game(tmp_path / "toy", track_yaml(length=3, pot=0))
    code, text = run("toy")
    assert code == 1
    lines = text.splitlines()
    # the item starts at line 3 column 5; `length: 3` is line 4 with its value at column 13
    assert lines[:3] == [
        "toy/track.yaml:3:5: info [TOY003] a track of 3 spaces",
        "toy/track.yaml:4:13: error [TOY001] track shorter than 4 spaces",
        "toy/track.yaml:5:10: warning [TOY002] the bank starts empty",
    ]
    assert lines[3] == "Toy: 1 error, 1 warning, 1 info (track 1)"


def test_malformed_yaml_exits_2_without_traceback(tmp_path):
    make_game(tmp_path / "toy", "kind: track\nitems:\n  - name: [unclosed\n")
    code, text = run("toy")
    assert code == 2
    assert text.startswith("toy/track.yaml:")
    assert "Traceback" not in text


def test_unknown_engine_is_bad_input_at_the_engine_value(tmp_path):
    make_game(tmp_path / "toy", game=GAME_YAML.replace("toyrace", "nosuch"))
    code, text = run("toy")
    assert code == 2
    assert text.splitlines()[0] == ("toy/game.yaml:2:9: error: unknown engine 'nosuch' (registered: toyrace, broken)")


def test_a_schema_error_in_an_item_is_bad_input(tmp_path):
    make_game(tmp_path / "toy", track_yaml().replace("pot: 5", "speed: 5"))
    code, text = run("toy")
    assert code == 2
    assert text.splitlines()[0].startswith("toy/track.yaml:5:5: error: unknown key 'speed'")


def test_a_missing_source_exits_2(tmp_path):
    assert run("nowhere") == (2, "error: nowhere: no such file or folder\n")


def test_players_the_engine_cannot_seat_exit_2(tmp_path):
    make_game(tmp_path / "toy")
    code, text = run("toy", simulate=5, players=9)
    assert code == 2
    assert "toyrace is for 2 to 4 players, not 9" in text


def test_an_engine_crash_in_static_checks_is_an_error_finding(tmp_path):
    make_game(tmp_path / "toy", game=GAME_YAML.replace("toyrace", "broken"))
    code, text = run("toy")
    assert code == 1
    assert "toy/game.yaml:2:9: error [CHK001] the engine failed: ZeroDivisionError: oops" in text


# --- sources ------------------------------------------------------------------------------


def test_a_component_file_checks_its_game(tmp_path):
    make_game(tmp_path / "toy", track_yaml(length=3))
    assert run("toy/track.yaml")[0] == 1


def test_a_yaml_file_not_listed_in_game_yaml_is_bad_input(tmp_path):
    make_game(tmp_path / "toy")
    (tmp_path / "toy" / "extra.yaml").write_text(track_yaml())
    code, text = run("toy/extra.yaml")
    assert (code, text.splitlines()[0]) == (
        2,
        "toy/extra.yaml:1:1: error: not listed in game.yaml's components",
    )


def test_no_sources_checks_every_game_folder_under_components(tmp_path):
    make_game(tmp_path / "components" / "a")
    make_game(tmp_path / "components" / "b", track_yaml(length=2))
    (tmp_path / "components" / "notes").mkdir()
    code, text = run(here=tmp_path)
    assert code == 1
    assert text.splitlines()[-1] == "2 games checked: 1 error, 0 warnings, 2 infos"


# --- JSON ---------------------------------------------------------------------------------


def test_json_for_one_game(tmp_path):
    make_game(tmp_path / "toy", track_yaml(length=3, count=3))
    code, text = run("toy", json=True)
    data = json.loads(text)
    assert code == 1
    assert data["components"] == {"track": 3}
    assert data["errors"] == [
        {
            "file": "toy/track.yaml",
            "line": 4,
            "column": 13,
            "code": "TOY001",
            "message": "track shorter than 4 spaces",
        }
    ]
    assert data["warnings"] == []
    assert [f["code"] for f in data["infos"]] == ["TOY003"]
    assert "simulation" not in data


def test_json_with_a_simulation(tmp_path):
    make_game(tmp_path / "toy")
    code, text = run("toy", json=True, simulate=20, players=3, seed=5)
    simulation = json.loads(text)["simulation"]
    assert code == 0
    assert {"games": 20, "players": 3, "seed": 5}.items() <= simulation.items()
    assert set(simulation["turns"]) == {"mean", "median", "p95", "max"}
    assert 0 <= simulation["completed_share"] <= 1
    assert len(simulation["seat_win_rate"]) == 3
    for seat in simulation["seat_win_rate"]:
        assert seat["ci95"][0] <= seat["rate"] <= seat["ci95"][1]
    assert simulation["never_fired"] == ["rocket"]
    assert list(simulation["fired"]) == sorted(simulation["fired"])
    assert simulation["games_per_second"] > 0


def test_json_simulation_is_reproducible(tmp_path):
    make_game(tmp_path / "toy")

    def simulation() -> dict:
        data = json.loads(run("toy", json=True, simulate=15, seed=9)[1])["simulation"]
        data.pop("games_per_second")
        data.pop("cpu_games_per_second")
        return data

    assert simulation() == simulation()


def test_json_for_several_games_aggregates_findings(tmp_path):
    make_game(tmp_path / "a", track_yaml(length=3))
    make_game(tmp_path / "b", game=GAME_YAML.replace("Toy", "Other"))
    code, text = run("a", "b", json=True)
    data = json.loads(text)
    assert code == 1
    assert set(data["games"]) == {"Toy", "Other"}
    assert [e["code"] for e in data["errors"]] == ["TOY001"]
    assert len(data["infos"]) == 2
    assert data["components"] == {"track": 2}


def test_json_bad_input_is_an_src001_error(tmp_path):
    make_game(tmp_path / "toy", game=GAME_YAML.replace("toyrace", "nosuch"))
    code, text = run("toy", json=True)
    assert code == 2
    [bad] = json.loads(text)["errors"]
    assert (bad["code"], bad["file"], bad["line"], bad["column"]) == (
        "SRC001",
        "toy/game.yaml",
        2,
        9,
    )


# --- simulation through the runner ----------------------------------------------------------


def test_a_simulation_problem_makes_the_run_fail(tmp_path):
    make_game(tmp_path / "toy")
    code, text = run("toy", simulate=3, policy="greedy", variants=("leak",))
    assert code == 1
    assert "toy/game.yaml:2:9: error [SIM001] simulation game 0, action 1: chips not conserved" in text


def test_capped_games_are_a_warning(tmp_path):
    make_game(tmp_path / "toy")
    code, text = run("toy", simulate=4, variants=("stall",))
    assert code == 0
    assert "warning [SIM010] 4 of 4 simulated games hit the cap of 200 actions" in text
    assert "completed: 0.0% (4 capped at 200 actions, 0 stopped with no end the rules could reach, 0 broken)" in text


def test_a_deck_with_errors_is_not_simulated(tmp_path):
    make_game(tmp_path / "toy", track_yaml(length=3))
    code, text = run("toy", simulate=10)
    assert code == 1
    assert "not simulated: the static checks found errors" in text
    assert "games/s" not in text


def test_text_report_of_a_simulation(tmp_path):
    make_game(tmp_path / "toy")
    code, text = run("toy", simulate=10)
    assert code == 0
    assert "  simulation: 10 games, 2 players, seed 0, policy random" in text
    assert "  never fired (1): rocket" in text
    assert "  win rate by seat (95% interval), of the 10 games the rules ended: 1: " in text


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_on_a_terminal_only(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with terminal_progress() as progress:
        assert progress is None
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    make_game(tmp_path / "toy")
    with terminal_progress() as progress:
        check(["toy"], CheckOptions(simulate=3), progress=progress)
    shown = terminal.getvalue()
    assert shown.startswith("\r\x1b[KToy: 1/3 games") and shown.endswith("\n")
    assert "\r\x1b[KToy: 3/3 games" in shown
    assert shown.count("\n") == 1  # the last game ended the line; leaving ended nothing more


def test_a_stopped_runs_line_is_ended_on_the_way_out(monkeypatch):
    """Ctrl-C stops a run before its last game: what is written next (the report) starts a
    line of its own, not on the end of the progress line."""
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with pytest.raises(KeyboardInterrupt), terminal_progress() as progress:
        assert progress is not None
        progress("Toy", 2, 20)
        raise KeyboardInterrupt
    assert terminal.getvalue() == "\r\x1b[KToy: 2/20 games\n"
    with terminal_progress() as progress:
        assert progress is not None
        progress("Toy", 20, 20)
    assert terminal.getvalue().endswith("\r\x1b[KToy: 20/20 games\n")  # ended once, by its last game


def test_progress_shows_games_per_second_and_time_left():
    """A clock that ticks one second a call: 2 games done in the first 4 s after the first
    report at game 2 -> 0.5 games/s, 16 games left -> 32 s; at most one line every 0.2 s."""
    terminal = Terminal()
    ticks = iter(range(100))
    progress = TerminalProgress(terminal, clock=lambda: float(next(ticks)))
    progress("Toy", 2, 20)  # t=0: the rate is measured from here
    progress("Toy", 4, 20)  # t=1: 2 games in 1 s
    assert terminal.getvalue() == "\r\x1b[KToy: 2/20 games\r\x1b[KToy: 4/20 games, 2.0 games/s, 8 s left"
    assert progress.line("Toy", 4, 20) == "Toy: 4/20 games, 1.0 games/s, 16 s left"  # t=2
    progress("Toy", 20, 20)
    assert terminal.getvalue().endswith("Toy: 20/20 games, 6.0 games/s, 0 s left\n")


# --- variants and options the game declares ---------------------------------------------------


def test_an_unknown_variant_is_bad_input_listing_the_games_variants(tmp_path):
    make_game(tmp_path / "toy")
    code, text = run("toy", simulate=5, variants=("nonsense",))
    assert code == 2
    assert "error: toyrace has no variant 'nonsense' (it offers variants: leak, stall," in text
    assert "simulation" not in text and "SIM" not in text


def test_an_unknown_variant_is_bad_input_without_simulating_too(tmp_path):
    make_game(tmp_path / "toy")
    code, text = run("toy", variants=("nonsense",), json=True)
    assert code == 2
    [bad] = json.loads(text)["errors"]
    assert bad["code"] == "SRC001" and "no variant 'nonsense'" in bad["message"]


def test_an_unknown_option_is_bad_input_listing_the_games_options(tmp_path):
    make_game(tmp_path / "toy")
    code, text = run("toy", simulate=5, options={"speed": "3"})
    assert code == 2
    assert "error: toyrace has no option 'speed' (it offers options: crash_at)" in text


def test_a_value_the_option_refuses_is_bad_input(tmp_path):
    make_game(tmp_path / "toy")
    code, text = run("toy", simulate=5, options={"crash_at": "soon"})
    assert code == 2
    assert "toyrace option crash_at=soon: expected a whole number (0 or more), not 'soon'" in text


def test_a_parsed_option_reaches_the_games(tmp_path):
    make_game(tmp_path / "toy")
    code, text = run("toy", simulate=3, options={"crash_at": "1"}, json=True)
    simulation = json.loads(text)["simulation"]
    assert code == 1
    assert simulation["options"] == {"crash_at": 1}
    assert [p["code"] for p in simulation["problems"]] == ["SIM002"] * 3


def test_games_that_could_never_end_are_a_warning_with_their_cause(tmp_path):
    make_game(tmp_path / "toy", track_yaml(length=40))
    code, text = run("toy", simulate=4, variants=("stuck",))
    assert code == 0
    assert (
        "toy/game.yaml:2:9: warning [SIM012] 4 of 4 simulated games could never end by the rules "
        "(stopped by the engine): 4 every racer is stuck"
    ) in text
    assert "  endings: 4 every racer is stuck" in text


def test_running_out_of_a_component_is_a_warning_at_its_file(tmp_path):
    make_game(tmp_path / "toy", track_yaml() + "    chips: 3\n")
    code, text = run("toy", simulate=4)
    assert code == 0
    assert "toy/track.yaml:7:12: warning [SIM013] 4 of 4 simulated games needed more chips than the 3 printed" in text


def test_text_reports_the_first_players_win_rate_and_the_endings(tmp_path):
    make_game(tmp_path / "toy")
    code, text = run("toy", simulate=10)
    assert code == 0
    assert "  first player won " in text and "(an even share is 50.0%)" in text
    assert "a seat is a place at the table, whoever moves first; the first player is whoever took" in text
    assert "  endings: 10 a racer finished" in text


def test_the_command_line_refuses_an_unknown_variant_cleanly(tmp_path):
    make_game(tmp_path / "toy")
    result = CliRunner().invoke(main, ["check", "toy", "--simulate", "3", "--variant", "nonsense"])
    assert result.exit_code == 2
    assert "no variant 'nonsense'" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_the_command_line_passes_options_and_refuses_one_without_a_value(tmp_path):
    make_game(tmp_path / "toy")
    result = CliRunner().invoke(main, ["check", "toy", "--simulate", "2", "--option", "crash_at=0", "--json"])
    assert result.exit_code == 1
    assert json.loads(result.output)["simulation"]["options"] == {"crash_at": 0}
    result = CliRunner().invoke(main, ["check", "toy", "--option", "crash_at"])
    assert result.exit_code == 2
    assert "error: --option: expected NAME=VALUE, not 'crash_at'" in result.output


def test_a_game_checked_alone_plays_its_simulation_in_this_process(tmp_path):
    """check_game without a player (as a program calling the library does) plays the games
    here, as check() with a player of its own does."""
    folder = make_game(tmp_path / "toy")
    alone = check_game(folder, [], CheckOptions(simulate=3, review=False))
    _, text = check([folder], CheckOptions(simulate=3, review=False, json=True))
    timings = ("games_per_second", "cpu_games_per_second")
    played = {key: value for key, value in json.loads(text)["simulation"].items() if key not in timings}
    assert alone.simulation is not None
    assert {key: value for key, value in alone.simulation.as_json().items() if key not in timings} == played
