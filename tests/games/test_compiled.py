"""by_constructor (generator/games/compiled.py) is the __reduce__ of a frozen dataclass: its
class and its fields in declared order, so that unpickling calls the constructor (and with
it __post_init__) rather than setting the fields one by one, which a frozen class refuses.
runs_plain tells an installed cutsheet whose engine could not be compiled, and a simulation
of that engine says so in one line.
"""

import ast
import pickle
import types
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner

import generator
from generator.cli import main
from generator.games import plugin
from generator.games.compiled import by_constructor, runs_plain
from generator.games.sliders.rules import Rules

#: How many times Counted.__post_init__ ran: unpickling through the constructor adds one.
MADE: list[str] = []


@dataclass(frozen=True)
class Counted:
    b: int
    a: str = "x"
    tags: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        MADE.append(self.a)

    def __reduce__(self):
        return by_constructor(self)


def test_the_reduction_is_the_class_and_the_fields_in_declared_order():
    value = Counted(7, "seven", ("odd",))
    # Declared order is b, a, tags: not alphabetical, not the keyword order of the call.
    assert by_constructor(value) == (Counted, (7, "seven", ("odd",)))
    assert by_constructor(Counted(a="y", b=1)) == (Counted, (1, "y", ()))


def test_calling_the_reduction_makes_an_equal_value():
    value = Counted(3, "three")
    make, args = by_constructor(value)
    assert make(*args) == value


def test_unpickling_runs_the_constructor_again():
    value = Counted(2, "two")
    MADE.clear()
    copy = pickle.loads(pickle.dumps(value))
    assert copy == value and copy is not value
    assert MADE == ["two"]  # __post_init__ ran once more: made by the constructor


def test_the_sliders_rules_pickle_through_their_constructor():
    rules = Rules(short=True, time_limit=0, max_turns=90, starting_money=1000)
    assert rules.__reduce__() == (Rules, (True, 0, 90, 1000))
    assert pickle.loads(pickle.dumps(rules)) == rules


def test_a_source_checkout_never_runs_plain():
    assert (Path(generator.__file__).parent.parent / "setup.py").is_file()
    assert not runs_plain("generator.games.sliders.state")


def test_an_installed_module_runs_plain_when_it_is_a_py_file(tmp_path, monkeypatch):
    """Installed (no setup.py beside the package), a .py module runs plain, a built one not."""
    installed = tmp_path / "site-packages" / "generator"
    installed.mkdir(parents=True)
    monkeypatch.setattr(generator, "__file__", str(installed / "__init__.py"))
    monkeypatch.setitem(__import__("sys").modules, "fake_plain", types.SimpleNamespace(__file__="/x/state.py"))
    monkeypatch.setitem(
        __import__("sys").modules,
        "fake_built",
        types.SimpleNamespace(__file__="/x/state.cpython-311-x86_64-linux-gnu.so"),
    )
    assert runs_plain("fake_plain") and not runs_plain("fake_built")


def test_a_simulation_of_an_engine_left_plain_says_so_in_one_line(monkeypatch):
    monkeypatch.setattr(plugin, "runs_plain", lambda module: module == "generator.games.sliders.state")
    sliders = Path(__file__).resolve().parents[2] / "components" / "sliders"
    said = CliRunner().invoke(main, ["check", str(sliders), "--simulate", "2", "--seed", "1"])
    assert said.exit_code in (0, 1), said.output
    notes = [line for line in said.output.splitlines() if "plain Python" in line]
    assert len(notes) == 1 and "the sliders engine" in notes[0]
    assert plugin.plain_engine_note("chip-flip") == ""  # an engine no wheel compiles


def compiled_modules() -> list[Path]:
    """The modules a wheel's build compiles: setup.py's COMPILED, read from its source (importing
    setup.py would run the build)."""
    root = Path(generator.__file__).parent.parent
    tree = ast.parse((root / "setup.py").read_text())
    (listed,) = [
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["COMPILED"]
    ]
    return [root / name for name in eval(compile(ast.Expression(listed), "setup.py", "eval"))]


def test_every_constant_of_a_compiled_module_is_final():
    """mypyc reads a Final name as a constant, and looks any other module-level name up in the
    module's globals at every use: the Sliders engine played 7% fewer turns a second so."""
    modules = compiled_modules()
    assert len(modules) >= 10 and all(module.is_file() for module in modules)
    loose = []
    for module in modules:
        for node in ast.parse(module.read_text()).body:
            if isinstance(node, ast.Assign):
                names = [name.id for target in node.targets for name in ast.walk(target) if isinstance(name, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                final = "Final" in ast.unparse(node.annotation)
                names = [] if final else [node.target.id]
            else:
                continue
            loose += [f"{module.name}: {name}" for name in names if name.lstrip("_").isupper()]
    assert loose == []
