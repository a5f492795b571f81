"""The figures Twisty Passages adds to the simulation report.

- speed: for each declared speed 1..10, the share of turns ended before drawing all their
  cards and the mean change of the player's path length over the turn;
- game_length: turns per game by player count (mean, median, p95) and completed share;
- threshold_plus_4: completed share of games whose threshold is raised by 4 (How Long?)
  with one deck and with a double deck, and whether that agrees with the rules' claim that
  one deck makes such a game "nearly impossible to win".
"""

import random
import statistics

from generator.games.twisty_passages.deck import Deck
from generator.games.twisty_passages.state import MAX_SPEED, TwistyState

#: A share of games completed at or below this is "nearly impossible to win".
NEARLY_IMPOSSIBLE = 0.10


def fireable(deck: Deck) -> list[str]:
    names = {card.title for card in deck.cards}
    names |= {f"{t} (start of turn)" for t in ("Pit Trap", "Greased Slide Trap", "Sulfurous Spring",
                                                  "Bad Air", "Net Trap")}
    return sorted(names)


def speed_figures(states: list[TwistyState]) -> list[dict]:
    rows = []
    for speed in range(1, MAX_SPEED + 1):
        turns = [t for s in states for t in s.turn_log if t.speed == speed]
        rows.append({
            "speed": speed,
            "turns": len(turns),
            "early_stop_share": _share(sum(t.early_stop for t in turns), len(turns)),
            "mean_path_change": round(statistics.fmean(t.path_change for t in turns), 3) if turns else None,
        })
    return rows


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


def completed_share(deck: Deck, options: dict, games: int, players: int, seed: int, policy, max_actions: int) -> float:
    """Share of seeded games that end with a winner within max_actions."""
    done = 0
    for index in range(games):
        rng = random.Random(seed * 1_000_003 + index)
        state = TwistyState(deck.doubled() if options.get("double_deck") else deck, players, rng, options)
        for _ in range(max_actions):
            if state.is_terminal():
                break
            state.apply(policy(state, rng))
        done += state.is_terminal()
    return done / games


def threshold_plus_4(deck: Deck, games: int = 60, players: int = 4, seed: int = 1, max_actions: int = 20_000) -> dict:
    from generator.games.twisty_passages.policies import adaptive

    single = completed_share(deck, {"how_long": 4}, games, players, seed, adaptive, max_actions)
    double = completed_share(deck, {"how_long": 4, "double_deck": True}, games, players, seed, adaptive, max_actions)
    return {
        "players": players,
        "games": games,
        "policy": "adaptive",
        "max_actions": max_actions,
        "single_deck_completed_share": round(single, 3),
        "double_deck_completed_share": round(double, 3),
        "rules_claim_confirmed": single <= NEARLY_IMPOSSIBLE < double,
    }


def figures(states: list[TwistyState]) -> dict:
    out: dict = {"speed": speed_figures(states), "game_length": game_length(states)}
    if states:
        out["threshold_plus_4"] = threshold_plus_4(states[0].deck_model)
    return out


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None
