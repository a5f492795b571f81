"""Slipmax's part of the simulation report: which strips' steps were in force when games
ended (the `steps_in_force_at_end` figure, drawn as a strips-by-steps grid)."""

from generator.charts import Plot, Section, new_figure, styled
from generator.games.sections import ReportSection, Simulated

from .deck import Deck, Strip


@styled
def steps_at_end(name: str, grid: list[list[int]], strips: list[str], steps: list[str]) -> Plot:
    figure = new_figure(max(2.0, 0.6 + 0.22 * len(strips)))
    axes = figure.add_subplot()
    image = axes.imshow(grid, cmap="Blues", aspect="auto")
    axes.set_yticks(range(len(strips)), strips, fontsize=7)
    axes.set_xticks(range(len(steps)), steps, fontsize=7)
    axes.set_xlabel("step")
    peak = max((value for row in grid for value in row), default=0)
    for row, values in enumerate(grid):
        for column, value in enumerate(values):
            if value:
                shade = "white" if value > peak / 2 else "black"
                axes.text(column, row, str(value), ha="center", va="center", fontsize=6, color=shade)
    figure.colorbar(image, ax=axes, label="games")
    axes.set_title(f"{name}: steps in force when games ended")
    return Plot(
        "steps-at-end",
        "For each strip, how many games ended with each of its steps showing on a register.",
        figure,
    )


def steps_in_force(simulated: Simulated) -> Section | None:
    counts: dict[str, dict[str, int]] = simulated.figures.get("steps_in_force_at_end") or {}
    deck = simulated.deck
    if not counts or not isinstance(deck, Deck) or not deck.strips:
        return None
    shown = [strip for strip in deck.strips if strip.title in counts]
    numbers = sorted({step.number for strip in shown for step in strip.steps})
    grid = [[counts[strip.title].get(_step_named(strip, number), 0) for number in numbers] for strip in shown]
    text = f"Counted over the {simulated.completed} games the rules ended."
    plot = steps_at_end(simulated.name, grid, [strip.title for strip in shown], [str(n) for n in numbers])
    return Section("Which strips' steps decide games", text, plots=(plot,))


def _step_named(strip: Strip, number: int) -> str:
    return next((step.name for step in strip.steps if step.number == number), "")


SECTIONS = (ReportSection("slipmax-steps-in-force", "slipmax", steps_in_force),)
