"""`cutsheet serve`: the live preview in the browser."""

from pathlib import Path

import click

from generator.cli.common import PAPER_HELP, PRINTING, fail, find_project, out_option
from generator.project import OutputSettings, PrintSettings
from generator.sources.errors import SourceError


@click.command()
@click.argument("source", required=False)
@click.option("--port", default=8000, show_default=True, help="Port on 127.0.0.1 (0: any free port).")
@out_option("Folder the previewed PDFs are written into, as `cutsheet build` writes them; each game gets a subfolder.")
@click.option("--paper", "paper_name", default=PRINTING.paper, show_default=True, help=PAPER_HELP)
def serve(source: str | None, port: int, out_dir: Path, paper_name: str) -> None:
    """Preview SOURCE live in the browser (found as `cutsheet build --help` says).

    The page, on 127.0.0.1 only, shows every component front and back with the checker's
    findings and links to the built PDF, and refreshes whenever a source is saved."""
    from generator.serve.server import Previews, serve_forever

    try:
        project = find_project(
            (source,) if source else (), PrintSettings(paper_name), OutputSettings(out_dir), (("--out", out_dir),)
        )
        previews = Previews(project)
        serve_forever(previews, port, click.echo)
    except SourceError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"error: cannot serve on port {port}: {exc.strerror or exc}")
