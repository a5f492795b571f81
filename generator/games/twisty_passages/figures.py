"""The figures Twisty Passages adds to the simulation report.

- speed: for each declared speed 1..10 (and one row for all faster turns, "11+"), the share
  of turns ended before drawing all their cards and the mean change of the path length;
- game_length: turns per game (mean, median, p95) and completed share, for the harness's
  games; game_length_by_players: the same for 2 to 5 players, adaptive policy;
- threshold_plus_4: How Long? with 4 more cards to win (`cards_to_win=+4`), with one deck
  and with a double deck: the completed share and the mean length, and whether that agrees
  with the rules' claim that one deck makes such a game "nearly impossible to win".

The last two need games of their own: RUNS declares them and the shared harness plays them
(Engine.figure_runs), like the report's games.

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

from generator.games.base import FigureRun
from generator.games.twisty_passages.deck import Deck
from generator.games.twisty_passages.options import parse_cards_to_win
from generator.games.twisty_passages.position import MAX_SPEED, TurnRecord
from generator.games.twisty_passages.state import TwistyState

#: A share of games completed at or below this is "nearly impossible to win".
NEARLY_IMPOSSIBLE = 0.10


def fireable(deck: Deck) -> list[str]:
    names = {card.title for card in deck.cards}
    names |= {
        f"{t} (start of turn)" for t in ("Pit Trap", "Greased Slide Trap", "Sulfurous Spring", "Bad Air", "Net Trap")
    }
    return sorted(names)


def speed_figures(states: list[TwistyState]) -> list[dict]:
    """One row per declared speed 1..10, then one row (speed "11+") for every faster turn."""
    turns = [t for s in states for t in s.turn_log]
    rows = [_speed_row(speed, [t for t in turns if t.speed == speed]) for speed in range(1, MAX_SPEED + 1)]
    faster = [t for t in turns if t.speed > MAX_SPEED]
    if faster:
        rows.append(_speed_row(f"{MAX_SPEED + 1}+", faster))
    return rows


def _speed_row(speed: int | str, turns: list[TurnRecord]) -> dict:
    return {
        "speed": speed,
        "turns": len(turns),
        "early_stop_share": _share(sum(t.early_stop for t in turns), len(turns)),
        "mean_path_change": round(statistics.fmean(t.path_change for t in turns), 3) if turns else None,
    }


def game_length(states: list[TwistyState]) -> dict:
    by_players: dict[str, dict] = {}
    for players in sorted({s.num_players for s in states}):
        games = [s for s in states if s.num_players == players]
        done = sorted(s.turns for s in games if s.is_terminal())
        by_players[str(players)] = {
            "games": len(games),
            "completed_share": _share(len(done), len(games)),
            "mean": round(statistics.fmean(done), 2) if done else None,
            "median": statistics.median(done) if done else None,
            "p95": done[min(len(done) - 1, int(0.95 * len(done)))] if done else None,
        }
    return by_players


#: Games per run of the figures' own games.
GAMES = 60
PLUS_4 = parse_cards_to_win("+4")
PLUS_4_PLAYERS = 4
RUNS = (
    *(FigureRun(f"players-{n}", n, GAMES, "adaptive", seed=1) for n in range(2, 6)),
    FigureRun("single_deck", PLUS_4_PLAYERS, GAMES, "adaptive", {"cards_to_win": PLUS_4}, seed=1),
    FigureRun("double_deck", PLUS_4_PLAYERS, GAMES, "adaptive", {"cards_to_win": PLUS_4, "double_deck": True}, seed=1),
)


def threshold_plus_4(single_deck: list[TwistyState], double_deck: list[TwistyState], max_actions: int) -> dict:
    """How Long? +4 with one deck and with a double deck, against the rules' claim."""
    games = len(single_deck)
    out: dict = {"players": PLUS_4_PLAYERS, "games": games, "policy": "adaptive", "max_actions": max_actions}
    shares = {}
    for name, states in (("single_deck", single_deck), ("double_deck", double_deck)):
        done = [s.turns for s in states if s.is_terminal()]
        shares[name] = len(done) / max(len(states), 1)
        out[f"{name}_completed_share"] = round(shares[name], 3)
        out[f"{name}_mean_turns"] = round(statistics.fmean(done), 2) if done else None
    out["rules_claim_confirmed"] = shares["single_deck"] <= NEARLY_IMPOSSIBLE < shares["double_deck"]
    return out


def figures(states: list[TwistyState]) -> dict:
    """The report's figures from the harness's own games: speed and game length."""
    return {"speed": speed_figures(states), "game_length": game_length(states)}


def run_figures(runs: dict[str, list[TwistyState]], max_actions: int) -> dict:
    """The figures from RUNS (each game capped at max_actions): game length by player
    count, and How Long? +4."""
    by_players = [state for n in range(2, 6) for state in runs[f"players-{n}"]]
    return {
        "game_length_by_players": game_length(by_players),
        "threshold_plus_4": threshold_plus_4(runs["single_deck"], runs["double_deck"], max_actions),
    }


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None
