"""What the engine does for each card's prose (the lines the grammar leaves as text).

HANDLERS: title -> what happens when the card is drawn (after its dice lines, which each
handler obeys through effects.obey_lines). HELD: titles whose prose acts while the card
sits in a path or when it is discarded (turn.py and actions.py do that). START: titles
that act when they are at the end of your path at the start of your turn. PROSE_ACTS: the
prose outcomes inside dice lines. Red Zones all share one handler (by zone).
"""

from collections.abc import Callable, Generator

from generator.games.twisty_passages import actions
from generator.games.twisty_passages.effects import change_draws, obey_lines
from generator.games.twisty_passages.state import Decision, TwistyAction, TwistyState, argument_of

Rules = Generator[Decision, TwistyAction, bool]


def _lines(state: TwistyState, seat: int, cid: int) -> Rules:
    return (yield from obey_lines(state, seat, state.card(cid).effect.lines))


def twisty_passages(state: TwistyState, seat: int, cid: int) -> Rules:
    stop = yield from _lines(state, seat, cid)
    state.rng.shuffle(state.paths[seat])
    state.place(seat, cid, at=0)
    return stop


def timeslip(state: TwistyState, seat: int, cid: int) -> Rules:
    other = yield from actions.pick_player(state, seat, state.others(seat), "timeslip")
    mine = (yield from actions.pick_card(state, seat, other, "take")) if state.paths[other] else None
    theirs = (yield from actions.pick_card(state, other, seat, "take")) if state.paths[seat] else None
    got = state.paths[other][mine] if mine is not None else None
    given = state.paths[seat][theirs] if theirs is not None else None
    if got is not None:
        state.paths[other].remove(got)
    if given is not None:
        state.paths[seat].remove(given)
        state.paths[other].append(given)
    if got is not None:
        state.paths[seat].append(got)
    return False


def sideslip(state: TwistyState, seat: int, cid: int) -> Rules:
    count = sum((yield from actions.roll(state, seat, 1)))  # Timesink may leave no die
    other = yield from actions.pick_player(state, seat, state.others(seat), "sideslip")
    mine, theirs = state.paths[seat][:count], state.paths[other][:count]
    state.paths[seat][:count] = []
    state.paths[other][:count] = []
    state.paths[other].extend(mine)
    state.paths[seat].extend(theirs)
    return False


def wailing(state: TwistyState, seat: int, cid: int) -> Rules:
    victim = state.rng.randrange(state.num_players)
    count = sum((yield from actions.roll(state, seat, 1)))
    for _ in range(count):
        if (yield from actions.discard(state, victim, "from the start of your path")):
            return victim == state.active
    return False


def timeshuffle(state: TwistyState, seat: int, cid: int) -> Rules:
    """The picked player orders their path; modelled as choosing the card that ends it."""
    chosen = yield from actions.pick_player(state, seat, list(range(state.num_players)), "timeshuffle")
    if state.paths[chosen]:
        index = yield from actions.pick_card(state, chosen, chosen, "to-end")
        state.paths[chosen].append(state.paths[chosen].pop(index))
    return False


def retrograde(state: TwistyState, seat: int, cid: int) -> Rules:
    state.reverse_at_turn_end = not state.reverse_at_turn_end
    return False
    yield


def crossslip(state: TwistyState, seat: int, cid: int) -> Rules:
    to_left = state.card(cid).effect_text.rstrip(".").endswith("left")
    picked: dict[int, int] = {}
    for player in range(state.num_players):
        if state.paths[player]:
            index = yield from actions.pick_card(state, player, player, "crossslip")
            picked[player] = state.paths[player][index]
    for player, card in picked.items():
        state.paths[player].remove(card)
    for player, card in picked.items():
        receiver = state.left_of(player) if to_left else state.right_of(player)
        state.paths[receiver].append(card)
    return False


def shortcut(state: TwistyState, seat: int, cid: int) -> Rules:
    from generator.games.twisty_passages.turn import resolve

    player = state.rng.randrange(state.num_players)
    drawn = state.draw()
    if drawn is None:
        return False
    state.twine_block[player] = False  # Ball Of Twine: "until you draw another card"
    stop = yield from resolve(state, player, drawn)
    return stop and player == state.active


