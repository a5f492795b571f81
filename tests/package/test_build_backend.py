"""What the build backend (build_backend/cutsheet_backend.py) tells pip to install before it
builds: mypy, which compiles the Sliders engine, for a wheel alone. An editable install or
an sdist compiles nothing and gets setuptools' requirements only; so does a wheel built with
CUTSHEET_PURE_PYTHON=1. (That a wheel's engine is compiled is test_installed.py's.)"""

import json
import os
import re
import subprocess
import tomllib
from pathlib import Path

import pytest

from tests.package.test_installed import sources
from tests.venvs import fresh_venv, pip_into

pytestmark = pytest.mark.slow  # a fresh venv, its build requirements installed from the indexes

ROOT = Path(__file__).resolve().parents[2]
BUILD_SYSTEM = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]

#: Each hook of PEP 517 and PEP 660 that names requirements, called as pip calls it: in the
#: project's folder, the backend pyproject names imported from its backend-path. setup.py
#: prints as it runs, so the answer is the last line.
HOOKS = """
import importlib, json, sys
sys.path[:0] = {paths!r}
backend = importlib.import_module({backend!r})
hooks = ("get_requires_for_build_wheel", "get_requires_for_build_editable", "get_requires_for_build_sdist")
print(json.dumps({{hook: getattr(backend, hook)() for hook in hooks}}))
""".format(paths=BUILD_SYSTEM["backend-path"], backend=BUILD_SYSTEM["build-backend"])


def name(requirement: str) -> str:
    """A requirement's distribution name: what comes before its version, extras or markers."""
    return re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0]


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A copy of the checkout's sources: setup.py writes its metadata where it runs."""
    return sources(tmp_path_factory.mktemp("backend") / "cutsheet")


@pytest.fixture(scope="module")
def build_python(tmp_path_factory) -> Path:
    """The interpreter of a venv holding what pyproject's build-system requires, and nothing
    else, as pip's isolated build environment does."""
    venv = fresh_venv(tmp_path_factory.mktemp("build-env"))
    subprocess.run([*pip_into(venv), "install", "-q", *BUILD_SYSTEM["requires"]], check=True, timeout=600)
    return venv / "bin" / "python"


def requirements(python: Path, project: Path, **environment: str) -> dict[str, list[str]]:
    """Each hook -> the names of the requirements it gives (the distribution's name alone)."""
    env = {name: value for name, value in os.environ.items() if name != "CUTSHEET_PURE_PYTHON"} | environment
    run = subprocess.run([python, "-c", HOOKS], cwd=project, capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout.splitlines()[-1])
    return {hook: [name(requirement) for requirement in given] for hook, given in found.items()}


def test_a_wheel_alone_needs_mypy(build_python, project):
    needs = requirements(build_python, project)
    assert "mypy" in needs["get_requires_for_build_wheel"]
    assert "mypy" not in needs["get_requires_for_build_editable"]
    assert "mypy" not in needs["get_requires_for_build_sdist"]


def test_a_wheel_that_stays_plain_python_needs_no_mypy(build_python, project):
    needs = requirements(build_python, project, CUTSHEET_PURE_PYTHON="1")
    assert "mypy" not in needs["get_requires_for_build_wheel"]


def test_the_pyproject_names_the_backend_and_the_sdist_carries_it():
    """pip finds the backend by pyproject.toml's backend-path; a wheel built from the sdist
    needs the file there too (MANIFEST.in)."""
    assert BUILD_SYSTEM["build-backend"] == "cutsheet_backend"
    (path,) = BUILD_SYSTEM["backend-path"]
    assert (ROOT / path / "cutsheet_backend.py").is_file()
    assert "mypy" not in [name(requirement) for requirement in BUILD_SYSTEM["requires"]]
    assert f"include {path}/cutsheet_backend.py" in (ROOT / "MANIFEST.in").read_text().splitlines()
