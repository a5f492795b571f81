"""The figures Twisty Passages adds to the simulation report.

- speed: for each declared speed 1..10 (and one row for all faster turns, "11+"), the share
  of turns ended before drawing all their cards and the mean change of the path length;
- game_length: turns per game (mean, median, p95) and completed share, for the harness's
  games; game_length_by_players: the same for 2 to 5 players;
- threshold_plus_4: How Long? with 4 more cards to win (`cards_to_win=+4`), with one deck
  and with a double deck: the completed share and the mean length, and whether that agrees
  with the rules' claim that one deck makes such a game "nearly impossible to win".

The last two need games of their own: runs() declares them and the shared harness plays them
(Engine.figure_runs), like the report's games. They follow the run's settings: its policy,
options and variants (How Long? +4 sets its own cards_to_win and deck), the adaptive policy
and the rules' numbers where a caller gives none (OWN_SETTINGS); each says what it was
played with (`played_with`).

The rules' claim is not reproduced. In 300 seeded games a player count, adaptive policy,
every +4 game ended with one deck as with two: 4 players took 21.1 turns on average with
one deck and 20.9 with a double deck, against 16.1 at the rules' own number (2, 3 and 5
players alike: 17.7/17.5, 20.6/20.4, 21.7/21.1); random play, 4 players, also ended all
300 (31.3 turns with one deck, 32.7 with two, 22.8 at the rules' number). The caveat:
the deck played here is a reconstruction. The rules lost every icon, so the die faces on
most cards, and so how often a card costs you cards, are guesses (each is marked
`reconstructed:` in the deck files); a deck whose dice bite harder than these guesses
could well make +4 games nearly impossible, as the rules say.
"""

import statistics
from collections import Counter

from generator.games import tallies
from generator.games.base import FigureRun, RunSettings
from generator.games.tallies import gathered
from generator.games.twisty_passages.deck import Deck
from generator.games.twisty_passages.position import MAX_SPEED, TurnRecord
from generator.games.twisty_passages.rules import OPTIONS, parse_cards_to_win
from generator.games.twisty_passages.state import TwistyState

#: A share of games completed at or below this is "nearly impossible to win".
NEARLY_IMPOSSIBLE = 0.10


def fireable(deck: Deck) -> list[str]:
    names = {card.item.title for card in deck.cards}
    names |= {
        f"{t} (start of turn)" for t in ("Pit Trap", "Greased Slide Trap", "Sulfurous Spring", "Bad Air", "Net Trap")
    }
    return sorted(names)


class _SpeedRow:
    """The turns of one declared speed (or of every faster one)."""

    def __init__(self) -> None:
        self.turns = 0
        self.early_stops = 0
        self.path_changes: Counter[int] = Counter()

    def add(self, turn: TurnRecord) -> None:
        self.turns += 1
        self.early_stops += turn.early_stop
        self.path_changes[turn.path_change] += 1

    def row(self, speed: int | str) -> dict:
        return {
            "speed": speed,
            "turns": self.turns,
            "early_stop_share": _share(self.early_stops, self.turns),
            "mean_path_change": round(tallies.fmean(self.path_changes), 3) if self.turns else None,
        }


class SpeedTally:
    """One row per declared speed 1..10, then one row (speed "11+") for every faster turn."""

    def __init__(self) -> None:
        self.speeds = {speed: _SpeedRow() for speed in range(1, MAX_SPEED + 1)}
        self.faster = _SpeedRow()

    def add(self, state: TwistyState) -> None:
        for turn in state.turn_log:
            row = self.faster if turn.speed > MAX_SPEED else self.speeds.get(turn.speed)
            if row is not None:
                row.add(turn)

    def figures(self) -> list[dict]:
        rows = [row.row(speed) for speed, row in self.speeds.items()]
        if self.faster.turns:
            rows.append(self.faster.row(f"{MAX_SPEED + 1}+"))
        return rows


class LengthTally:
    """Turns per game (mean, median, p95) and completed share, per player count."""

    def __init__(self) -> None:
        self.games: Counter[int] = Counter()
        #: Player count -> turns of each completed game, as a histogram.
        self.done: dict[int, Counter[int]] = {}

    def add(self, state: TwistyState) -> None:
        self.games[state.num_players] += 1
        done = self.done.setdefault(state.num_players, Counter())
        if state.is_terminal():
            done[state.turns] += 1

    def figures(self) -> dict:
        return {str(players): self._row(players) for players in sorted(self.games)}

    def _row(self, players: int) -> dict:
        done = self.done[players]
        count = done.total()
        return {
            "games": self.games[players],
            "completed_share": _share(count, self.games[players]),
            "mean": round(tallies.fmean(done), 2) if count else None,
            "median": tallies.median(done) if count else None,
            "p95": tallies.ranked(done, min(count - 1, int(0.95 * count))) if count else None,
        }