def red_zone(state: TwistyState, seat: int, cid: int) -> Rules:
    """Tell the story (no effect on play) or plant a card in another player's path."""
    options = [("story",)] + ([("plant", s) for s in state.others(seat)] if state.paths[seat] else [])
    action = yield Decision(seat, options)
    if action[0] == "plant":
        index = yield from actions.pick_card(state, seat, seat, "plant-card")
        target = state.paths[argument_of(action, int)]
        target.insert(len(target) // 2, state.take_from_path(seat, index))
    return False


def nipping_fairies(state: TwistyState, seat: int, cid: int) -> Rules:
    stop = False
    for player in range(state.num_players):
        if any(state.card(c).zone == "green" for c in state.paths[player]):
            empty = yield from actions.discard(state, player)
            stop = stop or (empty and player == state.active)
    return stop


def locked_door(state: TwistyState, seat: int, cid: int) -> Rules:
    for helper in state.others(seat):
        if state.paths[helper]:
            answer = yield Decision(helper, [("refuse",), ("help", seat)])
            if answer[0] == "help":
                yield from actions.discard(state, helper)
                return False
    return True


def carnivorous_forest(state: TwistyState, seat: int, cid: int) -> Rules:
    action = yield Decision(seat, [("outcome", 0, "stop"), ("outcome", 1, "roll")])
    if argument_of(action, int) == 0:
        return True
    return (yield from obey_lines(state, seat, state.card(cid).effect.lines[1:]))


def sulfurous_spring(state: TwistyState, seat: int, cid: int) -> Rules:
    change_draws(state, seat, -1)
    return False
    yield


def grue(state: TwistyState, seat: int, cid: int) -> Rules:
    options: list[TwistyAction] = [("outcome", 0, "discard-item"), ("outcome", 1, "stop")]
    if state.holding(seat, "Lantern") is not None:
        options.append(("ignore", "Lantern"))
    action = yield Decision(seat, options)
    if action[0] == "ignore":
        return False
    if argument_of(action, int) == 1:
        return True
    empty = yield from actions.discard(state, seat, "choice", "an Item")
    return empty and seat == state.active


def pocket(state: TwistyState, seat: int, cid: int) -> Rules:
    state.limbo.remove(cid)
    state.sides[seat].append(cid)
    return False
    yield


def move_end_to_other(state: TwistyState, seat: int) -> Rules:
    if not state.paths[seat]:
        return False
    other = yield from actions.pick_player(state, seat, state.others(seat), "give-end")
    state.paths[other].append(state.paths[seat].pop())
    return False


def discard_two(state: TwistyState, seat: int) -> Rules:
    for _ in range(2):
        if (yield from actions.discard(state, seat)):
            return seat == state.active
    return False


def take_from_discards(state: TwistyState, seat: int) -> Rules:
    if state.discards:
        action = yield Decision(seat, [("take-discard", i) for i in range(len(state.discards))])
        state.paths[seat].append(state.discards.pop(argument_of(action, int)))
    return False


Handler = Callable[[TwistyState, int, int], Rules]

HANDLERS: dict[str, Handler] = {
    "Twisty Passages": twisty_passages,
    "Timeslip": timeslip,
    "Sideslip": sideslip,
    "Distant Wailing": wailing,
    "Rattling Chains": wailing,
    "Timeshuffle": timeshuffle,
    "Retrograde": retrograde,
    "Crossslip": crossslip,
    "Shortcut": shortcut,
    "Nipping Fairies": nipping_fairies,
    "Locked Door": locked_door,
    "Carnivorous Forest": carnivorous_forest,
    "Sulfurous Spring": sulfurous_spring,
    "Grue": grue,
    "Pocket Demon": pocket,
    "Pocket Angel": pocket,
}
ZONE_HANDLERS: dict[str, Handler] = {"red": red_zone}

#: Prose whose text acts while held, when discarded, or at the start of a turn: the engine
#: obeys it elsewhere (turn.py, actions.py). Looking at the deck (Lantern, Tattered Map) is
#: information only: no policy here reads it, so only the Map's shuffle (and The Living
#: Maze forbidding it) changes a game.
HELD = {
    "Pit Trap",
    "Greased Slide Trap",
    "Net Trap",
    "Bad Air",
    "The Living Maze",
    "Vortex Mine",
    "Temporal Anchor",
    "Timepatcher",
    "Lantern",
    "Ball Of Twine",
    "Helpful Node",
    "Tattered Map",
    "Whatchmacallit",
    "Thingamajig",
    "Entropic Vortex",
    "Missing Time",
    "Timewarp",
    "Timesink",
    "Timeblast",
    "Laying Traps",
    "Caltrops",
}

PROSE_ACTS = {
    "Move the card at the end of your path to the end of another player's path": move_end_to_other,
    "Discard two cards": discard_two,
    "Take a card from the discards and add it to the end of your path": take_from_discards,
}


def handler_for(state: TwistyState, cid: int) -> Handler:
    card = state.card(cid)
    return HANDLERS.get(card.title) or ZONE_HANDLERS.get(card.zone or "") or _lines


def obeys_prose(title: str, zone: str | None) -> bool:
    """Whether the engine has something that obeys this card's prose lines."""
    return title in HANDLERS or title in HELD or zone in ZONE_HANDLERS
