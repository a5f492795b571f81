"""Colours as sources write them (generator/colour/value.py), the shipped output profiles
(generator/colour/profile.py) and the separation rules for black (generator/colour/separation.py)."""

from pathlib import Path

import pytest
from PIL import ImageCms

import generator.colour
from generator.colour.profile import ProfileError, output_profile, shipped
from generator.colour.separation import BLACK_INK, RICH_BLACK, Separator, shown
from generator.colour.value import Cmyk, cmyk_of, parse_colour


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("#C0392B", "#c0392b"),
        ("darkred", "#8b0000"),
        ("cmyk(0,100,100,0)", "cmyk(0,100,100,0)"),
        ("CMYK( 0%, 50.5% ,0 , 10 )", "cmyk(0,50.5,0,10)"),
        ("cmyk(0,101,0,0)", None),
        ("cmyk(0,100,0)", None),
        ("#c0392", None),
        ("no colour", None),
    ],
)
def test_a_colour_reads_as_its_canonical_text(written, canonical):
    assert parse_colour(written) == canonical


def test_names_can_be_refused_and_inks_are_read_back():
    assert parse_colour("red", names=False) is None
    assert cmyk_of("cmyk(0,50.5,0,10)") == Cmyk(0, 0.505, 0, 0.1)
    assert cmyk_of("#ff0000") is None


def test_the_shipped_profiles_are_cmyk_output_profiles_with_their_ink_limits():
    profiles = shipped()
    assert set(profiles) == {"swop-300", "swop-240"}
    readme = profiles["swop-300"].path.parent / "README.md"
    assert "CC0 1.0" in readme.read_text()
    for name, profile in profiles.items():
        opened = ImageCms.getOpenProfile(str(profile.path))
        assert opened.profile.xcolor_space.strip() == "CMYK" and opened.profile.device_class == "prtr"
        assert name[-3:] in opened.profile.profile_description
        # Every colour of a grid, separated, stays within the profile's ink limit.
        separator = Separator(profile)
        steps = range(0, 256, 51)
        worst = max(
            separator.fill(f"#{r:02x}{g:02x}{b:02x}", 0.0).total
            for r in steps
            for g in steps
            for b in steps
            if not r == g == b
        )
        assert worst <= profile.ink_limit + 1, (name, worst)


def test_a_profile_by_path_must_separate_into_cmyk(tmp_path):
    srgb = tmp_path / "srgb.icc"
    srgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    with pytest.raises(ProfileError, match="a RGB profile; expected a CMYK output"):
        output_profile(str(srgb))
    with pytest.raises(ProfileError, match="neither a shipped profile"):
        output_profile(str(tmp_path / "missing.icc"))
    (tmp_path / "text.icc").write_text("not a profile")
    with pytest.raises(ProfileError, match="not an ICC profile that can be read"):
        output_profile(str(tmp_path / "text.icc"))
    taken = output_profile(str(shipped()["swop-240"].path))
    assert taken.condition == "Custom" and taken.path == Path(shipped()["swop-240"].path)


def test_black_follows_prepress_practice():
    separator = Separator(shipped()["swop-300"])
    assert separator.text("#000000") == BLACK_INK
    assert separator.line("#000000", 0.3) == BLACK_INK
    assert separator.fill("#000000", 50.0) == BLACK_INK
    assert separator.fill("#000000", 500.0) == RICH_BLACK and RICH_BLACK.total == 240
    assert separator.text("#808080") == Cmyk(0, 0, 0, round(1 - 128 / 255, 4))
    # Inks a source gives are taken as given: the way out of the rules above.
    assert separator.fill("cmyk(75,68,67,90)", 500.0) == Cmyk(0.75, 0.68, 0.67, 0.9)
    red = separator.fill("#ff0000", 0.0)
    assert red.m > 0.9 and red.y > 0.9 and red.c < 0.05


def test_a_colour_in_inks_shows_as_the_press_would_print_it():
    r, g, b = (int(shown("cmyk(0,100,100,0)")[k : k + 2], 16) for k in (1, 3, 5))
    assert r > 200 and g < 60 and b < 60
    assert shown("#123456") == "#123456"


def test_the_package_names_each_of_its_modules():
    folder = Path(generator.colour.__file__).parent
    for module in ("value", "profile", "separation", "settings"):
        assert f"{module}.py" in generator.colour.__doc__ and (folder / f"{module}.py").is_file()
