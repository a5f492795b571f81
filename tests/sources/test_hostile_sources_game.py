"""Hostile sources of a game, each refused by a build: YAML numbers and nesting, `when:`
conditions, rules.md and the copies a game prints. Every case builds in a child forked from
this process (tests/forked.py) and must exit 2 with a message naming the place and what was
expected, print no traceback, write nothing into --out, and stay within time and memory: its
peak resident memory may rise so far above what it started with. (A forked child may reuse
memory this process freed without its peak showing it, so the test of memory per copy runs
the real command, a fresh `python -m generator` process, and measures its whole peak.)"""

import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.sources import SourceError, load_yaml
from generator.sources.condition_tree import MAX_NESTING
from generator.sources.errors import display_path
from generator.sources.game import MAX_COPIES
from generator.sources.loader import MAX_DEPTH
from generator.sources.rules import MAX_RULES_BLOCKS, MAX_RULES_BYTES, parse_rules, read_rules
from tests.forked import Ran, address_space, forked_cutsheet

ROOT = Path(__file__).resolve().parents[2]
#: Address space a child build may take (beyond what a forked one starts with): far above a
#: build's needs, far below the gigabytes the unbounded inputs took.
CHILD_MEMORY = 3 * 1024 * 1024 * 1024
#: Prints the child's peak resident memory (kB) on stderr once the command ends (its process
#: runs what atexit holds as it ends): its VmHWM, which counts from the child's own start
#: (ru_maxrss would count the forked test process).
PEAK = (
    "import atexit, re, runpy, sys\n"
    "def peak():\n"
    "    status = open('/proc/self/status').read()\n"
    "    print('peak-kb', re.search(r'VmHWM:\\s*(\\d+)', status).group(1), file=sys.stderr)\n"
    "atexit.register(peak)\n"
    "runpy.run_module('generator', run_name='__main__')\n"
)


def write_game(folder: Path, files: dict[str, str | bytes]) -> Path:
    """A game of cards (engine none) in `folder`: game.yaml and `files` (cards.yaml among them)."""
    folder.mkdir()
    (folder / "game.yaml").write_text("name: Hostile\nengine: none\ncomponents: [cards.yaml]\n")
    for name, content in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(content if isinstance(content, bytes) else content.encode())
    return folder


def build(game: Path, out: Path, *options: str, timeout: float = 120) -> tuple[subprocess.CompletedProcess, int]:
    """The real command, `python -m generator build GAME --out OUT`, from the game's parent
    folder, with bounded address space: the result and the process's peak resident memory
    in MB."""
    result = subprocess.run(
        [sys.executable, "-c", PEAK, "build", game.name, "--out", str(out), "--format", "pdf", *options],
        cwd=game.parent,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY)),
    )
    peak = re.search(r"peak-kb (\d+)", result.stderr)
    assert peak, result.stderr
    return result, int(peak.group(1)) // 1024


def forked(game: Path, out: Path) -> Ran:
    """`cutsheet build GAME --out OUT --format pdf` from the game's parent folder, forked, with
    CHILD_MEMORY of address space beyond what it starts with."""
    args = ["build", game.name, "--out", str(out), "--format", "pdf"]
    return forked_cutsheet(args, game.parent, out.parent / f"{out.name}.stderr", address_space() + CHILD_MEMORY, 120)


def refused(game: Path, tmp_path: Path, *messages: str, memory_mb: int = 400) -> str:
    """The build of `game` exits 2 with each of `messages` on stderr, no traceback, nothing
    written into --out, its peak memory under `memory_mb` above what it started with; its
    stderr."""
    out = tmp_path / "out"
    result = forked(game, out)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.code == 2, result.stderr
    for message in messages:
        assert message in result.stderr, result.stderr
    assert not out.exists() or not any(out.iterdir()), sorted(out.rglob("*"))
    assert result.grown_kb < memory_mb * 1024, f"peak memory {result.grown_kb // 1024} MB above the start"
    return result.stderr


def cards(*items: str) -> str:
    return "kind: card\nitems:\n" + "".join(f"  - {item}\n" for item in items)


# --- numbers ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("item", "place"),
    [
        ("{title: A, count: " + "9" * 4300 + "}", "game/cards.yaml:3:23"),
        ("{title: " + "9" * 4301 + "}", "game/cards.yaml:3:13"),
        ("{title: 1234567890123456789}", "game/cards.yaml:3:13"),
        ("{title: 0x" + "f" * 40 + "}", "game/cards.yaml:3:13"),
        ("{title: " + ":".join(["59"] * 20000) + "}", "game/cards.yaml:3:13"),
    ],
)
def test_a_number_of_too_many_digits_is_an_error_at_its_place(tmp_path, item, place):
    game = write_game(tmp_path / "game", {"cards.yaml": cards(item)})
    refused(game, tmp_path, f"{place}: error: a number of more than 18 digits is not a valid value")


