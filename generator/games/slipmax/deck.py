"""The Slipmax deck model: strips with parsed steps, the shape board and the register card.

`read_deck(game)` builds the model and collects every problem as a Finding (the static
checks report them all); `load_deck` (in the engine) refuses a deck with any error.
"""

from dataclasses import dataclass, field

from generator.findings import Finding, error
from generator.sources.errors import Loc, SourceError
from generator.sources.frozen import LocMap
from generator.sources.game import Game

from .grammar import ONGOING_OPS, GrammarError, Node, parse_notation, parse_note, parse_step
from .schemas import SHAPES

#: Finding codes raised while reading the deck (documented in checks.py).
UNREADABLE_STEP = "SM001"
UNREADABLE_NOTE = "SM002"


@dataclass(frozen=True)
class Step:
    """One numbered statement of a strip and its effect tree."""

    number: int
    text: str
    effect: Node
    loc: Loc
    #: What the simulation report calls it: 'Life of Pain (3)'.
    name: str = ""


@dataclass(frozen=True)
class Strip:
    """A strip: its title, strip-wide rules from its note, and its steps in printed order."""

    title: str
    rules: tuple[Node, ...]
    steps: tuple[Step, ...]
    loc: Loc
    note: str | None = None
    by_number: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    #: The note's rules by op, made from `rules` (see rule()).
    _by_op: dict[str, Node] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_op", {r.op: r for r in self.rules})

    def rule(self, op: str) -> Node | None:
        """The note rule with this op, if the note has it."""
        return self._by_op.get(op)

    def index_of(self, number: int) -> int | None:
        """The position in `steps` of the step printed with this number."""
        return self.by_number.get(number)


@dataclass(frozen=True)
class Board:
    """Spaces in spiral order; each is a tuple of shapes (two on a centre space)."""

    spaces: tuple[tuple[str, ...], ...]
    first_centre: int
    loc: Loc

    @property
    def last(self) -> int:
        return len(self.spaces) - 1


@dataclass(frozen=True)
class Deck:
    strips: tuple[Strip, ...]
    board: Board
    registers: tuple[str, ...]
    registers_loc: Loc
    #: For each strip, for each of its steps, the ongoing rules it holds while showing.
    ongoing: tuple[tuple[tuple[Node, ...], ...], ...] = ()


def read_strips(game: Game) -> tuple[list[Strip], list[Finding]]:
    """Every strip of the game with its parsed steps; unreadable text becomes findings.

    Structure errors (schema) raise SourceError: they are not rules problems. An unreadable
    step stays in the strip as a no-op, so that references to it are not reported missing;
    load_deck refuses such a deck anyway.
    """
    strips: list[Strip] = []
    findings: list[Finding] = []
    for item in game.items("strip"):
        rules: tuple[Node, ...] = ()
        if "note" in item:
            try:
                rules = parse_note(item["note"])
            except GrammarError as exc:
                findings.append(error(UNREADABLE_NOTE, f"{item['title']!r}: note {exc}", item.loc_of("note")))
        steps = []
        for raw in item["steps"]:
            steps.append(_parse_step(item["title"], raw, findings))
        numbers = {step.number: i for i, step in enumerate(steps)}
        strip = Strip(item["title"], rules, tuple(steps), item.loc, item.get("note"), numbers)
        strips.extend([strip] * int(item.get("count", 1)))
    return strips, findings


def _parse_step(title: str, raw: LocMap, findings: list[Finding]) -> Step:
    key = "effect" if "effect" in raw else "text"
    try:
        effect = parse_notation(raw[key]) if key == "effect" else parse_step(raw[key])
    except GrammarError as exc:
        what = "effect" if key == "effect" else "step text"
        findings.append(error(UNREADABLE_STEP, f"{title!r} step ({raw['step']}): {what} {exc}", raw.loc_of(key)))
        effect = Node("noop")
    return Step(raw["step"], raw["text"], effect, raw.loc_of(key), f"{title} ({raw['step']})")


def _single(game: Game, kind: str) -> LocMap:
    """The game's one item of a kind; SourceError when there is not exactly one."""
    items = game.items(kind)
    if len(items) != 1:
        where = items[1].loc if items else (game.data.loc if game.data else Loc("", 1, 1))
        raise SourceError(where, f"expected exactly one {kind}, found {len(items)}")
    return items[0]


def read_board(game: Game) -> Board:
    """The shape board: ordinary spaces in spiral order, then the centre spaces."""
    item = _single(game, "shape-board")
    spaces = tuple((shape,) for shape in item["spaces"])
    centre = tuple(tuple(sorted(pair, key=_shape_order)) for pair in item["centre"])
    return Board(spaces + centre, len(spaces), item.loc)


def read_registers(game: Game) -> tuple[tuple[str, ...], Loc]:
    """The register card's shapes and where they are written."""
    item = _single(game, "register-card")
    return tuple(item["registers"]), item.loc_of("registers")


def _shape_order(shape: str) -> int:
    return SHAPES.index(shape)


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
