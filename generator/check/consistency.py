"""What a deck says inconsistently, card against card: warnings a designer reads as "did I mean
that?", each at the cell or line to look at (codes in docs/findings.md).

- D001: a word used as a keyword on some cards (bold, or capitalised inside a sentence) and as
  a plain word on others: each use on the fewer cards is the odd one out.
- D002: an inline icon (`:name:`) printed on cards that the rules never show, so a player
  meets a symbol nothing explains (only for a game with rules.md).
- D003: a field left empty on a few components of a type where the others have it (a group
  is a kind, or a kind's value of `type` when its items say one; at least MIN_GROUP items).
- D004: a text identical to another component's under a different title: a copy-paste left
  unedited, or one card under two names.

Texts are values of a few words or more (deck_items.texts: sentences, not names or paths). Each
check names at most NAMED places per word, field or text before counting the rest, so a large
deck's review stays readable; each text is read in one pass.
"""

import re
from collections import defaultdict
from collections.abc import Iterator, Sequence

from msgspec import Struct

from generator.check.deck_items import Entry, texts
from generator.findings import Finding, warning
from generator.sources.markup import INLINE_ICON, InlineIcon
from generator.sources.rules import Block

KEYWORD = "D001"
UNEXPLAINED_ICON = "D002"
EMPTY_FIELD = "D003"
SAME_TEXT = "D004"
#: The codes only a deck review finds (a build's static checks leave it out).
REVIEW_CODES = frozenset({KEYWORD, UNEXPLAINED_ICON, EMPTY_FIELD, SAME_TEXT})

#: Fewest items of a group before a field missing on a few of them is worth saying.
MIN_GROUP = 4
#: A field the others have, on at least this share of a group's items.
MOSTLY = 0.75
#: Places one finding's cause names before the rest are counted.
NAMED = 5
#: The field whose value splits a kind into types, when its items say one.
TYPE_FIELD = "type"

_BOLD = re.compile(r"\*\*(?P<words>[^*]+)\*\*")
_WORD = re.compile(r"[^\W\d_]{3,}")
#: What a sentence, a list item or a label ends with (or a quotation opens): a capital after
#: it starts a sentence rather than marking a keyword.
_OPENERS = frozenset('.!?:;"“(\n-–—•')
#: What stands between an opener and the word without changing that: spaces and markup.
_BETWEEN = frozenset(" \t*_")


def consistency_findings(entries: Sequence[Entry], rules: tuple[Block, ...]) -> list[Finding]:
    """Every consistency warning of the deck, by code."""
    return [
        *keyword_findings(entries),
        *icon_findings(entries, rules),
        *empty_field_findings(entries),
        *same_text_findings(entries),
    ]


class _Use(Struct, frozen=True):
    entry: Entry
    field: str
    written: str
    #: Bold, or capitalised inside a sentence; `bold` marks the first kind.
    marked: bool
    bold: bool


def _uses(entry: Entry, name: str, text: str) -> Iterator[_Use]:
    """Each word of a text, marked when bold or capitalised mid-sentence (an inline icon
    ends a sentence, as a card's icons stand between its clauses); in one pass over it."""
    text = INLINE_ICON.sub("\n", text)
    bold = [(m.start(), m.end()) for m in _BOLD.finditer(text)]
    spans = iter(bold)
    span = next(spans, None)
    for match in _WORD.finditer(text):
        word, start = match.group(), match.start()
        while span is not None and span[1] <= start:
            span = next(spans, None)
        if span is not None and span[0] <= start:
            yield _Use(entry, name, word, True, True)
        elif word[0].isupper() and word[1:].islower() and not _starts_sentence(text, start):
            yield _Use(entry, name, word, True, False)
        elif word.islower():
            yield _Use(entry, name, word, False, False)


def _starts_sentence(text: str, start: int) -> bool:
    """Whether the word at `start` opens its text, a line, a sentence or a list item: only
    spaces and markup lie between it and the last opener (looking back a few characters)."""
    at = start - 1
    while at >= 0 and text[at] in _BETWEEN:
        at -= 1
    return at < 0 or text[at] in _OPENERS


