"""What the engine does for each card's prose (the lines the grammar leaves as text).

HANDLERS: title -> what happens when the card is drawn (after its dice lines, which each
handler obeys through effects.obey_lines). HELD: titles whose prose acts while the card
sits in a path or when it is discarded (turn.py and steps.py do that). START: titles
that act when they are at the end of your path at the start of your turn. Red Zones all
share one handler (by zone). resolve: obeying a drawn card, which Shortcut does too.
"""

from collections.abc import Callable, Generator

from generator.games.twisty_passages import steps
from generator.games.twisty_passages.effects import change_draws, obey_lines
from generator.games.twisty_passages.position import Decision, Position, Rules, TwistyAction, argument_of


def _lines(state: Position, seat: int, cid: int) -> Rules:
    return (yield from obey_lines(state, seat, state.card(cid).effect.lines))


def twisty_passages(state: Position, seat: int, cid: int) -> Rules:
    stop = yield from _lines(state, seat, cid)
    state.rng.shuffle(state.paths[seat])
    state.place(seat, cid, at=0)
    return stop


def timeslip(state: Position, seat: int, cid: int) -> Rules:
    other = yield from steps.pick_player(state, seat, state.others(seat), "timeslip")
    mine = (yield from steps.pick_card(state, seat, other, "take")) if state.paths[other] else None
    theirs = (yield from steps.pick_card(state, other, seat, "take")) if state.paths[seat] else None
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


def sideslip(state: Position, seat: int, cid: int) -> Rules:
    count = sum((yield from steps.roll(state, seat, 1)))  # Timesink may leave no die
    other = yield from steps.pick_player(state, seat, state.others(seat), "sideslip")
    mine, theirs = state.paths[seat][:count], state.paths[other][:count]
    state.paths[seat][:count] = []
    state.paths[other][:count] = []
    state.paths[other].extend(mine)
    state.paths[seat].extend(theirs)
    return False


def wailing(state: Position, seat: int, cid: int) -> Rules:
    victim = state.rng.randrange(state.num_players)
    count = sum((yield from steps.roll(state, seat, 1)))
    for _ in range(count):
        if (yield from steps.discard(state, victim, "from the start of your path")):
            return victim == state.active
    return False


def timeshuffle(state: Position, seat: int, cid: int) -> Rules:
    """The picked player orders their path; modelled as choosing the card that ends it."""
    chosen = yield from steps.pick_player(state, seat, list(range(state.num_players)), "timeshuffle")
    if state.paths[chosen]:
        index = yield from steps.pick_card(state, chosen, chosen, "to-end")
        state.paths[chosen].append(state.paths[chosen].pop(index))
    return False


def retrograde(state: Position, seat: int, cid: int) -> Rules:
    state.reverse_at_turn_end = not state.reverse_at_turn_end
    return False
    yield


def crossslip(state: Position, seat: int, cid: int) -> Rules:
    to_left = state.card(cid).item.effect.rstrip(".").endswith("left")
    picked: dict[int, int] = {}
    for player in range(state.num_players):
        if state.paths[player]:
            index = yield from steps.pick_card(state, player, player, "crossslip")
            picked[player] = state.paths[player][index]
    for player, card in picked.items():
        state.paths[player].remove(card)
    for player, card in picked.items():
        receiver = state.left_of(player) if to_left else state.right_of(player)
        state.paths[receiver].append(card)
    return False


def shortcut(state: Position, seat: int, cid: int) -> Rules:
    player = state.rng.randrange(state.num_players)
    drawn = state.draw()
    if drawn is None:
        return False
    state.twine_block[player] = False  # Ball Of Twine: "until you draw another card"
    stop = yield from resolve(state, player, drawn)
    return stop and player == state.active


