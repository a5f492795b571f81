"""Deck statistics: what a deck holds and how its texts sit, for every deck, with a rules
engine or without. `cutsheet check` prints them, and `--report` draws them (deck_html.py).

- Totals: components (every copy), distinct faces, and the sheets of fronts they take.
- Per kind, counts by every field with few distinct values (type, faction, rarity), and the
  distribution of every numeric field (the cost curve), with its spread within each value of
  the kind's first such field (cost by type).
- Room: for each text element, how many texts fit at the layout's size, needed a tighter
  leading, were shrunk, or do not fit; the fullest that still fit (nearest to shrinking).
- Duplicate titles, and near-duplicate texts: pairs of texts at least NEAR alike
  (difflib's ratio) that are not the same; at most MAX_PAIRS pairs are compared, those of
  similar length first, so the time stays bounded whatever the deck (the report says when
  it stopped short).
"""

import difflib
import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence

from msgspec import Struct

from generator.check.deck_items import MIN_WORDS, NAMES, Entry, Value, as_number, texts
from generator.check.text_room import DeckRoom
from generator.layout.context import TextRoom
from generator.sources.errors import Loc
from generator.units import PT

#: A field is counted by value when it has at most this many distinct values, each on more
#: than one component on average.
MAX_CATEGORIES = 12
#: Two texts this alike (0 to 1) and not the same are near-duplicates.
NEAR = 0.85
#: Bound on the pairs of texts compared for near-duplicates, and on the characters of the
#: pairs difflib compares (each costs it up to the product of their lengths).
MAX_PAIRS = 200_000
MAX_COMPARED = 20_000_000
#: Two texts this alike in words (Jaccard) may be NEAR alike in characters; fewer are not tried.
WORDS_ALIKE = 0.6
#: How many of the fullest texts, and of the shrunk ones, are named.
NAMED = 5


class Tally(Struct, frozen=True):
    """Components (copies) by the value of one field."""

    field: str
    counts: tuple[tuple[str, int], ...]


class Spread(Struct, frozen=True):
    """A numeric field within one value of a counted field: copies, least, mean, most."""

    value: str
    copies: int
    low: float
    mean: float
    high: float


class Distribution(Struct, frozen=True):
    """A numeric field: copies by value, its summary, and its spread by `by`'s values."""

    field: str
    counts: tuple[tuple[float, int], ...]
    low: float
    median: float
    mean: float
    high: float
    by: str = ""
    spreads: tuple[Spread, ...] = ()


class KindStats(Struct, frozen=True):
    kind: str
    copies: int
    faces: int
    tallies: tuple[Tally, ...]
    distributions: tuple[Distribution, ...]


class Snug(Struct, frozen=True):
    """A text named in the room figures: its component, how full its box is, its size."""

    component: str
    filled: float
    size_pt: float
    loc: Loc | None


class Room(Struct, frozen=True):
    """How one text element's texts sat in their boxes."""

    what: str
    texts: int
    roomy: int
    tightened: int
    shrunk: int
    overflowing: int
    #: The fullest texts set at the layout's size and leading: nearest to shrinking.
    fullest: tuple[Snug, ...]
    #: The texts set smaller than the layout's size, smallest first.
    smallest: tuple[Snug, ...]
    #: Every text's share of its box, for the report's histogram.
    fills: tuple[float, ...]


class Alike(Struct, frozen=True):
    """Two components whose titles are the same, or whose texts nearly are."""

    first: str
    second: str
    field: str
    similarity: float
    loc: Loc


class DeckStatistics(Struct, frozen=True):
    components: int
    faces: int
    #: Sheets of fronts, each file on sheets of its own (a build packs files of one stock
    #: together, so it may print fewer); boards tiled over sheets are not counted.
    sheets: int
    paper: str
    kinds: tuple[KindStats, ...]
    rooms: tuple[Room, ...]
    duplicate_titles: tuple[Alike, ...]
    near_duplicates: tuple[Alike, ...]
    #: Pairs compared for near-duplicates, and whether MAX_PAIRS stopped the search.
    compared: int
    stopped_short: bool
    #: The files the room figures leave out, each with why it could not be drawn.
    undrawn: tuple[str, ...] = ()

    def as_json(self) -> dict:
        return {
            "components": self.components,
            "faces": self.faces,
            "sheets": self.sheets,
            "paper": self.paper,
            "kinds": [_kind_json(kind) for kind in self.kinds],
            "room": [_room_json(room) for room in self.rooms],
            "duplicate_titles": [_alike_json(pair) for pair in self.duplicate_titles],
            "near_duplicates": [_alike_json(pair) for pair in self.near_duplicates],
            "pairs_compared": self.compared,
            "near_duplicate_search_stopped_short": self.stopped_short,
            "not_drawn": list(self.undrawn),
        }


