"""The architecture page names only code that exists: every `generator/...` path and every
`generator.x.y` module it mentions is in the package, so a rename or a removal that forgets
the page fails here instead of leaving the page wrong."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARCHITECTURE = ROOT / "docs" / "architecture.md"

#: A path in the package, up to a placeholder such as <game>; a sentence's full stop is not part of it.
PATH = re.compile(r"\bgenerator/[\w/.-]*")
#: A dotted module name: generator and at least one more part.
MODULE = re.compile(r"\bgenerator(?:\.\w+)+")


def named_paths(text: str) -> set[str]:
    return {match.rstrip(".") for match in PATH.findall(text)}


def named_modules(text: str) -> set[str]:
    return set(MODULE.findall(text))


def missing(text: str, root: Path) -> list[str]:
    """The paths and modules `text` names that `root` does not hold."""
    gone = [path for path in named_paths(text) if not (root / path).exists()]
    for module in named_modules(text):
        base = root.joinpath(*module.split("."))
        if not (base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()):
            gone.append(module)
    return sorted(gone)


def test_the_architecture_page_names_only_code_that_exists():
    text = ARCHITECTURE.read_text()
    assert len(named_paths(text)) > 40, "the page names the package's folders and modules"
    assert missing(text, ROOT) == []


def test_a_missing_path_or_module_is_reported(tmp_path):
    (tmp_path / "generator" / "build").mkdir(parents=True)
    (tmp_path / "generator" / "build" / "__init__.py").write_text("")
    (tmp_path / "generator" / "units.py").write_text("")
    text = (
        "See `generator/build/`, `generator/units.py` and generator.build, generator.units.\n"
        "Gone: `generator/sheets/pack.py`, generator.sheets.pack and `generator/games/<game>/`."
    )
    assert missing(text, tmp_path) == ["generator.sheets.pack", "generator/games/", "generator/sheets/pack.py"]
