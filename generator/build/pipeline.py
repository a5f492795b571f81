"""The build of one game: its parts laid out, imposed onto sheets and written as PDF, SVG and
PNG (and with a release, its print-and-play release), as its Project's settings say."""

from collections.abc import Callable

from generator.build.front_matter import players
from generator.build.imposed import impose_cached
from generator.build.parts import lay_out_cached, print_context
from generator.build.result import BuildResult
from generator.build.writers import pdf_path, plan_sheets, record_sheets, write_outputs
from generator.export.release import write_release
from generator.project import Project
from generator.sources.game import Game
from generator.staging import staged


def build_game(game: Game, project: Project, progress: Callable[[int], None] | None = None) -> BuildResult:
    """Lay out, impose and write one game of the project; nothing is written when layout
    finds errors. With `project.printing.release`, also its print-and-play release
    (export/release.py) from the PDF and SVGs.

    With `project.output.cache`, work whose inputs are unchanged since a build into the same
    out_dir is taken from <out_dir>/.cache (generator/cache.py); `project.output.jobs` > 1
    renders sheets in that many processes. Either way the files written are byte for byte
    the same. `progress` is told how many files are done, as they are.

    The game's output folder is replaced as a whole (generator/staging.py): a build that
    fails or is killed leaves it as it was."""
    printing, output = project.printing, project.output
    ctx = print_context(game, printing.options)
    result = BuildResult(game)
    laid = lay_out_cached(game, ctx, output.store())
    result.findings.extend(ctx.findings)
    if not result.ok:
        return result
    imposed = impose_cached(laid, project.paper_for(game.folder), game, printing.options, ctx, output.store())
    result.sheets, result.digests = imposed.sheets, imposed.digests
    folder = output.out_dir / game.slug
    plan = plan_sheets(result, printing.outputs, output)
    with staged(folder) as stage:
        write_outputs(result, ctx, printing.outputs, output, plan, stage, progress)
        if printing.release:
            svgs = sorted(stage.path(path) for path in result.files if path.suffix == ".svg")
            pdf = stage.path(pdf_path(output.out_dir, game))
            made = write_release(game.slug, game.name, players(game), pdf, svgs, result.sheets, stage.root)
            result.files.extend(folder / path.relative_to(stage.root) for path in (made.pdf, made.readme, made.zip))
        stage.keep(*result.files)
    record_sheets(plan, output)
    return result
