"""The command line is a group of commands, each in a module of its own imported when it runs:
`cutsheet --help` lists every command, each name leads to the command of that name, and a
command loads its own module and the shared ones, never another command's (a build does not
pay for the checker's simulations, the exports, the live preview or the scaffolds). Run in
fresh processes, as a user's command is."""

import click
import pytest
from click.testing import CliRunner

from generator.cli import COMMANDS, build, check, common, export, main, new, print_options, printer, pull, serve
from generator.findings import accept, error, info, warning
from generator.layout.columns import UNREAD_COLUMNS
from tests.package.test_light_commands import modules_loaded_by

MODULES = {
    "build": build,
    "check": check,
    "examples": new,
    "export": export,
    "new": new,
    "preflight": export,
    "printer": printer,
    "pull": pull,
    "serve": serve,
    "sweep": check,
}
#: What every command shares.
SHARED = {"generator.cli", "generator.cli.common"}


def loaded_by(*args: str) -> set[str]:
    """The modules of generator/ that `cutsheet ARGS` imports, in a fresh interpreter."""
    return {name for name in modules_loaded_by(*args)[1] if name.startswith("generator.")}


def test_each_name_leads_to_the_command_of_that_name_in_its_module():
    assert set(COMMANDS) == set(MODULES)
    for name, module in MODULES.items():
        command = main.get_command(click.Context(main), name)
        assert isinstance(command, click.Command) and command.name == name
        assert command in vars(module).values()
    assert main.get_command(click.Context(main), "bulid") is None


def test_help_lists_every_command_and_an_unknown_one_is_a_usage_error():
    listed = CliRunner().invoke(main, ["--help"])
    assert listed.exit_code == 0
    lines = listed.output.split("Commands:")[1].splitlines()
    assert [line.split()[0] for line in lines if line.startswith("  ")] == sorted(COMMANDS)
    for typed, meant in (("bulid", "build"), ("chek", "check"), ("exprt", "export"), ("printr", "printer")):
        unknown = CliRunner().invoke(main, [typed])
        assert unknown.exit_code == 2 and f"No such command '{typed}'. Did you mean '{meant}'?" in unknown.output
    assert "Did you mean" not in CliRunner().invoke(main, ["zzz"]).output


def test_a_build_prints_errors_warnings_and_the_unread_columns_alone(capsys):
    findings = [
        error("E001", "an error"),
        warning("W001", "a warning"),
        warning("W002", "an accepted warning"),
        info("I001", "an info"),
        info(UNREAD_COLUMNS, "columns nothing prints"),
    ]
    common.say(accept(findings, {"W002": "as designed"}))
    said = capsys.readouterr().err
    assert [code for code in ("E001", "W001", "W002", "I001", UNREAD_COLUMNS) if code in said] == [
        "E001",
        "W001",
        UNREAD_COLUMNS,
    ]


@click.command()
@print_options.print_settings
@print_options.output_settings
def settings_shown(printing, output):
    click.echo(repr((printing.formats, printing.sheets.back_offset, printing.sheets.duplex, output.cache)))


def test_the_print_and_output_options_reach_the_command_as_one_value_each(tmp_path):
    args = ["--format", "pdf, svg", "--back-offset", "0.5mm,-1mm", "--duplex", "off", "--no-cache"]
    shown = CliRunner().invoke(settings_shown, [*args, "--out", str(tmp_path)])
    assert shown.exit_code == 0, shown.output
    assert shown.output.strip() == repr((("pdf", "svg"), (0.5, -1.0), "off", False))
    for bad, said in (
        ("--format", "error: --format: expected a comma-separated list of"),
        ("--back-offset", "error: --back-offset"),
    ):
        refused = CliRunner().invoke(settings_shown, [bad, "gif", "--out", str(tmp_path)])
        assert refused.exit_code == 2 and said in refused.output


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_loads_its_own_module_and_no_other_commands(name):
    own = {MODULES[name].__name__} | ({print_options.__name__} if name == "build" else set())
    loaded = {module for module in loaded_by(name, "--help") if module.startswith("generator.cli")}
    assert loaded == SHARED | own


def test_a_build_loads_none_of_the_checkers_simulation_the_exports_or_the_preview(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "game.yaml").write_text("name: One\nengine: none\ncomponents: [cards.yaml]\n")
    (deck / "cards.yaml").write_text("kind: card\nitems:\n  - {title: One, text: The only card}\n")
    checked = loaded_by("build", str(deck), "--out", str(tmp_path / "a"), "--format", "pdf")
    assert (tmp_path / "a" / "deck" / "deck.pdf").is_file()
    assert "generator.check.run" in checked  # the static checks ran
    never = (
        *("generator.check.simulate", "generator.check.players", "generator.check.deck_stats"),
        *("generator.check.text_room", "generator.check.deck_text", "generator.export"),
    )
    assert not {name for name in checked if name.startswith(never)}
    assert not {name for name in checked if name.startswith(("generator.serve", "generator.scaffold"))}
    unchecked = loaded_by("build", str(deck), "--out", str(tmp_path / "b"), "--format", "pdf", "--no-check")
    assert (tmp_path / "b" / "deck" / "deck.pdf").is_file()
    assert not {name for name in unchecked if name.startswith("generator.check")}
