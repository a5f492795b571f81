"""How many times the shipped games' items pass through schema validation.

    python benchmarks/validations.py

Counts the calls of generator.sources.schema.validate whose schema is a component kind's
item schema, during one `cutsheet build --no-cache --format pdf --jobs 1` and one
`cutsheet check` of the five shipped games (in this process, so every call is seen), and
prints them beside the number of items: `build_validations=B check_validations=C items=N`.
Each item validated once per command gives B == C == N.
"""

import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.sources import schema  # noqa: E402

calls: Counter[int] = Counter()
_validate = schema.validate


def counting(data: Any, item_schema: dict, **options: Any) -> None:
    calls[id(item_schema)] += 1
    _validate(data, item_schema, **options)


schema.validate = counting  # before anything imports it by name

from click.testing import CliRunner  # noqa: E402

from generator.cli import main  # noqa: E402
from generator.games import all_kinds  # noqa: E402
from generator.shipped import components_dir  # noqa: E402


def item_validations() -> int:
    kind_schemas = {id(kind.schema) for kinds in all_kinds().values() for kind in kinds.values()}
    return sum(n for key, n in calls.items() if key in kind_schemas)


def run(args: list[str]) -> int:
    calls.clear()
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    if result.exit_code != 0:
        raise SystemExit(f"cutsheet {' '.join(args)} failed:\n{result.output}")
    return item_validations()


def main_() -> None:
    folders = sorted(str(folder.parent) for folder in components_dir().glob("*/game.yaml"))
    with tempfile.TemporaryDirectory() as out:
        build = run(["build", "--out", out, "--no-cache", "--format", "pdf", "--jobs", "1", *folders])
    check = run(["check", *folders])
    items = count_items(folders)
    print(f"build_validations={build} check_validations={check} items={items}")


def count_items(folders: list[str]) -> int:
    from generator.games import load_game

    return sum(len(f.components) for folder in folders for f in load_game(Path(folder)).files)


if __name__ == "__main__":
    main_()
