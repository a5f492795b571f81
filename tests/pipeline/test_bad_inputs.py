"""The bad-input corpus: every broken or hostile source gives exit status 2 and a clean message.

Each folder under tests/bad_inputs/ is a game folder (or what should have been one) plus
`expected.txt`: every non-empty line of it must appear in what `cutsheet build` prints on
stderr (a file:line:col and what was expected). Each case runs in a child process of its
own with bounded memory and time; no case may print a traceback. Children are forked from
this process once the CLI is imported (start-up would otherwise dominate), and two cases
also run through `python -m generator` from scratch.
"""

import resource
import signal
from pathlib import Path

import pytest

from tests.conftest import cutsheet_process
from tests.forked import address_space, forked_build

#: Each forked build starts warm (conftest.py's forked_warm).
pytestmark = pytest.mark.usefixtures("forked_warm")
CORPUS = Path(__file__).resolve().parent / "bad_inputs"
CASES = sorted(p.name for p in CORPUS.iterdir() if (p / "expected.txt").is_file())
MEMORY_HEADROOM = 1024 * 1024 * 1024
TIMEOUT_S = 20


def _limit(memory: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    signal.alarm(TIMEOUT_S)


def test_the_corpus_is_large_enough():
    assert len(CASES) >= 40


@pytest.mark.parametrize("case", CASES)
def test_bad_input_is_refused_cleanly(case: str, tmp_path):
    out = tmp_path / "out"
    memory = address_space() + MEMORY_HEADROOM
    code, stderr = forked_build(CORPUS / case, out, out.with_suffix(".stderr"), memory, TIMEOUT_S)
    assert "Traceback" not in stderr, stderr
    assert code == 2, stderr
    for line in (CORPUS / case / "expected.txt").read_text().splitlines():
        if line.strip():
            assert line in stderr
    assert not any(out.rglob("*.pdf")), "nothing is built from bad input"


@pytest.mark.parametrize("case", ["alias-bomb", "layout-symlink-out"])
def test_the_real_command_refuses_cleanly(case: str, tmp_path):
    memory = MEMORY_HEADROOM + 512 * 1024 * 1024
    result = cutsheet_process(
        "build", ".", "--out", tmp_path, cwd=CORPUS / case, preexec=lambda: _limit(memory), timeout=60
    )
    assert "Traceback" not in result.stderr
    assert result.returncode == 2
    assert (CORPUS / case / "expected.txt").read_text().splitlines()[0] in result.stderr


def test_markup_in_text_reaches_svg_as_text(tmp_path):
    """User text is escaped into SVG: it shows as written and adds no element."""
    from xml.etree import ElementTree

    game = tmp_path / "markup"
    game.mkdir()
    (game / "game.yaml").write_text("name: Markup\nengine: none\ncomponents: [cards.yaml]\n")
    title = '<script>alert("x")</script> & <![CDATA[y]]>'
    (game / "cards.yaml").write_text(f"kind: card\nitems:\n  - title: '{title}'\n")
    built = cutsheet_process("build", game, "--out", tmp_path / "out", "--format", "svg", timeout=120)
    assert built.returncode == 0, built.stderr
    roots = [ElementTree.parse(svg).getroot() for svg in sorted((tmp_path / "out" / "markup" / "svg").glob("*.svg"))]
    # Text is drawn as glyph outlines, each line's text kept as its label.
    texts = " ".join(el.get("aria-label", "") for root in roots for el in root.iter())
    assert "<script>" in texts and "<![CDATA[y]]>" in texts
    assert not any(el.tag.endswith("script") for root in roots for el in root.iter())
