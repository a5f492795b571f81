"""The Slipmax game state: turns, movement, registers, money, and the ways a game ends.
What each step does is in effects.py; the readings of the rules this state plays by are in
the package's docstring (__init__.py).

Play is a generator: the state runs the rules until a player must decide something, then
waits for `apply(action)`. Every turn starts with a decision (at least ("roll", None)), so
the harness's action cap bounds every game. Actions are (kind, value) tuples.
"""

import random
from collections import deque
from collections.abc import Generator
from typing import Any

from generator.games.game_state import Ending, GameState

from .deck import Deck, Strip
from .effects import Context, Effects
from .rules import END_TOLL, LOCK_CENTS, MAX_NESTED, START_MONEY, UNLOCK_COST

#: An action: the kind of decision and the choice made (a seat, a register, an amount, ...).
SlipmaxAction = tuple[str, Any]
Decision = tuple[int, list[SlipmaxAction]]
Play = Generator[Decision, SlipmaxAction, Any]


class SlipmaxEnding(Ending):
    """How a game of Slipmax ends: the three ends of the rules, then the two positions the
    rules give no way out of, where the engine stops the game (`SlipmaxState.stalemate`;
    which step showed is the `stalemate_steps` figure)."""

    REACHED_END = "everyone reached the end"
    BARTER = "paid to end (Life of Barter)"
    EVERYONE_OUT = "everyone out (Life of Mortality)"
    NO_CENT_TO_MOVE = "a pay-to-move step shows and nobody still in has a cent to move with"
    ALL_AT_START = "an all-rolls-go-backward step shows and every pawn still in stands at START"