def test_a_key_of_too_many_digits_is_an_error_at_its_place(tmp_path):
    game = write_game(tmp_path / "game", {"cards.yaml": cards("title: A\n    ? " + "9" * 4301 + "\n    : x")})
    refused(game, tmp_path, "game/cards.yaml:4:7: error: a number of more than 18 digits is not a valid value")


@pytest.mark.parametrize(
    ("item", "message"),
    [
        (
            "{title: A, count: 1.0e+400}",
            "game/cards.yaml:3:23: error: inf is not a valid value: expected a finite number",
        ),
        (
            "{title: A, count: -.inf}",
            "game/cards.yaml:3:23: error: -inf is not a valid value: expected a finite number",
        ),
        ("{title: .nan}", "game/cards.yaml:3:13: error: nan is not a valid value: expected a finite number"),
    ],
)
def test_infinite_and_not_a_number_are_errors_at_their_place(tmp_path, item, message):
    refused(write_game(tmp_path / "game", {"cards.yaml": cards(item)}), tmp_path, message)


def test_the_largest_number_allowed_still_reads(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("a: 999999999999999999\nb: -999999999999999999\nc: 1.5e+17\n")
    assert load_yaml(path) == {"a": 10**18 - 1, "b": 1 - 10**18, "c": 1.5e17}


# --- nesting ------------------------------------------------------------------------------------


def test_lists_nested_far_too_deep_are_refused_at_the_place(tmp_path):
    """100,000 levels once crashed the process: libyaml's composer recursed in C."""
    game = write_game(
        tmp_path / "game", {"cards.yaml": cards("{title: A, deep: " + "[" * 100_000 + "]" * 100_000 + "}")}
    )
    refused(game, tmp_path, f"game/cards.yaml:3:83: error: lists or mappings nested more than {MAX_DEPTH} deep")


def test_nesting_up_to_the_limit_reads(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("a: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "\n")
    value = load_yaml(path)["a"]
    for _ in range(MAX_DEPTH - 2):
        value = value[0]
    assert value == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("kind: card\nloop: &a [*a]\nitems: [{title: A}]\n", "game/cards.yaml:2:7"),
        (
            "kind: card\na0: &a0 [x]\n"
            + "".join(f"a{n}: &a{n} [*a{n - 1}]\n" for n in range(1, 200))
            + "items: [{title: A}]\n",
            "game/cards.yaml:2:5",
        ),
        (
            "kind: card\nm0: &m0 {x: 1}\n"
            + "".join(f"m{n}: &m{n} {{<<: *m{n - 1}, k{n}: 1}}\n" for n in range(1, 200))
            + "items: [{title: A}]\n",
            "game/cards.yaml:",
        ),
    ],
    ids=["an alias inside itself", "a chain of aliases", "a chain of merges"],
)
def test_aliases_and_merges_cannot_nest_without_bound(tmp_path, text, place):
    game = write_game(tmp_path / "game", {"cards.yaml": text})
    stderr = refused(game, tmp_path, f"lists or mappings nested more than {MAX_DEPTH} deep")
    assert stderr.startswith(place), stderr


def test_merges_of_merges_count_every_value_they_read(tmp_path):
    fan = "".join(f"m{n}: &m{n} {{<<: [{', '.join([f'*m{n - 1}'] * 10)}]}}\n" for n in range(1, 30))
    game = write_game(
        tmp_path / "game", {"cards.yaml": "kind: card\nm0: &m0 {x: 1, y: 2}\n" + fan + "items: [{title: A}]\n"}
    )
    refused(game, tmp_path, "error: the file expands to more than 200000 values")


def test_pythons_own_yaml_parser_is_bounded_the_same(tmp_path, monkeypatch):
    monkeypatch.setattr(yaml, "__with_libyaml__", False)
    path = tmp_path / "deck.yaml"
    path.write_text("a: " + "[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(SourceError, match=f"nested more than {MAX_DEPTH} deep") as caught:
        load_yaml(path, display="deck.yaml")
    assert str(caught.value.loc) == "deck.yaml:1:67"


# --- conditions ---------------------------------------------------------------------------------

LAYOUT = """size: {width: 63.5mm, height: 88.9mm}
bleed: 3mm
elements:
  title:
    {type: text, field: title, x: 4mm, y: 4mm, width: 55.5mm, height: 9mm, when: "WHEN"}
"""


def layout_with(condition: str) -> dict[str, str]:
    return {
        "cards.yaml": "kind: card\nlayout: hostile\nitems: [{title: A}]\n",
        "layouts/hostile.yaml": LAYOUT.replace("WHEN", condition),
    }


def test_a_condition_nested_without_end_is_an_error_at_the_when(tmp_path):
    game = write_game(tmp_path / "game", layout_with("not " * 20_000 + "title"))
    refused(game, tmp_path, f"game/layouts/hostile.yaml:5:82: error: the condition nests more than {MAX_NESTING} deep")


def test_a_condition_nests_up_to_the_limit(tmp_path):
    game = write_game(tmp_path / "game", layout_with("not " * (MAX_NESTING - 2) + "title"))
    result = forked(game, tmp_path / "out")
    assert result.code == 0, result.stderr


def test_a_number_of_too_many_digits_in_a_condition(tmp_path):
    game = write_game(tmp_path / "game", layout_with("count > " + "9" * 5000))
    refused(game, tmp_path, "game/layouts/hostile.yaml:5:82: error: in the condition, a number of more than 18 digits")


# --- rules.md -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (
            b"# Rules\n\nPress \x07 here.\n",
            "game/rules.md:3:7: error: control character U+0007: expected printable text",
        ),
        (b"# Rules\n\nIt \x1b[31mglows.\n", "game/rules.md:3:4: error: control character U+001B"),
        (b"# Rules\n\nCaf\xe9 time.\n", "game/rules.md:3:4: error: invalid UTF-8: sources must be UTF-8 text"),
        (
            b"word " * (MAX_RULES_BYTES // 5 + 1),
            f"game/rules.md:1:1: error: file is {5 * (MAX_RULES_BYTES // 5 + 1)} bytes; "
            f"rules.md is at most {MAX_RULES_BYTES} bytes",
        ),
        (
            b"x\n\n" * (MAX_RULES_BLOCKS + 1),
            f"game/rules.md:1:1: error: the rules hold {MAX_RULES_BLOCKS + 1} paragraphs, headings, list items and "
            f"table rows; rules hold at most {MAX_RULES_BLOCKS}",
        ),
    ],
    ids=["a bell", "an escape", "invalid UTF-8", "too large", "too many blocks"],
)
def test_rules_get_the_checks_of_every_source(tmp_path, rules, message):
    game = write_game(tmp_path / "game", {"cards.yaml": cards("{title: A}"), "rules.md": rules})
    refused(game, tmp_path, message)


