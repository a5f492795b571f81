"""The figures Slipmax adds to the simulation report.

- final_money, winner_money_mean, players_out_mean: money at the end (every seat's, and the
  winner's) and players out. How games ended is the harness's `endings`.
- steps_in_force_at_end: which strips' steps decide games. For every game the rules ended,
  the step showing on each register at the end is one in force when the game was decided;
  per strip title, the games each of its steps was showing at the end (strips in the
  order of the deck, steps in printed order, steps never showing left out). A register
  showing only its strip's title holds no step and counts for none.
"""

import statistics

from generator.games.slipmax.rules import SlipmaxState


def steps_in_force_at_end(states: list[SlipmaxState]) -> dict[str, dict[str, int]]:
    decided = [state for state in states if state.is_terminal() and state.ended_by_rules()]
    if not decided:
        return {}
    strips = decided[0].deck.strips
    counts = [[0] * len(strip.steps) for strip in strips]
    for state in decided:
        for register, strip in enumerate(state.reg_strip):
            step = state.reg_pos[register]
            if step >= 0:
                counts[strip][step] += 1
    return {
        strip.title: {step.name: games for step, games in zip(strip.steps, row, strict=True) if games}
        for strip, row in zip(strips, counts, strict=True)
        if any(row)
    }


def figures(states: list[SlipmaxState]) -> dict:
    if not states:
        return {}
    final = [m for s in states for m in s.money]
    winners = [max(s.returns()) for s in states]
    return {
        "final_money": {
            "mean": round(statistics.fmean(final), 2),
            "median": statistics.median(final),
            "max": max(final),
            "broke_share": round(sum(m == 0 for m in final) / len(final), 3),
        },
        "winner_money_mean": round(statistics.fmean(winners), 2),
        "players_out_mean": round(statistics.fmean(sum(s.out) for s in states), 3),
        "steps_in_force_at_end": steps_in_force_at_end(states),
    }
