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
from generator.games.sliders.deck import check_kinds, expanded, validated_items
from generator.games.sliders.effects import Effect, parse_effect
from generator.games.sliders.schemas import CARD_DECKS, DEED_SQUARE_TYPES
from generator.sources.errors import Loc
from generator.sources.frozen import LocMap
from generator.sources.game import Game

MAX_PLAYERS = 8
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


def check_deeds(game: Game) -> list[Finding]:
    findings = []
    groups: dict[str, list[LocMap]] = {}
    for item in validated_items(game, "deed"):
        groups.setdefault(item["group"], []).append(item)
        rent = item["rent"]
        for step in range(1, len(rent)):
            if rent[step] <= rent[step - 1]:
                what = "the hotel" if step == 5 else f"{step} house{'s' * (step > 1)}"
                findings.append(
                    error(
                        "SL001",
                        f"rent with {what} (${rent[step]}) on {item['name']!r} does not rise above ${rent[step - 1]}",
                        rent.loc_of(step),
                    )
                )
                break
    for kind in ("deed", "railroad", "utility"):
        for item in validated_items(game, kind):
            if item["mortgage"] * 2 != item["price"]:
                findings.append(
                    error(
                        "SL002",
                        f"mortgage ${item['mortgage']} of {item['name']!r} is not half its price ${item['price']}",
                        item.loc_of("mortgage"),
                    )
                )
    for name, members in groups.items():
        costs = Counter(m["house_cost"] for m in members)
        usual = costs.most_common(1)[0][0]
        for member in members:
            if member["house_cost"] != usual:
                findings.append(
                    error(
                        "SL003",
                        f"house cost ${member['house_cost']} of {member['name']!r} differs "
                        f"from ${usual} in group {name!r}",
                        member.loc_of("house_cost"),
                    )
                )
        colour = members[0]["colour"].lower()
        for member in members[1:]:
            if member["colour"].lower() != colour:
                findings.append(
                    warning(
                        "SL019",
                        f"colour {member['colour']} of {member['name']!r} differs from "
                        f"{members[0]['colour']} in group {name!r}",
                        member.loc_of("colour"),
                    )
                )
        if not 2 <= len(members) <= 3:
            findings.append(
                error(
                    "SL004", f"group {name!r} holds {len(members)} deeds (expected 2 or 3)", members[0].loc_of("group")
                )
            )
    for kind, code, wanted in (("railroad", "SL005", 4), ("utility", "SL006", 2)):
        found = len(game.items(kind))
        if found != wanted:
            findings.append(error(code, f"{found} {kind} deeds (expected {wanted})", _kind_loc(game, kind)))
    return findings


def _deed_names(game: Game) -> dict[str, tuple[str, LocMap]]:
    names: dict[str, tuple[str, LocMap]] = {}
    for kind in ("deed", "railroad", "utility"):
        for item in validated_items(game, kind):
            names.setdefault(item["name"], (kind, item))
    return names