class SlipmaxState(Effects, GameState[SlipmaxAction]):
    """A game of Slipmax in progress."""

    def __init__(self, deck: Deck, num_players: int, rng: random.Random, options: dict):
        super().__init__(num_players, rng)
        self.deck = deck
        self.board = deck.board
        self.last_space = deck.board.last
        self.first_centre = deck.board.first_centre
        self.tidal = bool(options.get("tidal", False))
        self.cycles = bool(options.get("cycles", False))
        self.house_rules = bool(options.get("house-rules", False))
        n = num_players
        self.money = [START_MONEY] * n
        self.pos = [-1] * n
        self.reversed = [False] * n
        self.reached = [False] * n
        self.out = [False] * n
        self.time = [0] * n
        self.skips = [0] * n
        self.chosen_rolls: list[list[int]] = [[] for _ in range(n)]
        self.tithe = [False] * n
        self.traps: set[int] = set()
        self.crown: int | None = None
        self.space_coins: dict[int, int] = {}
        self.bank_out = 0
        self.time_out = 0
        self.queue: deque[int] = deque()
        self.ended = False
        self.tithing = -1
        self.rerolled = False
        self.last_roll = 0
        self.landing_depth = 0
        self.obey_depth = 0
        self.time_limit = min((r.args[0] for s in deck.strips for r in s.rules if r.op == "time_limit"), default=None)
        shapes = deck.registers
        self.shape_register = {shape: i for i, shape in enumerate(shapes)}
        self.space_registers = [
            tuple(self.shape_register[s] for s in space if s in self.shape_register) for space in self.board.spaces
        ]
        self.space_names = [f"space {i}" for i in range(len(self.board.spaces))]
        order = list(range(len(deck.strips)))
        rng.shuffle(order)
        self.reg_strip = order[: len(shapes)]
        self.pile = order[len(shapes) :]
        self.set_aside: list[int] = []
        #: "Choose a player to go first": drawn by chance once the strips are dealt.
        self.first_player = rng.randrange(num_players)
        self.next_seat = self.first_player
        #: House rules: seat -> the price of a space on its next move (one round of Chaos (5)).
        self.paying: dict[int, int] = {}
        self.reg_pos = [-1] * len(shapes)
        self.reg_lock = [0] * len(shapes)
        self.reg_nickel = [False] * len(shapes)
        self._ongoing: dict[str, int] | None = None
        self._play_gen = self._play()
        self._started = False
        self._waiting: Decision | None = None

    # -- the GameState protocol -------------------------------------------------------

    @property
    def _pending(self) -> Decision | None:
        """The decision play waits for; play starts on the first look, so a fresh state
        can still be arranged (tests put strips on registers) before the first turn."""
        if not self._started:
            self._started = True
            self._waiting = next(self._play_gen, None)
        return self._waiting

    def current_player(self) -> int:
        pending = self._pending
        return pending[0] if pending else -1

    def legal_actions(self) -> list[SlipmaxAction]:
        pending = self._pending
        return list(pending[1]) if pending else []

    def apply(self, action: SlipmaxAction) -> None:
        pending = self._pending
        if pending is None or action not in pending[1]:
            raise ValueError(f"illegal action {action!r}")
        try:
            self._waiting = self._play_gen.send(action)
        except StopIteration:
            self._waiting = None

    def is_terminal(self) -> bool:
        return self._pending is None

    def returns(self) -> list[float]:
        return [-1.0 if self.out[p] else float(self.money[p]) for p in range(self.num_players)]

    def invariant_violations(self) -> list[str]:
        problems = []
        held = sum(self.money) + sum(self.reg_lock) + sum(self.space_coins.values())
        if held != START_MONEY * self.num_players + self.bank_out:
            problems.append(
                f"cents not conserved: {held} held, {START_MONEY * self.num_players + self.bank_out} expected"
            )
        if min(self.money) < 0 or min(self.reg_lock) < 0 or any(c < 0 for c in self.space_coins.values()):
            problems.append(f"negative holdings: money {self.money}, locks {self.reg_lock}")
        if 0 in self.space_coins.values():
            problems.append(f"a space keeps an empty pile of cents: {self.space_coins}")
        if min(self.time) < 0 or sum(self.time) != self.time_out:
            problems.append(f"Time tokens not conserved: {self.time} vs {self.time_out} issued")
        if any(not -1 <= p <= self.last_space for p in self.pos):
            problems.append(f"pawn off the board: {self.pos}")
        strips = sorted(self.reg_strip + self.pile + self.set_aside)
        if strips != list(range(len(self.deck.strips))):
            problems.append("strips lost or duplicated between registers and piles")
        if not self.is_terminal() and not self.legal_actions():
            problems.append("no legal action in a live game")
        return problems

    # -- asking players ---------------------------------------------------------------

    def _ask(self, player: int, kind: str, values: list, force: bool = False) -> Play:
        """The value a player picks among `values` (asked only when there is a choice)."""
        if len(values) == 1 and not force:
            return values[0]
        action = yield player, [(kind, v) for v in values]
        return action[1]

    # -- turns ------------------------------------------------------------------------

    def _play(self) -> Play:
        while not self._over():
            seat = self._next_seat()
            if self.skips[seat]:
                self.skips[seat] -= 1
                continue
            yield from self._turn(seat)
            self.turns += 1

    def _over(self) -> bool:
        active = self.active()
        return self.ended or not active or all(self.reached[p] for p in active) or self.stalemate()

    def ended_by_rules(self) -> bool:
        """A stalemate is the engine stopping a game the rules would play forever."""
        return not self.stalemate()

    def end_reason(self) -> SlipmaxEnding:
        """How the finished game ended (ValueError while it goes on)."""
        if not self.is_terminal():
            raise ValueError("the game is not over")
        if self.ended:
            return SlipmaxEnding.BARTER
        if not self.active():
            return SlipmaxEnding.EVERYONE_OUT
        if self.stalemate():
            return SlipmaxEnding.NO_CENT_TO_MOVE if "pay_to_move" in self.ongoing() else SlipmaxEnding.ALL_AT_START
        return SlipmaxEnding.REACHED_END

    def stalemate_step(self) -> str:
        """The name of the showing step that holds a stalemate ('Life of Chaos (5)')."""
        op = "pay_to_move" if "pay_to_move" in self.ongoing() else "rolls_backward"
        for r, index in enumerate(self.reg_pos):
            if index >= 0 and any(rule.op == op for rule in self.deck.ongoing[self.reg_strip[r]][index]):
                return self.strip_at(r).steps[index].name
        return op

    def stalemate(self) -> bool:
        """Nobody can ever move again, so nothing can ever change and the game would go round.

        Every change to money, pawns and registers needs a move. Nobody can move when a
        pay-per-space step shows and everyone is broke, or when "all rolls go backward"
        shows and everyone is at START, facing forward."""
        rules = self.ongoing()
        if "pay_to_move" in rules:
            return all(self.money[p] < rules["pay_to_move"] for p in self.active())
        at_start = all(self.pos[p] == -1 and not self.reversed[p] for p in self.active())
        return "rolls_backward" in rules and at_start and not self.house_rules

    def _next_seat(self) -> int:
        while self.queue:
            seat = self.queue.popleft()
            if not self.out[seat]:
                return seat
        while True:
            seat = self.next_seat
            self.next_seat = (seat + 1) % self.num_players
            if not self.out[seat]:
                return seat

    def _turn(self, p: int) -> Play:
        self.rerolled = False
        self.tithing = p if self.tithe[p] else -1
        self.tithe[p] = False
        steps = yield from self._movement(p)
        if steps and (yield from self._move(p, steps, rolled=True)):
            yield from self._land(p)
        self.tithing = -1

    def turn_now(self, p: int) -> Play:
        """A whole turn for p played at once, in the middle of the current one ("take a turn
        right now"), which then goes on as it was."""
        saved = (self.rerolled, self.tithing, self.last_roll)
        yield from self._turn(p)
        self.turns += 1
        self.rerolled, self.tithing, self.last_roll = saved

    def ongoing(self) -> dict[str, int]:
        """Ongoing rules of every step showing in a register: op -> its number (or 1)."""
        if self._ongoing is None:
            self._ongoing = self._find_ongoing()
        return self._ongoing

    def _find_ongoing(self) -> dict[str, int]:
        found: dict[str, int] = {}
        for r, index in enumerate(self.reg_pos):
            if index >= 0:
                for rule in self.deck.ongoing[self.reg_strip[r]][index]:
                    found[rule.op] = max(found.get(rule.op, 0), rule.args[0] if rule.args else 1)
        if self.house_rules:
            found.pop("pay_to_move", None)  # a round, started when obeyed (see obey)
        return found

    def _price_to_move(self, p: int) -> int | None:
        """What a space of p's move costs instead of rolling, if paying to move holds for p."""
        if self.house_rules:
            return self.paying.pop(p, None)
        return self.ongoing().get("pay_to_move")

    def _movement(self, p: int) -> Play:
        """Signed spaces to move this turn: paid, chosen or rolled (with modifiers).

        A chosen roll is not a die rolled, so Life of Extremes' "All die rolls are doubled"
        leaves it as chosen; Chaos's roll modifiers apply to it as to a rolled one."""
        price = self._price_to_move(p)
        if price:
            spaces = yield from self._ask(p, "pay_to_move", list(range(self.money[p] // price + 1)), force=True)
            self._pay_bank(p, spaces * price)
            self.last_roll = spaces
            return spaces
        if self.chosen_rolls[p]:
            chooser = self.chosen_rolls[p].pop(0)
            kind = "choose_own_roll" if chooser == p else "choose_other_roll"
            value = yield from self._ask(chooser, kind, [1, 2, 3, 4, 5, 6], force=True)
        else:
            yield from self._ask(p, "roll", [None], force=True)
            value = self.die()
            rules = self.ongoing()
            if ("reroll_move" in rules or "reroll_any" in rules) and not self.rerolled:
                if (yield from self._ask(p, "reroll", [False, True])):
                    self.rerolled = True
                    value = self.die()
            if "dice_doubled" in self.ongoing():
                value *= 2
        return self.modified_roll(value)

    def modified_roll(self, value: int) -> int:
        """A movement roll after Chaos: odd rolls +2, then reduced (not below 0), then signed
        negative when rolls go backward. Sets last_roll (Tidal reads its parity)."""
        rules = self.ongoing()
        if "odd_rolls_plus" in rules and value % 2:
            value += rules["odd_rolls_plus"]
        if "rolls_minus" in rules:
            value = max(0, value - rules["rolls_minus"])
        self.last_roll = value
        return -value if "rolls_backward" in rules else value

    def die(self) -> int:
        """One die: every die and coin comes from rng.random(), so tests can fix them."""
        return int(self.rng.random() * 6) + 1

    def coin(self) -> bool:
        """One coin flip: heads when rng.random() < 0.5."""
        return self.rng.random() < 0.5

    def roll_dice(self, p: int, dice: int) -> Play:
        """The total of `dice` dice rolled by p for an effect (doubling and rerolls apply)."""
        rules = self.ongoing()
        total = sum(self.die() for _ in range(dice))
        if "reroll_any" in rules and not self.rerolled and (yield from self._ask(p, "reroll", [False, True])):
            self.rerolled = True
            total = sum(self.die() for _ in range(dice))
        return total * 2 if "dice_doubled" in rules else total

    # -- movement ---------------------------------------------------------------------

    def _walk(self, p: int, steps: int, rolled: bool = False) -> list[int]:
        """Move p `steps` spaces (negative: backward) by the rules of the board edges.

        Returns the spaces entered, in order. Bouncing off the end collects the toll. Under
        the house rules a rolled move that would go below START (or, for a reversed player,
        below the first space) bounces off it, as a move past the end bounces back."""
        direction = -1 if self.reversed[p] else 1
        sign = direction if steps > 0 else -direction
        position = self.pos[p]
        lowest = 0 if self.reversed[p] else -1
        target = position + sign * abs(steps)
        if lowest <= target <= self.last_space:
            self.pos[p] = target
            if target >= self.first_centre:
                self.reached[p] = True
            return list(range(position + sign, target + sign, sign))
        entered = []
        for _ in range(abs(steps)):
            nxt = position + sign
            if nxt > self.last_space:
                if not self.reversed[p]:
                    self._end_toll(p)
                    self.reversed[p] = True
                self.reached[p] = True
                sign = -sign
                nxt = position + sign
            lowest = 0 if self.reversed[p] else -1
            if nxt < lowest and rolled and self.house_rules:
                sign = -sign
                nxt = position + sign
            if nxt < lowest:
                break
            position = nxt
            entered.append(position)
            if position >= self.first_centre:
                self.reached[p] = True
        self.pos[p] = position
        return entered

    def _end_toll(self, p: int) -> None:
        for q in range(self.num_players):
            if q != p and not self.out[q] and not self.reached[q]:
                self.transfer(q, p, END_TOLL)

    def _move(self, p: int, steps: int, rolled: bool = False) -> Play:
        """Move with what passing and landing trigger: Fear traps and the Crown.

        Returns whether the pawn moved at all (a pawn that cannot move does not land)."""
        entered = self._walk(p, steps, rolled)
        if not entered or self.out[p] or (not self.traps and self.crown is None):
            return bool(entered)
        path = set(entered)
        others = [q for q in range(self.num_players) if q != p and not self.out[q]]
        for q in others:
            if self.pos[q] in path and q in self.traps:
                self.traps.discard(q)
                yield from self._obey_strip_with(q, "trap", trigger=p, sprung=True)
        crown = self.crown
        if crown is not None and crown != p and not self.out[crown] and self.pos[crown] in path:
            yield from self._obey_strip_with(p, "crown")
        if crown == p:
            for q in others:
                if self.pos[q] == self.pos[p]:
                    yield from self._obey_strip_with(q, "crown")
        return True

    def _obey_strip_with(self, who: int, rule: str, trigger: int | None = None, sprung: bool = False) -> Play:
        """Obey the showing step of the register whose strip has this note rule."""
        for r, s in enumerate(self.reg_strip):
            if self.reg_pos[r] >= 0 and self.deck.strips[s].rule(rule):
                yield from self.obey(who, r, self.reg_pos[r], trigger, sprung)
                return

    def fall_back(self, p: int, owed: int) -> None:
        """The fee rule: move back one space per cent owed."""
        self._walk(p, -owed)

    def place(self, p: int, space: int) -> None:
        """Put p's pawn on a space directly (no passing, no landing)."""
        lowest = 0 if self.reversed[p] else -1
        self.pos[p] = max(lowest, min(self.last_space, space))
        if self.pos[p] >= self.first_centre:
            self.reached[p] = True

    # -- landing and registers --------------------------------------------------------

    def _land(self, p: int, through: int | None = None) -> Play:
        """Take the effect of the space p stands on. `through`: the register whose step sent
        p here ("take the effect of that space"); it is obeyed but not advanced, since a
        register strip never modifies itself."""
        space = self.pos[p]
        if space < 0 or self.out[p] or self.landing_depth >= MAX_NESTED:
            return
        self.landing_depth += 1
        registers = self.space_registers[space]
        if self.space_coins.get(space) and any(self.strip_at(r).rule("waste") for r in registers):
            if (yield from self._ask(p, "collect", [True, False])):
                cents = self.space_coins.pop(space)
                self.receive(p, cents, source=cents)
        self.fired[self.space_names[space]] += 1
        occupants = [q for q in range(self.num_players) if q != p and not self.out[q] and self.pos[q] == space]
        target = p
        if occupants:
            target = yield from self._ask(p, "target", [p, *occupants])
        for r in registers:
            yield from self._use_register(p, target, r, advance=r != through)
        self.landing_depth -= 1

    def strip_at(self, r: int) -> Strip:
        return self.deck.strips[self.reg_strip[r]]

    def _use_register(self, p: int, target: int, r: int, advance: bool = True) -> Play:
        """Land on register r: deal with its lock, advance it, obey the step for `target`;
        then, if a step was obeyed, p may lock the register."""
        strip = self.strip_at(r)
        if strip.rule("crown"):
            self.crown = p
        if self.reg_lock[r]:
            obey = yield from self._locked(p, r)
        elif not advance or (
            strip.rule("optional_advance")
            and self.reg_pos[r] >= 0
            and not (yield from self._ask(p, "advance", [True, False]))
        ):
            obey = True
        else:
            self.step_register(r, landing=True)
            obey = True
        index = self.reg_pos[r]
        if not obey or index < 0:
            return
        yield from self.obey(target, r, index)
        if self.money[p] >= LOCK_CENTS and not self.out[p]:
            locks = yield from self._ask(p, "lock", list(range(self.money[p] // LOCK_CENTS + 1)))
            self.money[p] -= locks * LOCK_CENTS
            self.reg_lock[r] += locks * LOCK_CENTS

    def _locked(self, p: int, r: int) -> Play:
        """The two ways to deal with a locked register; True when its step is obeyed."""
        buys = min((self.reg_lock[r] + 1) // 2, self.money[p] // UNLOCK_COST)
        choice = yield from self._ask(p, "locked", ["take", *range(1, buys + 1)])
        if choice == "take":
            cents = min(LOCK_CENTS, self.reg_lock[r])
            self.reg_lock[r] -= cents
            self.receive(p, cents, source=cents)
            return True
        self._pay_bank(p, choice * UNLOCK_COST)
        removed = min(self.reg_lock[r], choice * LOCK_CENTS)
        self.reg_lock[r] -= removed
        self.bank_out -= removed
        if self.reg_lock[r]:
            return False
        self.step_register(r, landing=True)
        return True

    def stasis_blocks(self, r: int) -> bool:
        """Whether a showing "no other strip may advance" step holds register r back."""
        for other, index in enumerate(self.reg_pos):
            if (
                other != r
                and index >= 0
                and any(rule.op == "stasis" for rule in self.deck.ongoing[self.reg_strip[other]][index])
            ):
                return True
        return False

    def step_register(self, r: int, landing: bool = False) -> None:
        """Advance register r one step (or decrease it: Tidal odd rolls, Cycles' nickel)."""
        if landing and self.tidal and self.last_roll % 2:
            self.decrease_register(r)
        elif self.reg_nickel[r]:
            self.decrease_register(r)
        else:
            self.advance_register(r)

    def advance_register(self, r: int) -> None:
        if self.stasis_blocks(r):
            return
        last = len(self.strip_at(r).steps) - 1
        if self.reg_pos[r] < last:
            self.show(r, self.reg_pos[r] + 1)
        elif self.cycles:
            self.reg_nickel[r] = True
            self.show(r, max(0, last - 1))
        else:
            self.set_aside.append(self.reg_strip[r])
            self.show(r, 0, self.draw_strip())

    def decrease_register(self, r: int) -> None:
        """One step down; a register showing only its title stays so (down never reveals)."""
        if self.reg_pos[r] < 0:
            return
        if self.reg_pos[r] > 0:
            self.show(r, self.reg_pos[r] - 1)
        elif self.reg_nickel[r]:
            self.reg_nickel[r] = False
            self.show(r, min(1, len(self.strip_at(r).steps) - 1))
        else:
            self.show(r, 0)

    def show(self, r: int, index: int, strip: int | None = None) -> None:
        """Set what register r shows (a step index, -1 for the title; maybe a new strip)."""
        self.reg_pos[r] = index
        if strip is not None:
            self.reg_strip[r] = strip
        self._ongoing = None

    def draw_strip(self) -> int:
        """An unused strip at random (the set-aside ones return when the pile is empty)."""
        if not self.pile:
            self.pile, self.set_aside = self.set_aside, []
        return self.pile.pop(self.rng.randrange(len(self.pile)))

    def obey(self, who: int, r: int, index: int, trigger: int | None = None, sprung: bool = False) -> Play:
        """Obey step `index` of register r's strip; the strip's note may pick the target.

        Life of Fear's steps only activate when a player lands in or passes the holder's
        space: obeying one (by landing, or through another step) gives `who` the trap;
        `sprung` obeys it for real, when the trap is triggered.

        Steps that obey other registers (random register, Barter's triggers) nest; past
        MAX_NESTED a step is not obeyed, so two copies of such a strip cannot loop."""
        if self.obey_depth >= MAX_NESTED:
            return
        strip = self.strip_at(r)
        if strip.rule("trap") and not sprung:
            if not self.out[who]:
                self.traps.add(who)
            return
        step = strip.steps[index]
        if self.house_rules:
            self._start_paying_round(r, index)
        self.fired[step.name] += 1
        target = who
        if strip.rule("target_least"):
            target = self._extreme(who, min)
        elif strip.rule("target_most"):
            target = self._extreme(who, max)
        self.obey_depth += 1
        yield from self.run(step.effect, Context(target, r, strip, trigger))
        self.obey_depth -= 1

    def _start_paying_round(self, r: int, index: int) -> None:
        """House rules: an obeyed "All: Do not roll to move. Pay ..." step makes every player
        still in pay for their next move instead of rolling, for one round (like "All flip 5:"
        it happens when obeyed, rather than holding while it shows)."""
        for rule in self.deck.ongoing[self.reg_strip[r]][index]:
            if rule.op == "pay_to_move":
                self.paying = dict.fromkeys(self.active(), rule.args[0])

    def _extreme(self, who: int, pick) -> int:
        order = [(who + i) % self.num_players for i in range(self.num_players)]
        active = [p for p in order if not self.out[p]] or [who]
        best = pick(self.money[p] for p in active)
        return next(p for p in active if self.money[p] == best)

    # -- money ------------------------------------------------------------------------

    def receive(self, p: int, cents: int, source: int = 0) -> None:
        """Give p cents from the jar (source=0) or already taken from a holding (source=cents).

        Gains are halved or stopped by Famine; the rest goes to the jar. During a tithed
        turn the cents go to the Crown's wearer instead."""
        rules = self.ongoing()
        kept = 0 if "no_gains" in rules else cents // 2 if "gains_halved" in rules else cents
        if self.tithing == p and self.crown is not None and self.crown != p:
            p = self.crown
        self.money[p] += kept
        self.bank_out += kept - source

    def _pay_bank(self, p: int, cents: int) -> None:
        paid = min(cents, self.money[p])
        self.money[p] -= paid
        self.bank_out -= paid
        if cents > paid:
            self.fall_back(p, cents - paid)

    def lose(self, p: int, cents: int) -> None:
        """A fee to the jar; what p cannot pay moves p back."""
        self._pay_bank(p, cents)

    def transfer(self, payer: int, payee: int, cents: int) -> None:
        """A payment between players; what the payer cannot pay moves them back."""
        paid = min(cents, self.money[payer])
        self.money[payer] -= paid
        if paid:
            self.receive(payee, paid, source=paid)
        if cents > paid:
            self.fall_back(payer, cents - paid)

    def active(self, but: int | None = None) -> list[int]:
        """Players still in the game, optionally without one."""
        return [p for p in range(self.num_players) if not self.out[p] and p != but]
