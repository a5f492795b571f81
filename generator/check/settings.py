"""What `--variant NAME` and `--option NAME=VALUE` give new_game, checked against the engine.

    settings = game_settings(engine, ["house-rules"], {"cards_to_win": "+4"})

Every declared option is in the result (its default where none was given) and every variant
asked for is True. An unknown variant or option, or a value its Option.parse refuses, is bad
input (SourceError): the message names it and lists what the game offers.
"""

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from generator.sources.errors import SourceError

if TYPE_CHECKING:
    from generator.games.base import Engine


def _offers(what: str, names: Sequence[str]) -> str:
    return f"{what}s: {', '.join(names)}" if names else f"no {what}s"


def parse_assignment(text: str) -> tuple[str, str]:
    """'NAME=VALUE' -> (NAME, VALUE); ValueError when there is no name or no `=`."""
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise ValueError(f"expected NAME=VALUE, not {text!r}")
    return name.strip(), value.strip()


def game_settings(engine: "Engine", variants: Sequence[str], options: Mapping[str, str]) -> dict[str, object]:
    """The options dict for engine.new_game; SourceError for anything the engine does not offer."""
    declared_variants = [variant.name for variant in engine.variants()]
    for name in variants:
        if name not in declared_variants:
            offered = _offers("variant", declared_variants)
            raise SourceError(None, f"{engine.name} has no variant {name!r} (it offers {offered})")
    declared = {option.name: option for option in engine.options()}
    settings: dict[str, object] = {name: option.default for name, option in declared.items()}
    for name, text in options.items():
        option = declared.get(name)
        if option is None:
            offered = _offers("option", list(declared))
            raise SourceError(None, f"{engine.name} has no option {name!r} (it offers {offered})")
        try:
            settings[name] = option.parse(text)
        except ValueError as exc:
            raise SourceError(None, f"{engine.name} option {name}={text}: {exc} ({option.help})") from None
    settings.update(dict.fromkeys(variants, True))
    return settings
