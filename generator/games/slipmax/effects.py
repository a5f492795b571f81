"""What each op of an effect tree does, as a mixin of the game state (see state.py).

Every op is a generator method `_op_<name>(ctx, *args)`: it yields decisions through
`self._ask` and changes the state through the money and movement primitives of state.py.
"You" in a step is `ctx.who`; a strip whose note says "Never target yourself" keeps `ctx.who`
out of the players its steps choose.
"""

from collections.abc import Callable
from itertools import combinations

from .deck import Strip
from .grammar import EFFECT_OPS, Node


class Context:
    """Who obeys a step, from which register and strip, and who triggered it."""

    __slots__ = ("who", "register", "strip", "trigger")

    def __init__(self, who: int, register: int, strip: Strip, trigger: int | None):
        self.who, self.register, self.strip, self.trigger = who, register, strip, trigger


_DIRECTIONS = [1, -1]


class Effects:
    """The ops of the strip language. Mixed into SlipmaxState."""

    # The SlipmaxState fields and methods the typed ops use (state.py sets and defines them).
    out: list[bool]
    time: list[int]
    time_limit: int | None
    traps: set[int]
    crown: int | None
    reg_strip: list[int]
    reg_pos: list[int]
    active: Callable[[int | None], list[int]]
    strip_at: Callable[[int], Strip]
    advance_register: Callable[[int], None]
    decrease_register: Callable[[int], None]

    def run(self, node: Node, ctx: Context):
        """Carry out an effect tree for ctx.who.

        Ops that never ask anything are plain methods returning None; the others are
        generators, run with `yield from`. Ongoing ops do nothing when obeyed."""
        op = _OPS.get(node.op)
        if op is None:
            return
        asking = op(self, ctx, *node.args)
        if asking is not None:
            yield from asking

    # -- structure --------------------------------------------------------------------

    def _op_noop(self, ctx):
        """Nothing happens."""

    def _op_seq(self, ctx, *effects):
        for effect in effects:
            yield from self.run(effect, ctx)

    def _op_ref(self, ctx, number):
        index = ctx.strip.index_of(number)
        yield from self.run(ctx.strip.steps[index].effect, ctx)

    def _op_repeat(self, ctx, effect, times):
        for _ in range(times):
            yield from self.run(effect, ctx)

    def _op_optional(self, ctx, effect):
        if (yield from self._ask(ctx.who, "optional", [True, False])):
            yield from self.run(effect, ctx)

    def _op_offer(self, ctx, price, reward):
        """ "Pay X to Y" / "Pass your next turn to Y": a choice, only if affordable."""
        if price.op == "lose" and self.money[ctx.who] < price.args[0]:
            return
        if reward.op == "trigger_visible" and not self._visible(ctx, reward.args[0]):
            return
        if (yield from self._ask(ctx.who, "offer", [False, True])):
            if price.op == "lose":
                self.lose(ctx.who, price.args[0])
            else:
                yield from self.run(price, ctx)
            yield from self.run(reward, ctx)

    # -- choosing players -------------------------------------------------------------

    def _candidates(self, ctx) -> list[int]:
        """Players a step may choose: everyone still in, without "you" if the note says so."""
        return self.active(ctx.who if ctx.strip.rule("no_self") else None)

    def _others(self, ctx) -> list[int]:
        return self.active(ctx.who)

    # -- money ------------------------------------------------------------------------

    def _op_lose(self, ctx, cents):
        self.lose(ctx.who, cents)

    def _op_gain(self, ctx, cents):
        self.receive(ctx.who, cents)

    def _op_pay_each(self, ctx, cents):
        for q in self._others(ctx):
            self.transfer(ctx.who, q, cents)

    def _op_collect_each(self, ctx, cents):
        for q in self._others(ctx):
            self.transfer(q, ctx.who, cents)

    def _op_multiply(self, ctx, factor):
        self.receive(ctx.who, self.money[ctx.who] * (factor - 1))

    def _op_give_between(self, ctx, cents):
        players = self._candidates(ctx)
        pairs = [(a, b) for a in players for b in players if a != b]
        if pairs:
            giver, receiver = yield from self._ask(ctx.who, "give_between", pairs)
            self.transfer(giver, receiver, cents)

    def _op_two_give(self, ctx, cents):
        players = self._candidates(ctx)
        deals = [(pair, r) for r in players for pair in combinations([p for p in players if p != r], 2)]
        if deals:
            (a, b), receiver = yield from self._ask(ctx.who, "two_give", deals)
            self.transfer(a, receiver, cents)
            self.transfer(b, receiver, cents)

    def _op_redistribute(self, ctx):
        """The stashes of the players still in, shared in equal whole cents; the few cents
        that cannot be shared evenly go to the jar."""
        players = self.active()
        total = sum(self.money[p] for p in players)
        share = total // len(players)
        for p in players:
            self.money[p] = share
        self.bank_out -= total - share * len(players)

    def _op_swap_money(self, ctx):
        pairs = list(combinations(self._candidates(ctx), 2))
        if pairs:
            a, b = yield from self._ask(ctx.who, "swap_money", pairs)
            self.money[a], self.money[b] = self.money[b], self.money[a]

    def _op_halve_and_give(self, ctx):
        """Take half (rounded down) of a player's cents and give them to one chosen player
        (never you, under Life of Justice's "Never target yourself")."""
        players = self._candidates(ctx)
        deals = [(victim, to) for victim in players for to in players if to != victim]
        if deals:
            victim, to = yield from self._ask(ctx.who, "halve_and_give", deals)
            self.transfer(victim, to, self.money[victim] // 2)

    def _op_all_gain(self, ctx, cents):
        for p in self.active():
            self.receive(p, cents)

    def _op_all_lose(self, ctx, cents):
        for p in self.active():
            self.lose(p, cents)

    def _op_all_lose_half(self, ctx):
        for p in self.active():
            self.lose(p, self.money[p] // 2)

    def _op_distribute(self, ctx, cents):
        players = self.active()
        for p in players:
            self.receive(p, -(-cents // len(players)))

    def _op_next_gain(self, ctx, players, cents):
        order = [(ctx.who + i) % self.num_players for i in range(1, self.num_players)]
        for p in [p for p in order if not self.out[p]][:players]:
            self.receive(p, cents)

    def _op_trade(self, ctx, give, get):
        """Give a player `give` cents to get `get` from another: a choice (or decline)."""
        others = self._others(ctx)
        deals = [None]
        if self.money[ctx.who] >= give:
            deals += [(a, b) for a in others for b in others if a != b]
        deal = yield from self._ask(ctx.who, "trade", deals)
        if deal is not None:
            self.transfer(ctx.who, deal[0], give)
            self.transfer(deal[1], ctx.who, get)

    def _op_pay_trigger(self, ctx, cents):
        if ctx.trigger is not None and not self.out[ctx.trigger]:
            self.transfer(ctx.who, ctx.trigger, cents)

    # -- coins and dice ---------------------------------------------------------------

    def _op_flip(self, ctx, coins, heads, tails):
        """Flip n cents of your stash: each head obeys `heads`, each tail `tails`."""
        if coins == "X":
            coins = yield from self._ask(ctx.who, "flip", list(range(1, self.money[ctx.who] + 1)) or [0])
        for _ in range(min(coins, self.money[ctx.who])):
            yield from self.run(heads if self.coin() else tails, ctx)

    def _op_all_flip(self, ctx, coins):
        players = self.active()
        stakes = {p: min(coins, self.money[p]) for p in players}
        heads = {p: sum(self.coin() for _ in range(stakes[p])) for p in players}
        pot = sum(stakes.values())
        for p in players:
            self.money[p] -= stakes[p]
        best = max(heads.values())
        order = [(ctx.who + i) % self.num_players for i in range(self.num_players)]
        winners = [p for p in order if p in heads and heads[p] == best]
        share, rest = divmod(pot, len(winners))
        for i, p in enumerate(winners):
            cents = share + (rest if i == 0 else 0)
            self.receive(p, cents, source=cents)

    def _dice_count(self, ctx, dice):
        if dice == "n":
            return (yield from self._ask(ctx.who, "dice", [1, 2, 3, 4, 5, 6]))
        return dice

    def _op_parity(self, ctx, dice):
        """Odd total: lose that many cents; even: gain that many."""
        count = yield from self._dice_count(ctx, dice)
        total = yield from self.roll_dice(ctx.who, count)
        if total % 2:
            self.lose(ctx.who, total)
        else:
            self.receive(ctx.who, total)

    def _op_per(self, ctx, dice, number):
        """ "nd: Per (1)": step (1)'s dice effect with this many dice."""
        count = yield from self._dice_count(ctx, dice)
        effect = ctx.strip.steps[ctx.strip.index_of(number)].effect
        if effect.op in ("parity", "over"):
            effect = Node(effect.op, (count, *effect.args[1:]))
        yield from self.run(effect, ctx)

    def _op_over(self, ctx, dice, target, win, lose):
        total = yield from self.roll_dice(ctx.who, dice)
        yield from self.run(win if total > target else lose, ctx)

    # -- turns and movement -----------------------------------------------------------

    def _op_skip(self, ctx, turns):
        self.skips[ctx.who] += turns

    def _op_extra(self, ctx, turns):
        self.queue.extend([ctx.who] * turns)

    def _op_grant_turn(self, ctx):
        """ "Take a turn right now": the chosen player's turn is played at once."""
        players = self._candidates(ctx)
        if players:
            yield from self.turn_now((yield from self._ask(ctx.who, "grant_turn", players)))

    def _op_to_front(self, ctx):
        self.place(ctx.who, max(self.pos[p] for p in self.active()) + 1)

    def _op_to_back(self, ctx):
        self.place(ctx.who, min(self.pos[p] for p in self.active()) - 1)

    def _op_move(self, ctx, spaces):
        yield from self._move(ctx.who, spaces)

    def _op_move_roll(self, ctx, rolls):
        """Advance (or go back) die rolls: each roll is a movement roll, so Chaos's roll
        modifiers apply to each, and "all rolls go backward" turns its direction round."""
        spaces = 0
        for _ in range(abs(rolls)):
            spaces += self.modified_roll((yield from self.roll_dice(ctx.who, 1)))
        self.last_roll = abs(spaces)
        yield from self._move(ctx.who, spaces if rolls > 0 else -spaces, rolled=True)

    def _op_land(self, ctx):
        yield from self._land(ctx.who, through=ctx.register)

    def _op_swap_places(self, ctx):
        others = self._others(ctx)
        if others:
            q = yield from self._ask(ctx.who, "swap_places", others)
            here, there = self.pos[ctx.who], self.pos[q]
            self.place(ctx.who, there)
            self.place(q, here)

    def _op_nudge(self, ctx, spaces):
        moves = [(p, d) for p in self._candidates(ctx) for d in _DIRECTIONS]
        p, direction = yield from self._ask(ctx.who, "nudge", moves)
        yield from self._move(p, direction * spaces)

    def _op_nudge_all(self, ctx, spaces):
        direction = yield from self._ask(ctx.who, "nudge_all", _DIRECTIONS)
        for p in self.active():
            yield from self._move(p, direction * spaces)

    def _op_choose_rolls(self, ctx, rolls):
        self.chosen_rolls[ctx.who].extend([ctx.who] * rolls)

    def _op_choose_next_roll(self, ctx):
        order = [(ctx.who + i) % self.num_players for i in range(1, self.num_players)]
        following = [p for p in order if not self.out[p]]
        if following:
            self.chosen_rolls[following[0]].append(ctx.who)

    def _op_end_game(self, ctx):
        self.ended = True

    # -- registers --------------------------------------------------------------------

    def _other_registers(self, ctx) -> list[int]:
        """Registers a step may change: never its own ("a strip never modifies itself")."""
        return [r for r in range(len(self.reg_strip)) if r != ctx.register]

    def _op_lock(self, ctx, most):
        amounts = range(2, min(most, self.money[ctx.who]) + 1, 2)
        locks = [(r, cents) for r in range(len(self.reg_strip)) for cents in amounts]
        if locks:
            r, cents = yield from self._ask(ctx.who, "lock_register", locks)
            self.money[ctx.who] -= cents
            self.reg_lock[r] += cents

    def _op_bank_lock(self, ctx, cents):
        r = yield from self._ask(ctx.who, "bank_lock", list(range(len(self.reg_strip))))
        self.reg_lock[r] += cents
        self.bank_out += cents

    def _adjust(self, r: int, direction: int) -> None:
        if direction > 0:
            self.advance_register(r)
        else:
            self.decrease_register(r)

    def _op_adjust_all(self, ctx):
        direction = yield from self._ask(ctx.who, "adjust_all", _DIRECTIONS)
        for r in self._other_registers(ctx):
            self._adjust(r, direction)

    def _op_adjust_one(self, ctx):
        r, direction = yield from self._ask(
            ctx.who, "adjust_one", [(r, d) for r in self._other_registers(ctx) for d in _DIRECTIONS]
        )
        self._adjust(r, direction)

    def _op_orders(self, ctx, orders):
        for _ in range(orders):
            order = yield from self._ask(
                ctx.who, "order", [None, *[(r, d) for r in self._other_registers(ctx) for d in _DIRECTIONS]]
            )
            if order is None:
                return
            self._adjust(*order)

    def _op_set_others(self, ctx, number):
        for r in self._other_registers(ctx):
            index = self.strip_at(r).index_of(number)
            self.show(r, 0 if index is None else index)

    def _op_advance_all(self, ctx):
        for r in self._other_registers(ctx):
            self.advance_register(r)

    def _op_random_register(self, ctx):
        showing = [r for r in self._other_registers(ctx) if self.reg_pos[r] >= 0]
        if showing:
            r = self.rng.choice(showing)
            yield from self.obey(ctx.who, r, self.reg_pos[r], ctx.trigger)

    def _visible(self, ctx, number: int) -> list[int]:
        return [
            r
            for r in self._other_registers(ctx)
            if self.reg_pos[r] >= 0 and self.strip_at(r).steps[self.reg_pos[r]].number == number
        ]

    def _op_trigger_visible(self, ctx, number):
        showing = self._visible(ctx, number)
        if showing:
            r = yield from self._ask(ctx.who, "trigger", showing)
            yield from self.obey(ctx.who, r, self.reg_pos[r], ctx.trigger)

    def _op_replace(self, ctx, count):
        """Swap register strips for strips from the unused pile (drawn at random)."""
        choices = self._other_registers(ctx)
        for _ in range(min(count, len(choices))):
            r = yield from self._ask(ctx.who, "replace", choices)
            choices = [c for c in choices if c != r]
            if not (self.pile or self.set_aside):
                return
            old = self.reg_strip[r]
            self.show(r, -1, self.draw_strip())
            self.pile.append(old)
            self.reg_nickel[r] = False

    # -- Time tokens, the Crown, coins on spaces --------------------------------------

    def _tokens_changed(self, players) -> None:
        if self.time_limit is None:
            return
        for p in players:
            if not self.out[p] and self.time[p] >= self.time_limit:
                self.out[p] = True
                self.traps.discard(p)
                if self.crown == p:
                    self.crown = None

    def _op_gain_time(self, ctx, tokens):
        self.time[ctx.who] += tokens
        self.time_out += tokens
        self._tokens_changed([ctx.who])

    def _op_steal_time(self, ctx, tokens):
        holders = [p for p in self._others(ctx) if self.time[p]]
        if holders:
            q = yield from self._ask(ctx.who, "steal_time", holders)
            taken = min(tokens, self.time[q])
            self.time[q] -= taken
            self.time[ctx.who] += taken
            self._tokens_changed([ctx.who])

    def _op_steal_time_each(self, ctx, tokens):
        for q in self._others(ctx):
            taken = min(tokens, self.time[q])
            self.time[q] -= taken
            self.time[ctx.who] += taken
        self._tokens_changed([ctx.who])

    def _crowned(self, ctx) -> bool:
        return self.crown is not None and self.crown != ctx.who

    def _op_give_crown(self, ctx, cents):
        if self._crowned(ctx):
            self.transfer(ctx.who, self.crown, cents)

    def _op_give_crown_fraction(self, ctx, part, whole):
        if self._crowned(ctx):
            self.transfer(ctx.who, self.crown, self.money[ctx.who] * part // whole)

    def _op_crown_all(self, ctx, cents):
        if self.crown is not None:
            for p in self.active(but=self.crown):
                self.transfer(p, self.crown, cents)

    def _op_crown_turn(self, ctx):
        if self.crown is not None and not self.out[self.crown]:
            yield from self.turn_now(self.crown)

    def _op_tithe(self, ctx):
        self.tithe[ctx.who] = True

    def _op_put_on_space(self, ctx, cents):
        """Cents from your stash onto the space you stand on (to the jar at START). What you
        lack is owed, as a fee: it moves you back and puts nothing on any space, so a space
        holds an entry only while cents lie on it."""
        space = self.pos[ctx.who]
        if space < 0:
            self.lose(ctx.who, cents)
            return
        paid = min(cents, self.money[ctx.who])
        if paid:
            self.money[ctx.who] -= paid
            self.space_coins[space] = self.space_coins.get(space, 0) + paid
        if cents > paid:
            self.fall_back(ctx.who, cents - paid)

    def _op_collect_spaces(self, ctx, title):
        for space, registers in enumerate(self.space_registers):
            if self.space_coins.get(space) and any(self.strip_at(r).title == title for r in registers):
                cents = self.space_coins.pop(space)
                self.receive(ctx.who, cents, source=cents)


#: op name -> its method; ongoing ops have none (they do nothing when obeyed).
_OPS = {op: getattr(Effects, "_op_" + op) for op in EFFECT_OPS}
