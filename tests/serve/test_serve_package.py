"""The serve package (generator/serve/__init__.py) describes itself truly: its docstring names
every module of the package's folder, read from the folder, and the address it says the
preview is served on is the one the server binds."""

from pathlib import Path

import generator.serve
from generator.serve.server import HOST


def test_the_docstring_names_every_module_of_the_package():
    folder = Path(generator.serve.__file__).parent
    modules = sorted(path.name for path in folder.glob("*.py") if path.name != "__init__.py")
    assert "preview.py" in modules and "server.py" in modules  # the folder was read
    assert all(name in generator.serve.__doc__ for name in modules)


def test_the_docstring_names_the_address_the_server_binds():
    assert HOST == "127.0.0.1" and f"a page on {HOST}" in generator.serve.__doc__
