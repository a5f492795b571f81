"""The Slipmax deck as the engine plays it: strips with their steps' effects parsed, the
shape board's spaces in play order and the register card's shapes, built from the typed
items (items.py).

`read_strips(game)` parses every strip and collects each unreadable text as a Finding (the
static checks report them all); `load_deck` (in the engine) refuses a deck with any error.
"""

from dataclasses import dataclass, field
from typing import TypeVar

from msgspec import Struct

from generator.findings import Finding, error
from generator.sources.errors import Loc, SourceError
from generator.sources.game import Game
from generator.sources.items import Item

from .grammar import ONGOING_OPS, GrammarError, Node, parse_notation, parse_note, parse_step
from .items import SHAPES, RegisterCardItem, ShapeBoardItem, StepItem, StripItem

#: Finding codes raised while reading the deck (documented in checks.py).
UNREADABLE_STEP = "SM001"
UNREADABLE_NOTE = "SM002"

ItemT = TypeVar("ItemT", bound=Item)


class Step(Struct, frozen=True):
    """One numbered statement of a strip and its effect tree."""

    item: StepItem
    effect: Node
    #: What the simulation report calls it: 'Life of Pain (3)'.
    name: str

    @property
    def number(self) -> int:
        return self.item.step

    @property
    def text(self) -> str:
        return self.item.text

    @property
    def loc(self) -> Loc:
        """Where the effect was read from: the explicit `effect:`, else the text."""
        return self.item.loc_of("effect" if self.item.effect is not None else "text")


@dataclass(frozen=True)
class Strip:
    """A strip: its item, the strip-wide rules of its note and its steps in printed order."""

    item: StripItem
    rules: tuple[Node, ...]
    steps: tuple[Step, ...]
    #: Step number -> its position in `steps`.
    by_number: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    #: The note's rules by op, made from `rules` (see rule()).
    _by_op: dict[str, Node] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_op", {r.op: r for r in self.rules})

    @property
    def title(self) -> str:
        return self.item.title

    @property
    def note(self) -> str | None:
        return self.item.note

    @property
    def loc(self) -> Loc:
        return self.item.loc

    def rule(self, op: str) -> Node | None:
        """The note rule with this op, if the note has it."""
        return self._by_op.get(op)

    def index_of(self, number: int) -> int | None:
        """The position in `steps` of the step printed with this number."""
        return self.by_number.get(number)


class Board(Struct, frozen=True):
    """Spaces in spiral order; each is a tuple of shapes (two on a centre space, in the
    order their registers are obeyed)."""

    spaces: tuple[tuple[str, ...], ...]
    first_centre: int

    @property
    def last(self) -> int:
        return len(self.spaces) - 1


class Deck(Struct, frozen=True):
    #: Every copy of every strip, in source order.
    strips: tuple[Strip, ...]
    board: Board
    #: The register card's shapes, left to right.
    registers: tuple[str, ...]
    #: For each strip, for each of its steps, the ongoing rules it holds while showing.
    ongoing: tuple[tuple[tuple[Node, ...], ...], ...] = ()


def read_deck(game: Game) -> Deck:
    """The deck of a game; SourceError when it lacks the board or the register card."""
    strips, _ = read_strips(game)
    return Deck(
        tuple(strips),
        read_board(game),
        read_register_card(game).registers,
        tuple(ongoing_rules(strip) for strip in strips),
    )


def read_strips(game: Game) -> tuple[list[Strip], list[Finding]]:
    """Every strip of the game (each copy) with its parsed steps; unreadable text becomes
    findings.

    An unreadable step stays in the strip as a no-op, so that references to it are not
    reported missing; load_deck refuses such a deck anyway.
    """
    strips: list[Strip] = []
    findings: list[Finding] = []
    for item in game.typed("strip", StripItem):
        rules: tuple[Node, ...] = ()
        if item.note is not None:
            try:
                rules = parse_note(item.note)
            except GrammarError as exc:
                findings.append(error(UNREADABLE_NOTE, f"{item.title!r}: note {exc}", item.loc_of("note")))
        steps = tuple(_parse_step(item.title, step, findings) for step in item.steps)
        strip = Strip(item, rules, steps, {step.number: i for i, step in enumerate(steps)})
        strips.extend([strip] * item.count)
    return strips, findings


def _parse_step(title: str, step: StepItem, findings: list[Finding]) -> Step:
    try:
        effect = parse_notation(step.effect) if step.effect is not None else parse_step(step.text)
    except GrammarError as exc:
        key, what = ("effect", "effect") if step.effect is not None else ("text", "step text")
        findings.append(error(UNREADABLE_STEP, f"{title!r} step ({step.step}): {what} {exc}", step.loc_of(key)))
        effect = Node("noop")
    return Step(step, effect, f"{title} ({step.step})")


def _single(game: Game, kind: str, item_class: type[ItemT]) -> ItemT:
    """The game's one item of a kind; SourceError when there is not exactly one."""
    items = game.typed(kind, item_class)
    if len(items) != 1:
        where = items[1].loc if items else (game.data.loc if game.data else Loc("", 1, 1))
        raise SourceError(where, f"expected exactly one {kind}, found {len(items)}")
    return items[0]


def read_board(game: Game) -> Board:
    """The shape board: ordinary spaces in spiral order, then the centre spaces."""
    item = _single(game, "shape-board", ShapeBoardItem)
    spaces = tuple((shape,) for shape in item.spaces)
    centre = tuple(tuple(sorted(pair, key=SHAPES.index)) for pair in item.centre)
    return Board(spaces + centre, len(spaces))


def read_register_card(game: Game) -> RegisterCardItem:
    """The game's one register card."""
    return _single(game, "register-card", RegisterCardItem)


def ongoing_rules(strip: Strip) -> tuple[tuple[Node, ...], ...]:
    """For each step of a strip, the ongoing rules it holds (following its references)."""

    def collect(node: Node, seen: frozenset[int]) -> list[Node]:
        if node.op in ONGOING_OPS:
            return [node]
        if node.op == "ref":
            index = strip.index_of(node.args[0])
            if index is None or node.args[0] in seen:
                return []
            return collect(strip.steps[index].effect, seen | {node.args[0]})
        return [r for a in node.args if isinstance(a, Node) for r in collect(a, seen)]

    return tuple(tuple(collect(step.effect, frozenset({step.number}))) for step in strip.steps)
