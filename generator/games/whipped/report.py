"""Whipped!'s part of the simulation report: how often each bill passed (figures.py)."""

from generator.charts import BAR, Plot, Section, new_figure, percent, styled
from generator.games.sections import ReportSection, Simulated


@styled
def bill_pass_rates(name: str, rates: dict[str, float]) -> Plot:
    bills = sorted(rates, key=lambda bill: (-rates[bill], bill))
    figure = new_figure(max(1.6, 0.5 + 0.14 * len(bills)))
    axes = figure.add_subplot()
    axes.barh(range(len(bills)), [rates[b] for b in bills], color=BAR)
    axes.set_yticks(range(len(bills)), bills, fontsize=6)
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of games it passed in")
    axes.set_title(f"{name}: bill pass rates")
    return Plot("bill-pass-rate", "The share of games in which each bill passed.", figure)


def pass_rates(simulated: Simulated) -> Section | None:
    """Each bill's pass rate as a plot, and the share of bills voted on that passed, per
    player count; None when the run has no rates."""
    figures = simulated.figures
    rates = figures.get("bill_pass_rate")
    if not rates:
        return None
    passed = figures["pass_share"].items()
    shares = ", ".join(f"{players} players: {percent(share)}" for players, share in passed if share is not None)
    text = f"Bills passed out of bills voted on: {shares}." if shares else ""
    return Section("Bill pass rates", text, plots=(bill_pass_rates(simulated.name, rates),))


SECTIONS = (ReportSection("whipped-bill-pass-rates", "whipped", pass_rates),)
