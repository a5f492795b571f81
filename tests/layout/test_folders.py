"""Where a game's layouts and icons are looked for (the game folder's own first, then its
engine's package, then the shipped ones), and the files the game's checks may read:
game.yaml, its component files and tables, the layouts and icons it can see (icons in
subfolders too), never its art. The game folder is made here."""

from pathlib import Path

from generator import shipped
from generator.layout.folders import context_for, seen_files
from generator.sources.frozen import LocMap
from generator.sources.game import ComponentFile, Game


def game_folder(tmp_path: Path) -> Game:
    folder = tmp_path / "game"
    for sub in ("layouts", "icons/chips", "art", "engine/layouts/icons"):
        (folder / sub).mkdir(parents=True)
    for name in ("game.yaml", "cards.yaml", "tokens.yaml", "tokens.csv", "layouts/own.yaml", "layouts/notes.txt"):
        (folder / name).write_text("x")
    for name in ("icons/own.svg", "icons/chips/red.svg", "art/picture.svg", "engine/layouts/plugin.yaml"):
        (folder / name).write_text("x")
    (folder / "engine/layouts/icons/coin.svg").write_text("x")
    files = (
        ComponentFile(folder / "cards.yaml", "card", "card", (), LocMap()),
        ComponentFile(folder / "tokens.yaml", "token", "token", (), LocMap(), table=folder / "tokens.csv"),
    )
    return Game(folder, "Test", "none", LocMap(), files, engine_layouts=(folder / "engine" / "layouts",))


def test_the_games_own_folders_come_first_then_its_engines_then_the_shipped_ones(tmp_path):
    game = game_folder(tmp_path)
    ctx = context_for(game)
    engine = game.folder / "engine" / "layouts"
    assert ctx.layout_dirs == [game.folder / "layouts", engine, shipped.layouts_dir()]
    assert ctx.icon_dirs == [game.folder / "icons", engine / "icons", shipped.icons_dir()]
    assert ctx.game is game and ctx.findings == []


def test_seen_files_are_the_sources_layouts_and_icons_but_not_the_art(tmp_path):
    game = game_folder(tmp_path)
    seen = seen_files(context_for(game))
    mine = {p.relative_to(game.folder).as_posix() for p in seen if p.is_relative_to(game.folder)}
    assert mine == {
        "game.yaml",
        "cards.yaml",
        "tokens.yaml",
        "tokens.csv",
        "layouts/own.yaml",
        "icons/own.svg",
        "icons/chips/red.svg",
        "engine/layouts/plugin.yaml",
        "engine/layouts/icons/coin.svg",
    }
    # and every shipped layout and icon, which the game can see too
    shipped_ones = {p for p in seen if not p.is_relative_to(game.folder)}
    assert shipped.layouts_dir() / "card.yaml" in shipped_ones
    assert shipped.icons_dir() / "star.svg" in shipped_ones
    assert not any(p.parent == shipped.papers_dir() for p in shipped_ones)  # papers are not layouts


def test_folders_that_do_not_exist_are_passed_over(tmp_path):
    folder = tmp_path / "bare"
    folder.mkdir()
    (folder / "game.yaml").write_text("x")
    seen = seen_files(context_for(Game(folder, "Bare", "none", LocMap())))
    assert [p for p in seen if p.is_relative_to(folder)] == [folder / "game.yaml"]