class TwistyTally:
    """The report's figures from the harness's own games: speed and game length."""

    def __init__(self) -> None:
        self.speed = SpeedTally()
        self.length = LengthTally()

    def add(self, state: TwistyState) -> None:
        self.speed.add(state)
        self.length.add(state)

    def figures(self) -> dict:
        return {"speed": self.speed.figures(), "game_length": self.length.figures()}


def speed_figures(states: list[TwistyState]) -> list[dict]:
    """SpeedTally's rows for these games."""
    return gathered(SpeedTally(), states).figures()


def game_length(states: list[TwistyState]) -> dict:
    """LengthTally's figures for these games."""
    return gathered(LengthTally(), states).figures()


#: Games per run of the figures' own games.
GAMES = 60
PLUS_4 = parse_cards_to_win("+4")
PLUS_4_PLAYERS = 4
#: What the figures' own games are played with when the run's settings are not given.
OWN_SETTINGS = RunSettings("adaptive")


def played_with(settings: RunSettings | None) -> RunSettings:
    """The settings the figures' own games follow: the run's (OWN_SETTINGS when not given),
    every declared option filled in, so that the figures can say what they were played with."""
    given = settings or OWN_SETTINGS
    return RunSettings(given.policy, {**{o.name: o.default for o in OPTIONS}, **given.options})


def plus_4_settings(settings: RunSettings) -> RunSettings:
    """The settings with How Long?'s 4 more cards to win and one deck: the double deck is
    what threshold_plus_4 compares, so it is never taken from the run."""
    options = {name: value for name, value in settings.options.items() if name != "double_deck"}
    return RunSettings(settings.policy, {**options, "cards_to_win": PLUS_4})


def runs(settings: RunSettings | None) -> tuple[FigureRun, ...]:
    """The figures' own games, with the run's policy, options and variants."""
    played = played_with(settings)
    plus_4 = plus_4_settings(played)
    return (
        *(FigureRun(f"players-{n}", n, GAMES, played.policy, played.options, seed=1) for n in range(2, 6)),
        FigureRun("single_deck", PLUS_4_PLAYERS, GAMES, plus_4.policy, plus_4.options, seed=1),
        FigureRun("double_deck", PLUS_4_PLAYERS, GAMES, plus_4.policy, {**plus_4.options, "double_deck": True}, seed=1),
    )


def labelled(settings: RunSettings) -> dict:
    """The `played_with` entry of a figure: its games' policy and options."""
    return {"policy": settings.policy, "options": dict(settings.options)}


def game_length_by_players(states: list[TwistyState], settings: RunSettings) -> dict:
    """Game length for 2 to 5 players, and what those games were played with."""
    return {"played_with": labelled(settings), "players": game_length(states)}


def threshold_plus_4(
    single_deck: list[TwistyState], double_deck: list[TwistyState], settings: RunSettings, max_actions: int
) -> dict:
    """How Long? +4 with one deck and with a double deck (each played with `settings`, the
    double deck added), against the rules' claim."""
    games = len(single_deck)
    out: dict = {
        "players": PLUS_4_PLAYERS,
        "games": games,
        "played_with": labelled(settings),
        "max_actions": max_actions,
    }
    shares = {}
    for name, states in (("single_deck", single_deck), ("double_deck", double_deck)):
        done = [s.turns for s in states if s.is_terminal()]
        shares[name] = len(done) / max(len(states), 1)
        out[f"{name}_completed_share"] = round(shares[name], 3)
        out[f"{name}_mean_turns"] = round(statistics.fmean(done), 2) if done else None
    out["rules_claim_confirmed"] = shares["single_deck"] <= NEARLY_IMPOSSIBLE < shares["double_deck"]
    return out


def figures(states: list[TwistyState]) -> dict:
    """The report's figures from the harness's own games, as TwistyTally gathers them."""
    return gathered(TwistyTally(), states).figures()


def run_figures(played: dict[str, list[TwistyState]], settings: RunSettings | None, max_actions: int) -> dict:
    """The figures from the games of runs(settings) (each capped at max_actions): game
    length by player count, and How Long? +4."""
    by_players = [state for n in range(2, 6) for state in played[f"players-{n}"]]
    followed = played_with(settings)
    return {
        "game_length_by_players": game_length_by_players(by_players, followed),
        "threshold_plus_4": threshold_plus_4(
            played["single_deck"], played["double_deck"], plus_4_settings(followed), max_actions
        ),
    }


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None
