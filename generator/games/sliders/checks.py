"""Static checks of a Sliders deck: the findings that need no simulation.

Codes (severity: meaning):

    SL001 error: a deed's rent does not rise with every house, and the hotel above four houses
    SL002 error: a mortgage value is not half the deed's price
    SL003 error: a colour group's deeds have different house costs
    SL004 error: a colour group holds fewer than 2 or more than 3 deeds
    SL005 error: there are not exactly 4 railroads
    SL006 error: there are not exactly 2 utilities
    SL007 error: a Chance or Community Chest deck does not hold 16 cards
    SL008 error: a card's target is no board square (or the board has no square of its kind)
    SL009 error: a title deed is not on the board
    SL010 error: a board square names no title deed of its type
    SL011 error: the board has not exactly one GO, Slidecage and Go to the Slidecage
    SL012 error: the money does not cover the starting amounts (bills for 8 players' split)
    SL013 info:  a difference from the classic tables (square, price, rent, cost, cards, money)
    SL014 error: the board has not 40 squares
    SL015 error: a card's effect does not follow the effect notation
    SL016 error: a card deck has no card back
    SL017 error: two deeds share a name, or one deed is on the board twice
    SL018 error: the Bank has no houses or no hotels
    SL019 warning: a colour group's deeds print different colours
"""

from collections import Counter

from generator.findings import Finding, error, info, warning
from generator.games.grammar import EffectError
from generator.games.sliders import classic
from generator.games.sliders.deck import check_kinds
from generator.games.sliders.grammar import Effect, parse_effect
from generator.games.sliders.items import (
    CARD_DECKS,
    DEED_SQUARE_TYPES,
    MAX_PLAYERS,
    TITLE_KINDS,
    Bill,
    Building,
    CardBack,
    Deed,
    EventCard,
    Railroad,
    Square,
    TitleDeed,
)
from generator.sources.errors import Loc
from generator.sources.game import Game

BOARD_SIZE = 40
SINGLE_SQUARES = {"go": "GO", "slidecage": "Slidecage", "go-to-slidecage": "Go to the Slidecage"}


def static_checks(game: Game) -> list[Finding]:
    """Every finding about the deck; SourceError (raised) for malformed items."""
    check_kinds(game)
    findings: list[Finding] = []
    findings += check_deeds(game)
    findings += check_board(game)
    findings += check_cards(game)
    findings += check_money(game)
    findings += check_buildings(game)
    findings += compare_with_classic(game)
    return findings


def _kind_loc(game: Game, kind: str) -> Loc:
    """Where a kind is declared, or game.yaml's component list when no file has it."""
    files = game.files_of(kind)
    if files:
        return files[0].data.loc_of("kind")
    return game.data.loc_of("components")


def _titles(game: Game) -> list[tuple[str, TitleDeed]]:
    """Every title deed with its kind, the kinds in TITLE_KINDS' order."""
    return [(kind, title) for kind, item in TITLE_KINDS for title in game.typed(kind, item)]


def _copies(game: Game, deck: str) -> int:
    """How many cards an event deck holds, each item's copies counted."""
    return sum(card.count for card in game.typed(deck, EventCard))


def check_deeds(game: Game) -> list[Finding]:
    findings = []
    groups: dict[str, list[Deed]] = {}
    for deed in game.typed("deed", Deed):
        groups.setdefault(deed.group, []).append(deed)
        rent = deed.rent
        for step in range(1, len(rent)):
            if rent[step] <= rent[step - 1]:
                what = "the hotel" if step == 5 else f"{step} house{'s' * (step > 1)}"
                findings.append(
                    error(
                        "SL001",
                        f"rent with {what} (${rent[step]}) on {deed.name!r} does not rise above ${rent[step - 1]}",
                        deed.source["rent"].loc_of(step),  # the rent's own place, which the tuple lacks
                    )
                )
                break
    for _, title in _titles(game):
        if title.mortgage * 2 != title.price:
            findings.append(
                error(
                    "SL002",
                    f"mortgage ${title.mortgage} of {title.name!r} is not half its price ${title.price}",
                    title.loc_of("mortgage"),
                )
            )
    for name, members in groups.items():
        costs = Counter(m.house_cost for m in members)
        usual = costs.most_common(1)[0][0]
        for member in members:
            if member.house_cost != usual:
                findings.append(
                    error(
                        "SL003",
                        f"house cost ${member.house_cost} of {member.name!r} differs from ${usual} in group {name!r}",
                        member.loc_of("house_cost"),
                    )
                )
        colour = members[0].colour.lower()
        for member in members[1:]:
            if member.colour.lower() != colour:
                findings.append(
                    warning(
                        "SL019",
                        f"colour {member.colour} of {member.name!r} differs from {members[0].colour} in group {name!r}",
                        member.loc_of("colour"),
                    )
                )
        if not 2 <= len(members) <= 3:
            findings.append(
                error(
                    "SL004", f"group {name!r} holds {len(members)} deeds (expected 2 or 3)", members[0].loc_of("group")
                )
            )
    kinds = Counter(kind for kind, _ in _titles(game))
    for kind, code, wanted in (("railroad", "SL005", 4), ("utility", "SL006", 2)):
        found = kinds[kind]
        if found != wanted:
            findings.append(error(code, f"{found} {kind} deeds (expected {wanted})", _kind_loc(game, kind)))
    return findings