def keyword_findings(entries: Sequence[Entry]) -> list[Finding]:
    """The plain uses of a word that most components using it mark as a keyword (on two at
    least), and the bold uses of one that most write plain."""
    marked: dict[str, list[_Use]] = defaultdict(list)
    plain: dict[str, list[_Use]] = defaultdict(list)
    for entry in entries:
        for name, text in texts(entry):
            for use in _uses(entry, name, text):
                (marked if use.marked else plain)[use.written.casefold()].append(use)
    found = []
    for word in sorted(marked.keys() & plain.keys()):
        as_keyword, as_word = marked[word], plain[word]
        keyword_cards, word_cards = _cards(as_keyword), _cards(as_word)
        if keyword_cards >= 2 and keyword_cards > word_cards:
            odd, usual, how = as_word, as_keyword, "a keyword (bold or capitalised)"
        elif word_cards > keyword_cards and any(use.bold for use in as_keyword):
            odd, usual, how = [use for use in as_keyword if use.bold], as_word, "a plain word"
        else:
            continue
        others = _cards(usual)
        for use in _first_per_entry(odd)[:NAMED]:
            message = (
                f"{use.entry.title}'s {use.field} writes {use.written!r}, where {others} other "
                f"component{'s' if others != 1 else ''} write it as {how}: {usual[0].written!r}"
            )
            found.append(warning(KEYWORD, message, use.entry.place(use.field)))
    return found


def _cards(uses: list[_Use]) -> int:
    return len({id(use.entry) for use in uses})


def _first_per_entry(uses: list[_Use]) -> list[_Use]:
    return list({id(use.entry): use for use in reversed(uses)}.values())[::-1]


def icon_findings(entries: Sequence[Entry], rules: tuple[Block, ...]) -> list[Finding]:
    if not rules:
        return []
    explained = set(_rule_icons(rules))
    named: dict[str, dict[int, tuple[Entry, str]]] = defaultdict(dict)
    for entry in entries:
        for name, value in entry.values():
            if isinstance(value, str) and (entry.shown is None or name in entry.shown):
                for match in INLINE_ICON.finditer(value):
                    if not match["escape"]:
                        named[match["name"]].setdefault(id(entry), (entry, name))
    found = []
    for icon in sorted(named.keys() - explained):
        (entry, name), *rest = named[icon].values()
        more = f" (and {len(rest)} more component{'s' if len(rest) != 1 else ''})" if rest else ""
        message = f"the icon :{icon}: is on {entry.title}{more}, and the rules never show it: what does it mean?"
        found.append(warning(UNEXPLAINED_ICON, message, entry.place(name)))
    return found


def _rule_icons(rules: tuple[Block, ...]) -> Iterator[str]:
    for block in rules:
        yield from (piece.name for piece in block.styled if isinstance(piece, InlineIcon))
        for text in (block.text, *(cell for row in block.rows for cell in row)):
            yield from (match["name"] for match in INLINE_ICON.finditer(text) if not match["escape"])


def _groups(entries: Sequence[Entry]) -> dict[tuple[str, str], list[Entry]]:
    groups: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for entry in entries:
        groups[(entry.kind, str(entry.value(TYPE_FIELD) or ""))].append(entry)
    return groups


def empty_field_findings(entries: Sequence[Entry]) -> list[Finding]:
    found = []
    for (kind, type_), group in _groups(entries).items():
        if len(group) < MIN_GROUP:
            continue
        having: dict[str, int] = defaultdict(int)
        for entry in group:
            for name, _ in entry.values():
                having[name] += 1
        of = f"{kind}s of type {type_!r}" if type_ else f"{kind}s"
        for name, count in having.items():
            lacking = [entry for entry in group if entry.value(name) is None]
            if not lacking or count < MOSTLY * len(group):
                continue
            for entry in lacking[:NAMED]:
                message = f"{entry.title} has no {name}, which {count} of the {len(group)} {of} have"
                found.append(warning(EMPTY_FIELD, message, entry.place(name)))
    return found


def _normal(text: str) -> str:
    return " ".join(text.casefold().split())


def same_text_findings(entries: Sequence[Entry]) -> list[Finding]:
    first: dict[tuple[str, str], Entry] = {}
    named: dict[tuple[str, str], int] = defaultdict(int)
    found = []
    for entry in entries:
        for name, text in texts(entry):
            key = (name, _normal(text))
            seen = first.setdefault(key, entry)
            if seen is entry or seen.title == entry.title:
                continue
            named[key] += 1
            if named[key] <= NAMED:
                message = f"{entry.title}'s {name} is the same as {seen.title}'s ({seen.place(name)})"
                found.append(warning(SAME_TEXT, message, entry.place(name)))
    return found
