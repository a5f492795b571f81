"""The Game Crafter export of the components beyond cards, read back with PIL: chits and hex
tiles at the shop's sizes (trim plus 1/8 in a side at 300 dpi), each die's six faces at the
size its custom d6 takes, a standee's figure front and back, and a tuck box on the shop's
template for it (tests/export/test_tuck_boxes.py reads those); a size the shop does not sell,
said in SIZES.txt."""

from pathlib import Path

import numpy as np
from click.testing import CliRunner
from PIL import Image

from generator.cli import main

FILES = {
    "tokens.yaml": "kind: token\nlayout: chit\nitems:\n  - {title: Gold, label: '5', back: '10', count: 3}\n",
    "tiles.yaml": "kind: hex-tile\nlayout: tile\nitems:\n  - {title: Forest, text: Wood, back: Burnt}\n",
    "dice.yaml": "kind: die\nlayout: die\nitems:\n"
    "  - {title: D6, faces: [{value: 1}, {value: 2}, {value: 3}, {value: 4}, {value: 5}, {value: 6}], count: 2}\n",
    "standees.yaml": "kind: standee\nlayout: figure\nitems:\n  - {title: Ranger}\n",
    "cards.yaml": "kind: card\nlayout: card\nitems:\n  - {title: One, text: The first}\n",
    "boxes.yaml": "kind: tuck-box\nlayout: tuck-box\nitems:\n  - {title: Box, holds: cards.yaml}\n",
}
LAYOUTS = {
    # The Game Crafter's medium circle chit, small hex tile and medium standee.
    "chit.yaml": "about: A chit.\nextends: token-two-sided\nsize: {width: 0.75in, height: 0.75in}\n",
    "tile.yaml": "about: A tile.\nextends: hex-tile-two-sided\nsize: {width: 2in, height: 1.75in}\n",
    "figure.yaml": "about: A figure.\nextends: standee\nsize: {width: 0.75in, height: 1.675in}\n",
}


def game(folder: Path) -> Path:
    (folder / "layouts").mkdir(parents=True)
    names = ", ".join(FILES)
    (folder / "game.yaml").write_text(f"name: Pieces\nengine: none\ncomponents: [{names}]\n")
    for name, text in FILES.items():
        (folder / name).write_text(text)
    for name, text in LAYOUTS.items():
        (folder / "layouts" / name).write_text(text)
    return folder


def sizes(folder: Path) -> dict[str, tuple[int, int]]:
    return {path.name: Image.open(path).size for path in sorted(folder.glob("*.png"))}


def export(folder: Path, profile: str, out: Path) -> Path:
    """The folder the profile's export of the game writes to."""
    exported = CliRunner().invoke(main, ["export", str(folder), "--profile", profile, "--out", str(out)])
    assert exported.exit_code == 0, exported.output
    return out / folder.name / profile


def test_the_game_crafter_takes_each_piece_at_its_size(tmp_path):
    shop = export(game(tmp_path / "g"), "thegamecrafter", tmp_path / "out")
    assert set(sizes(shop / "tokens").values()) == {(300, 300)}  # 0.75 in + 1/8 in a side
    assert sorted(sizes(shop / "tokens")) == ["tokens-001-front.png", "tokens-back.png"]  # one back for all
    assert set(sizes(shop / "tiles").values()) == {(675, 600)}
    standee = sizes(shop / "standees")
    assert sorted(standee) == ["standees-001-front.png", "standees-back.png"]
    assert set(standee.values()) == {(300, 578)}  # (0.75 + 0.25) x (1.675 + 0.25) in at 300 dpi
    faces = sorted((shop / "dice").glob("*.png"))
    assert len(faces) == 6 and {Image.open(p).size for p in faces} == {(180, 180)}  # two copies: one die's faces
    pixels = [np.asarray(Image.open(p).convert("L"), dtype=int) for p in faces]
    assert all(np.abs(a - b).mean() > 1 for n, a in enumerate(pixels) for b in pixels[n + 1 :]), "six different faces"
    assert sizes(shop / "boxes") == {"boxes-001-box.png": (2100, 1800)}  # its 36-card poker box
    assert not (shop / "SIZES.txt").exists()  # every piece at a size the shop sells
    assert not (shop / "LEFT-OUT.txt").exists()


def test_the_per_face_exports_leave_tuck_boxes_out_and_say_so(tmp_path):
    shop = export(game(tmp_path / "g"), "makeplayingcards", tmp_path / "out")
    assert not (shop / "boxes").exists()
    assert (
        "boxes.yaml (tuck boxes): a print shop makes these on a template of its own"
        in (shop / "LEFT-OUT.txt").read_text()
    )


def test_a_size_the_game_crafter_does_not_sell_is_named(tmp_path):
    folder = game(tmp_path / "g")
    (folder / "layouts" / "chit.yaml").write_text(
        "about: A chit.\nextends: token-two-sided\nsize: {width: 25mm, height: 25mm}\n"
    )
    said = (export(folder, "thegamecrafter", tmp_path / "out") / "SIZES.txt").read_text().splitlines()
    assert said[1:] == [
        "tokens (tokens): 0.98 x 0.98 in; The Game Crafter's are 0.5 x 0.5 in, 0.75 x 0.75 in, 1 x 1 in"
    ]
