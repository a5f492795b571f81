"""Every file a game folder names or implies stays inside it, and art that a writer would
choke on is refused before anything is written.

Each case is a build in a child forked from this process (tests/forked.py), with 2 GB of
address space beyond what it starts with: exit status 2, a message naming the place, no
traceback, and nothing written. One case is also refused by the real command, a fresh
`python -m generator` process.
"""

import base64
import io
import resource
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import cutsheet_process
from tests.forked import Ran, address_space, forked_cutsheet

SECRET = "TOP-SECRET-LINE-8b1f"
LAYOUT = """extends: card
elements:
  picture: {type: image, field: art, x: 0mm, y: 15mm, width: 63.5mm, height: 30mm}
"""


def deck(folder: Path, art: str = "", rules: str = "") -> Path:
    (folder / "layouts").mkdir(parents=True)
    (folder / "game.yaml").write_text("name: Deck\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "layouts" / "card.yaml").write_text(LAYOUT)
    field = f", art: '{art}'" if art else ""
    (folder / "cards.yaml").write_text(
        f"kind: card\nlayout: card\nitems:\n  - {{title: Scout, text: 'Look.'{field}}}\n"
    )
    if rules:
        (folder / "rules.md").write_text(rules)
    return folder


#: The address space a build may use here (a forked one: beyond what it starts with): a
#: hostile file read whole (3 GB) would not fit.
MEMORY = 2 * 1024**3


def _bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def build(game: Path, out: Path, *args: str) -> Ran:
    log = out.parent / f"{out.name}.stderr"
    return forked_cutsheet(["build", str(game), "--out", str(out), *args], game, log, address_space() + MEMORY, 120)


def refused(game: Path, out: Path, *expected: str, args: tuple[str, ...] = ()) -> None:
    result = build(game, out, *args)
    assert result.code == 2, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    for text in expected:
        assert text in result.stderr, result.stderr
    assert not out.exists() or not any(p.is_file() and ".cache" not in p.parts for p in out.rglob("*"))


@pytest.fixture
def secret(tmp_path) -> Path:
    path = tmp_path / "private" / "key.txt"
    path.parent.mkdir()
    path.write_text(f"{SECRET}\n")
    return path


def test_rules_through_a_link_out_of_the_folder_are_refused(tmp_path, secret):
    game = deck(tmp_path / "deck")
    (game / "rules.md").symlink_to(secret)
    refused(game, tmp_path / "out", "rules.md", "leads outside")


def test_the_real_command_refuses_rules_through_a_link_out_of_the_folder(tmp_path, secret):
    game = deck(tmp_path / "deck")
    (game / "rules.md").symlink_to(secret)
    out = tmp_path / "out"
    result = cutsheet_process("build", game, "--out", out, cwd=game, preexec=_bounded, timeout=120)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    assert "rules.md" in result.stderr and "leads outside" in result.stderr, result.stderr
    assert SECRET not in result.stderr + result.stdout
    assert not out.exists() or not any(p.is_file() and ".cache" not in p.parts for p in out.rglob("*"))


def test_an_icon_through_a_link_out_of_the_folder_is_refused(tmp_path, secret):
    game = deck(tmp_path / "deck")
    (game / "cards.yaml").write_text("kind: card\nitems:\n  - {title: Scout, text: 'Roll :gem:.'}\n")
    (game / "icons").mkdir()
    (game / "icons" / "gem.svg").symlink_to(secret)
    refused(game, tmp_path / "out", "icons/gem.svg:1:1:", "leads outside")


def test_a_table_through_a_link_out_of_the_folder_is_refused(tmp_path, secret):
    game = deck(tmp_path / "deck")
    (game / "cards.yaml").write_text("kind: card\ndata: cards.csv\n")
    (game / "cards.csv").symlink_to(secret)
    refused(game, tmp_path / "out", "cards.yaml:2:7:", "leads outside")


def test_art_through_a_link_out_of_the_folder_is_refused(tmp_path, secret):
    game = deck(tmp_path / "deck", art="art/pic.png")
    (game / "art").mkdir()
    (game / "art" / "pic.png").symlink_to(secret)
    refused(game, tmp_path / "out", "cards.yaml:4:", "[L009]", "leads outside")


def test_a_paper_preset_is_a_name_not_a_path(tmp_path, secret):
    game = deck(tmp_path / "deck")
    (game / "layouts" / "sheets").mkdir()
    refused(game, tmp_path / "out", "unknown paper", args=("--paper", "../../../private/key"))


@pytest.mark.parametrize("name", ["loop", "x" * 300])
def test_an_art_path_the_file_system_cannot_look_up_is_an_error_at_its_place(tmp_path, name):
    game = deck(tmp_path / "deck", art=f"art/{name}.png")
    (game / "art").mkdir()
    if name == "loop":
        (game / "art" / "loop.png").symlink_to("other.png")
        (game / "art" / "other.png").symlink_to("loop.png")
    refused(game, tmp_path / "out", "cards.yaml:4:", "[L009]")


def _svg(body: str, view_box: str = "0 0 10 10") -> str:
    spaces = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
    return f'<svg {spaces} viewBox="{view_box}">{body}</svg>'


def _png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("1", (width, height)).save(out, format="PNG")
    return out.getvalue()


def _data(mime: str, data: bytes) -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"


HOSTILE_SVG = {
    "external href": (_svg('<image href="file:///etc/passwd" width="10" height="10"/>'), "outside itself"),
    "xlink href": (_svg('<use xlink:href="other.svg#a"/>'), "outside itself"),
    "url in a style attribute": (
        _svg('<rect style="fill:url(http://example.org/x)" width="5" height="5"/>'),
        "outside",
    ),
    "url in a fill": (_svg('<rect fill="url( \'https://example.org/p\' )" width="5" height="5"/>'), "outside"),
    "escaped import": (_svg('<style>@\\69mport "http://example.org/x.css";</style>'), "outside itself"),
    "import behind a comment": (_svg("<style>@im/**/port url(x.css);</style>"), "outside itself"),
    "escaped url": (_svg("<style>rect { fill: \\75rl(http://example.org/x) }</style>"), "outside itself"),
    "tiny viewBox": (_svg("", "0 0 1e-300 1e-300"), "each side must be between"),
    "huge viewBox": (_svg("", "0 0 1e308 1e308"), "expected four numbers"),
    "viewBox not numbers": (_svg("", "0 0 wide tall"), "expected four numbers"),
    "embedded bomb": (
        _svg(f'<image href="{_data("image/png", _png(9000, 9000))}" width="10" height="10"/>'),
        "million pixels",
    ),
    "embedded svg": (_svg(f'<image href="{_data("image/svg+xml", b"<svg/>")}" width="10" height="10"/>'), "PNG, JPEG"),
    "a coordinate past any page": (_svg('<rect width="1" height="1" x="1e308"/>'), "cannot be drawn"),
    "a matrix that flattens": (_svg('<rect width="1" height="1" transform="matrix(0 0 0 0 0 0)"/>'), "cannot be drawn"),
    "a dash of nothing": (_svg('<path d="M 0 0 L 9 9" stroke="#000" stroke-dasharray="0 0"/>'), "cannot be drawn"),
    "a length that is none": (_svg('<rect width="x" height="5"/>'), "cannot be drawn"),
    "a use of itself": (_svg('<g id="a"><use href="#a"/></g><use href="#a"/>'), "drawn only in part"),
    "embedded junk": (_svg('<image href="data:image/png;base64,AAAA" width="10" height="10"/>'), "L009"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_SVG))
def test_svg_art_a_writer_would_choke_on_is_refused_before_writing(tmp_path, case):
    text, expected = HOSTILE_SVG[case]
    game = deck(tmp_path / "deck", art="art/pic.svg")
    (game / "art").mkdir()
    (game / "art" / "pic.svg").write_text(text)
    refused(game, tmp_path / "out", "cards.yaml:4:", expected)


def test_an_icon_is_checked_as_svg_art_is(tmp_path):
    game = deck(tmp_path / "deck")
    (game / "cards.yaml").write_text("kind: card\nitems:\n  - {title: Scout, text: 'Roll :gem:.'}\n")
    (game / "icons").mkdir()
    (game / "icons" / "gem.svg").write_text(_svg('<image href="file:///etc/passwd" width="10" height="10"/>'))
    refused(game, tmp_path / "out", "icons/gem.svg:1:1:", "outside itself")


def test_a_raster_of_too_many_pixels_is_refused_from_its_header(tmp_path):
    game = deck(tmp_path / "deck", art="art/pic.png")
    (game / "art").mkdir()
    (game / "art" / "pic.png").write_bytes(_png(9000, 9000))
    refused(game, tmp_path / "out", "cards.yaml:4:", "million pixels")


def test_an_art_file_over_the_size_limit_is_refused_unread(tmp_path):
    game = deck(tmp_path / "deck", art="art/pic.svg")
    (game / "art").mkdir()
    with (game / "art" / "pic.svg").open("wb") as file:
        file.truncate(3 * 1024**3)  # 3 GB, sparse: read whole, it would take as much memory
    refused(game, tmp_path / "out", "cards.yaml:4:", "at most 16 MB")


@pytest.mark.parametrize("size", ["100000mmx100000mm", "2000mmx300mm"])
def test_a_paper_too_large_to_print_is_refused(tmp_path, size):
    refused(deck(tmp_path / "deck"), tmp_path / "out", "too large", args=("--paper", size))


def test_svg_art_with_internal_references_and_embedded_pictures_still_builds(tmp_path):
    body = (
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>'
        '<rect style="fill:url(#g)" width="10" height="5"/>'
        f'<image href="{_data("image/png", _png(20, 20))}" y="5" width="10" height="5"/>'
    )
    game = deck(tmp_path / "deck", art="art/pic.svg")
    (game / "art").mkdir()
    (game / "art" / "pic.svg").write_text(_svg(body))
    result = build(game, tmp_path / "out", "--no-checklist")
    assert result.code == 0, result.stderr
    assert (tmp_path / "out" / "deck" / "deck.pdf").is_file()
