"""Static checks of a Slipmax deck: what can be known before playing.

Codes (severity: meaning):

- SM001 error: a step's text (or its explicit `effect:`) cannot be read by the grammar.
- SM002 error: a strip's note cannot be read by the grammar.
- SM003 warning: a strip's steps do not start at (0) (the seed's Life of Royalty starts at 1).
- SM004 warning: a gap in a strip's step numbers (the seed's Life of Power has no (6)).
- SM005 error: a step number repeated or out of order.
- SM006 error: a step refers to a step of its strip that does not exist, e.g. "(9)".
- SM007 error: steps refer to each other in a cycle, e.g. (2) says "(3)" and (3) says "(2)".
- SM008 warning: a step or note names a strip that is not in the deck, so it never applies.
- SM009 error: fewer strips than registers: the registers cannot all be filled.
- SM010 warning: fewer than 20 strips (the seed rules ask for at least twenty).
- SM011 error: register card and board disagree: a board shape with no register, or a
  register shape repeated.
- SM012 warning: a register for a shape that no board space has (it is never landed on).
- SM013 info: how many distinct ways there are to deal the starting registers.
- SM014 error: a strip has more steps than the register card's pocket can hide: pushed home,
  it could not be pulled out one step at a time to its last step.
- SM015 error: strips too wide for the register card: the slits (strip width + clearance)
  do not fit side by side with at least MIN_BRIDGE of card between them.

SM014 and SM015 use the print layouts (strip.yaml and register-card.yaml of the game
folder's layouts/, else of this package's), the same geometry the sheets are drawn with.
"""

from fractions import Fraction
from math import comb, factorial

from generator.findings import Finding, error, info, warning
from generator.layout.folders import context_for
from generator.sources.errors import Loc
from generator.sources.game import Game

from .deck import Board, Strip, read_board, read_register_card, read_strips
from .grammar import Node
from .items import RegisterCardItem, StripItem
from .kinds import REGISTER_CARD_KIND, STRIP_KIND, register_geometry
from .rules import SEED_STRIPS


def static_checks(game: Game) -> list[Finding]:
    """Every static finding about the game's deck, board and register card."""
    strips, findings = read_strips(game)
    board = read_board(game)
    card = read_register_card(game)
    registers = card.registers
    findings += numbering(game)
    for strip in _distinct(strips):
        findings += references(strip)
        findings += cycles(strip)
    findings += strip_names(strips)
    findings += strip_count(strips, len(registers), _deck_loc(game))
    findings += shapes(board, registers, card.loc_of("registers"))
    if len(strips) >= len(registers):
        findings.append(deals(strips, len(registers), _deck_loc(game)))
    findings += fits_register_card(game)
    return findings


#: The least card left between two neighbouring slits, in mm, for the card to hold together.
MIN_BRIDGE = 3.0


def fits_register_card(game: Game) -> list[Finding]:
    """SM014 and SM015: do the strips, as laid out for print, work in the register card?"""
    cards, strip_files = game.files_of("register-card"), game.files_of("strip")
    if not cards or not strip_files:
        return []
    ctx = context_for(game)
    card_file = cards[0]
    card = game.typed("register-card", RegisterCardItem)[0]
    card_layout = ctx.layout(card_file.layout, REGISTER_CARD_KIND, card_file.data.loc_of("kind"))
    strip_layout = ctx.layout(strip_files[0].layout, STRIP_KIND, strip_files[0].data.loc_of("kind"))
    registers = len(card.registers)
    geometry = register_geometry(card_layout, strip_layout, registers)
    step_height = strip_layout.params["step_height"]
    findings = []
    for item in game.typed("strip", StripItem):
        needed = len(item.steps) * step_height
        if needed > geometry.pocket_depth + 1e-6:
            findings.append(
                error(
                    "SM014",
                    f"{item.title!r} has {len(item.steps)} steps ({needed:.1f} mm at {step_height:.1f} mm "
                    f"a step) but the register card's pocket is {geometry.pocket_depth:.1f} mm deep",
                    item.loc_of("steps"),
                )
            )
    if geometry.slit_length > geometry.pitch - MIN_BRIDGE + 1e-6:
        findings.append(
            error(
                "SM015",
                f"strips are too wide for the register card: {registers} slits of "
                f"{geometry.slit_length:.1f} mm need "
                f"{registers * (geometry.slit_length + MIN_BRIDGE):.1f} mm "
                f"but the card is {geometry.width:.1f} mm wide",
                card.loc_of("registers"),
            )
        )
    return findings


def _distinct(strips: list[Strip]) -> list[Strip]:
    return list({id(s): s for s in strips}.values())


def _deck_loc(game: Game) -> Loc:
    files = game.files_of("strip")
    return files[0].data.key_loc("items") if files else game.data.loc


def numbering(game: Game) -> list[Finding]:
    """SM003/SM004/SM005 from the printed numbers (readable or not)."""
    findings = []
    for item in game.typed("strip", StripItem):
        steps = item.steps
        numbers = [step.step for step in steps]
        title = item.title
        if numbers[0] != 0:
            findings.append(warning("SM003", f"{title!r} starts at step ({numbers[0]}), not (0)", steps[0].loc))
        for i in range(1, len(numbers)):
            before, now = numbers[i - 1], numbers[i]
            if now <= before:
                findings.append(
                    error("SM005", f"{title!r} step ({now}) follows ({before}): numbers must rise", steps[i].loc)
                )
            elif now > before + 1:
                missing = ", ".join(f"({n})" for n in range(before + 1, now))
                findings.append(warning("SM004", f"{title!r} has no step {missing}", steps[i].loc))
    return findings


