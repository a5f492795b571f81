"""Deck statistics (deck_stats.py) as `cutsheet check` prints them: a few indented lines a
kind, the largest counts first, long lists cut short with how many were left out."""

from generator.check.deck_stats import Alike, DeckStatistics, Distribution, KindStats, Room, Snug, number_text
from generator.games.tallies import counted

#: Values of one count, and pairs of one list, shown before the rest are counted.
SHOWN = 8
#: A text filling this share of its box at the layout's size is named as near shrinking.
NEAR_FULL = 0.8


def statistics_lines(stats: DeckStatistics) -> list[str]:
    sheets = f", {counted(stats.sheets, f'{stats.paper} sheet')} of fronts" if stats.sheets else ""
    lines = [f"  deck: {counted(stats.components, 'component')}, {counted(stats.faces, 'distinct face')}{sheets}"]
    for kind in stats.kinds:
        lines += _kind_lines(kind)
    for room in stats.rooms:
        lines += _room_lines(room)
    lines += [f"  room: not drawn, {why}" for why in stats.undrawn]
    lines += _alike_lines("duplicate titles", stats.duplicate_titles)
    near = _alike_lines("near-duplicate texts", stats.near_duplicates)
    if stats.stopped_short:
        near = near or ["  near-duplicate texts: none found"]
        near[0] += f" (search stopped after {stats.compared} pairs)"
    return lines + near


def _kind_lines(kind: KindStats) -> list[str]:
    lines = [f"  {kind.kind}: {counted(kind.copies, 'component')}, {counted(kind.faces, 'face')}"]
    for tally in kind.tallies:
        lines.append(f"    by {tally.field}: {_listed([f'{value} {n}' for value, n in tally.counts])}")
    for distribution in kind.distributions:
        lines += _distribution_lines(distribution)
    return lines


def _distribution_lines(d: Distribution) -> list[str]:
    curve = _listed([f"{number_text(value)}: {n}" for value, n in d.counts])
    lines = [
        f"    {d.field}: {d.low:g} to {d.high:g}, median {d.median:g}, mean {d.mean:.2f}; components by value {curve}"
    ]
    spreads = [f"{s.value} {s.low:g}-{s.high:g} (mean {s.mean:.2f}, {s.copies})" for s in d.spreads]
    if spreads:
        lines.append(f"      by {d.by}: {_listed(spreads)}")
    return lines


def _room_lines(room: Room) -> list[str]:
    parts = [f"{room.roomy} at the layout's size"]
    parts += [f"{room.tightened} with tighter leading"] if room.tightened else []
    parts += [f"{room.shrunk} shrunk"] if room.shrunk else []
    parts += [f"{room.overflowing} do not fit"] if room.overflowing else []
    lines = [f"  room, {room.what}: {counted(room.texts, 'text')}: {', '.join(parts)}"]
    near = [snug for snug in room.fullest if snug.filled >= NEAR_FULL]
    if near:
        lines.append(f"    near shrinking: {_listed([_snug(s, filled=True) for s in near])}")
    if room.smallest:
        lines.append(f"    smallest: {_listed([_snug(s, filled=False) for s in room.smallest])}")
    return lines


def _snug(snug: Snug, filled: bool) -> str:
    shown = f"{100 * snug.filled:.0f}% of its box" if filled else f"{snug.size_pt:g} pt"
    return f"{snug.component} {shown} ({snug.loc})" if snug.loc else f"{snug.component} {shown}"


def _alike_lines(what: str, pairs: tuple[Alike, ...]) -> list[str]:
    if not pairs:
        return []
    return [f"  {what}: {_listed([_alike(pair) for pair in pairs])}"]


def _alike(pair: Alike) -> str:
    if pair.field == "title":
        return f"{pair.first} / {pair.second} ({pair.loc})"
    return f"{pair.first} / {pair.second} ({pair.field}, {100 * pair.similarity:.0f}% alike, {pair.loc})"


def _listed(values: list[str]) -> str:
    rest = len(values) - SHOWN
    return "; ".join(values[:SHOWN]) + (f"; and {rest} more" if rest > 0 else "")
