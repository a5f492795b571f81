"""`cutsheet printer`: profiles of home printers, calibrated, kept and listed."""

from pathlib import Path

import click
from msgspec.structs import replace

from generator.cli.common import PRINTING, SHEETS, fail, out_option, unwritable
from generator.sheets.options import DUPLEX_MODES, PrintOptions, parse_offset
from generator.sheets.paper import paper
from generator.sheets.printer import PrinterProfile
from generator.sources.errors import SourceError, display_path
from generator.units import parse_length


@click.group("printer")
def printer_group() -> None:
    """Profiles of home printers: print a calibration page, keep what you measured on it, and
    build for the printer with `cutsheet build --printer NAME`. Profiles are kept in the user's
    config folder (printers.yaml)."""


@printer_group.command("calibrate")
@click.argument("name")
@click.option("--paper", "paper_name", default=PRINTING.paper, show_default=True, help="The paper to print it on.")
@click.option("--duplex", type=click.Choice(DUPLEX_MODES[:2]), default=SHEETS.duplex, show_default=True)
@out_option("Folder to write printer-NAME-calibration.pdf into.")
def printer_calibrate(name: str, paper_name: str, duplex: str, out_dir: Path) -> None:
    """Write the calibration page for printer NAME: print it duplex at 100%, then measure its
    two 100 mm bars (scale), read the margin ladders at its edges and the verniers (back
    offset), and keep them with `cutsheet printer set NAME`."""
    from generator.render.alignment import write_calibration

    _check_printer_name(name)
    try:
        chosen = paper(paper_name)
        path = write_calibration(out_dir, chosen, PrintOptions(duplex=duplex), name)
    except SourceError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(unwritable(out_dir, exc))
    click.echo(f"calibration page for printer {name!r} -> {display_path(path)}")


@printer_group.command("set")
@click.argument("name")
@click.option("--scale-x", type=float, help="The printed length of the 100 mm bar across, over 100 (e.g. 1.006).")
@click.option("--scale-y", type=float, help="The printed length of the 100 mm bar down, over 100.")
@click.option("--back-offset", help="The back offset the verniers read, X,Y (e.g. 0.4mm,-0.2mm).")
@click.option(
    "--margins", help="How near each edge it prints: one length, or top,right,bottom,left (e.g. 4mm,4mm,6mm,4mm)."
)
def printer_set(
    name: str, scale_x: float | None, scale_y: float | None, back_offset: str | None, margins: str | None
) -> None:
    """Keep what you measured of printer NAME (the numbers not given keep their values, or
    their defaults for a new printer)."""
    from generator.printers import MAX_OFFSET, load_profiles, save_profile
    from generator.sheets.printer import SCALE_RANGE

    _check_printer_name(name)
    try:
        profile = load_profiles().get(name, PrinterProfile(name))
    except SourceError as exc:
        fail(str(exc))
    for option, scale in (("--scale-x", scale_x), ("--scale-y", scale_y)):
        if scale is not None and not SCALE_RANGE[0] <= scale <= SCALE_RANGE[1]:
            fail(
                f"error: {option} {scale:g}: a printer off by more than 5% ({SCALE_RANGE[0]}-{SCALE_RANGE[1]}) "
                "is set to scale the page: print the calibration page at 100%"
            )
    try:
        offset = parse_offset(back_offset) if back_offset else profile.back_offset
        edges = _margins(margins) if margins else profile.margins
    except ValueError as exc:
        fail(f"error: {exc}")
    if any(abs(v) > MAX_OFFSET for v in offset):
        fail(f"error: --back-offset moves backs at most {MAX_OFFSET} mm either way, not {back_offset}")
    profile = replace(
        profile,
        scale_x=profile.scale_x if scale_x is None else scale_x,
        scale_y=profile.scale_y if scale_y is None else scale_y,
        back_offset=offset,
        margins=edges,
    )
    try:
        path = save_profile(profile)
    except OSError as exc:
        fail(unwritable(Path(exc.filename or "."), exc))
    click.echo(f"printer {name!r} -> {display_path(path)}")


def _check_printer_name(name: str) -> None:
    """A printer's name must be one printers.yaml can hold; usage error otherwise."""
    from generator.printers import valid_name

    if not valid_name(name):
        fail(f"error: a printer's name is letters, digits, '.', '_' and '-', not {name!r}")


def _margins(text: str) -> tuple[float, float, float, float]:
    """--margins: one length for every edge, or four: top, right, bottom, left."""
    lengths = [parse_length(part.strip()) for part in text.split(",")]
    if len(lengths) == 1:
        lengths *= 4
    if len(lengths) != 4 or any(not 0 <= length <= 50 for length in lengths):
        raise ValueError(f"--margins takes one length or four (top,right,bottom,left), each 0 to 50 mm, not {text!r}")
    top, right, bottom, left = lengths
    return (top, right, bottom, left)


@printer_group.command("list")
def printer_list() -> None:
    """The printer profiles kept, one a line."""
    from generator.printers import load_profiles, profiles_file

    try:
        profiles = load_profiles()
    except SourceError as exc:
        fail(str(exc))
    if not profiles:
        click.echo(f"no printer profiles yet ({display_path(profiles_file())}): `cutsheet printer calibrate NAME`")
    for profile in profiles.values():
        dx, dy = profile.back_offset
        click.echo(
            f"{profile.name}: scale {profile.scale_x:g} x {profile.scale_y:g}, back offset {dx:g}mm,{dy:g}mm, "
            f"margins {','.join(f'{m:g}mm' for m in profile.margins)}"
        )
