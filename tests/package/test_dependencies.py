"""Every third-party module the package imports is a declared dependency (or, for the Dask
runner, in the `cluster` extra, imported only when a cluster is asked for), and every one the
tests and benchmarks import is in the `test` extra (or a dependency): an install from the
wheel must not lean on whatever happens to be installed beside it."""

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
#: The project's own modules: the package, and the tests' and benchmarks' helper modules.
OWN = {
    "generator",
    "tests",
    *(path.stem for folder in ("tests", "benchmarks") for path in (ROOT / folder).glob("*.py")),
}


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _extra(name: str) -> list[str]:
    """An extra's requirements, with the package's own extras it names ("cutsheet[cluster]") expanded."""
    requirements = []
    for requirement in PROJECT["optional-dependencies"][name]:
        own = re.fullmatch(rf"{PROJECT['name']}\[(\w+)\]", requirement)
        requirements += _extra(own.group(1)) if own else [requirement]
    return requirements


def _distributions_imported_by(folders: list[str]) -> dict[str, set[str]]:
    """Distribution name -> the files that import a module of it."""
    owners = packages_distributions()
    found: dict[str, set[str]] = {}
    for folder in folders:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.Import):
                    modules = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    modules = [node.module]
                else:
                    continue
                for module in modules:
                    top = module.split(".")[0]
                    if top in sys.stdlib_module_names or top in OWN:
                        continue
                    for dist in owners.get(top, [top]):
                        found.setdefault(dist.lower().replace("_", "-"), set()).add(path.relative_to(ROOT).as_posix())
    return found


def test_every_module_the_package_imports_is_a_dependency():
    declared = {_name(r) for r in PROJECT["dependencies"] + _extra("cluster")}
    missing = {d: sorted(files) for d, files in _distributions_imported_by(["generator"]).items() if d not in declared}
    assert missing == {}


def test_the_cluster_extra_is_imported_by_the_dask_runner_only():
    cluster = {_name(r) for r in _extra("cluster")}
    found = _distributions_imported_by(["generator"])
    assert {d: sorted(files) for d, files in found.items() if d in cluster} == {"dask": ["generator/check/cluster.py"]}


def test_every_module_the_tests_and_benchmarks_import_is_declared():
    declared = {_name(r) for r in PROJECT["dependencies"] + _extra("test")}
    found = _distributions_imported_by(["tests", "benchmarks"])
    missing = {d: sorted(files) for d, files in found.items() if d not in declared}
    assert missing == {}


def test_reportlab_writes_pdfs_with_its_c_accelerators():
    """Without rl_accel, reportlab silently falls back to Python versions of its number
    formatting and stream encoding, and a PDF takes nearly twice as long to write: the
    dependency is `reportlab[accel]`."""
    from reportlab.lib import rl_accel

    accelerated = (rl_accel.fp_str, rl_accel.asciiBase85Encode, rl_accel.escapePDF, rl_accel.calcChecksum)
    assert {function.__module__ for function in accelerated} == {"_rl_accel"}
