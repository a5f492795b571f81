"""`cutsheet new`: a game folder to start from (the starter deck or a copy of a shipped
game), or a game package of one's own (`--plugin`). The folder is made beside its
destination and moved into place whole."""

import os
import re
import shutil
import string
import tempfile
from importlib import resources
from pathlib import Path

import yaml
from msgspec import Struct

from generator import shipped
from generator.sources.errors import SourceError, display_path
from generator.sources.loader import load_yaml


class Example(Struct, frozen=True):
    """A shipped game, as `cutsheet examples` lists it."""

    slug: str
    name: str
    description: str


def examples() -> list[Example]:
    """The shipped games, in folder-name order."""
    found = []
    for folder in sorted(shipped.components_dir().iterdir()):
        if (folder / "game.yaml").is_file():
            data = load_yaml(folder / "game.yaml")
            about = " ".join(str(data.get("description", "")).split())
            found.append(Example(folder.name, data["name"], about))
    return found


def new_game(destination: Path, from_game: str | None = None, plugin: bool = False) -> Path:
    """Make a game folder at `destination`: the starter deck, a copy of the shipped game
    `from_game` (a folder name from examples()), or with `plugin` a game package (see
    write_plugin). Refuses a destination that is not empty."""
    package = package_name(destination.name) if plugin else ""
    if destination.exists() and (not destination.is_dir() or any(destination.iterdir())):
        raise SourceError(None, f"{display_path(destination)} already exists and is not empty: choose a new folder")
    destination.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{destination.name}.", dir=destination.parent))
    try:
        made = staging / "game"
        if plugin:
            write_plugin(made, package)
        elif from_game is None:
            _write_starter(made, destination.name)
        else:
            shutil.copytree(_shipped_game(from_game), made, ignore=shutil.ignore_patterns("__pycache__"))
        if destination.exists():
            destination.rmdir()
        os.replace(made, destination)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return destination


def _shipped_game(slug: str) -> Path:
    known = [example.slug for example in examples()]
    if slug not in known:
        raise SourceError(None, f"no shipped game {slug!r} (expected one of: {', '.join(known)})")
    return shipped.components_dir() / slug


#: The starter's pictures, copied as they are.
STARTER_ART = ("art/landscape.png",)


def _write_starter(folder: Path, slug: str) -> None:
    """The starter files with the game's name filled in (a quoted YAML string where YAML),
    and its pictures."""
    name = slug.replace("-", " ").replace("_", " ").strip().title() or "My Game"
    starter = resources.files(__name__) / "starter"
    for relative in STARTER_ART:
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(starter.joinpath(relative).read_bytes())
    for relative in ("game.yaml", "cards.yaml", "cards.csv", "layouts/card.yaml", "README.md"):
        text = starter.joinpath(relative).read_text(encoding="utf-8")
        quoted = name if relative.endswith(".md") else yaml.safe_dump(name, default_style='"').strip()
        filled = string.Template(text).substitute(name=quoted, slug=slug)
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(filled, encoding="utf-8")


def package_name(folder_name: str) -> str:
    """The Python package a plugin folder's name gives (`my-game` -> `my_game`), which is also
    its engine's name; SourceError for a name that gives none."""
    package = re.sub(r"[^0-9A-Za-z]+", "_", folder_name).strip("_").lower()
    if not package.isidentifier() or package[0].isdigit() or package in ("generator", "tests", "example"):
        raise SourceError(None, f"{folder_name!r} gives no Python package name: name the folder like my-game")
    return package


#: Where each file of the plugin template goes, {package} standing for the package's name.
PLUGIN_FILES = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "tests/test_game.py.tmpl": "tests/test_{package}.py",
    "example/game.yaml.tmpl": "example/game.yaml",
    "example/cards.yaml": "example/cards.yaml",
    **{
        f"package/{name}.py.tmpl": f"{{package}}/{name}.py"
        for name in ("__init__", "engine", "items", "kinds", "deck", "rules", "state", "checks", "figures", "report")
    },
    "package/layouts/number-card.yaml": "{package}/layouts/number-card.yaml",
}


def write_plugin(folder: Path, package: str) -> None:
    """A game in a package of its own: its pyproject.toml with the `cutsheet.games` entry
    point, the package (its plugin object, a two-player toy engine with typed endings, one
    component kind with its typed item and its layout, static checks, figures and a report
    section), its tests and an example game folder that uses its engine and kind."""
    name = package.replace("_", " ").title()
    template = resources.files(__name__) / "plugin"
    values = {"package": package, "name": name, "distribution": f"cutsheet-{package.replace('_', '-')}"}
    for source, target in PLUGIN_FILES.items():
        text = template.joinpath(source).read_text(encoding="utf-8")
        filled = string.Template(text).substitute(values) if source.endswith(".tmpl") else text
        path = folder / target.format(package=package)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(filled, encoding="utf-8")
