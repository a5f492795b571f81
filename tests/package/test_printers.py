"""The printer profiles kept in the user's config folder (generator/printers.py): written and
read back, names taken whole, and a kept profile's values bounded as the file's schema says."""

import pytest
import yaml

from generator.printers import find_profile, load_profiles, profiles_file, save_profile, valid_name
from generator.sheets.printer import PrinterProfile
from generator.sources.errors import SourceError


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))


def test_a_profile_is_kept_and_read_back_beside_the_others():
    office = PrinterProfile("office", 1.006, 0.997, (0.4, -0.2), (4.0, 4.0, 6.0, 4.0))
    save_profile(PrinterProfile("inkjet"))
    path = save_profile(office)
    assert path == profiles_file() and path.read_text().startswith("# cutsheet's printer profiles")
    assert load_profiles() == {"inkjet": PrinterProfile("inkjet"), "office": office}
    assert yaml.safe_load(path.read_text())["office"]["back_offset"] == [0.4, -0.2]
    assert find_profile("office") == office


def test_no_file_is_no_profile_and_an_unknown_one_is_named():
    assert load_profiles() == {}
    with pytest.raises(SourceError, match="no printer profile 'laser' \\(kept: none yet\\)"):
        find_profile("laser")


@pytest.mark.parametrize(
    ("name", "valid"), [("office", True), ("Office_2.b-c", True), ("home\n", False), ("-x", False)]
)
def test_a_name_is_taken_whole(name, valid):
    assert valid_name(name) is valid


def test_an_offset_past_the_bound_in_the_file_is_refused_at_its_place():
    profiles_file().parent.mkdir(parents=True, exist_ok=True)
    profiles_file().write_text("office:\n  back_offset: [60, 0]\n")
    with pytest.raises(SourceError) as caught:
        load_profiles()
    assert str(caught.value.loc).endswith("printers.yaml:2:17")
