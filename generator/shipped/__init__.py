"""The data cutsheet ships, read as installed: the five games, the layouts (with their paper
presets and icons) and the fonts.

The repository keeps them at its top level, components/, layouts/ and fonts/, as the one
copy. The package build maps each of those folders to a subpackage of this one
(pyproject.toml, [tool.setuptools.package-dir]): a wheel carries them inside the package and
an editable install reads the checkout's folders. Each holds an __init__.py only so that it
is a regular package, which importlib.resources gives as a plain folder in both cases.
"""

from functools import cache
from importlib import resources
from pathlib import Path


def _folder(name: str) -> Path:
    root = resources.files(f"{__name__}.{name}")
    if not isinstance(root, Path):
        raise RuntimeError(f"cutsheet's shipped {name} must be installed as files, not inside an archive")
    return root


@cache
def components_dir() -> Path:
    """The folder of the five shipped game folders."""
    return _folder("components")


@cache
def layouts_dir() -> Path:
    """The shipped layouts, one YAML file per kind, with sheets/ (paper presets) and icons/."""
    return _folder("layouts")


def icons_dir() -> Path:
    """The shipped icons (SVG), named in layouts and inline in text as :name:."""
    return layouts_dir() / "icons"


def papers_dir() -> Path:
    """The shipped paper presets, one YAML file each."""
    return layouts_dir() / "sheets"


def sizes_file() -> Path:
    """The table of card sizes print shops sell, by name (`size: poker`), in millimetres."""
    return layouts_dir() / "sizes.yaml"


@cache
def fonts_dir() -> Path:
    """The shipped fonts (TrueType and OpenType files), each family with its licence."""
    return _folder("fonts")