def deck_statistics(entries: Sequence[Entry], room: DeckRoom, paper: str) -> DeckStatistics:
    printed = [entry for entry in entries if entry.copies > 0]
    kinds = tuple(_kind_stats(kind, [e for e in printed if e.kind == kind]) for kind in _kinds(printed))
    sheets = sum(math.ceil(f.copies / f.per_sheet) for f in room.files if f.per_sheet and f.copies)
    near, compared, stopped = _near_duplicates(printed)
    return DeckStatistics(
        sum(entry.copies for entry in printed),
        len(printed),
        sheets,
        paper,
        kinds,
        _rooms(room.texts),
        _duplicate_titles(printed),
        near,
        compared,
        stopped,
        room.undrawn,
    )


def _kinds(entries: Sequence[Entry]) -> list[str]:
    return list(dict.fromkeys(entry.kind for entry in entries))


def _kind_stats(kind: str, entries: Sequence[Entry]) -> KindStats:
    values: dict[str, list[tuple[Entry, Value]]] = defaultdict(list)
    for entry in entries:
        for name, value in entry.values():
            if name not in NAMES:
                values[name].append((entry, value))
    numeric = {name: found for name, found in values.items() if _numeric(found)}
    tallies = tuple(_tally(name, found) for name, found in values.items() if name not in numeric and _few(found))
    by = tallies[0].field if tallies else ""
    distributions = tuple(_distribution(name, found, by) for name, found in numeric.items())
    return KindStats(kind, sum(e.copies for e in entries), len(entries), tallies, distributions)


def _numeric(found: list[tuple[Entry, Value]]) -> bool:
    numbers = [as_number(value) for _, value in found]
    return all(n is not None for n in numbers) and len(set(numbers)) > 1


def _few(found: list[tuple[Entry, Value]]) -> bool:
    """Whether a field is counted by value: a few short values (not sentences), repeated."""
    distinct = {str(value) for _, value in found}
    short = all(len(value.split()) < MIN_WORDS for value in distinct)
    return short and 1 < len(distinct) <= MAX_CATEGORIES and len(distinct) < len(found)


def _tally(name: str, found: list[tuple[Entry, Value]]) -> Tally:
    counts: Counter[str] = Counter()
    for entry, value in found:
        counts[str(value)] += entry.copies
    return Tally(name, tuple(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))))


def _distribution(name: str, found: list[tuple[Entry, Value]], by: str) -> Distribution:
    weighted = [(as_number(value) or 0.0, entry) for entry, value in found]
    counts: Counter[float] = Counter()
    for number, entry in weighted:
        counts[number] += entry.copies
    every = [number for number, entry in weighted for _ in range(entry.copies)] or [0.0]
    groups: dict[str, list[float]] = defaultdict(list)
    for number, entry in weighted:
        if by and entry.value(by) is not None:
            groups[str(entry.value(by))] += [number] * entry.copies
    spreads = tuple(
        Spread(value, len(numbers), min(numbers), statistics.fmean(numbers), max(numbers))
        for value, numbers in sorted(groups.items())
        if numbers
    )
    return Distribution(
        name,
        tuple(sorted(counts.items())),
        min(every),
        statistics.median(every),
        statistics.fmean(every),
        max(every),
        by if spreads else "",
        spreads,
    )


def _rooms(rooms: Sequence[TextRoom]) -> tuple[Room, ...]:
    by_what: dict[str, dict[tuple[str, Loc | None], TextRoom]] = defaultdict(dict)
    for room in rooms:  # a text drawn once a copy (to print each copy's index) counts once
        by_what[room.what].setdefault((room.component, room.loc), room)
    return tuple(_room(what, list(found.values())) for what, found in by_what.items())


def _room(what: str, found: list[TextRoom]) -> Room:
    states: dict[str, list[TextRoom]] = {"roomy": [], "tightened": [], "shrunk": [], "overflowing": []}
    for room in found:
        state = (
            "overflowing" if not room.fits else "shrunk" if room.shrunk else "tightened" if room.tightened else "roomy"
        )
        states[state].append(room)
    fullest = sorted(states["roomy"], key=lambda r: -r.filled)[:NAMED]
    smallest = sorted(states["shrunk"], key=lambda r: r.set_size)[:NAMED]
    return Room(
        what,
        len(found),
        len(states["roomy"]),
        len(states["tightened"]),
        len(states["shrunk"]),
        len(states["overflowing"]),
        tuple(_snug(r) for r in fullest),
        tuple(_snug(r) for r in smallest),
        tuple(round(r.filled, 4) for r in found),
    )


