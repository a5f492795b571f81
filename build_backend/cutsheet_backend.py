"""cutsheet's build backend: setuptools', asking for mypy (which carries mypyc) only for a wheel.

A wheel compiles the Sliders engine with mypyc (setup.py), so its build needs mypy installed
in pip's isolated build environment. An editable install (`pip install -e .`) and an sdist
compile nothing, and installing mypy there was half of an editable install's time; they
get setuptools' requirements alone, as does a wheel built with CUTSHEET_PURE_PYTHON=1 set.
"""

import os

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403 (every hook setuptools defines, unchanged)

#: What compiles the Sliders engine: mypyc, carried by mypy, at the version setup.py's
#: options are written for.
MYPYC = "mypy>=2.4,<2.5"


def get_requires_for_build_wheel(config_settings: dict[str, str | list[str]] | None = None) -> list[str]:
    """setuptools' requirements for a wheel, and mypy unless the wheel is to stay plain Python."""
    compiles = not os.environ.get("CUTSHEET_PURE_PYTHON")
    return [*build_meta.get_requires_for_build_wheel(config_settings), *([MYPYC] if compiles else [])]
