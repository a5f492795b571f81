"""Where a word may be hyphenated, by the game's language (pyphen's dictionaries)."""

from functools import cache, lru_cache

import pyphen


def dictionary_for(language: str) -> str | None:
    """The dictionary pyphen has for a language code ("en", "de_CH", "pt-BR"), or None."""
    return pyphen.language_fallback(language.replace("-", "_"))


@cache
def _hyphenator(language: str) -> pyphen.Pyphen:
    found = dictionary_for(language)
    if found is None:
        raise ValueError(f"no hyphenation dictionary for {language!r}")
    return pyphen.Pyphen(lang=found)


@lru_cache(maxsize=1 << 14)
def hyphen_points(word: str, language: str) -> tuple[int, ...]:
    """The offsets in `word` where it may break with a hyphen, first to last."""
    return tuple(_hyphenator(language).positions(word))
