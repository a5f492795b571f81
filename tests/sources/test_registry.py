"""Registry.load turns a group's entry points into objects by name: the same entry point
installed twice counts once, while two different objects of one name, an object of the wrong
type, one whose own name is not its entry point's, and one that cannot be imported are each
refused with a one-line message naming the entry point. What is installed is what the
checkout's pyproject.toml declares."""

import functools
import tomllib
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest

from generator.export.profile import EXPORTS
from generator.games.plugin import GAMES, KINDS
from generator.sources import registry
from generator.sources.csv_table import CSV
from generator.sources.errors import SourceError
from generator.sources.ods_table import ODS
from generator.sources.registry import Registry, RegistryError
from generator.sources.tables import TABLES, TableFormat
from generator.sources.xlsx_table import XLSX

ROOT = Path(__file__).resolve().parents[2]
GROUP = "cutsheet.test-formats"
FORMATS: Registry[TableFormat] = Registry(GROUP, "table format", TableFormat, lambda f: f.suffix)
CSV_AT = "generator.sources.csv_table:CSV"
XLSX_AT = "generator.sources.xlsx_table:XLSX"


def point(name: str, value: str) -> EntryPoint:
    return EntryPoint(name, value, GROUP)


def refusal(*points: EntryPoint) -> RegistryError:
    with pytest.raises(RegistryError) as refused:
        FORMATS.load(points)
    assert "\n" not in str(refused.value)  # said in one line, as bad input is
    return refused.value


def test_the_objects_named_are_loaded_by_name_sorted():
    found = FORMATS.load([point("xlsx", XLSX_AT), point("csv", CSV_AT)])
    assert list(found) == ["csv", "xlsx"]
    assert found["csv"] is CSV and found["xlsx"] is XLSX


def test_no_entry_points_give_nothing():
    assert FORMATS.load([]) == {}


def test_the_same_entry_point_installed_twice_counts_once():
    found = FORMATS.load([point("csv", CSV_AT), point("xlsx", XLSX_AT), point("csv", CSV_AT)])
    assert found == {"csv": CSV, "xlsx": XLSX}


def test_two_different_objects_of_one_name_are_refused_naming_both():
    error = refusal(point("csv", XLSX_AT), point("csv", CSV_AT))
    assert error.message == f"two table formats are installed as 'csv': {CSV_AT}, {XLSX_AT}"


def test_an_object_of_the_wrong_type_is_refused():
    error = refusal(point("csv", "generator.sources.loader:MAX_DEPTH"))
    assert error.message == "entry point csv = generator.sources.loader:MAX_DEPTH is not a TableFormat"


def test_an_object_whose_name_is_not_its_entry_points_is_refused():
    error = refusal(point("tsv", CSV_AT))
    assert error.message == f"entry point tsv = {CSV_AT} is named 'csv'"


def test_a_missing_module_or_object_is_refused_naming_the_entry_point():
    error = refusal(point("csv", "no_such_package_of_tables:CSV"))
    assert error.message == (
        "the table format installed as 'csv' (no_such_package_of_tables:CSV) cannot be loaded: "
        "No module named 'no_such_package_of_tables'"
    )
    error = refusal(point("csv", "generator.sources.csv_table:TSV"))
    assert error.message.startswith("the table format installed as 'csv' (generator.sources.csv_table:TSV)")
    assert "has no attribute 'TSV'" in error.message


def test_a_package_whose_import_fails_is_refused_in_one_line(tmp_path, monkeypatch):
    """Whatever its import raises, with a message over several lines too (as some packages'
    import errors have), the refusal is one line naming the entry point and the cause."""
    (tmp_path / "failing_tables.py").write_text('raise ImportError("libtables is missing\\n  reinstall it")\n')
    (tmp_path / "garbled_tables.py").write_text("def read(:\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    error = refusal(point("csv", "failing_tables:CSV"))
    assert error.message == (
        "the table format installed as 'csv' (failing_tables:CSV) cannot be loaded: libtables is missing reinstall it"
    )
    assert isinstance(error.__cause__, ImportError)
    error = refusal(point("csv", "garbled_tables:CSV"))
    assert "(garbled_tables:CSV) cannot be loaded: " in error.message and "garbled_tables.py" in error.message


def test_a_refusal_is_bad_input_reported_without_a_place():
    error = refusal(point("tsv", CSV_AT))
    assert isinstance(error, SourceError) and error.loc is None
    assert str(error) == f"error: entry point tsv = {CSV_AT} is named 'csv'"


def test_installed_is_what_the_pyproject_declares_loaded_once():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["cutsheet.tables"]
    assert declared == {"csv": CSV_AT, "xlsx": XLSX_AT, "ods": "generator.sources.ods_table:ODS"}
    assert TABLES.installed() == {"csv": CSV, "xlsx": XLSX, "ods": ODS}
    assert TABLES.installed() is TABLES.installed()


def test_the_groups_share_one_reading_of_the_installed_entry_points(monkeypatch):
    """Reading one group's entry points reads every installed distribution's metadata: a
    process reads them once, whichever groups and names it asks for."""
    read: list[dict] = []

    def counted(**params):
        read.append(params)
        return entry_points(**params)

    monkeypatch.setattr(registry, "entry_points", counted)
    for name in ("_entry_points", "_installed", "_installed_as", "_names"):  # as a fresh process has them
        monkeypatch.setattr(registry, name, functools.cache(getattr(registry, name).__wrapped__))
    assert TABLES.get("csv") is CSV and GAMES.get("sliders") is not None
    assert {"csv", "xlsx", "ods"} <= set(TABLES.installed()) and "card" in KINDS.installed()
    assert "drivethrucards" in EXPORTS.installed() and "tuck-box" in KINDS.names()
    assert read == [{}]
