"""The package's imports run one way: each module imports only from its own layer or below,
and neither modules nor packages import each other round a cycle.

Every module of generator/ is parsed (never imported) and every import in it counts: those
inside functions (a lazy import still runs and still ties the two modules together) and
those under `if TYPE_CHECKING:` (a type named only for the checker still ties the two
modules' designs together: a cycle there is a cycle). Packages are checked as wholes too:
a package whose modules import another package's, while that one's import it back, is a
cycle even when no two modules are.
"""

import ast
import graphlib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "generator"

#: Bottom to top. A module belongs to the layer of the longest name here that it starts with.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "foundations",
        (
            "generator",
            "generator.units",
            "generator.located",
            "generator.findings",
            "generator.output",
            "generator.staging",
            "generator.workers",
            "generator.ctrl_c",
            "generator.collector",
            "generator.process_end",
            "generator.shipped",
            "generator.charts",
        ),
    ),
    ("colour", ("generator.colour",)),
    ("sources", ("generator.sources",)),
    ("text", ("generator.text",)),
    ("layout", ("generator.layout",)),
    ("sheets", ("generator.sheets",)),
    ("render", ("generator.render",)),
    ("games", ("generator.games",)),
    ("check", ("generator.check",)),
    (
        "pipelines",
        (
            "generator.pipeline",
            "generator.cache",
            "generator.pickles",
            "generator.project",
            "generator.printers",
            "generator.export",
            "generator.serve",
            "generator.scaffold",
            "generator.watching",
        ),
    ),
    ("cli", ("generator.cli", "generator.__main__")),
)


def module_files() -> dict[str, Path]:
    """Every module of the package by its dotted name (the shipped data folders hold none)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[1:2] == ["shipped"] and len(parts) > 3:
            continue
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = module_files()


def layer_of(module: str) -> int:
    matches = [
        (len(prefix), index)
        for index, (_, prefixes) in enumerate(LAYERS)
        for prefix in prefixes
        if module == prefix or (prefix != "generator" and module.startswith(prefix + "."))
    ]
    assert matches, f"{module} is in no layer: add it to LAYERS"
    return max(matches)[1]


def _owner(name: str) -> str:
    """The package module that defines `name` (a module, or a name inside one)."""
    while name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def _type_checking_only(tree: ast.Module) -> set[ast.AST]:
    """The import statements under `if TYPE_CHECKING:`."""
    guarded: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            inside = (n for stmt in node.body for n in ast.walk(stmt))
            guarded.update(n for n in inside if isinstance(n, ast.Import | ast.ImportFrom))
    return guarded


def imports(module: str) -> Iterator[tuple[str, int, bool]]:
    """(imported package module, line, runs) for every import of the package in `module`."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(), str(path))
    guarded = _type_checking_only(tree)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        runs = node not in guarded
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "generator":
                    yield _owner(alias.name), node.lineno, runs
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(parent + ([node.module] if node.module else []))
            if base.split(".")[0] != "generator":
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield (full if full in MODULES else _owner(base)), node.lineno, runs


def test_every_module_is_in_a_layer():
    for module in MODULES:
        layer_of(module)


def test_no_import_runs_up_a_layer():
    upward = sorted(
        {
            f"{MODULES[module].relative_to(ROOT)}:{line}: {module} ({LAYERS[layer_of(module)][0]}) imports "
            f"{target} ({LAYERS[layer_of(target)][0]})"
            for module in MODULES
            for target, line, _ in imports(module)
            if layer_of(target) > layer_of(module)
        }
    )
    assert not upward, "\n".join(upward)


def _acyclic(graph: dict[str, set[str]], what: str) -> None:
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as exc:
        pytest.fail(f"{what} import cycle: {' -> '.join(exc.args[1])}")


def test_no_modules_import_each_other_round_a_cycle():
    graph = {module: {target for target, _, _ in imports(module) if target != module} for module in MODULES}
    _acyclic(graph, "module")


def package_of(module: str) -> str:
    """The package a module belongs to as a whole: its own folder's (a package's __init__
    belongs to that package); a module directly in generator/ is a unit of its own."""
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    return module if package == "generator" else package


def test_no_packages_import_each_other_round_a_cycle():
    graph: dict[str, set[str]] = {}
    for module in MODULES:
        own = package_of(module)
        targets = {package_of(target) for target, _, _ in imports(module)}
        graph.setdefault(own, set()).update(t for t in targets if t != own and not own.startswith(t + "."))
    _acyclic(graph, "package")


def test_the_checker_sees_lazy_imports_and_cycles(tmp_path, monkeypatch):
    """The check itself: an import inside a function counts, and a cycle is reported."""
    low, high = tmp_path / "low.py", tmp_path / "high.py"
    low.write_text("def later():\n    from generator.high import thing\n")
    high.write_text("from generator.low import later\n")
    monkeypatch.setitem(MODULES, "generator.low", low)
    monkeypatch.setitem(MODULES, "generator.high", high)
    assert list(imports("generator.low")) == [("generator.high", 2, True)]
    with pytest.raises(pytest.fail.Exception, match="module import cycle"):
        test_no_modules_import_each_other_round_a_cycle()


def test_the_checker_counts_type_checking_imports_and_package_cycles(tmp_path, monkeypatch):
    """An import only the type checker reads still makes a cycle; two packages whose modules
    import each other's (though no two modules do round a cycle) are a cycle of packages."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    one, two = tmp_path / "a" / "one.py", tmp_path / "b" / "two.py"
    three, four = tmp_path / "a" / "three.py", tmp_path / "b" / "four.py"
    one.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from generator.b.two import T\n")
    two.write_text("from generator.a.one import U\n")
    three.write_text("")
    four.write_text("")
    for name, path in (("a.one", one), ("b.two", two), ("a.three", three), ("b.four", four)):
        monkeypatch.setitem(MODULES, f"generator.{name}", path)
    assert list(imports("generator.a.one")) == [("generator.b.two", 3, False)]
    with pytest.raises(pytest.fail.Exception, match="module import cycle"):
        test_no_modules_import_each_other_round_a_cycle()
    one.write_text("")
    three.write_text("from generator.b.four import V\n")
    four.write_text("")
    two.write_text("from generator.a.one import U\n")
    assert package_of("generator.a.three") == "generator.a"
    with pytest.raises(pytest.fail.Exception, match="package import cycle"):
        test_no_packages_import_each_other_round_a_cycle()
