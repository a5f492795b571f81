"""The turn: traps at the end of your path, declaring speed, drawing and obeying cards,
stopping, winning, and passing play left or right (Retrograde)."""

from collections.abc import Generator

from generator.games.twisty_passages import steps
from generator.games.twisty_passages.cards import resolve
from generator.games.twisty_passages.effects import change_draws
from generator.games.twisty_passages.position import (
    SPEED_PAGE,
    Decision,
    Position,
    TurnRecord,
    TwistyAction,
    argument_of,
    sweep_of,
)
from generator.games.twisty_passages.rules import BIG_LOSS

SWEEPERS = ("Vortex Mine", "Entropic Vortex")
#: The cards a player may use after each card drawn (reactions).
REACTIONS = frozenset(("Missing Time", "Caltrops", *SWEEPERS))
#: Cards that act when they are at the end of your path at the start of your turn.
START_OF_TURN = ("Pit Trap", "Greased Slide Trap", "Sulfurous Spring", "Bad Air", "Net Trap")


def play(state: Position) -> Generator[Decision, TwistyAction, None]:
    """The whole game: turns until someone ends one with enough cards in their path, or the
    engine stops a game the rules can never end (see stalled)."""
    while state.winner is None:
        if stalled(state):
            if not state.house_rules:
                state.stalled = True
                return
            most = max(state.length(s) for s in range(state.num_players))
            state.shared_win = [s for s in range(state.num_players) if state.length(s) == most]
            return
        yield from turn(state, state.player)
        if state.winner is not None:
            return
        yield from timewarps(state, state.player)
        if state.reverse_at_turn_end:
            state.direction = -state.direction
            state.reverse_at_turn_end = False
        state.player = (state.player + state.direction) % state.num_players


def stalled(state: Position) -> bool:
    """The position the rules give no way out of: nothing to draw ("If the deck runs out of
    cards, shuffle the discards", and there are none), no card at the end of a path that acts
    at the start of a turn, no Vortex anyone may spend, and nobody able to win. Every turn
    from here on draws nothing and changes nothing."""
    if state.deck or state.discards:
        return False
    for seat in range(state.num_players):
        path = state.paths[seat]
        if path and state.card(path[-1]).item.title in START_OF_TURN:
            return False
        if any(steps.can_spend(state, seat, title) for title in SWEEPERS):
            return False
        if state.has_won(seat) or forcible(state, seat):
            return False
    return True


def turn(state: Position, seat: int) -> Generator[Decision, TwistyAction, None]:
    state.active, state.speed, state.target, state.black_drawn = seat, 0, 0, False
    state.turns += 1
    cap = yield from start_of_turn(state, seat)
    if cap != 0:
        yield from speed_and_draw(state, seat, cap)
    if state.has_won(seat) or (yield from exit_by_force(state, seat)):
        state.winner = seat


def exit_by_force(state: Position, seat: int) -> Generator[Decision, TwistyAction, bool]:
    """Exit Strategy: enough cards but no Black Zone drawn this turn: force another player
    to discard a Black Zone card instead (read as meeting the condition)."""
    holders = forcible(state, seat)
    if not holders:
        return False
    action = yield Decision(seat, [("no-force",)] + [("force-black", s) for s in holders])
    if action == ("no-force",):
        return False
    yield from steps.discard(state, argument_of(action, int), "choice", "a Black Zone card")
    return True


def forcible(state: Position, seat: int) -> list[int]:
    """Exit Strategy: the players a player with enough cards may force to discard a Black Zone."""
    if not state.options.get("exit_strategy") or state.length(seat) < state.needed(seat):
        return []
    return [s for s in state.others(seat) if any(state.card(c).item.zone == "black" for c in state.paths[s])]


def start_of_turn(state: Position, seat: int) -> Generator[Decision, TwistyAction, int | None]:
    """A card at the end of your path may act first; the highest speed you may declare
    (None: no limit, 0: the turn ends)."""
    path = state.paths[seat]
    if not path:
        return None
    end = path[-1]
    title = state.card(end).item.title
    if title in ("Pit Trap", "Greased Slide Trap"):
        state.fired[f"{title} (start of turn)"] += 1
        state.limbo.append(path.pop())
        options = [("trap-to", i) for i in range(len(path))] + [("trap-discard",)]
        action = yield Decision(seat, options)
        state.limbo.remove(end)
        if action[0] == "trap-to":
            path.insert(argument_of(action, int), end)
        else:
            yield from steps.to_discards(state, seat, end)
        return 0
    if title == "Sulfurous Spring":
        state.fired[f"{title} (start of turn)"] += 1
        yield from steps.to_discards(state, seat, path.pop())
        return 0
    if title == "Bad Air":
        state.fired[f"{title} (start of turn)"] += 1
        yield from steps.to_discards(state, seat, path.pop())
        if path:
            yield from steps.to_discards(state, seat, path.pop())
    if title == "Net Trap":
        state.fired[f"{title} (start of turn)"] += 1
        dice = yield from steps.roll(state, seat, 3)
        return min(dice) if dice else None
    return None


