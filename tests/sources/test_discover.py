"""Which game folders a command works on: the SOURCE arguments (folders, game.yaml, component
files), else the working folder's components/ or its own game.yaml, else the five shipped
games; what is not a game is refused naming it; and no command may write into, around or
inside a game folder."""

from pathlib import Path

import pytest

from generator.located import Loc
from generator.sources.discover import find_games, game_folder_of, game_folders_under, refuse_inside_games
from generator.sources.errors import SourceError

ROOT = Path(__file__).resolve().parents[2]


def make_game(folder: Path, *files: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("name: G\nengine: chip_flip\n")
    for name in files:
        (folder / name).write_text("kind: card\n")
    return folder


def test_the_games_under_components_in_name_order(tmp_path):
    beta = make_game(tmp_path / "components" / "beta")
    alpha = make_game(tmp_path / "components" / "alpha")
    (tmp_path / "components" / "notes").mkdir()  # no game.yaml: not a game
    games = find_games([], here=tmp_path)
    assert list(games.folders.items()) == [(alpha.resolve(), []), (beta.resolve(), [])]
    assert not games.shipped and games.note == ""


def test_a_working_folder_that_is_a_game(tmp_path):
    game = make_game(tmp_path / "mine")
    assert find_games([], here=game).folders == {game.resolve(): []}


def test_no_game_here_takes_the_five_shipped_games(tmp_path):
    games = find_games([], here=tmp_path)
    assert games.shipped
    assert [folder.name for folder in games.folders] == [
        "chip-flip",
        "sliders",
        "slipmax",
        "twisty-passages",
        "whipped",
    ]
    assert all((folder / "game.yaml").is_file() and files == [] for folder, files in games.folders.items())
    assert "using the five shipped games" in games.note


def test_components_with_no_game_is_refused(tmp_path):
    (tmp_path / "components" / "empty").mkdir(parents=True)
    with pytest.raises(SourceError, match=r"no game folders under .*components \(none holds a game.yaml\)"):
        find_games([], here=tmp_path)
    with pytest.raises(SourceError, match="no game folders under"):
        game_folders_under(tmp_path / "components")


def test_sources_name_games_and_the_component_files_to_build(tmp_path):
    one = make_game(tmp_path / "one", "cards.yaml", "tokens.yaml")
    two = make_game(tmp_path / "two")
    games = find_games([one / "cards.yaml", str(two / "game.yaml"), one / "tokens.yaml"], here=tmp_path)
    assert games.folders == {
        one.resolve(): [(one / "cards.yaml").resolve(), (one / "tokens.yaml").resolve()],
        two.resolve(): [],
    }
    assert not games.shipped
    assert find_games([one, one / "cards.yaml"]).folders == {one.resolve(): [(one / "cards.yaml").resolve()]}


def test_what_is_not_a_game_is_refused_naming_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = make_game(tmp_path / "game", "cards.yaml")
    (game / "cards.csv").write_text("title\nA\n")
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "cards.yaml").write_text("kind: card\n")
    cases = [
        (Path("plain"), None, "plain is not a game folder: it holds no game.yaml"),
        (Path("nowhere"), None, "nowhere: no such file or folder"),
        (Path("game/cards.csv"), Loc("game/cards.csv", 1, 1), "expected a game folder or a YAML file"),
        (Path("plain/cards.yaml"), Loc("plain/cards.yaml", 1, 1), "not inside a game folder (no game.yaml beside it)"),
    ]
    for source, loc, message in cases:
        with pytest.raises(SourceError) as refused:
            game_folder_of(source)
        assert (refused.value.loc, refused.value.message) == (loc, message)
    assert game_folder_of(Path("game/cards.yaml")) == Path("game")


@pytest.mark.parametrize(
    ("target", "relation"),
    [("games/g", "is"), ("games/g/out", "lies inside"), ("games", "holds"), (".", "holds")],
)
def test_writing_into_around_or_inside_a_game_is_refused(tmp_path, monkeypatch, target, relation):
    monkeypatch.chdir(tmp_path)
    game = make_game(tmp_path / "games" / "g")
    with pytest.raises(SourceError) as refused:
        refuse_inside_games(Path(target), [game], "--out")
    assert refused.value.message == (
        f"--out {target} {relation} the game folder games/g: cutsheet never writes into a game folder; "
        "choose a place outside it, such as --out games/output"
    )


def test_writing_beside_the_games_is_allowed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = make_game(tmp_path / "games" / "g")
    refuse_inside_games(Path("games/output"), [game], "--out")
    refuse_inside_games(Path("games/g2"), [game], "--out")  # a name that starts like the game's


def test_a_far_away_working_folder_is_shown_the_whole_suggestion(tmp_path, monkeypatch):
    game = make_game(tmp_path / "games" / "g")
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    with pytest.raises(SourceError) as refused:
        refuse_inside_games(game, [game], "--report-dir")
    assert refused.value.message.endswith(f"such as --report-dir {tmp_path.resolve() / 'games' / 'output'}")
