"""The command line: click commands only. Each parses options, calls the library, prints, exits.

Exit status: 0 success; 1 the rules checker found errors; 2 bad input or usage (a source
that cannot be read or laid out, an output that cannot be written).

Each command is a module of this package, imported when the command runs (or when `--help`
lists them all): `cutsheet build` loads what a build needs, and none of the modules of the
checker's simulations, the exports, the live preview or the game scaffolds.
"""

import importlib
from typing import NoReturn

import click

from generator.collector import tune_for_builds
from generator.process_end import end

#: Each command's name, and where it is: "module:attribute".
COMMANDS = {
    "build": "generator.cli.build:build",
    "check": "generator.cli.check:check_command",
    "examples": "generator.cli.new:examples_command",
    "export": "generator.cli.export:export_command",
    "new": "generator.cli.new:new_command",
    "preflight": "generator.cli.export:preflight_command",
    "printer": "generator.cli.printer:printer_group",
    "pull": "generator.cli.pull:pull_command",
    "serve": "generator.cli.serve:serve",
    "sweep": "generator.cli.check:sweep_command",
}


class _Commands(click.Group):
    """A group whose commands are imported by name, when one is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, name = COMMANDS[cmd_name].split(":")
        tune_for_builds()  # before the command's modules are imported: what they make is kept
        command = getattr(importlib.import_module(module), name)
        assert isinstance(command, click.Command)
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """click's, with its "Did you mean ...?" drawn from every command, not only those loaded."""
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as unknown:
            raise click.exceptions.NoSuchCommand(unknown.command_name, possibilities=COMMANDS, ctx=ctx) from None


@click.group(cls=_Commands)
@click.version_option(package_name="cutsheet")
def main() -> None:
    """cutsheet: print-ready sheets for game components, and rules checks for their decks."""


def run() -> NoReturn:
    """The `cutsheet` command (and `python -m generator`): main, then the process ends without
    freeing what the command made (generator/process_end.py). The command's frames stay as
    they were when it exited, so nothing is freed on the way either."""
    try:
        main()
    except SystemExit as exited:
        end(exited.code)
    end(0)  # a standalone click command always exits; were it to return, that is success