def test_rules_that_lead_outside_the_game_folder_are_refused(tmp_path):
    (tmp_path / "secret.txt").write_text("Not the rules.\n")
    game = write_game(tmp_path / "game", {"cards.yaml": cards("{title: A}")})
    (game / "rules.md").symlink_to(tmp_path / "secret.txt")
    refused(game, tmp_path, "game/rules.md:1:1: error: rules file 'game/rules.md' leads outside game")


def test_the_shipped_rules_read_as_before():
    for path in sorted((ROOT / "components").glob("*/rules.md")):
        assert read_rules(path.parent) == parse_rules(path.read_text(encoding="utf-8"), display_path(path)), path


# --- copies -------------------------------------------------------------------------------------


def test_too_many_copies_are_refused_naming_the_total_and_the_largest_counts(tmp_path):
    """1,000 rows of 1,000 copies once ran for half an hour in 13 GB."""
    table = "title,count\n" + "".join(f"Card {n},{1000 - n % 3}\n" for n in range(1000))
    game = write_game(tmp_path / "game", {"cards.yaml": "kind: card\ndata: cards.csv\n", "cards.csv": table})
    refused(
        game,
        tmp_path,
        f"game/cards.csv:2:2: error: the game prints 999001 copies (its items' counts added up); "
        f"a game prints at most {MAX_COPIES}. "
        "The largest counts: 1000 at game/cards.csv:2:2, 1000 at game/cards.csv:5:2, 1000 at game/cards.csv:8:2",
    )


def test_copies_are_counted_across_the_files_of_a_game(tmp_path):
    game = write_game(
        tmp_path / "game",
        {
            "cards.yaml": cards("{title: A, count: 1000}", "{title: B}") + "\n",
            "more.yaml": cards(*(f"{{title: C{n}, count: 900}}" for n in range(10))),
        },
    )
    (game / "game.yaml").write_text("name: Hostile\nengine: none\ncomponents: [cards.yaml, more.yaml]\n")
    refused(game, tmp_path, "game/cards.yaml:3:23: error: the game prints 10001 copies", "900 at game/more.yaml:3:24")


def test_more_items_than_copies_are_refused_while_reading(tmp_path):
    table = "title\n" + "".join(f"Card {n}\n" for n in range(MAX_COPIES + 1))
    game = write_game(tmp_path / "game", {"cards.yaml": "kind: card\ndata: cards.csv\n", "cards.csv": table})
    refused(game, tmp_path, f"game/cards.csv:1:1: error: the game's component files hold more than {MAX_COPIES} items")


def test_memory_per_copy_stays_small_as_a_deck_grows(tmp_path):
    """Copies of an item share its drawn faces: 4,000 copies take little more than 400."""
    peaks = []
    for copies in (400, 4000):
        game = write_game(
            tmp_path / f"deck{copies}",
            {"cards.yaml": cards(*(f"{{title: Card {n}, count: {copies // 10}}}" for n in range(10)))},
        )
        result, peak = build(game, tmp_path / f"out{copies}", "--no-checklist", "--jobs", "1", "--no-cache")
        assert result.returncode == 0, result.stderr
        peaks.append(peak)
    assert (peaks[1] - peaks[0]) * 1024 / 3600 < 16, f"{peaks} MB: more than 16 kB a copy"