def speed_and_draw(state: Position, seat: int, cap: int | None) -> Generator[Decision, TwistyAction, None]:
    map_used, low = False, 1
    while True:
        high = low + SPEED_PAGE - 1 if cap is None else min(cap, low + SPEED_PAGE - 1)
        options: list = [("speed", n) for n in range(low, high + 1)]
        if cap is None or high < cap:
            options.append(("faster",))
        options += sweeps(state, seat)
        if not map_used and state.holding(seat, "Tattered Map") is not None and not maze_forbids(state):
            options.append(("map-shuffle",))
        action = yield Decision(seat, options)
        if action[0] == "speed":
            break
        if action == ("faster",):
            low += SPEED_PAGE
        elif action == ("map-shuffle",):  # what was seen is the policy's business; the shuffle is not
            map_used = True
            state.rng.shuffle(state.deck)
            state.fired["Tattered Map"] += 1
        else:
            yield from vortex(state, seat, *sweep_of(action))
    declared = state.speed = state.target = argument_of(action, int)
    start_length, drawn = state.length(seat), 0
    while drawn < state.target:
        cid = state.draw()
        if cid is None:
            break
        drawn += 1
        state.twine_block[seat] = False
        before = state.length(seat)
        stop = yield from resolve(state, seat, cid)
        joined = cid in state.paths[seat] or cid in state.sides[seat]  # the card itself is no gain
        if stop or before + joined - state.length(seat) >= BIG_LOSS:
            break
        if (yield from reactions(state, seat)):
            break
    state.turn_log.append(TurnRecord(seat, declared, state.target, drawn, state.length(seat) - start_length))


def sweeps(state: Position, seat: int) -> list:
    """Vortex Mine and Entropic Vortex, usable at any time: at whom this player may aim them."""
    return [
        ("sweep", title, s)
        for title in SWEEPERS
        if steps.can_spend(state, seat, title)
        for s in state.others(seat)
        if state.paths[s]
    ]


def maze_forbids(state: Position) -> bool:
    """The Living Maze: its holder has the fewest (or the most) cards, so no one may shuffle the deck."""
    for seat in range(state.num_players):
        for cid in state.paths[seat]:
            card = state.card(cid)
            if card.item.title != "The Living Maze":
                continue
            lengths = [state.length(s) for s in range(state.num_players)]
            extreme = min(lengths) if "fewest" in card.item.effect else max(lengths)
            if state.length(seat) == extreme:
                state.fired["The Living Maze"] += 1
                return True
    return False


def vortex(state: Position, user: int, title: str, target: int) -> Generator[Decision, TwistyAction, None]:
    """Vortex Mine / Entropic Vortex: the target discards a card of their choice. An Entropic
    Vortex's target may pass it on to another player (each player once) or let it end."""
    if not (yield from steps.spend(state, user, title)):
        return
    passed = {user}
    while title == "Entropic Vortex":
        onward = [s for s in state.others(target) if s not in passed and state.paths[s]]
        action = yield Decision(target, [("accept",), ("end-effect",)] + [("redirect", s) for s in onward])
        if action == ("end-effect",):
            return
        if action == ("accept",):
            break
        passed.add(target)
        target = argument_of(action, int)
    yield from steps.discard(state, target)


def reactions(state: Position, seat: int) -> Generator[Decision, TwistyAction, bool]:
    """After each card, every player in turn, this one first, may use a card the rules allow
    at any time (Vortex Mine, Entropic Vortex); the others may also play Missing Time (end
    this turn at the cost of a card of theirs that this player picks) or Caltrops (this
    player draws one fewer card). True if the turn ends."""
    for other in state.from_seat(seat):
        if not state.holds_any(other, REACTIONS):
            continue  # nothing to offer (most players, most of the time)
        options: list = [("pass",)]
        if other != seat:
            options += [
                ("use", title) for title in ("Missing Time", "Caltrops") if steps.can_spend(state, other, title)
            ]
        options += sweeps(state, other)
        if len(options) == 1:
            continue
        action = yield Decision(other, options)
        assert isinstance(action, tuple)
        if action[0] == "sweep":
            yield from vortex(state, other, *sweep_of(action))
        elif action == ("use", "Caltrops"):
            if (yield from steps.spend(state, other, "Caltrops")):
                change_draws(state, seat, -1)
        elif action == ("use", "Missing Time"):
            if not (yield from steps.spend(state, other, "Missing Time")):
                continue
            if state.paths[other]:
                index = yield from steps.pick_card(state, seat, other, "missing-time")
                yield from steps.to_discards(state, other, state.paths[other].pop(index))
            return True
    return False


def timewarps(state: Position, seat: int) -> Generator[Decision, TwistyAction, None]:
    """At the end of another player's turn a Timewarp holder may take a turn at once."""
    for other in state.others(seat):
        if state.winner is None and steps.can_spend(state, other, "Timewarp"):
            action = yield Decision(other, [("pass",), ("use", "Timewarp")])
            if action == ("use", "Timewarp") and (yield from steps.spend(state, other, "Timewarp")):
                yield from turn(state, other)
