"""The figures Slipmax adds to the simulation report.

- final_money, winner_money_mean, players_out_mean: money at the end (every seat's, and the
  winner's) and players out. How games ended is the harness's `endings`.
- steps_in_force_at_end: which strips' steps decide games. For every game the rules ended,
  the step showing on each register at the end is one in force when the game was decided;
  per strip title, the games each of its steps was showing at the end (strips in the
  order of the deck, steps in printed order, steps never showing left out). A register
  showing only its strip's title holds no step and counts for none.
- stalemate_steps: per step name, the games the engine stopped in a stalemate that step
  held (the `endings` say which kind of stalemate; this says which step), by name.
"""

from collections import Counter

from generator.games import tallies
from generator.games.slipmax.deck import Strip
from generator.games.slipmax.state import SlipmaxState
from generator.games.tallies import gathered


class SlipmaxTally:
    """Money at the end, players out, the steps in force when games ended and the steps
    that held the stalemates, game by game."""

    def __init__(self) -> None:
        self.games = 0
        self.money: Counter[int] = Counter()  # every seat's, at the end of every game
        self.winners: Counter[float] = Counter()
        self.out: Counter[int] = Counter()
        self.strips: tuple[Strip, ...] = ()
        #: Per strip of the deck, per step: the games it was showing at the end.
        self.showing: list[list[int]] = []
        #: Step name -> the games stopped in a stalemate it held.
        self.stalemates: Counter[str] = Counter()

    def add(self, state: SlipmaxState) -> None:
        self.games += 1
        self.money.update(state.money)
        self.winners[max(state.returns())] += 1
        self.out[sum(state.out)] += 1
        if state.is_terminal() and state.ended_by_rules():
            self._decided(state)
        elif state.is_terminal():
            self.stalemates[state.stalemate_step()] += 1

    def _decided(self, state: SlipmaxState) -> None:
        if not self.strips:
            self.strips = state.deck.strips
            self.showing = [[0] * len(strip.steps) for strip in self.strips]
        for register, strip in enumerate(state.reg_strip):
            step = state.reg_pos[register]
            if step >= 0:
                self.showing[strip][step] += 1

    def steps_in_force_at_end(self) -> dict[str, dict[str, int]]:
        """Per strip title (deck order), the games each of its steps was showing at the end."""
        return {
            strip.title: {step.name: games for step, games in zip(strip.steps, row, strict=True) if games}
            for strip, row in zip(self.strips, self.showing, strict=True)
            if any(row)
        }

    def figures(self) -> dict:
        if not self.games:
            return {}
        return {
            "final_money": {
                "mean": round(tallies.fmean(self.money), 2),
                "median": tallies.median(self.money),
                "max": max(self.money),
                "broke_share": round(self.money[0] / self.money.total(), 3),
            },
            "winner_money_mean": round(tallies.fmean(self.winners), 2),
            "players_out_mean": round(tallies.fmean(self.out), 3),
            "steps_in_force_at_end": self.steps_in_force_at_end(),
            "stalemate_steps": dict(sorted(self.stalemates.items())),
        }


def figures(states: list[SlipmaxState]) -> dict:
    """The figures of these games, as SlipmaxTally gathers them."""
    return gathered(SlipmaxTally(), states).figures()


def steps_in_force_at_end(states: list[SlipmaxState]) -> dict[str, dict[str, int]]:
    """Per strip title, the games of these each of its steps was showing at the end."""
    return gathered(SlipmaxTally(), states).steps_in_force_at_end()