def red_zone(state: Position, seat: int, cid: int) -> Rules:
    """Tell the story (no effect on play) or plant a card in another player's path."""
    options = [("story",)] + ([("plant", s) for s in state.others(seat)] if state.paths[seat] else [])
    action = yield Decision(seat, options)
    if action[0] == "plant":
        index = yield from steps.pick_card(state, seat, seat, "plant-card")
        target = state.paths[argument_of(action, int)]
        target.insert(len(target) // 2, state.take_from_path(seat, index))
    return False


def nipping_fairies(state: Position, seat: int, cid: int) -> Rules:
    stop = False
    for player in range(state.num_players):
        if any(state.card(c).item.zone == "green" for c in state.paths[player]):
            empty = yield from steps.discard(state, player)
            stop = stop or (empty and player == state.active)
    return stop


def locked_door(state: Position, seat: int, cid: int) -> Rules:
    for helper in state.others(seat):
        if state.paths[helper]:
            answer = yield Decision(helper, [("refuse",), ("help", seat)])
            if answer[0] == "help":
                yield from steps.discard(state, helper)
                return False
    return True


def carnivorous_forest(state: Position, seat: int, cid: int) -> Rules:
    action = yield Decision(seat, [("outcome", 0, "stop"), ("outcome", 1, "roll")])
    if argument_of(action, int) == 0:
        return True
    return (yield from obey_lines(state, seat, state.card(cid).effect.lines[1:]))


def sulfurous_spring(state: Position, seat: int, cid: int) -> Rules:
    change_draws(state, seat, -1)
    return False
    yield


def grue(state: Position, seat: int, cid: int) -> Rules:
    options: list[TwistyAction] = [("outcome", 0, "discard-item"), ("outcome", 1, "stop")]
    if state.holding(seat, "Lantern") is not None:
        options.append(("ignore", "Lantern"))
    action = yield Decision(seat, options)
    if action[0] == "ignore":
        return False
    if argument_of(action, int) == 1:
        return True
    empty = yield from steps.discard(state, seat, "choice", "an Item")
    return empty and seat == state.active


def pocket(state: Position, seat: int, cid: int) -> Rules:
    state.limbo.remove(cid)
    state.sides[seat].append(cid)
    return False
    yield


Handler = Callable[[Position, int, int], Rules]

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
#: obeys it elsewhere (turn.py, steps.py). Looking at the deck (Lantern, Tattered Map) is
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


def handler_for(state: Position, cid: int) -> Handler:
    card = state.card(cid)
    return HANDLERS.get(card.item.title) or ZONE_HANDLERS.get(card.item.zone or "") or _lines


def obeys_prose(title: str, zone: str | None) -> bool:
    """Whether the engine has something that obeys this card's prose lines."""
    return title in HANDLERS or title in HELD or zone in ZONE_HANDLERS


def resolve(state: Position, seat: int, cid: int) -> Rules:
    """Obey a drawn card (unless cancelled) and add it to the end of the path."""
    card = state.card(cid)
    if card.item.zone == "black" and seat == state.active:
        state.black_drawn = True
    cancel = yield from cancels(state, seat, cid)
    if cancel == "laid":
        return False
    stop = False
    if cancel is None:
        state.fired[card.item.title] += 1
        stop = yield from handler_for(state, cid)(state, seat, cid)
    if cid in state.limbo:
        state.place(seat, cid)
    return stop


def cancels(state: Position, seat: int, cid: int) -> Generator[Decision, TwistyAction, str | None]:
    """Items that cancel a card as it is played: None if nobody cancels it."""
    card = state.card(cid)
    offers: list[TwistyAction] = []
    # What the card is, asked first, is cheaper to know than what the player may spend.
    if steps.is_time_card(card.item.title) and steps.can_spend(state, seat, "Temporal Anchor"):
        offers.append(("cancel", "Temporal Anchor"))
    if "speed-dice" in card.effect.icons and steps.can_spend(state, seat, "Helpful Node"):
        offers.append(("cancel", "Helpful Node"))
    if card.is_trap and steps.can_spend(state, seat, "Laying Traps"):
        offers.append(("cancel", "Laying Traps"))
    action = (yield Decision(seat, [("obey",)] + offers)) if offers else ("obey",)
    if action == ("obey",):
        # Any other player's Temporal Anchor cancels a time card as it is played, too.
        return "cancelled" if (yield from steps.anchored(state, card.item.title, seat)) else None
    title = argument_of(action, str)
    if not (yield from steps.spend(state, seat, title)):
        return None
    if title == "Laying Traps":
        state.limbo.remove(cid)
        state.deck.insert(state.rng.randrange(len(state.deck) + 1), cid)
        return "laid"
    return "cancelled"