def _deed_names(game: Game) -> dict[str, tuple[str, TitleDeed]]:
    """The first title deed of each name, with its kind."""
    names: dict[str, tuple[str, TitleDeed]] = {}
    for kind, title in _titles(game):
        names.setdefault(title.name, (kind, title))
    return names


def check_board(game: Game) -> list[Finding]:
    findings = []
    squares = game.typed("square", Square)
    board_loc = _kind_loc(game, "square")
    if len(squares) != BOARD_SIZE:
        findings.append(error("SL014", f"the board has {len(squares)} squares (expected {BOARD_SIZE})", board_loc))
    types: Counter[str] = Counter(square.type for square in squares)
    for type_, name in SINGLE_SQUARES.items():
        if types[type_] != 1:
            findings.append(
                error("SL011", f"the board has {types[type_]} {name} squares (expected exactly one)", board_loc)
            )
    deeds = _deed_names(game)
    seen: dict[str, Square] = {}
    for _, title in _titles(game):
        if deeds[title.name][1] is not title:
            findings.append(error("SL017", f"a second deed is named {title.name!r}", title.loc_of("name")))
    for square in squares:
        wanted = DEED_SQUARE_TYPES.get(square.type)
        if wanted is None:
            continue
        name = square.deed or ""
        kind = deeds[name][0] if name in deeds else ""
        if kind != wanted:
            findings.append(
                error("SL010", f"square {square.name!r} names no {wanted} deed {name!r}", square.loc_of("deed"))
            )
        elif name in seen:
            findings.append(
                error(
                    "SL017",
                    f"deed {name!r} is on the board twice (first at line {seen[name].loc.line})",
                    square.loc_of("deed"),
                )
            )
        seen.setdefault(name, square)
    for name, (_, title) in deeds.items():
        if name not in seen:
            findings.append(error("SL009", f"deed {name!r} is not on the board", title.loc))
    return findings


def check_cards(game: Game) -> list[Finding]:
    findings = []
    squares = game.typed("square", Square)
    square_names = {square.name for square in squares}
    square_types: set[str] = {square.type for square in squares}
    backs = {back.deck for back in game.typed("card-back", CardBack)}
    for deck in CARD_DECKS:
        copies = _copies(game, deck)
        if copies != 16:
            findings.append(
                error("SL007", f"the {deck} deck holds {copies} cards (expected 16)", _kind_loc(game, deck))
            )
        if deck not in backs:
            findings.append(error("SL016", f"the {deck} deck has no card back", _kind_loc(game, deck)))
        for card in game.typed(deck, EventCard):
            try:
                effect = parse_effect(card.effect)
            except EffectError as exc:
                findings.append(error("SL015", str(exc), card.loc_of("effect")))
                continue
            if effect.op == "advance" and effect.target not in square_names:
                findings.append(
                    error("SL008", f"card target {effect.target!r} is no board square", card.loc_of("effect"))
                )
            if effect.op == "nearest" and effect.target not in square_types:
                findings.append(error("SL008", f"the board has no {effect.target}", card.loc_of("effect")))
    return findings


def check_money(game: Game) -> list[Finding]:
    findings = []
    bills = game.typed("bill", Bill)
    for bill in bills:
        if (bill.count is None) == (bill.bank is None):
            findings.append(
                error(
                    "SL012",
                    f"the ${bill.value} bill gives {'both' if bill.count else 'neither of'} 'count' and 'bank': "
                    "expected one (count: how many to print; bank: the Bank's share beyond the players' starting cash)",
                    bill.loc,
                )
            )
            continue
        needed = bill.per_player * MAX_PLAYERS
        if bill.copies(MAX_PLAYERS) < needed:
            findings.append(
                error(
                    "SL012",
                    f"{bill.count} bills of ${bill.value} do not cover {MAX_PLAYERS} "
                    f"players' {bill.per_player} each ({needed})",
                    bill.loc_of("count"),
                )
            )
    if not any(bill.per_player for bill in bills):
        findings.append(error("SL012", "no bills make up the starting amount", _kind_loc(game, "bill")))
    return findings


def check_buildings(game: Game) -> list[Finding]:
    types = {building.type for building in game.typed("building", Building)}
    return [
        error("SL018", f"the Bank has no {type_}s", _kind_loc(game, "building"))
        for type_ in ("house", "hotel")
        if type_ not in types
    ]


