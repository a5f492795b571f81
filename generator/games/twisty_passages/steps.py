"""The shared steps of the rules: rolling dice, discarding, moving cards, using items.

Each is a generator (see state.py): it yields Decisions for the players' choices and
returns what the caller needs (the dice, or whether the turn stops).
"""

from collections.abc import Generator, Sequence
from functools import cache

from generator.games.twisty_passages.position import Decision, Position, Rules, TwistyAction, argument_of

ITEM_TAKERS = ("Whatchmacallit", "Thingamajig")


def can_spend(state: Position, seat: int, title: str) -> bool:
    """Whether a player holds a ✨ card of this title and may discard it (Ball Of Twine forbids,
    which is asked first: it is the cheaper question)."""
    return not state.twine_block[seat] and state.holding(seat, title) is not None


def spend(state: Position, seat: int, title: str) -> Generator[Decision, TwistyAction, bool]:
    """Discard a ✨ card from a player's path to cause its effect: it goes through the discard
    step (an item taker may take it, a Ball Of Twine blocks further discards), then a holder of
    a Temporal Anchor may cancel a "time" or "slip" card. True if the effect goes ahead."""
    cid = state.holding(seat, title)
    assert cid is not None and not state.twine_block[seat]
    where = state.paths[seat] if cid in state.paths[seat] else state.sides[seat]
    where.remove(cid)
    state.fired[title] += 1
    yield from to_discards(state, seat, cid)
    return not (yield from anchored(state, title, seat))


@cache
def is_time_card(title: str) -> bool:
    """What a Temporal Anchor may cancel: a card with "time" or "slip" in its name (asked of
    every card drawn or spent, so each title's answer is kept)."""
    return "time" in title.lower() or "slip" in title.lower()


def anchored(state: Position, title: str, exempt: int) -> Generator[Decision, TwistyAction, bool]:
    """Whether a player other than `exempt` spends a Temporal Anchor to cancel this card."""
    if not is_time_card(title):
        return False
    for seat in state.from_seat(exempt)[1:]:
        if can_spend(state, seat, "Temporal Anchor"):
            action = yield Decision(seat, [("obey",), ("cancel", "Temporal Anchor")])
            if action == ("cancel", "Temporal Anchor"):
                yield from spend(state, seat, "Temporal Anchor")
                return True
    return False


def roll(state: Position, seat: int, count: int) -> Generator[Decision, TwistyAction, list[int]]:
    """Roll dice for a player. Every player holding Timeblast or Timesink ("for any roll")
    may change how many, then Timepatcher ("re-roll all dice in a roll") and Caltrops ("add
    one point to one die that was just rolled"), the roller first; Pockets interrupt."""
    order = state.from_seat(seat)
    for holder in order:
        for title, change in (("Timeblast", 2), ("Timesink", -2)):
            if can_spend(state, holder, title):
                use = yield Decision(holder, [("keep-dice",), ("use", title)])
                if use == ("use", title) and (yield from spend(state, holder, title)):
                    count += change
    dice = [state.roll_die() for _ in range(max(count, 0))]
    for holder in order:
        if dice and can_spend(state, holder, "Timepatcher"):
            use = yield Decision(holder, [("keep-roll",), ("use", "Timepatcher")])
            if use == ("use", "Timepatcher") and (yield from spend(state, holder, "Timepatcher")):
                dice = [state.roll_die() for _ in dice]
    for holder in order:
        if dice and can_spend(state, holder, "Caltrops"):
            options = [("keep-roll",)] + [("caltrops", i) for i, d in enumerate(dice) if d < 6]
            use = yield Decision(holder, options)
            if use[0] == "caltrops" and (yield from spend(state, holder, "Caltrops")):
                dice[argument_of(use, int)] += 1
    yield from pockets(state, seat, dice)
    state.last_die = dice[-1] if dice else 0
    return dice


