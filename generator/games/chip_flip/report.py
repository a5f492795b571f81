"""Chip Flip's part of the simulation report: how far apart the sides finished (the
`score_margin` figure, drawn as games per margin)."""

from generator.charts import BAR, Plot, Section, new_figure, styled
from generator.games.sections import ReportSection, Simulated


@styled
def score_margin(name: str, by_margin: dict[str, int]) -> Plot:
    figure = new_figure(2.6)
    axes = figure.add_subplot()
    axes.bar(list(by_margin), list(by_margin.values()), color=BAR)
    axes.set_xlabel("points between the sides at the end")
    axes.set_ylabel("games")
    axes.set_title(f"{name}: score margin")
    return Plot("score-margin", "How many points apart the two sides finished (0: level).", figure)


def margins(simulated: Simulated) -> Section | None:
    margin = simulated.figures.get("score_margin")
    if not margin or not margin["games_by_margin"]:
        return None
    text = f"Mean margin {margin['mean']:g} points."
    return Section("Score margin", text, plots=(score_margin(simulated.name, margin["games_by_margin"]),))


SECTIONS = (ReportSection("chip_flip-score-margin", "chip_flip", margins),)
