"""Twisty Passages' part of the simulation report: the speed figure (figures.py) as a plot
and a table, per declared speed."""

from generator.charts import BAR, Plot, Section, Table, new_figure, percent, styled
from generator.games.sections import ReportSection, Simulated


@styled
def speed_plot(name: str, rows: list[dict]) -> Plot:
    figure = new_figure(2.8)
    axes = figure.add_subplot()
    played = [row for row in rows if row["turns"]]
    speeds = [str(row["speed"]) for row in played]
    axes.bar(speeds, [row["early_stop_share"] for row in played], color=BAR, label="turns stopped early")
    axes.set_xlabel("declared speed")
    axes.set_ylabel("share of turns stopped early")
    other = axes.twinx()
    other.plot(speeds, [row["mean_path_change"] for row in played], color="#ee7733", marker="o", label="path change")
    other.set_ylabel("mean change of the path")
    axes.set_title(f"{name}: by declared speed")
    caption = "Per declared speed: turns ended before all their cards were drawn, and the path's change."
    return Plot("speed", caption, figure)


def speed(simulated: Simulated) -> Section | None:
    """The speed figure's rows as a plot and a table; None when the run has none."""
    rows = simulated.figures.get("speed")
    if not rows:
        return None
    table = Table(
        "Per declared speed",
        ("speed", "turns", "stopped early", "mean path change"),
        tuple(
            (
                str(row["speed"]),
                str(row["turns"]),
                "" if row["early_stop_share"] is None else percent(row["early_stop_share"]),
                "" if row["mean_path_change"] is None else f"{row['mean_path_change']:g}",
            )
            for row in rows
        ),
    )
    return Section("Speed", plots=(speed_plot(simulated.name, rows),), tables=(table,))


SECTIONS = (ReportSection("twisty_passages-speed", "twisty_passages", speed),)
