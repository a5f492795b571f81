"""The preview server without a browser: what it serves, what it refuses, where findings go."""

import http.client
import io
import re
import shutil
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import cairosvg
import numpy as np
import pypdfium2 as pdfium
import pytest
import yaml
from click.testing import CliRunner
from PIL import Image

from generator import watching
from generator.cli import main
from generator.layout.scene import Scene, translate
from generator.layout.text import TextStyle, fit_text
from generator.project import OutputSettings, Project
from generator.render.pdf import write_pdf
from generator.serve import server as server_module
from generator.serve.preview import LARGEST, PAD, build_preview, draw_preview, face_image, face_svg, finish_preview
from generator.serve.server import HOST, Previews, serve_forever, start, stop_serving
from generator.sheets.model import Sheet
from generator.sheets.paper import paper
from tests.conftest import run_build_process
from tests.pipeline.tiny import titled_in_own_face, write_game

ROOT = Path(__file__).resolve().parents[2]
SLIPMAX = ROOT / "components" / "slipmax"


def project(folder: Path, out: Path) -> Project:
    """The game folder, printed as `cutsheet build` prints it, into `out`."""
    return Project.find([folder], output=OutputSettings(out))


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A copy of Slipmax served on a free port, with its PDFs in out/, and a symlink
    planted among them that leads back to a source."""
    tmp_path = tmp_path_factory.mktemp("serve")
    game = tmp_path / "slipmax"
    shutil.copytree(SLIPMAX, game)
    previews = Previews(project(game, tmp_path / "out"))
    server, stop = start(previews, 0)
    assert previews.games[game].pdf is not None, previews.games[game].error
    (tmp_path / "out" / "slipmax" / "evil.pdf").symlink_to(game / "game.yaml")
    yield server, tmp_path
    stop_serving(server, stop)


def test_stopping_waits_for_the_rebuild_under_way(tmp_path):
    """A rebuild under way as the server stops (Ctrl-C) finishes its files first: the process
    would otherwise end while writing one, and leave its temporary file in the output."""
    game = shutil.copytree(SLIPMAX, tmp_path / "slipmax")
    previews = Previews(project(game, tmp_path / "out"))
    server, stop = start(previews, 0)
    began, finished = threading.Event(), threading.Event()
    rebuild = previews.rebuild

    def slow_rebuild(folders=None) -> None:
        began.set()
        time.sleep(0.5)
        rebuild(folders)
        finished.set()

    previews.rebuild = slow_rebuild
    strips = game / "strips.yaml"
    strips.write_text(strips.read_text().replace("title: Life of Pain", "title: Life of Pains", 1))
    assert began.wait(30)
    stop_serving(server, stop)
    assert finished.is_set() and server.watcher is not None and not server.watcher.is_alive()
    assert previews.traffic.closed  # so the rebuild waited for no page to fetch its first phase
    assert not [path for path in (tmp_path / "out").rglob("*") if path.name.endswith(".tmp")]


def test_a_font_replaced_under_its_name_is_drawn_again_in_the_preview(tmp_path):
    """A game's own face replaced by another file of its name: the preview draws the faces
    that use it again (its memo's scope reads the game's fonts), and the cache it fills gives
    a later build, in a fresh process, the new glyphs too."""
    game, out, cold = write_game(tmp_path / "game"), tmp_path / "out", tmp_path / "cold"
    titled_in_own_face(game, 100)
    previews = Previews(project(game, out))
    previews.rebuild()
    before = dict(previews.faces)
    titled_in_own_face(game, 300)
    previews.rebuild()
    assert not previews.games[game.resolve()].error
    assert len(set(previews.faces) - set(before)) == 2  # the fronts of A and B, titled in it
    run_build_process(game, "--format", "pdf,svg", "--out", out)
    run_build_process(game, "--format", "pdf,svg", "--out", cold, "--no-cache")
    assert files(out / "game") == files(cold / "game")


def files(folder: Path) -> dict[Path, bytes]:
    """The files below `folder` (hidden ones but for the cache too), by their path there."""
    return {path.relative_to(folder): path.read_bytes() for path in folder.rglob("*") if path.is_file()}


def test_a_ctrl_c_during_a_rebuild_says_the_rebuild_is_finished_first(monkeypatch):
    """The wait for a rebuild under way (stop_serving) is said, so that it is not taken for a
    hang; a Ctrl-C with no rebuild under way stops without a word."""
    said: list[str] = []
    stopped: list[object] = []
    served = SimpleNamespace(server_address=(HOST, 8123))

    class Interrupted:
        def wait(self) -> None:
            raise KeyboardInterrupt

    monkeypatch.setattr(server_module, "start", lambda previews, port: (served, Interrupted()))
    monkeypatch.setattr(server_module, "stop_serving", lambda server, stop: stopped.append(server))
    previews = SimpleNamespace(rebuilding=threading.Event())
    serve_forever(previews, 0, said.append)
    assert said == [f"Previewing at http://{HOST}:8123/ (Ctrl-C stops)"]
    previews.rebuilding.set()
    serve_forever(previews, 0, said.append)
    assert said[1:] == [said[0], "Finishing the rebuild under way (Ctrl-C again stops at once)"]
    assert stopped == [served, served]


def test_a_change_seen_as_the_server_stops_starts_no_rebuild(tmp_path, monkeypatch):
    """A Ctrl-C (which sets `stop`) just after the watch saw a change: the watcher ends
    without a rebuild, which stopping would wait for without a word."""
    game = shutil.copytree(SLIPMAX, tmp_path / "slipmax")
    previews = Previews(project(game, tmp_path / "out"))
    rebuilt: list[object] = []
    monkeypatch.setattr(previews, "rebuild", rebuilt.append)
    stop, ready = threading.Event(), threading.Event()

    def changes(*paths, stop_event, **options):
        yield {(1, str(game / "strips.yaml"))}
        stop_event.set()  # the Ctrl-C, between the watch's answers
        yield {(1, str(game / "board.yaml"))}

    monkeypatch.setattr(watching.watchfiles, "watch", changes)
    server_module.watch(previews, stop, ready)
    assert len(rebuilt) == 1 and ready.is_set()


def test_a_rebuild_is_marked_under_way_while_it_runs(tmp_path, monkeypatch):
    previews = Previews(project(shutil.copytree(SLIPMAX, tmp_path / "slipmax"), tmp_path / "out"))
    seen: list[bool] = []

    def phases(folders) -> None:
        seen.append(previews.rebuilding.is_set())
        raise RuntimeError("a bug in the preview")

    monkeypatch.setattr(previews, "_phases", phases)
    with pytest.raises(RuntimeError):
        previews.rebuild()
    assert seen == [True] and not previews.rebuilding.is_set()


def get(server, path: str, host: str | None = None) -> tuple[int, bytes]:
    """GET with the path sent exactly as written (no client-side normalising)."""
    connection = http.client.HTTPConnection(*server.server_address, timeout=10)
    connection.putrequest("GET", path, skip_host=host is not None, skip_accept_encoding=True)
    if host is not None:
        connection.putheader("Host", host)
    connection.endheaders()
    reply = connection.getresponse()
    body = reply.read()
    connection.close()
    return reply.status, body


def test_binds_to_loopback_only(served):
    server, _ = served
    assert server.server_address[0] == HOST == "127.0.0.1"


def test_refuses_a_foreign_host_name(served):
    """A page elsewhere whose name was pointed at 127.0.0.1 gets nothing."""
    server, _ = served
    port = server.server_address[1]
    assert get(server, "/", host=f"evil.example:{port}")[0] == 403
    assert get(server, "/files/slipmax/slipmax.pdf", host=f"evil.example:{port}")[0] == 403
    status, body = get(server, "/", host=f"localhost:{port}")
    assert status == 200 and b"Slipmax" in body


def test_cli_refuses_a_bad_source_and_a_busy_port(served, tmp_path):
    server, _ = served
    runner = CliRunner()
    missing = runner.invoke(main, ["serve", str(tmp_path / "nowhere")])
    assert missing.exit_code == 2 and "no such file or folder" in missing.output
    busy = runner.invoke(
        main, ["serve", str(SLIPMAX), "--port", str(server.server_address[1]), "--out", str(tmp_path / "out")]
    )
    assert busy.exit_code == 2 and f"cannot serve on port {server.server_address[1]}" in busy.output


def test_serves_the_built_pdf(served):
    server, tmp_path = served
    status, body = get(server, "/files/slipmax/slipmax.pdf")
    assert status == 200
    assert body.startswith(b"%PDF")
    assert body == (tmp_path / "out" / "slipmax" / "slipmax.pdf").read_bytes()


@pytest.mark.parametrize(
    "path",
    [
        "/files/../../etc/passwd",
        "/files/slipmax/../slipmax/game.yaml",
        "/files/slipmax/%2e%2e/%2e%2e/slipmax/game.yaml",
        "/files/slipmax/%2E%2E%2Fgame.yaml",
        "/files/slipmax/..%2f..%2fslipmax%2fstrips.yaml",
        "//etc/passwd",
        "/etc/passwd",
        "/files//etc/passwd",
        "/files/slipmax/slipmax.pdf/../../../slipmax/game.yaml",
        "/files/slipmax/evil.pdf",
        "/files/slipmax/",
        "/files/slipmax",
        "/game.yaml",
        "/strips.yaml",
        "/fonts/fonts.yaml",
        "/fonts/../components/slipmax/game.yaml",
        "/fonts/%2e%2e/components/slipmax/game.yaml",
        "/fonts//etc/passwd",
        "/faces/../game.yaml",
        "/faces/%2e%2e/strips.yaml",
        "/faces/",
        "/faces/0000.svg",
        "/faces//etc/passwd",
    ],
)
def test_refuses_every_other_path(served, path):
    server, _ = served
    status, body = get(server, path)
    assert status == 404
    assert b"Slipmax" not in body and b"engine" not in body


def test_no_font_is_served_the_faces_text_is_glyph_outlines(served):
    server, _ = served
    status, _ = get(server, "/fonts/DejaVuSans-Bold.ttf")
    assert status == 404
    status, body = get(server, "/")
    page = body.decode()
    assert "@font-face" not in page and "<text" not in page
    faces = [get(server, src)[1].decode() for src in re.findall(r'<img src="(/faces/[0-9a-f]+\.svg)"', page)]
    assert faces and not any("<text" in face for face in faces)
    # a strip's title, drawn as the outlines of its glyphs
    assert sum('aria-label="Life of Power"' in face for face in faces) == 1


def test_the_preview_draws_a_face_as_the_pdf_prints_it(tmp_path):
    """A face in Arabic, Hebrew and Latin: the preview's SVG (drawn by cairo) and the PDF
    (drawn by pdfium) from the same scene put the same ink in the same places."""
    scene = Scene(60, 30)
    style = TextStyle("DejaVu Sans", 4.0, align="right")
    scene.add(*fit_text("مرحبا بالعالم\nשלום עולם and office 2026", 3, 3, 54, 24, style).items)
    svg = face_svg(scene, "face", lambda name: None)
    pdf = tmp_path / "face.pdf"
    write_pdf([Sheet(60 + 2 * PAD, 30 + 2 * PAD, [translate(scene.items, PAD, PAD)])], pdf, "face", lambda n: None)
    width = 600
    drawn = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode(), output_width=width))).convert("RGBA")
    preview = Image.alpha_composite(Image.new("RGBA", drawn.size, "white"), drawn).convert("L")
    printed = pdfium.PdfDocument(str(pdf))[0].render(scale=width / pdfium.PdfDocument(str(pdf))[0].get_width())
    printed = printed.to_pil().convert("L").resize(preview.size)
    ink_preview, ink_printed = np.asarray(preview) < 128, np.asarray(printed) < 128
    # The face's cut outline is in the preview only: compare inside it.
    inner = (slice(15, -15), slice(15, -15))
    a, b = ink_preview[inner], ink_printed[inner]
    assert b.sum() > 500  # there is text to compare
    # Every inked pixel of each has ink of the other within a pixel (antialiasing differs).
    assert (a & grown(b)).sum() / a.sum() > 0.97
    assert (b & grown(a)).sum() / b.sum() > 0.97


def grown(ink):
    """The ink one pixel wider in every direction."""
    out = ink.copy()
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            out |= np.roll(np.roll(ink, dy, axis=0), dx, axis=1)
    return out


def test_finding_sits_beside_the_component_it_names(tmp_path):
    """The checker warns that 'Life of Power' lacks a step: the warning is on that strip."""
    preview = build_preview(SLIPMAX, project(SLIPMAX, tmp_path))
    strips = {c.title: c for g in preview.groups for c in g.components}
    codes = {f.code: f for f in strips["Life of Power"].findings}
    assert "SM004" in codes and "'Life of Power'" in codes["SM004"].message
    named = [(c.title, f) for c in strips.values() for f in c.findings if f.code in ("SM003", "SM004")]
    assert len(named) >= 2
    assert all(f"'{title}'" in finding.message for title, finding in named)


def test_components_first_then_findings_and_pdf(tmp_path):
    """The first phase shows the components at once; the second adds checks and the PDF
    without touching what the first one put on show."""
    first, drawn = draw_preview(SLIPMAX, project(SLIPMAX, tmp_path))
    assert not first.checked and first.pdf is None and drawn is not None
    assert not [f for g in first.groups for c in g.components for f in c.findings if f.code.startswith("SM")]
    done = finish_preview(first, drawn)
    assert done.checked and done.pdf == (tmp_path / "slipmax" / "slipmax.pdf").resolve() and done.pdf.is_file()
    assert [c.title for g in done.groups for c in g.components] == [c.title for g in first.groups for c in g.components]
    assert any(f.code == "SM004" for g in done.groups for c in g.components for f in c.findings)
    assert not any(f.code == "SM004" for g in first.groups for c in g.components for f in c.findings)


def test_every_item_shown_once_with_its_copies(tmp_path):
    preview = build_preview(SLIPMAX, project(SLIPMAX, tmp_path))
    listed = yaml.safe_load((SLIPMAX / "game.yaml").read_text())["components"]
    items = [item for name in listed for item in yaml.safe_load((SLIPMAX / name).read_text())["items"]]
    shown = [c for g in preview.groups for c in g.components]
    assert len(shown) == len(items)
    assert [c.copies for c in shown] == [item.get("count", 1) for item in items]
    assert all(c.front.svg.lstrip().startswith("<?xml") and "<svg" in c.front.svg for c in shown)
    # Each face is named by its content: the same drawing, the same name.
    names = {c.front.svg: c.front.name for c in shown}
    assert len(set(names.values())) == len(names) and all(n.endswith(".svg") for n in names.values())


def test_yaml_error_becomes_the_preview_error(tmp_path):
    game = tmp_path / "slipmax"
    shutil.copytree(SLIPMAX, game)
    text = (game / "strips.yaml").read_text()
    broken = text.replace("items:", "items: [", 1)
    (game / "strips.yaml").write_text(broken)
    with pytest.raises(yaml.YAMLError) as raised:
        yaml.safe_load(broken)
    preview = build_preview(game, Project({game: []}, {game: paper("letter")}, output=OutputSettings(tmp_path / "out")))
    line = raised.value.problem_mark.line + 1
    assert f"strips.yaml:{line}:" in preview.error
    assert preview.groups == [] and preview.pdf is None


def test_check_errors_are_shown_and_leave_the_game_unprinted_as_a_build_does(tmp_path):
    """The policy of `cutsheet build`: the checks' errors stop the print; the preview shows
    them beside their component and says why there is no PDF."""
    game = tmp_path / "chip-flip"
    shutil.copytree(ROOT / "components" / "chip-flip", game)
    chips = game / "chips.yaml"
    two_faced = "front: {icon: flowers}, back: {icon: flowers}"  # a rules error (CF021), laid out well
    chips.write_text(chips.read_text().replace("front: {icon: flowers}, back: {icon: shoes}", two_faced, 1))
    preview = build_preview(game, project(game, tmp_path / "out"))
    assert preview.checked and preview.error == "" and preview.pdf is None
    assert preview.unprinted == "the rules checks found errors"
    assert any(f.code == "CF021" for g in preview.groups for c in g.components for f in c.findings)
    assert not (tmp_path / "out" / "chip-flip" / "chip-flip.pdf").exists()


def test_a_face_is_shown_at_print_size_and_a_large_one_scaled_down_to_fit():
    card = face_image(Scene(63.5, 88.9), "card", lambda name: None)
    assert (card.width, card.height) == (round(64.5 * 96 / 25.4), round(89.9 * 96 / 25.4))  # with PAD round it
    board = face_image(Scene(500.0, 300.0), "board", lambda name: None)
    assert board.width <= LARGEST[0] and board.height <= LARGEST[1]
    assert min(LARGEST[0] - board.width, LARGEST[1] - board.height) <= 1  # as large as fits
    assert abs(board.width / board.height - 501 / 301) < 0.01  # its own proportions


def test_a_file_drawn_as_a_whole_shows_its_distinct_faces(tmp_path):
    """Sliders draws its board from 40 squares and its money by the player: the preview
    shows the board once and each bill once with the copies it prints, its findings on the
    game (no one face is an item of the file)."""
    sliders = SLIPMAX.parent / "sliders"
    preview = build_preview(sliders, project(sliders, tmp_path))
    assert not preview.error
    groups = {Path(g.file).name: g for g in preview.groups}
    board, money = groups["board.yaml"], groups["money.yaml"]
    assert not board.by_item and len(board.components) == 1 and board.components[0].copies == 1
    bills = yaml.safe_load((sliders / "money.yaml").read_text())["items"]
    assert not money.by_item and len(money.components) == len(bills)
    assert all(c.copies > 1 for c in money.components)
    assert groups["deeds.yaml"].by_item