def canonical(effect: Effect, positions: dict[str, int]) -> str:
    """An effect in the notation with `advance to` targets as square numbers."""
    if effect.op == "advance":
        return f"advance to {positions.get(effect.target, effect.target)}"
    return {
        "nearest": f"advance to nearest {effect.target}, pay {effect.amount}x {effect.basis}",
        "back": f"back {effect.amount}",
        "slidecage": "go to slidecage",
        "get_out": "get out of slidecage free",
        "repairs": f"repairs {effect.amount} per house, {effect.hotel_amount} per hotel",
        "pay_each": f"pay {effect.amount} to each player",
        "collect_each": f"collect {effect.amount} from each player",
        "pay": f"pay {effect.amount}",
        "collect": f"collect {effect.amount}",
    }[effect.op]


def compare_with_classic(game: Game) -> list[Finding]:
    """SL013: every difference from the classic tables, as info."""
    return _classic_squares(game) + _classic_cards(game) + _classic_supplies(game)


def _classic_squares(game: Game) -> list[Finding]:
    findings = []
    deeds = _deed_names(game)
    for index, square in enumerate(game.typed("square", Square)[: len(classic.SQUARES)]):
        ref = classic.SQUARES[index]
        if square.type != ref.type:
            findings.append(
                info("SL013", f"square {index} is a {square.type}, classic: {ref.type}", square.loc_of("type"))
            )
            continue
        if ref.type in ("tax", "go"):
            field, amount = ("amount", square.amount) if ref.type == "tax" else ("salary", square.salary)
            if amount != ref.amount:
                findings.append(
                    info(
                        "SL013",
                        f"{field} of {square.name!r} is ${amount}, classic ${ref.amount}",
                        square.loc_of(field),
                    )
                )
        if ref.type in DEED_SQUARE_TYPES and square.deed in deeds:
            findings += _classic_deed(deeds[square.deed][1], ref, index)
    return findings


def _printed(title: TitleDeed) -> dict[str, object]:
    """A title deed's numbers the classic tables hold, by field name (rents as lists)."""
    printed: dict[str, object] = {"price": title.price, "mortgage": title.mortgage}
    if isinstance(title, Deed):
        printed |= {"rent": list(title.rent), "house_cost": title.house_cost}
    elif isinstance(title, Railroad):
        printed["rent_by_count"] = list(title.rent_by_count)
    else:
        printed["dice_multiplier"] = list(title.dice_multiplier)
    return printed


def _classic_deed(title: TitleDeed, ref: classic.ClassicSquare, index: int) -> list[Finding]:
    rent_field = {"property": "rent", "railroad": "rent_by_count", "utility": "dice_multiplier"}
    fields = {"price": ref.price, "mortgage": ref.mortgage, rent_field[ref.type]: list(ref.rent)}
    if ref.type == "property":
        fields["house_cost"] = ref.house_cost
    printed = _printed(title)
    return [
        info("SL013", f"{key} of {title.name!r} (square {index}) is {printed[key]}, classic {value}", title.loc_of(key))
        for key, value in fields.items()
        if key in printed and printed[key] != value
    ]


def _classic_cards(game: Game) -> list[Finding]:
    findings = []
    positions: dict[str, int] = {}
    for index, square in enumerate(game.typed("square", Square)):
        positions.setdefault(square.name, index)
    for deck in CARD_DECKS:
        wanted = Counter(classic.CARDS[deck])
        for card in game.typed(deck, EventCard):
            try:
                text = canonical(parse_effect(card.effect), positions)
            except EffectError:
                continue  # SL015
            for _ in range(card.count):
                if wanted[text] > 0:
                    wanted[text] -= 1
                else:
                    findings.append(
                        info(
                            "SL013",
                            f"{deck} card {card.title!r} ({text}) is not in the classic mix",
                            card.loc_of("effect"),
                        )
                    )
        for text, missing in sorted(wanted.items()):
            if missing > 0:
                findings.append(
                    info("SL013", f"the {deck} deck lacks {missing} classic card(s): {text}", _kind_loc(game, deck))
                )
    return findings


def _classic_supplies(game: Game) -> list[Finding]:
    findings = []
    start = sum(bill.value * bill.per_player for bill in game.typed("bill", Bill))
    if start != classic.START_CASH:
        findings.append(
            info("SL013", f"players start with ${start}, classic ${classic.START_CASH}", _kind_loc(game, "bill"))
        )
    for building in game.typed("building", Building):
        ref = classic.HOUSES if building.type == "house" else classic.HOTELS
        if building.count != ref:
            findings.append(
                info("SL013", f"{building.count} {building.type}s, classic {ref}", building.loc_of("count"))
            )
    return findings
