"""Obeying the parsed dice lines of a card (grammar.py): rolls, faces, outcomes."""

from collections.abc import Generator, Sequence

from generator.games.twisty_passages import steps
from generator.games.twisty_passages.grammar import (
    AtLeastOne,
    Bonus,
    Compare,
    Discard,
    DiscardNamed,
    Each,
    FacesRow,
    Line,
    Otherwise,
    Outcome,
    Prose,
    Roll,
    RollDie,
    SpeedChange,
    Stop,
    TwoOrMore,
)
from generator.games.twisty_passages.position import Decision, Position, TwistyAction, argument_of


def obey_lines(state: Position, seat: int, lines: Sequence[Line]) -> Generator[Decision, TwistyAction, bool]:
    """Obey every structured line in order; prose lines are left to the card's handler."""
    dice: list[int] = []
    stop = False
    for line in lines:
        if isinstance(line, Roll):
            count = max(state.speed, 1) if line.dice == "speed" else 1
            dice = yield from steps.roll(state, seat, count)
        elif isinstance(line, Each):
            for _ in range(sum(d in line.faces for d in dice)):
                stop = (yield from outcome(state, seat, line.outcome)) or stop
                if stop:
                    break
        elif (
            isinstance(line, TwoOrMore)
            and dice.count(line.face) >= 2
            or (isinstance(line, AtLeastOne) and line.face in dice)
            or isinstance(line, FacesRow)
            and any(d in line.faces for d in dice)
        ):
            stop = (yield from outcome(state, seat, line.outcome)) or stop
        elif isinstance(line, Compare):
            dice = yield from steps.roll(state, seat, 1)
            beats = dice and (dice[0] <= state.speed if line.op == "≤" else dice[0] > state.speed)
            if beats:
                stop = (yield from outcome(state, seat, line.outcome)) or stop
        elif isinstance(line, SpeedChange):
            change_speed(state, seat, line.delta)
        elif isinstance(line, Bonus):
            if any(holds(state, seat, holder) for holder in line.holders):
                take = yield Decision(seat, [("extra-card",), ("no-extra-card",)])
                if take == ("extra-card",):
                    change_draws(state, seat, 1)
                return stop
            if line.otherwise:
                stop = (yield from outcome(state, seat, line.otherwise)) or stop
        elif isinstance(line, Otherwise):
            stop = (yield from outcome(state, seat, line.outcome)) or stop
            dice = [state.last_die] if state.last_die else dice
        if stop:
            return True
    return stop


def change_speed(state: Position, seat: int, delta: int) -> None:
    """`:speed: +N`: the speed itself changes, so the player draws N more cards and every later
    roll of their speed in dice rolls N more. Only the player whose turn it is has a speed."""
    if seat == state.active:
        state.speed = max(state.speed + delta, 0)
        change_draws(state, seat, delta)


def change_draws(state: Position, seat: int, delta: int) -> None:
    """ "Draw one fewer card" / "draw an extra card": the cards to draw, not the speed."""
    if seat == state.active:
        state.target = max(state.target + delta, 0)


def holds(state: Position, seat: int, holder: str) -> bool:
    """Whether a Bonus line's holder ("a Green Zone card", "a Timepatcher") is in the path."""
    words = holder.split()
    if words[-2:] == ["Zone", "card"]:
        zone = words[-3].lower()
        return any(state.card(c).item.zone == zone for c in state.paths[seat] + state.sides[seat])
    return state.holding(seat, title_of(holder)) is not None


def title_of(holder: str) -> str:
    """ "a Timepatcher" -> "Timepatcher"; titles that begin with The keep it."""
    first, _, rest = holder.partition(" ")
    return rest if first in ("a", "an") and rest else holder


def outcome(state: Position, seat: int, choices: Outcome) -> Generator[Decision, TwistyAction, bool]:
    """Do one alternative of an outcome (the player picks when there are several)."""
    chosen = choices[0]
    if len(choices) > 1:
        action = yield Decision(seat, [("outcome", i, label(c)) for i, c in enumerate(choices)])
        chosen = choices[argument_of(action, int)]
    stop = False
    for act in chosen:
        stop = (yield from do_act(state, seat, act)) or stop
    return stop


def label(acts: tuple) -> str:
    """A policy-readable name of an alternative: "stop", "discard", ..."""
    return "+".join(type(a).__name__.lower() for a in acts)


def do_act(state: Position, seat: int, act) -> Generator[Decision, TwistyAction, bool]:
    if isinstance(act, Stop):
        return True
    if isinstance(act, SpeedChange):
        change_speed(state, seat, act.delta)
        return False
    if isinstance(act, RollDie):
        yield from steps.roll(state, seat, 1)
        return False
    if isinstance(act, Discard):
        times = state.last_die if act.where == "that many cards" else 1
        where = "choice" if act.where == "that many cards" else act.where
        for _ in range(times):
            if (yield from steps.discard(state, seat, where)):
                return seat == state.active
        return False
    if isinstance(act, DiscardNamed):
        empty = yield from steps.discard(state, seat, "choice", act.what)
        return empty and seat == state.active
    if isinstance(act, Prose):
        return (yield from steps.PROSE_ACTS[act.text](state, seat))
    raise TypeError(f"not an act: {act!r}")
