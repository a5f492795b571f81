"""Fresh virtual environments for the tests that install cutsheet, or a package, into one."""

import subprocess
import sys
from pathlib import Path


def fresh_venv(folder: Path, *options: str) -> Path:
    """A new virtual environment at `folder` (venv's `options` added), without a pip of its
    own: seeding one is most of creating a venv, and pip_into installs into it instead."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", *options, str(folder)], check=True, timeout=300)
    return folder


def pip_into(venv: Path) -> list[str]:
    """This test process's pip, installing into the venv's interpreter (`pip --python`)."""
    return [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "--disable-pip-version-check"]
