"""Print options: the defaults are `cutsheet build`'s as documented (long-edge duplex, no back
offset, no fold-over or ink saver, the front matter first, files sharing sheets, full-size
rules), they cannot be changed in place, and --back-offset reads two lengths with units."""

import pytest
from msgspec.structs import replace

from generator.sheets.options import DUPLEX_MODES, PrintOptions, parse_offset


def test_the_defaults_are_the_builds():
    options = PrintOptions()
    assert options.duplex == "long" and options.duplex in DUPLEX_MODES
    assert options.back_offset == (0.0, 0.0)
    assert (options.fold_over, options.ink_saver, options.separate, options.booklet) == (False,) * 4
    assert options.checklist is True
    with pytest.raises(AttributeError):
        options.duplex = "short"
    assert replace(options, duplex="short").duplex == "short"


def test_parse_offset_reads_two_lengths_in_their_units():
    assert parse_offset("0.5mm,-0.3mm") == pytest.approx((0.5, -0.3))
    assert parse_offset(" 0.1in , 2pt ") == pytest.approx((2.54, 2 * 25.4 / 72))
    assert parse_offset("1cm,0mm") == pytest.approx((10.0, 0.0))


@pytest.mark.parametrize("text", ["1mm", "1mm,2mm,3mm", ""])
def test_parse_offset_wants_exactly_two(text):
    with pytest.raises(ValueError, match="expected two lengths"):
        parse_offset(text)


def test_parse_offset_wants_units():
    with pytest.raises(ValueError):
        parse_offset("0.5,0.3")
