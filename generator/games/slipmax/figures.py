"""The figures Slipmax adds to the simulation report.

- final_money, winner_money_mean, players_out_mean: money at the end (every seat's, and the
  top seat's) and players out, of every game; a game the rules did not end (stopped in a
  stalemate, or capped) counts as it stood when it stopped, its richest seat standing in for
  a winner it never had. final_money_ended_by_rules and winner_money_mean_ended_by_rules:
  the same of the games the rules ended only, where the top seat is the winner. How games
  ended is the harness's `endings`.
- steps_in_force_at_end: which strips' steps decide games. For every game the rules ended,
  the step showing on each register at the end is one in force when the game was decided;
  per strip title, the games each of its steps was showing at the end (strips in the
  order of the deck, steps in printed order, steps never showing left out). A register
  showing only its strip's title holds no step and counts for none.
- stalemate_steps: per step name, the games the engine stopped in a stalemate that step
  held (the `endings` say which kind of stalemate; this says which step), by name.
- counted_over: which games each figure counts ("of the 246 games the rules ended").
"""

from collections import Counter

from generator.games import tallies
from generator.games.slipmax.deck import Strip
from generator.games.slipmax.state import SlipmaxState
from generator.games.tallies import counted, gathered


class SlipmaxTally:
    """Money at the end, players out, the steps in force when games ended and the steps
    that held the stalemates, game by game."""

    def __init__(self) -> None:
        self.games = 0
        self.money: Counter[int] = Counter()  # every seat's, at the end of every game
        self.winners: Counter[float] = Counter()
        #: The same two of the games the rules ended only.
        self.money_ended: Counter[int] = Counter()
        self.winners_ended: Counter[float] = Counter()
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
        self.money_ended.update(state.money)
        self.winners_ended[max(state.returns())] += 1
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
        decided = self.winners_ended.total()
        return {
            "final_money": _money(self.money),
            "winner_money_mean": round(tallies.fmean(self.winners), 2),
            "final_money_ended_by_rules": _money(self.money_ended),
            "winner_money_mean_ended_by_rules": round(tallies.fmean(self.winners_ended), 2) if decided else None,
            "players_out_mean": round(tallies.fmean(self.out), 3),
            "steps_in_force_at_end": self.steps_in_force_at_end(),
            "stalemate_steps": dict(sorted(self.stalemates.items())),
            "counted_over": self.counted_over(decided),
        }

    def counted_over(self, decided: int) -> dict[str, str]:
        """Which games each money figure and each figure of steps counts."""
        unended = self.games - decided

        def every(how: str) -> str:
            every = f"of all {self.games} games" if self.games != 1 else "of the 1 game"
            return every + (f" ({unended} unended: {how})" if unended else "")

        ended = f"of the {counted(decided, 'game')} the rules ended"
        return {
            "final_money": every("their money when stopped"),
            "winner_money_mean": every("their richest seat when stopped"),
            "final_money_ended_by_rules": ended,
            "winner_money_mean_ended_by_rules": ended,
            "steps_in_force_at_end": ended,
            "stalemate_steps": f"of the {counted(self.stalemates.total(), 'game')} stopped in a stalemate",
        }


def _money(money: Counter[int]) -> dict | None:
    """Mean, median, most and the share with no cent, of every seat's money a histogram
    counts; None for none."""
    if not money:
        return None
    return {
        "mean": round(tallies.fmean(money), 2),
        "median": tallies.median(money),
        "max": max(money),
        "broke_share": round(money[0] / money.total(), 3),
    }


def figures(states: list[SlipmaxState]) -> dict:
    """The figures of these games, as SlipmaxTally gathers them."""
    return gathered(SlipmaxTally(), states).figures()


def steps_in_force_at_end(states: list[SlipmaxState]) -> dict[str, dict[str, int]]:
    """Per strip title, the games of these each of its steps was showing at the end."""
    return gathered(SlipmaxTally(), states).steps_in_force_at_end()