def check_board(game: Game) -> list[Finding]:
    findings = []
    squares = validated_items(game, "square")
    board_loc = _kind_loc(game, "square")
    if len(squares) != BOARD_SIZE:
        findings.append(error("SL014", f"the board has {len(squares)} squares (expected {BOARD_SIZE})", board_loc))
    types = Counter(square["type"] for square in squares)
    for type_, name in SINGLE_SQUARES.items():
        if types[type_] != 1:
            findings.append(
                error("SL011", f"the board has {types[type_]} {name} squares (expected exactly one)", board_loc)
            )
    deeds = _deed_names(game)
    seen: dict[str, LocMap] = {}
    for kind in ("deed", "railroad", "utility"):
        for item in validated_items(game, kind):
            if deeds[item["name"]][1] is not item:
                findings.append(error("SL017", f"a second deed is named {item['name']!r}", item.loc_of("name")))
    for square in squares:
        wanted = DEED_SQUARE_TYPES.get(square["type"])
        if wanted is None:
            continue
        name = square.get("deed", "")
        kind = deeds.get(name, ("", None))[0]
        if kind != wanted:
            findings.append(
                error("SL010", f"square {square['name']!r} names no {wanted} deed {name!r}", square.loc_of("deed"))
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
    for name, (_, item) in deeds.items():
        if name not in seen:
            findings.append(error("SL009", f"deed {name!r} is not on the board", item.loc))
    return findings


def check_cards(game: Game) -> list[Finding]:
    findings = []
    square_names = {square["name"] for square in validated_items(game, "square")}
    square_types = {square["type"] for square in validated_items(game, "square")}
    backs = {item["deck"] for item in validated_items(game, "card-back")}
    for deck in CARD_DECKS:
        cards = expanded(validated_items(game, deck))
        if len(cards) != 16:
            findings.append(
                error("SL007", f"the {deck} deck holds {len(cards)} cards (expected 16)", _kind_loc(game, deck))
            )
        if deck not in backs:
            findings.append(error("SL016", f"the {deck} deck has no card back", _kind_loc(game, deck)))
        for card in validated_items(game, deck):
            try:
                effect = parse_effect(card["effect"])
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
    for bill in validated_items(game, "bill"):
        needed = bill["per_player"] * MAX_PLAYERS
        if bill["count"] < needed:
            findings.append(
                error(
                    "SL012",
                    f"{bill['count']} bills of ${bill['value']} do not cover {MAX_PLAYERS} "
                    f"players' {bill['per_player']} each ({needed})",
                    bill.loc_of("count"),
                )
            )
    if not any(bill["per_player"] for bill in validated_items(game, "bill")):
        findings.append(error("SL012", "no bills make up the starting amount", _kind_loc(game, "bill")))
    return findings


def check_buildings(game: Game) -> list[Finding]:
    types = {item["type"] for item in validated_items(game, "building")}
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
    for index, square in enumerate(validated_items(game, "square")[: len(classic.SQUARES)]):
        ref = classic.SQUARES[index]
        if square["type"] != ref.type:
            findings.append(
                info("SL013", f"square {index} is a {square['type']}, classic: {ref.type}", square.loc_of("type"))
            )
            continue
        if ref.type in ("tax", "go"):
            field = "amount" if ref.type == "tax" else "salary"
            if square.get(field, 0) != ref.amount:
                findings.append(
                    info(
                        "SL013",
                        f"{field} of {square['name']!r} is ${square.get(field, 0)}, classic ${ref.amount}",
                        square.loc_of(field),
                    )
                )
        if ref.type in DEED_SQUARE_TYPES and square.get("deed") in deeds:
            findings += _classic_deed(deeds[square["deed"]][1], ref, index)
    return findings


def _classic_deed(item: LocMap, ref: classic.ClassicSquare, index: int) -> list[Finding]:
    rent_field = {"property": "rent", "railroad": "rent_by_count", "utility": "dice_multiplier"}
    fields = {"price": ref.price, "mortgage": ref.mortgage, rent_field[ref.type]: list(ref.rent)}
    if ref.type == "property":
        fields["house_cost"] = ref.house_cost
    return [
        info("SL013", f"{key} of {item['name']!r} (square {index}) is {item[key]}, classic {value}", item.loc_of(key))
        for key, value in fields.items()
        if key in item and _plain(item[key]) != value
    ]


def _plain(value: object) -> object:
    return list(value) if isinstance(value, list) else value


def _classic_cards(game: Game) -> list[Finding]:
    findings = []
    positions: dict[str, int] = {}
    for index, square in enumerate(validated_items(game, "square")):
        positions.setdefault(square["name"], index)
    for deck in CARD_DECKS:
        wanted = Counter(classic.CARDS[deck])
        for card in expanded(validated_items(game, deck)):
            try:
                text = canonical(parse_effect(card["effect"]), positions)
            except EffectError:
                continue  # SL015
            if wanted[text] > 0:
                wanted[text] -= 1
            else:
                findings.append(
                    info(
                        "SL013",
                        f"{deck} card {card['title']!r} ({text}) is not in the classic mix",
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
    start = sum(bill["value"] * bill["per_player"] for bill in validated_items(game, "bill"))
    if start != classic.START_CASH:
        findings.append(
            info("SL013", f"players start with ${start}, classic ${classic.START_CASH}", _kind_loc(game, "bill"))
        )
    for item in validated_items(game, "building"):
        ref = classic.HOUSES if item["type"] == "house" else classic.HOTELS
        if item["count"] != ref:
            findings.append(info("SL013", f"{item['count']} {item['type']}s, classic {ref}", item.loc_of("count")))
    return findings
