"""`cutsheet export` (for a print shop, Tabletop Simulator or a cutting machine) and
`cutsheet preflight` (a PDF checked as a shop's prepress would)."""

import functools
import sys
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlsplit

import click

from generator.cache import used_by_command
from generator.cli.common import PAPER_HELP, PRINTING, checked, fail, find_project, out_option
from generator.export.prepress import PREPRESS
from generator.export.profile import EXPORTS, ExportProfile
from generator.findings import Severity
from generator.games.tallies import counted
from generator.project import OutputSettings, PrintSettings
from generator.sources.errors import SourceError, display_path
from generator.sources.registry import RegistryError
from generator.staging import OutputError


def _image_base(value: str | None) -> str | None:
    """--image-base is an absolute http(s) URL: Tabletop Simulator loads images from nothing
    else. Each image's name is added to its path, so it has no query or fragment."""
    if value is not None:
        try:
            parts = urlsplit(value)
            usable = parts.scheme in ("http", "https") and bool(parts.hostname)
        except ValueError:
            usable = False
        if not usable:
            raise click.BadParameter(f"expected an absolute http:// or https:// URL, got {value!r}")
        if parts.query or parts.fragment or "#" in value or "?" in value:
            raise click.BadParameter(
                f"expected a URL without ?query or #fragment (image names follow it), got {value!r}"
            )
    return value


def _installed_profiles() -> dict[str, ExportProfile] | None:
    """The export profiles installed, for --profile's choices and the help; None when one of
    them cannot be loaded: `cutsheet export` says so when it runs, and no other command fails
    for it."""
    try:
        return EXPORTS.installed()
    except RegistryError:
        return None


PROFILES = _installed_profiles()
PROFILES_HELP = "\b\nProfiles:\n" + "\n".join(f"  {p.name:<18}{p.help}" for p in (PROFILES or {}).values())


@click.command("export", epilog=PROFILES_HELP if PROFILES else None)
@click.argument("sources", nargs=-1)
@click.option(
    "--profile",
    "profile_name",
    required=True,
    type=click.Choice(sorted(PROFILES)) if PROFILES is not None else click.STRING,
    help="Where the output goes.",
)
@out_option("Folder to write into: <out>/<game>/<profile>/ (and the build cache, <out>/.cache).")
@click.option(
    "--paper", "paper_name", default=PRINTING.paper, show_default=True, help=f"For the cutter profile. {PAPER_HELP}"
)
@click.option(
    "--image-base",
    metavar="URL",
    default=None,
    callback=lambda _ctx, _param, value: _image_base(value),
    help="tts: the http(s) URL the images will be uploaded under (default: file:// URLs of the files written).",
)
@click.option("--no-check", is_flag=True, help="Export even when the rules checker finds errors.")
def export_command(
    sources: tuple[str, ...], profile_name: str, out_dir: Path, paper_name: str, image_base: str | None, no_check: bool
) -> None:
    """Export SOURCES for a print shop, Tabletop Simulator or a cutting machine.

    SOURCES are found as `cutsheet build --help` says. The static rules checks run first,
    as for `cutsheet build`: their errors stop that game's export (unless --no-check)."""
    from generator.export.profile import export_game
    from generator.pipeline import LayoutFailed, PrintRun, read_game

    code = 0
    output = OutputSettings(out_dir)
    with used_by_command(output.cache_dir):
        try:
            profile = EXPORTS.installed()[profile_name]
            project = find_project(sources, PrintSettings(paper_name), output, (("--out", out_dir),))
            for folder in project.folders:
                run = PrintRun.of(read_game(folder, output.store()), project)
                stopped = f"{run.game.name}: not exported: the checker found errors (--no-check exports anyway)"
                write = functools.partial(export_game, run, profile, image_base)
                files = checked(run.checks(enabled=not no_check), stopped, write)
                if files is None:
                    code = 1
                else:
                    click.echo(
                        f"{run.game.name}: {len(files)} files -> {display_path(out_dir / run.game.slug / profile.name)}"
                    )
                    _preflight_export(profile.name, files)
        except SourceError as exc:
            fail(str(exc))
        except OutputError as exc:
            fail(f"error: {exc}")
        except LayoutFailed as exc:
            click.echo(str(exc), err=True)
            sys.exit(2)
    sys.exit(code)


def _preflight_export(shop: str, files: Sequence[Path]) -> None:
    """The preflight of a shop export's PDFs, said on stderr (the export stands: the findings
    say what the shop's prepress would ask to change)."""
    if shop not in PREPRESS:
        return
    from generator.export.preflight import preflight

    for pdf in (path for path in files if path.suffix == ".pdf"):
        for finding in preflight(pdf, PREPRESS[shop]):
            click.echo(f"preflight: {finding}", err=True)


@click.command("preflight")
@click.argument("pdf", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--profile",
    "shop",
    type=click.Choice(sorted(PREPRESS)),
    default="drivethrucards",
    show_default=True,
    help="The shop whose prepress the file is checked against.",
)
def preflight_command(pdf: Path, shop: str) -> None:
    """Check PDF as a print shop's prepress would: boxes, bleed, fonts embedded, type and line
    sizes, the safe zone, picture resolution, RGB where CMYK is asked and total ink (with
    Ghostscript). Exit 1 when it finds errors, 2 for a file that is not a PDF."""
    from generator.export.preflight import preflight

    if not pdf.is_file():
        fail(f"error: no file {display_path(pdf)}")
    try:
        found = preflight(pdf, PREPRESS[shop])
    except SourceError as exc:
        fail(str(exc))
    for finding in found:
        click.echo(str(finding))
    errors = sum(1 for f in found if f.severity is Severity.ERROR)
    click.echo(f"{display_path(pdf)}: {counted(errors, 'error')} for {shop}, {len(found) - errors} other")
    sys.exit(1 if errors else 0)