def pockets(state: Position, seat: int, dice: list[int]) -> Generator[Decision, TwistyAction, None]:
    """Pocket Demon (you rolled a 1) and Pocket Angel (another player rolled a 6), resolved first."""
    demon = next((c for c in state.sides[seat] if state.card(c).item.title == "Pocket Demon"), None)
    if demon is not None and 1 in dice:
        victims = [s for s in state.others(seat) if state.paths[s]]
        if victims:
            victim = yield from pick_player(state, seat, victims, "demon")
            index = yield from pick_card(state, seat, victim, "demon-take")
            state.paths[seat].append(state.take_from_path(victim, index))
            state.sides[seat].remove(demon)
            state.sides[victim].append(demon)
            state.fired["Pocket Demon"] += 1
    if 6 not in dice:
        return
    for holder in state.others(seat):
        angel = next((c for c in state.sides[holder] if state.card(c).item.title == "Pocket Angel"), None)
        if angel is not None and state.paths[seat]:
            index = yield from pick_card(state, holder, seat, "angel-take")
            state.paths[holder].append(state.take_from_path(seat, index))
            state.sides[holder].remove(angel)
            state.sides[seat].append(angel)
            state.fired["Pocket Angel"] += 1
            return


def pick_player(
    state: Position, chooser: int, seats: Sequence[int], why: str
) -> Generator[Decision, TwistyAction, int]:
    action = yield Decision(chooser, [(why, s) for s in seats])
    return argument_of(action, int)


def pick_card(state: Position, chooser: int, owner: int, why: str) -> Generator[Decision, TwistyAction, int]:
    """An index into `owner`'s path, chosen by `chooser`."""
    action = yield Decision(chooser, [(why, i) for i in range(len(state.paths[owner]))])
    return argument_of(action, int)


#: What a discard names when any card will do.
ANY_CARD = "a card"


def discard(
    state: Position, seat: int, where: str = "choice", named: str = ANY_CARD
) -> Generator[Decision, TwistyAction, bool]:
    """One card from a player's path to the discards; True if they had none to discard.

    `where`: choice (the player picks), at random, from the start/end of your path.
    `named`: "an Item", "a Zone card" or any card.
    """
    if state.twine_block[seat]:
        return False
    path = state.paths[seat]
    if named == ANY_CARD:  # the most common discard: every card is allowed, none need be read
        allowed = list(range(len(path)))
    else:
        allowed = [i for i, cid in enumerate(path) if _is(state, cid, named)]
    if not allowed:
        return True
    if where == "at random":
        index = allowed[state.rng.randrange(len(allowed))]
    elif where == "from the start of your path":
        index = allowed[0]
    elif where == "from the end of your path":
        index = allowed[-1]
    else:
        action = yield Decision(seat, [("discard", i) for i in allowed])
        index = argument_of(action, int)
    yield from to_discards(state, seat, path.pop(index))
    return False


def _is(state: Position, cid: int, named: str) -> bool:
    """Whether a card is what a discard names: "an Item", "a Zone card", "a Black Zone card"."""
    card = state.card(cid)
    words = named.split()
    if words[:2] == ["an", "Item"]:
        return card.is_item
    if words[1:3] == ["Zone", "card"]:
        return card.item.kind == "zone"
    if words[2:4] == ["Zone", "card"]:
        return card.item.zone == words[1].lower()
    return True


def to_discards(state: Position, seat: int, cid: int) -> Generator[Decision, TwistyAction, None]:
    """A card discarded from `seat`'s path; Ball Of Twine and the item takers react."""
    card = state.card(cid)
    state.discards.append(cid)
    if card.item.title == "Ball Of Twine":
        state.twine_block[seat] = True
        state.fired["Ball Of Twine"] += 1
    if not card.is_item:
        return
    for taker in range(state.num_players):
        for title in ITEM_TAKERS:
            if can_spend(state, taker, title) and cid in state.discards:
                use = yield Decision(taker, [("let-go",), ("use", title)])
                if use == ("use", title) and (yield from spend(state, taker, title)) and cid in state.discards:
                    state.discards.remove(cid)
                    state.paths[taker].append(cid)


def move_end_to_other(state: Position, seat: int) -> Rules:
    if not state.paths[seat]:
        return False
    other = yield from pick_player(state, seat, state.others(seat), "give-end")
    state.paths[other].append(state.paths[seat].pop())
    return False


def discard_two(state: Position, seat: int) -> Rules:
    for _ in range(2):
        if (yield from discard(state, seat)):
            return seat == state.active
    return False


def take_from_discards(state: Position, seat: int) -> Rules:
    if state.discards:
        action = yield Decision(seat, [("take-discard", i) for i in range(len(state.discards))])
        state.paths[seat].append(state.discards.pop(argument_of(action, int)))
    return False


#: The prose outcomes inside dice lines (effects.py obeys them).
PROSE_ACTS = {
    "Move the card at the end of your path to the end of another player's path": move_end_to_other,
    "Discard two cards": discard_two,
    "Take a card from the discards and add it to the end of your path": take_from_discards,
}
