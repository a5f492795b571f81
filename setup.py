"""The one thing pyproject.toml cannot say: the packages found under generator/ plus the
repository's top-level data folders, each mapped into the package (see generator/shipped)."""

from setuptools import find_packages, setup

SHIPPED = {
    "generator.shipped.components": "components",
    "generator.shipped.layouts": "layouts",
    "generator.shipped.fonts": "fonts",
}

setup(packages=[*find_packages(include=["generator", "generator.*"]), *SHIPPED], package_dir=SHIPPED)
