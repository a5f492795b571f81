"""`cutsheet` run with the code and the shipped data of one checkout: how the benchmarks that
compare two checkouts side by side run each side.

A checkout's shipped data is the catch: generator.shipped's subpackages (components,
layouts, fonts) are the repository's top-level folders, mapped into the package by the build
(pyproject.toml's package-dir, or an older setup.py's package_dir), so a checkout merely put
first on sys.path has no generator/shipped/fonts; and this checkout's editable install maps
those names to ITS folders, so the other checkout's code would quietly read this working
tree's fonts and layouts (and fail on a font index of a newer form). Each side therefore runs
the same small bootstrap, `python3 -c BOOTSTRAP ROOT MAPPING ARGS`, with no PYTHONPATH: it
drops the editable install's finder from sys.meta_path, puts ROOT first on sys.path, maps
each package-dir name to ROOT's own folder, as read from ROOT's own pyproject.toml and
setup.py, and then runs the package as `python -m generator` does, its own __main__ with
whatever that does as the command ends. Nothing is installed or built (`pip install
--target` would copy the data and, unlike the editable install the working tree runs as,
compile the Sliders engine with mypyc). With `where`, the run prints, as it ends, where
generator and its shipped data were imported from (where_from checks it), and the name of
every module it loaded that an import finds (not those a compiled extension makes for
itself, such as Cython's shared module).
"""

import ast
import json
import sys
import tomllib
from functools import cache
from pathlib import Path

#: The environment each side runs in: no PYTHONPATH, the bootstrap says where the code is.
ENV = {"PATH": "/usr/bin:/bin"}

#: python3 -c BOOTSTRAP ROOT MAPPING [--where] ARGS: `cutsheet ARGS` with ROOT's code, MAPPING
#: being ROOT's package-dir (JSON) with ROOT's folders.
BOOTSTRAP = """
import json, runpy, sys
from importlib.util import spec_from_file_location

root, mapping = sys.argv.pop(1), json.loads(sys.argv.pop(1))
sys.meta_path[:] = [f for f in sys.meta_path if not getattr(f, "__module__", "").startswith("__editable__")]


class Checkout:
    @staticmethod
    def find_spec(name, path=None, target=None):
        folder = mapping.get(name)
        return folder and spec_from_file_location(name, folder + "/__init__.py", submodule_search_locations=[folder])


sys.meta_path.insert(0, Checkout)
sys.path.insert(0, root)
if sys.argv[1:2] == ["--where"]:
    import atexit

    def where():
        loaded = {n: m for n, m in list(sys.modules.items()) if n.split(".")[0] == "generator"}
        files = [getattr(m, "__file__", None) or "" for m in loaded.values()]
        shipped = {n: list(loaded[n].__path__) for n in mapping if n in loaded}
        modules = sorted(n for n, m in list(sys.modules.items()) if getattr(m, "__spec__", None))
        where = {"generator": loaded["generator"].__file__, "shipped": shipped, "files": files, "modules": modules}
        print("where=" + json.dumps(where))

    atexit.register(where)
    del sys.argv[1]
runpy.run_module("generator", run_name="__main__", alter_sys=True)
"""


@cache
def package_dir(root: Path) -> dict[str, str]:
    """The packages `root`'s build maps to folders of their own (pyproject.toml's
    [tool.setuptools.package-dir], or setup.py's package_dir), each to its folder in `root`."""
    tool = tomllib.loads((root / "pyproject.toml").read_text()).get("tool", {})
    mapping = dict(tool.get("setuptools", {}).get("package-dir", {}))
    setup = root / "setup.py"
    if setup.exists():
        tree = ast.parse(setup.read_text())
        assigned = {
            target.id: node.value
            for node in tree.body
            if isinstance(node, ast.Assign)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(tree):
            for keyword in getattr(node, "keywords", []) if isinstance(node, ast.Call) else []:
                if keyword.arg == "package_dir":
                    value = keyword.value
                    mapping.update(ast.literal_eval(assigned[value.id] if isinstance(value, ast.Name) else value))
    folders = {name: str(root / folder) for name, folder in mapping.items() if name}
    for name, folder in folders.items():
        assert (Path(folder) / "__init__.py").exists(), f"{name}: no {folder}/__init__.py"
    return folders


def cutsheet(root: Path, *args: str, where: bool = False) -> list[str]:
    """The command that runs `cutsheet ARGS` with the code and shipped data of the checkout
    `root` (in the environment ENV); with `where`, saying where they came from as it ends."""
    return [sys.executable, "-c", BOOTSTRAP, str(root), json.dumps(package_dir(root)), *(["--where"] * where), *args]


def loaded(printed: str) -> dict:
    """What a `where` run printed of the modules it loaded and where they came from."""
    return json.loads(next(line for line in printed.splitlines() if line.startswith("where="))[6:])


def where_from(root: Path, printed: str) -> str:
    """From what a `where` run printed: where generator and its shipped data came from, as a
    line; AssertionError when any of it came from outside `root`."""
    where = loaded(printed)
    outside = [file for file in where["files"] if file and not Path(file).is_relative_to(root)]
    shipped = where["shipped"]
    assert Path(where["generator"]).is_relative_to(root), f"generator from {where['generator']}"
    assert shipped and all(Path(p).is_relative_to(root) for paths in shipped.values() for p in paths), shipped
    assert not outside, f"modules from outside {root}: {outside}"
    folders = " ".join(f"{name}={','.join(paths)}" for name, paths in sorted(shipped.items()))
    return f"generator={where['generator']} {folders}"
