"""`cutsheet new`: a game folder to start from, either the starter deck or a copy of a
shipped game. The folder is made beside its destination and moved into place whole."""

import os
import shutil
import string
import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import yaml

from generator import shipped
from generator.sources.errors import SourceError, display_path
from generator.sources.loader import load_yaml


@dataclass(frozen=True)
class Example:
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


def new_game(destination: Path, from_game: str | None = None) -> Path:
    """Make a game folder at `destination`: the starter deck, or a copy of the shipped game
    `from_game` (a folder name from examples()). Refuses a destination that is not empty."""
    if destination.exists() and (not destination.is_dir() or any(destination.iterdir())):
        raise SourceError(None, f"{display_path(destination)} already exists and is not empty: choose a new folder")
    destination.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{destination.name}.", dir=destination.parent))
    try:
        made = staging / "game"
        if from_game is None:
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
