"""tests/ mirrors generator/: each package's tests are in the folder of its name (a game's in
tests/games/<game>/, the modules directly in generator/ in tests/package/), and every module
has a test there that imports it. Read from the sources (ast), never imported."""

import ast
from functools import cache
from pathlib import Path

from tests.package.test_import_layers import MODULES

ROOT = Path(__file__).resolve().parents[2]
PACKAGE, TESTS = ROOT / "generator", ROOT / "tests"
#: Packages of generator/ whose modules are tested in tests/package/ (data, not code).
WITH_THE_PACKAGE = {"shipped"}


def mirror_folder(path: Path) -> Path:
    """Where a module's tests are: tests/<its package's path below generator/>."""
    folder = path.parent.relative_to(PACKAGE)
    if folder == Path(".") or folder.parts[0] in WITH_THE_PACKAGE:
        return TESTS / "package"
    return TESTS / folder


def imported_by(test_file: Path) -> set[str]:
    """The dotted names a test file imports: modules, and modules' names (`from a import b`
    gives a.b, which is a module when b is one)."""
    names = set()
    for node in ast.walk(ast.parse(test_file.read_text(), str(test_file))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@cache
def imported_in(folder: Path) -> set[str]:
    """What the test files of a folder import, together (read once a folder: its modules
    are many)."""
    return set().union(*(imported_by(test) for test in folder.glob("test_*.py")))


def test_every_module_has_a_test_in_its_folder_that_imports_it():
    untested = []
    for module, path in MODULES.items():
        folder = mirror_folder(path)
        if module not in imported_in(folder):
            untested.append(f"{module}: no test in {folder.relative_to(ROOT)} imports it")
    assert not untested, "\n".join(untested)


def test_every_test_folder_is_a_package_of_the_code():
    packages = {mirror_folder(path) for path in MODULES.values()}
    folders = {path.parent for path in TESTS.rglob("test_*.py")}
    assert folders <= packages, sorted(str(f.relative_to(ROOT)) for f in folders - packages)