def _snug(room: TextRoom) -> Snug:
    return Snug(room.component, room.filled, room.set_size / PT, room.loc)


def _duplicate_titles(entries: Sequence[Entry]) -> tuple[Alike, ...]:
    first: dict[tuple[str, str], Entry] = {}
    pairs = []
    for entry in entries:
        seen = first.setdefault((entry.kind, " ".join(entry.title.casefold().split())), entry)
        if seen is not entry:
            pairs.append(Alike(seen.title, entry.title, "title", 1.0, entry.loc))
    return tuple(pairs)


def _near_duplicates(entries: Sequence[Entry]) -> tuple[tuple[Alike, ...], int, bool]:
    """Pairs of one field's texts at least NEAR alike but not the same, comparing texts in
    order of length, each with the longer ones while the lengths allow NEAR at all (difflib's
    ratio is at most 2m/(m+n) for lengths m <= n). Pairs whose words differ much are passed
    over; at most MAX_PAIRS pairs, and MAX_COMPARED characters, go to difflib."""
    by_field: dict[str, list[tuple[str, Entry]]] = defaultdict(list)
    for entry in entries:
        for name, text in texts(entry):
            by_field[name].append((" ".join(text.split()), entry))
    pairs: list[Alike] = []
    compared, work = 0, 0
    for name in sorted(by_field):
        found = sorted(by_field[name], key=lambda te: (len(te[0]), te[0]))
        words = [set(text.casefold().split()) for text, _ in found]
        for i, (text, entry) in enumerate(found):
            for j in range(i + 1, len(found)):
                other, other_entry = found[j]
                if 2 * len(text) < NEAR * (len(text) + len(other)):
                    break
                if text == other or len(words[i] & words[j]) < WORDS_ALIKE * len(words[i] | words[j]):
                    continue
                if compared >= MAX_PAIRS or work >= MAX_COMPARED:
                    return tuple(pairs), compared, True
                compared += 1
                work += len(text) * len(other)
                matcher = difflib.SequenceMatcher(None, text, other, autojunk=False)
                if matcher.real_quick_ratio() >= NEAR and matcher.quick_ratio() >= NEAR and matcher.ratio() >= NEAR:
                    pairs.append(Alike(entry.title, other_entry.title, name, matcher.ratio(), other_entry.place(name)))
    return tuple(pairs), compared, False


def number_text(value: float) -> str:
    """A field's number as written: 3 for 3.0, 2.5 as it is, never in exponent form."""
    return str(int(value)) if value.is_integer() else repr(value)


def _kind_json(kind: KindStats) -> dict:
    return {
        "kind": kind.kind,
        "components": kind.copies,
        "faces": kind.faces,
        "counts": {tally.field: dict(tally.counts) for tally in kind.tallies},
        "distributions": {
            d.field: {
                "counts": {number_text(value): copies for value, copies in d.counts},
                "min": d.low,
                "median": d.median,
                "mean": round(d.mean, 4),
                "max": d.high,
                **({"by": d.by, "spreads": {s.value: _spread_json(s) for s in d.spreads}} if d.by else {}),
            }
            for d in kind.distributions
        },
    }


def _spread_json(spread: Spread) -> dict:
    return {"components": spread.copies, "min": spread.low, "mean": round(spread.mean, 4), "max": spread.high}


def _room_json(room: Room) -> dict:
    return {
        "element": room.what,
        "texts": room.texts,
        "at_layout_size": room.roomy,
        "leading_tightened": room.tightened,
        "shrunk": room.shrunk,
        "do_not_fit": room.overflowing,
        "fullest": [_snug_json(s) for s in room.fullest],
        "smallest": [_snug_json(s) for s in room.smallest],
    }


def _snug_json(snug: Snug) -> dict:
    return {
        "component": snug.component,
        "filled": round(snug.filled, 4),
        "size_pt": round(snug.size_pt, 2),
        "at": str(snug.loc) if snug.loc else None,
    }


def _alike_json(pair: Alike) -> dict:
    return {
        "first": pair.first,
        "second": pair.second,
        "field": pair.field,
        "similarity": round(pair.similarity, 4),
        "at": str(pair.loc),
    }
