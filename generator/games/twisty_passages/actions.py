"""The shared steps of the rules: rolling dice, discarding, moving cards, using items.

Each is a generator (see state.py): it yields Decisions for the players' choices and
returns what the caller needs (the dice, or whether the turn stops).
"""

from collections.abc import Generator

from generator.games.twisty_passages.state import Decision, TwistyState

ITEM_TAKERS = ("Whatchmacallit", "Thingamajig")


def spend(state: TwistyState, seat: int, title: str) -> int:
    """Discard a ✨ card from a player's path to cause its effect; its id."""
    cid = state.holding(seat, title)
    assert cid is not None
    where = state.paths[seat] if cid in state.paths[seat] else state.sides[seat]
    where.remove(cid)
    state.discards.append(cid)
    state.fired[title] += 1
    return cid


def roll(state: TwistyState, seat: int, count: int) -> Generator[Decision, object, list[int]]:
    """Roll dice for a player, offering the items that change a roll; Pockets interrupt."""
    for title, change in (("Timeblast", 2), ("Timesink", -2)):
        if state.holding(seat, title) is not None:
            use = yield Decision(seat, [("keep-dice",), ("use", title)])
            if use == ("use", title):
                spend(state, seat, title)
                count += change
    dice = [state.roll_die() for _ in range(max(count, 0))]
    if dice and state.holding(seat, "Timepatcher") is not None:
        use = yield Decision(seat, [("keep-roll",), ("use", "Timepatcher")])
        if use == ("use", "Timepatcher"):
            spend(state, seat, "Timepatcher")
            dice = [state.roll_die() for _ in dice]
    if dice and state.holding(seat, "Caltrops") is not None:
        options = [("keep-roll",)] + [("caltrops", i) for i, d in enumerate(dice) if d < 6]
        use = yield Decision(seat, options)
        if use[0] == "caltrops":
            spend(state, seat, "Caltrops")
            dice[use[1]] += 1
    yield from pockets(state, seat, dice)
    state.last_die = dice[-1] if dice else 0
    return dice


def pockets(state: TwistyState, seat: int, dice: list[int]) -> Generator[Decision, object, None]:
    """Pocket Demon (you rolled a 1) and Pocket Angel (another player rolled a 6), resolved first."""
    demon = next((c for c in state.sides[seat] if state.card(c).title == "Pocket Demon"), None)
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
        angel = next((c for c in state.sides[holder] if state.card(c).title == "Pocket Angel"), None)
        if angel is not None and state.paths[seat]:
            index = yield from pick_card(state, holder, seat, "angel-take")
            state.paths[holder].append(state.take_from_path(seat, index))
            state.sides[holder].remove(angel)
            state.sides[seat].append(angel)
            state.fired["Pocket Angel"] += 1
            return


def pick_player(state: TwistyState, chooser: int, seats: list[int], why: str) -> Generator[Decision, object, int]:
    action = yield Decision(chooser, [(why, s) for s in seats])
    return action[1]


def pick_card(state: TwistyState, chooser: int, owner: int, why: str) -> Generator[Decision, object, int]:
    """An index into `owner`'s path, chosen by `chooser`."""
    action = yield Decision(chooser, [(why, i) for i in range(len(state.paths[owner]))])
    return action[1]


def discard(
    state: TwistyState, seat: int, where: str = "choice", named: str = "a card"
) -> Generator[Decision, object, bool]:
    """One card from a player's path to the discards; True if they had none to discard.

    `where`: choice (the player picks), at random, from the start/end of your path.
    `named`: "an Item", "a Zone card" or any card.
    """
    if state.twine_block[seat]:
        return False
    path = state.paths[seat]
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
        index = action[1]
    yield from to_discards(state, seat, path.pop(index))
    return False


def _is(state: TwistyState, cid: int, named: str) -> bool:
    """Whether a card is what a discard names: "an Item", "a Zone card", "a Black Zone card"."""
    card = state.card(cid)
    words = named.split()
    if words[:2] == ["an", "Item"]:
        return card.is_item
    if words[1:3] == ["Zone", "card"]:
        return card.kind == "zone"
    if words[2:4] == ["Zone", "card"]:
        return card.zone == words[1].lower()
    return True


def to_discards(state: TwistyState, seat: int, cid: int) -> Generator[Decision, object, None]:
    """A card discarded from `seat`'s path; Ball Of Twine and the item takers react."""
    card = state.card(cid)
    state.discards.append(cid)
    if card.title == "Ball Of Twine":
        state.twine_block[seat] = True
        state.fired["Ball Of Twine"] += 1
    if not card.is_item:
        return
    for taker in range(state.num_players):
        for title in ITEM_TAKERS:
            if state.holding(taker, title) is not None and cid in state.discards:
                use = yield Decision(taker, [("let-go",), ("use", title)])
                if use == ("use", title):
                    spend(state, taker, title)
                    state.discards.remove(cid)
                    state.paths[taker].append(cid)
