"""cutsheet as a user installs it: the wheel built from this checkout, installed into a fresh
virtual environment with nothing else in it, run from empty folders far from the checkout.

Slow (a wheel build, and a venv whose dependencies install while the wheel builds); the
fixtures do each once for the module. What it proves: the shipped games, layouts, presets,
icons and fonts travel inside the wheel and are found there, not in the checkout."""

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import pdf_text
from tests.venvs import fresh_venv, pip_into

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


#: What a build, a test run or a tool leaves in a checkout, which a wheel is not built from.
NOT_SOURCES = shutil.ignore_patterns(
    ".git", "build", "output", "*.egg-info", "__pycache__", ".*cache", ".hypothesis", ".benchmarks", ".venv"
)


def sources(folder: Path) -> Path:
    """A copy of the checkout's sources: a wheel built in the checkout itself would leave its
    build/ folder there, and a build/ left by an earlier build would go into the wheel with
    whatever it held."""
    shutil.copytree(ROOT, folder, ignore=NOT_SOURCES)
    return folder


def declared_dependencies() -> list[str]:
    """What pyproject.toml says cutsheet needs, as written there."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]


@pytest.fixture(scope="module")
def dependencies(tmp_path_factory) -> Iterator[tuple[Path, subprocess.Popen]]:
    """A fresh virtual environment, and the process installing pyproject's dependencies into
    it, started and not waited for. Finding them in the package indexes is pip's work of
    half a minute, much of it waiting on the indexes, so it goes on while the wheel builds
    (the `wheel` fixture asks for this one to start it first); `venv` waits for it."""
    venv = fresh_venv(tmp_path_factory.mktemp("venv"))
    log = venv / "pip-install.log"
    # --no-compile: a module is compiled when first imported, not every module of every
    # dependency at install (a quarter of the install's time).
    with open(log, "w") as stream:
        process = subprocess.Popen(
            [*pip_into(venv), "install", "-q", "--no-compile", *declared_dependencies()],
            stdout=stream,
            stderr=subprocess.STDOUT,
        )
    try:
        yield venv, process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


@pytest.fixture(scope="module")
def wheel(dependencies, tmp_path_factory) -> Path:
    """The wheel, its compiled modules optimised by the C compiler at -O1 rather than -O3
    (setup.py's OPT_LEVEL): the same C, built in three quarters of the time. What these
    tests check, which modules are compiled and that they play the games the plain ones
    play, holds at any level; how fast they play is for `benchmarks/compare_simulate.py
    --compiled` to measure."""
    dist = tmp_path_factory.mktemp("dist")
    source = sources(tmp_path_factory.mktemp("source") / "cutsheet")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--wheel-dir", str(dist), str(source)],
        check=True,
        capture_output=True,
        timeout=600,
        env={**os.environ, "MYPYC_OPT_LEVEL": "1"},
    )
    (found,) = dist.glob("cutsheet-*.whl")
    return found


@pytest.fixture(scope="module")
def venv(dependencies, wheel) -> Path:
    """The fresh virtual environment with the wheel installed into it, beside the
    dependencies its metadata names and nothing else (nor pip: nothing here runs it inside
    the venv). The dependencies were installed from pyproject.toml's list while the wheel
    built; `pip check` finds every one the wheel names installed."""
    venv, process = dependencies
    assert process.wait(timeout=600) == 0, (venv / "pip-install.log").read_text()
    installed = subprocess.run(
        [*pip_into(venv), "install", "-q", "--no-compile", "--no-deps", "--no-index", str(wheel)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert installed.returncode == 0, installed.stderr
    checked = subprocess.run([*pip_into(venv), "check"], capture_output=True, text=True, timeout=600)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    return venv


@pytest.fixture(scope="module")
def cutsheet(venv):
    """Run a program of the installed cutsheet's environment (by default `cutsheet`) in a
    folder; returns the finished process."""
    # Nothing of the checkout may leak in: no PYTHONPATH, and a working folder outside it.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"

    def run(cwd: Path, *args: str, program: str = "cutsheet") -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(venv / "bin" / program), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
        )

    return run


def test_the_wheel_carries_the_shipped_data_and_the_licences(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for game in ("chip-flip", "sliders", "slipmax", "twisty-passages", "whipped"):
        assert f"generator/shipped/components/{game}/game.yaml" in names
    assert "generator/shipped/layouts/card.yaml" in names
    assert {"generator/scaffold/starter/cards.csv", "generator/scaffold/starter/art/landscape.png"} <= names
    assert {"generator/shipped/layouts/sheets/a3.yaml", "generator/shipped/layouts/icons/d6-5.svg"} <= names
    assert {
        "generator/shipped/fonts/DejaVuSans.ttf",
        "generator/shipped/fonts/LICENSE-DejaVu.txt",
        "generator/shipped/fonts/Play-Bold.ttf",
        "generator/shipped/fonts/GentiumBookPlus-Regular.ttf",
        "generator/shipped/fonts/FONTLOG-GentiumBookPlus.txt",
    } <= names
    assert {
        "generator/colour/profiles/swop-300.icc",
        "generator/colour/profiles/swop-240.icc",
        "generator/colour/profiles/README.md",
    } <= names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    info = next(n for n in names if n.endswith(".dist-info/METADATA"))
    metadata = zipfile.ZipFile(wheel).read(info).decode()
    assert "License-Expression: MIT" in metadata
    licences = {n.split(".dist-info/licenses/", 1)[1] for n in names if ".dist-info/licenses/" in n}
    assert licences == {
        "LICENSE",
        "fonts/LICENSE-BebasNeue.txt",
        "fonts/LICENSE-Comfortaa.txt",
        "fonts/LICENSE-DejaVu.txt",
        "fonts/LICENSE-GentiumBookPlus.txt",
        "fonts/LICENSE-LeagueSpartan.txt",
        "fonts/LICENSE-Play.txt",
        "fonts/LICENSE-RobotoSlab.txt",
        "fonts/LICENSE-Vollkorn.txt",
        "generator/colour/profiles/LICENSE-CC0.txt",
    }


def test_build_in_an_empty_folder_writes_the_five_shipped_games(cutsheet, tmp_path):
    result = cutsheet(tmp_path, "build", "--out", "out", "--format", "pdf")
    assert result.returncode == 0, result.stderr
    assert "using the five shipped games" in result.stderr
    pdfs = sorted(p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").glob("*/*.pdf"))
    assert pdfs == [f"{g}/{g}.pdf" for g in ("chip-flip", "sliders", "slipmax", "twisty-passages", "whipped")]
    assert "Life of Pain" in pdf_text(tmp_path / "out" / "slipmax" / "slipmax.pdf")


def test_build_from_a_read_only_folder_writes_only_where_out_says(cutsheet, tmp_path):
    """The game named by its path: what this checks is the working folder left untouched
    (the test above builds the five shipped games)."""
    here, out = tmp_path / "read-only", tmp_path / "elsewhere"
    here.mkdir()
    here.chmod(0o555)
    try:
        result = cutsheet(
            here, "build", str(ROOT / "components" / "chip-flip"), "--out", str(out), "--format", "pdf,svg"
        )
    finally:
        here.chmod(0o755)
    assert result.returncode == 0, result.stderr
    assert list(here.iterdir()) == []
    assert (out / "chip-flip" / "chip-flip.pdf").is_file()
    assert (out / "chip-flip" / "svg" / "chip-flip-sheet-01.svg").is_file()


def test_new_game_builds_checks_and_exports(cutsheet, tmp_path):
    made = cutsheet(tmp_path, "new", "mygame")
    assert made.returncode == 0, made.stderr
    built = cutsheet(tmp_path, "build", "mygame", "--out", "o")
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "o" / "mygame" / "png" / "mygame-sheet-01.png").is_file()
    assert "Gold Mine" in pdf_text(tmp_path / "o" / "mygame" / "mygame.pdf")
    assert (tmp_path / "mygame" / "art" / "landscape.png").is_file()
    assert b"/Subtype /Image" in (tmp_path / "o" / "mygame" / "mygame.pdf").read_bytes()  # the starter's picture
    checked = cutsheet(tmp_path, "check", "mygame")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "0 errors, 0 warnings, 0 infos" in checked.stdout
    exported = cutsheet(tmp_path, "export", "mygame", "--profile", "tts", "--out", "x")
    assert exported.returncode == 0, exported.stderr
    assert list((tmp_path / "x" / "mygame" / "tts").glob("*.json"))
    pdfx = cutsheet(tmp_path, "build", "mygame", "--out", "x1a", "--format", "pdf", "--pdfx", "x1a")
    assert pdfx.returncode == 0, pdfx.stderr
    assert b"/GTS_PDFXVersion (PDF/X-1a:2003)" in (tmp_path / "x1a" / "mygame" / "mygame.pdf").read_bytes()


def test_a_copied_shipped_game_prints_what_was_edited_in_it(cutsheet, tmp_path):
    assert cutsheet(tmp_path, "new", "s", "--from", "sliders").returncode == 0
    deeds = tmp_path / "s" / "deeds.yaml"
    text = deeds.read_text()
    assert "    price: 60\n" in text
    deeds.write_text(text.replace("    price: 60\n", "    price: 987\n", 1))
    built = cutsheet(tmp_path, "build", "s", "--out", "o", "--format", "pdf", "--no-check")
    assert built.returncode == 0, built.stderr
    assert re.search(r"\b987\b", pdf_text(tmp_path / "o" / "s" / "s.pdf"))


def test_check_in_an_empty_folder_checks_the_shipped_games(cutsheet, tmp_path):
    result = cutsheet(tmp_path, "check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 games checked" in result.stdout
    assert "Traceback" not in result.stderr


def test_version(cutsheet, tmp_path):
    result = cutsheet(tmp_path, "--version")
    assert result.returncode == 0
    assert "0.1.0" in result.stdout


#: Pickles a Sliders game while a trade offer, an auction or a debt is pending (a capped
#: game's state may be left so) and its deck, and prints what they hold after the trip.
PICKLED_MID_GAME = """
import json, pickle, random, sys
from pathlib import Path
from generator.games.sliders import PLUGIN
from generator.games import load_game
ENGINE = PLUGIN.engine
deck = ENGINE.load_deck(load_game(Path(sys.argv[1])))
assert pickle.loads(pickle.dumps(deck)) == deck
seen = {}
for seed in range(40):
    state = ENGINE.new_game(deck, 4, random.Random(seed), {"short": True})
    choose, rng = ENGINE.policies()["heuristic"], random.Random(seed)
    while not state.is_terminal() and len(seen) < 3:
        for name in ("offer", "auction", "debts"):
            if getattr(state, name) and name not in seen:
                copy = pickle.loads(pickle.dumps(state))
                seen[name] = [repr(copy.legal_actions()), copy.rules == state.rules, repr(getattr(copy, name))]
        state.apply(choose(state, rng))
print(json.dumps(seen, sort_keys=True))
"""

#: For each shipped engine, a fresh state's classes as (module, compiled): a class is
#: compiled when its module is not a .py file.
STATE_CLASSES = """
import json, random, sys
from pathlib import Path
from generator.games import engines, load_game
found = {}
for name, engine in engines().items():
    deck = engine.load_deck(load_game(Path(sys.argv[1]) / name.replace("_", "-")))
    state = engine.new_game(deck, engine.default_players, random.Random(0), {})
    found[name] = [
        (cls.__module__, not sys.modules[cls.__module__].__file__.endswith(".py"))
        for cls in type(state).__mro__
        if cls.__module__.startswith("generator.")
    ]
print(json.dumps(found))
"""

#: The harness's per-action loop (compiled in the wheel) given engines that return values of
#: other types than the protocol's: one line of JSON, what it found of each, and whether
#: the loop is compiled.
ODD_ENGINES = """
import json, random
import generator.check.playout as playout


class Odd:
    def __init__(self, player=0, legal=list, terminal=bool, violations=list):
        self.left, self.odd = 3, (player, legal, terminal, violations)

    def legal_actions(self):
        return self.odd[1](["down"])

    def current_player(self):
        return self.odd[0]

    def apply(self, action):
        self.left -= 1

    def invariant_violations(self):
        return self.odd[3]([])

    def is_terminal(self):
        return self.odd[2](self.left == 0)


cases = [
    Odd(player=None), Odd(player="0"), Odd(player=0.0), Odd(player=True), Odd(legal=tuple),
    Odd(terminal=int), Odd(terminal=lambda done: True if done else None), Odd(violations=tuple),
    Odd(violations=lambda found: None),
]
down = [lambda state, rng: "down"] * 2
plays = [(case, 10, down) for case in cases] + [(Odd(), 1.5, down)]
plays.append((Odd(player=True), 10, [lambda state, rng: "down", lambda state, rng: "up"]))
found = []
for state, cap, policies in plays:
    result = playout.Playout()
    playout.play_out(state, policies, random.Random(1), cap, result)
    found.append([result.actions, result.capped, result.problem])
print(json.dumps({"compiled": not playout.__file__.endswith(".py"), "found": found}))
"""

#: The checkout's cutsheet, its Sliders engine the plain Python modules.
PLAIN_CUTSHEET = """
import generator.games.sliders.state as state
assert state.__file__.endswith(".py"), state.__file__
from generator.cli import main
main()
"""


def checkout_python(script: str, *args: str) -> subprocess.CompletedProcess:
    """Run `script` with the checkout's Python and plain modules, in the checkout."""
    return subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_the_wheel_compiles_the_sliders_engine_and_it_plays_the_same_games(wheel, cutsheet, tmp_path):
    """setup.py compiles the Sliders engine into the wheel (mypyc); its games, and every
    other engine's, played in two processes (the states travel by pickle), are those of the
    plain modules of the checkout."""
    compiled = {name.split(".")[0] for name in zipfile.ZipFile(wheel).namelist() if name.endswith((".so", ".pyd"))}
    assert {"generator/games/sliders/state", "generator/games/sliders/trades", "generator/check/playout"} <= compiled
    # The other engines' states derive from no compiled class: a plain class derived from
    # one reads and writes its attributes about twice as slowly (game_state.py).
    classes = cutsheet(tmp_path, "-c", STATE_CLASSES, str(ROOT / "components"), program="python")
    assert classes.returncode == 0, classes.stderr
    states = json.loads(classes.stdout)
    assert set(states) == {"chip_flip", "slipmax", "sliders", "twisty_passages", "whipped"}
    assert ["generator.games.sliders.state", True] in states.pop("sliders")
    for name, bases in states.items():
        assert bases and not any(compiled for _, compiled in bases), (name, bases)
    # Only the simulations are compared: the deck reviews are left out (--no-review).
    args = ["check", *"--simulate 30 --seed 4 --players 4 --policy heuristic --json --no-review".split()]
    installed = cutsheet(tmp_path, *args, "--jobs", "2", str(ROOT / "components" / "sliders"))
    assert installed.returncode == 0, installed.stderr
    plain = checkout_python(PLAIN_CUTSHEET, *args, str(ROOT / "components" / "sliders"))
    assert plain.returncode == 0, plain.stderr

    def simulation(stdout: str, games: int = 30) -> dict:
        report = json.loads(stdout)["simulation"]
        assert report["games"] == games and report["broken"] == 0
        return {key: value for key, value in report.items() if key not in ("games_per_second", "cpu_games_per_second")}

    assert simulation(installed.stdout) == simulation(plain.stdout)
    # The other engines' states, plain classes, travel too.
    for game in ("chip-flip", "slipmax", "twisty-passages", "whipped"):
        args = ["check", "--simulate", "12", "--seed", "2", "--json", "--no-review", str(ROOT / "components" / game)]
        installed = cutsheet(tmp_path, *args, "--jobs", "2")
        assert installed.returncode == 0, installed.stdout + installed.stderr
        plain = checkout_python(PLAIN_CUTSHEET, *args)
        assert plain.returncode == 0, plain.stdout + plain.stderr
        assert simulation(installed.stdout, 12) == simulation(plain.stdout, 12), game
    # States and decks travel by pickle, whatever they hold at the time.
    sliders = str(ROOT / "components" / "sliders")
    compiled_trip = cutsheet(tmp_path, "-c", PICKLED_MID_GAME, sliders, program="python")
    assert compiled_trip.returncode == 0, compiled_trip.stderr
    plain_trip = checkout_python(PICKLED_MID_GAME, sliders)
    assert plain_trip.returncode == 0, plain_trip.stderr
    assert set(json.loads(compiled_trip.stdout)) == {"offer", "auction", "debts"}
    assert compiled_trip.stdout == plain_trip.stdout
    # The compiled loop of the harness finds what the plain one finds of a faulty engine.
    odd = cutsheet(tmp_path, "-c", ODD_ENGINES, program="python")
    assert odd.returncode == 0, odd.stderr
    plain_odd = checkout_python(ODD_ENGINES)
    assert plain_odd.returncode == 0, plain_odd.stderr
    assert json.loads(odd.stdout)["compiled"] and not json.loads(plain_odd.stdout)["compiled"]
    assert json.loads(odd.stdout)["found"] == json.loads(plain_odd.stdout)["found"]
    # A whole number written with a decimal point passes the schemas; the compiled deck reads it.
    shutil.copytree(ROOT / "components" / "sliders", tmp_path / "s")
    deeds = tmp_path / "s" / "deeds.yaml"
    deeds.write_text(deeds.read_text().replace("price: 60\n", "price: 60.0\n"))
    decimal = cutsheet(tmp_path, "check", "s", "--simulate", "3", "--seed", "4")
    assert decimal.returncode == 0, decimal.stdout + decimal.stderr
    assert "plain Python" not in decimal.stdout  # compiled: no note says it is not