def step_refs(node: Node) -> list[int]:
    """The step numbers an effect tree refers to."""
    own = [node.args[0]] if node.op == "ref" else [node.args[1]] if node.op == "per" else []
    return own + [n for a in node.args if isinstance(a, Node) for n in step_refs(a)]


def references(strip: Strip) -> list[Finding]:
    """SM006: references to steps the strip does not have."""
    return [
        error("SM006", f"step ({n}) does not exist on {strip.title!r}", step.loc)
        for step in strip.steps
        for n in step_refs(step.effect)
        if strip.index_of(n) is None
    ]


def cycles(strip: Strip) -> list[Finding]:
    """SM007: each cycle of references, reported once at its first step in strip order."""
    graph = {s.number: [n for n in step_refs(s.effect) if strip.index_of(n) is not None] for s in strip.steps}
    findings: list[Finding] = []
    reported: set[int] = set()
    for step in strip.steps:
        path = _cycle_from(step.number, graph)
        if path and not set(path) & reported:
            reported |= set(path)
            loop = " -> ".join(f"({n})" for n in [*path, path[0]])
            findings.append(error("SM007", f"{strip.title!r} steps refer in a cycle: {loop}", step.loc))
    return findings


def _cycle_from(start: int, graph: dict[int, list[int]]) -> list[int] | None:
    """A cycle through `start`, as the list of steps on it, or None."""
    stack = [(start, [start])]
    seen = set()
    while stack:
        node, path = stack.pop()
        for nxt in graph[node]:
            if nxt == start:
                return path
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, [*path, nxt]))
    return None


def _named_strips(node: Node) -> list[str]:
    own = [node.args[0]] if node.op in ("collect_spaces", "waste") else []
    return own + [t for a in node.args if isinstance(a, Node) for t in _named_strips(a)]


def strip_names(strips: list[Strip]) -> list[Finding]:
    """SM008: strips named by steps or notes that the deck does not have."""
    titles = {s.title for s in strips}
    findings = []
    for strip in _distinct(strips):
        for rule in strip.rules:
            for name in _named_strips(rule):
                if name not in titles:
                    findings.append(
                        warning("SM008", f"{strip.title!r} note names {name!r}, which is not in the deck", strip.loc)
                    )
        for step in strip.steps:
            for name in _named_strips(step.effect):
                if name not in titles:
                    findings.append(
                        warning(
                            "SM008",
                            f"{strip.title!r} step ({step.number}) names {name!r}, which is "
                            "not in the deck, so it never collects anything",
                            step.loc,
                        )
                    )
    return findings


def strip_count(strips: list[Strip], registers: int, loc: Loc) -> list[Finding]:
    """SM009 / SM010: enough strips to fill the registers, and the twenty the seed asks for."""
    if len(strips) < registers:
        return [error("SM009", f"{len(strips)} strip(s) cannot fill the {registers} registers", loc)]
    if len(strips) < SEED_STRIPS:
        return [warning("SM010", f"{len(strips)} strips: the rules ask for at least {SEED_STRIPS}", loc)]
    return []


def shapes(board: Board, registers: tuple[str, ...], loc: Loc) -> list[Finding]:
    """SM011 / SM012: every board shape has exactly one register, and every register a space."""
    findings = []
    repeated = sorted({s for s in registers if registers.count(s) > 1})
    if repeated:
        findings.append(error("SM011", f"register shape(s) repeated: {', '.join(repeated)}", loc))
    on_board = {shape for space in board.spaces for shape in space}
    missing = sorted(on_board - set(registers))
    if missing:
        findings.append(error("SM011", f"the board has shape(s) with no register: {', '.join(missing)}", loc))
    unused = sorted(set(registers) - on_board)
    if unused:
        findings.append(warning("SM012", f"no board space has the register shape(s): {', '.join(unused)}", loc))
    return findings


def ordered_deals(copies: list[int], registers: int) -> int:
    """Distinct ordered fillings of `registers` registers from strips with these copy counts.

    Copies of one strip are indistinguishable: this is registers! times the coefficient of
    x^registers in the product of the truncated exponentials sum_{k<=c} x^k / k!."""
    poly = [Fraction(1)]
    for c in copies:
        term = [Fraction(1, factorial(k)) for k in range(c + 1)]
        product = [Fraction(0)] * min(len(poly) + c, registers + 1)
        for i, a in enumerate(poly):
            for k, b in enumerate(term):
                if i + k <= registers:
                    product[i + k] += a * b
        poly = product
    return int(poly[registers] * factorial(registers)) if registers < len(poly) else 0


def deals(strips: list[Strip], registers: int, loc: Loc) -> Finding:
    """SM013: how many starting register line-ups the deck can deal."""
    copies: dict[str, int] = {}
    for strip in strips:
        copies[strip.title] = copies.get(strip.title, 0) + 1
    ordered = ordered_deals(list(copies.values()), registers)
    message = (
        f"{len(strips)} strips ({len(copies)} different) can be dealt into the "
        f"{registers} registers in {ordered:,} distinct ordered ways"
    )
    if len(copies) == len(strips):
        n = len(strips)
        message += (
            f" ({' x '.join(str(n - i) for i in range(registers))}); ignoring which "
            f"register gets which strip, {comb(n, registers):,} sets"
        )
    if len(strips) == SEED_STRIPS and len(copies) == SEED_STRIPS:
        message += "; the seed rules' 27,907,200 counts ordered deals"
    return info("SM013", message, loc)
