"""The text package says what each of its modules holds."""

import pkgutil

import generator.text


def test_the_package_is_between_the_sources_and_the_layout_and_has_its_modules():
    modules = {m.name for m in pkgutil.iter_modules(generator.text.__path__)}
    assert modules == {"breaking", "coverage", "direction", "hyphenation", "shaping"}
    assert "generator/sources/fonts.py" in generator.text.__doc__
    assert "generator/layout/text.py" in generator.text.__doc__
