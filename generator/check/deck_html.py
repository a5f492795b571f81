"""Deck statistics (deck_stats.py) as sections of the HTML report: for every deck, with a rules
engine or without, drawn with the report's parts (generator/charts.py).

- The deck: totals and each kind's components and faces.
- Each kind: a bar chart of every counted field (type, faction) and of every numeric field's
  values (the cost curve), with its spread by the kind's first counted field as a table.
- Room: for each text element, how its texts sat (at the layout's size, leading tightened,
  shrunk, not fitting) as stacked bars, and the texts nearest to shrinking as a table.
- Alike: duplicate titles and near-duplicate texts.
"""

import re
from collections.abc import Sequence

from generator.charts import BAR, NEVER, Plot, Section, Table, new_figure, styled
from generator.check.deck_stats import Alike, DeckStatistics, Distribution, KindStats, Room, Tally

#: The colours of a text element's bar, from roomy to not fitting.
ROOM_COLOURS = ("#4477aa", "#ccbb44", "#ee7733", NEVER)
ROOM_LABELS = ("at the layout's size", "leading tightened", "shrunk", "does not fit")


def deck_sections(name: str, stats: DeckStatistics) -> list[Section]:
    sections = [Section("The deck", tables=(_totals(stats),))]
    sections += [_kind_section(name, kind) for kind in stats.kinds if kind.tallies or kind.distributions]
    if stats.rooms or stats.undrawn:
        sections.append(_room_section(name, stats.rooms, stats.undrawn))
    if stats.duplicate_titles or stats.near_duplicates:
        sections.append(Section("Alike", tables=_alike_tables(stats)))
    return sections


def _totals(stats: DeckStatistics) -> Table:
    rows = [
        ("components (every copy)", str(stats.components)),
        ("distinct faces", str(stats.faces)),
        (f"{stats.paper} sheets of fronts (each file on its own)", str(stats.sheets)),
    ]
    rows += [(f"{kind.kind}", f"{kind.copies} components, {kind.faces} faces") for kind in stats.kinds]
    return Table("Totals", ("", ""), tuple(rows))


def _kind_section(name: str, kind: KindStats) -> Section:
    plots = [_tally_plot(name, kind.kind, tally) for tally in kind.tallies]
    plots += [_curve_plot(name, kind.kind, d) for d in kind.distributions]
    tables = tuple(_spread_table(d) for d in kind.distributions if d.spreads)
    return Section(f"{kind.kind}: what the deck holds", plots=tuple(plots), tables=tables)


@styled
def _tally_plot(name: str, kind: str, tally: Tally) -> Plot:
    figure = new_figure(max(1.6, 0.5 + 0.22 * len(tally.counts)))
    axes = figure.add_subplot()
    values = [value for value, _ in tally.counts]
    axes.barh(range(len(values)), [n for _, n in tally.counts], color=BAR)
    axes.set_yticks(range(len(values)), values, fontsize=7)
    axes.invert_yaxis()
    axes.set_xlabel("components")
    axes.set_title(f"{name}: {kind}s by {tally.field}")
    return Plot(f"{kind}-by-{_slug(tally.field)}", f"How many {kind}s (every copy) have each {tally.field}.", figure)


@styled
def _curve_plot(name: str, kind: str, d: Distribution) -> Plot:
    figure = new_figure(2.4)
    axes = figure.add_subplot()
    values = [value for value, _ in d.counts]
    # On a number line, so a gap in the curve (no card costs 5 to 8) shows as a gap.
    axes.bar(values, [n for _, n in d.counts], width=0.8 * _step(values), color=BAR)
    if all(value.is_integer() for value in values) and d.high - d.low <= 30:
        axes.set_xticks(range(int(d.low), int(d.high) + 1))
    axes.set_xlabel(d.field)
    axes.set_ylabel("components")
    axes.set_title(f"{name}: {kind}s by {d.field} (median {d.median:g}, mean {d.mean:.2f})")
    caption = f"The {d.field} curve: how many {kind}s (every copy) have each {d.field}."
    return Plot(f"{kind}-{_slug(d.field)}-curve", caption, figure)


def _slug(name: str) -> str:
    """A field's name as part of a plot's file name: letters, digits and dashes alone (a
    table's header may hold a slash or a dot)."""
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower() or "field"


def _step(values: Sequence[float]) -> float:
    """The least distance between neighbouring values (1 for a single value)."""
    gaps = [b - a for a, b in zip(values, values[1:], strict=False)]
    return min(gaps, default=1.0)


def _spread_table(d: Distribution) -> Table:
    rows = tuple((s.value, str(s.copies), f"{s.low:g}", f"{s.mean:.2f}", f"{s.high:g}") for s in d.spreads)
    return Table(f"{d.field} by {d.by}", (d.by, "components", "least", "mean", "most"), rows)


def _room_section(name: str, rooms: Sequence[Room], undrawn: Sequence[str]) -> Section:
    rows = tuple(
        (room.what, snug.component, f"{100 * snug.filled:.0f}%", str(snug.loc or ""))
        for room in rooms
        for snug in room.fullest
    )
    table = Table(
        "The fullest texts at the layout's size: nearest to shrinking", ("text", "component", "of its box", "at"), rows
    )
    text = "; ".join(f"not drawn: {why}" for why in undrawn)
    plots = (_room_plot(name, rooms),) if rooms else ()
    return Section("Room", text=text, plots=plots, tables=(table,) if rows else ())


@styled
def _room_plot(name: str, rooms: Sequence[Room]) -> Plot:
    figure = new_figure(max(1.9, 0.8 + 0.25 * len(rooms)))
    axes = figure.add_subplot()
    positions = list(range(len(rooms)))
    left = [0.0] * len(rooms)
    for colour, label, counts in zip(
        ROOM_COLOURS, ROOM_LABELS, zip(*(_states(r) for r in rooms), strict=True), strict=True
    ):
        axes.barh(positions, counts, left=left, color=colour, label=label)
        left = [a + b for a, b in zip(left, counts, strict=True)]
    axes.set_yticks(positions, [room.what for room in rooms], fontsize=7)
    axes.invert_yaxis()
    axes.set_xlabel("share of its texts")
    axes.set_xlim(0, 1)
    figure.legend(loc="outside lower center", ncols=len(ROOM_LABELS), fontsize=7)
    axes.set_title(f"{name}: how each text element's texts fit")
    caption = "Each text element's texts: set at the layout's size, with tighter leading, shrunk, or not fitting."
    return Plot("room", caption, figure)


def _states(room: Room) -> tuple[float, float, float, float]:
    total = max(room.texts, 1)
    return room.roomy / total, room.tightened / total, room.shrunk / total, room.overflowing / total


def _alike_tables(stats: DeckStatistics) -> tuple[Table, ...]:
    tables = []
    if stats.duplicate_titles:
        tables.append(_alike_table("Duplicate titles", stats.duplicate_titles))
    if stats.near_duplicates:
        caption = "Near-duplicate texts" + (
            f" (search stopped after {stats.compared} pairs)" if stats.stopped_short else ""
        )
        tables.append(_alike_table(caption, stats.near_duplicates))
    return tuple(tables)


def _alike_table(caption: str, pairs: Sequence[Alike]) -> Table:
    rows = tuple((p.first, p.second, p.field, f"{100 * p.similarity:.0f}%", str(p.loc)) for p in pairs)
    return Table(caption, ("first", "second", "field", "alike", "at"), rows)
