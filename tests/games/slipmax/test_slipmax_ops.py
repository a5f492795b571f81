"""The Slipmax ops (Effects and Context, generator/games/slipmax/effects.py) run directly on a
fresh game: each op changes money, pawns, registers or Time tokens as its step's printed text
and the rule readings of the package's docstring say, asks the obeyer only the choices those
leave open, and never moves its own register ("a strip never modifies itself"). The figures
are worked out by hand; every test ends with the cents and tokens conserved."""

from generator.games.slipmax.effects import _OPS, Context, Effects
from generator.games.slipmax.grammar import EFFECT_OPS, ONGOING_OPS, Node
from tests.games.slipmax.test_slipmax_rules import DECK, INDEX, new, put, set_money


def carry_out(state, node: Node, who: int = 0, register: int = 0, *answers):
    """Run one effect for `who` as obeyed from `register`; answer each question with the
    next of `answers` (a value among those offered). The questions: (seat, kind, values)."""
    play = state.run(node, Context(who, register, state.strip_at(register), None))
    asked, given = [], iter(answers)
    try:
        seat, actions = next(play)
        while True:
            asked.append((seat, actions[0][0], [value for _, value in actions]))
            seat, actions = play.send((actions[0][0], next(given)))
    except StopIteration:
        pass
    assert state.invariant_violations() == []
    return asked


def test_every_op_a_step_can_obey_has_its_method_and_ongoing_rules_have_none():
    assert set(_OPS) == set(EFFECT_OPS)
    assert not set(_OPS) & set(ONGOING_OPS)
    assert _OPS["redistribute"] is Effects._op_redistribute


def test_an_ongoing_rule_obeyed_does_nothing():
    state = new(2)
    before = [list(state.money), list(state.pos), list(state.reg_pos)]
    assert carry_out(state, Node("rolls_minus", (1,))) == []
    assert [state.money, state.pos, state.reg_pos] == before


def test_a_context_holds_who_obeys_and_from_where():
    strip = DECK.strips[INDEX["Life of Pain"]]
    ctx = Context(2, 4, strip, 1)
    assert (ctx.who, ctx.register, ctx.strip, ctx.trigger) == (2, 4, strip, 1)


def test_gathering_every_pile_shares_it_evenly_the_odd_cents_to_the_jar():
    state = new(3)
    set_money(state, 0, 3)
    set_money(state, 1, 8)
    set_money(state, 2, 9)
    jar = state.bank_out
    carry_out(state, Node("redistribute"))
    assert state.money == [6, 6, 6] and state.bank_out == jar - 2  # 20 cents: 6 each, 2 left


def test_doubling_and_paying_each_player_still_in():
    state = new(4)
    carry_out(state, Node("multiply", (2,)))
    assert state.money == [20, 10, 10, 10]
    state.out[2] = True
    carry_out(state, Node("pay_each", (3,)))
    assert state.money == [14, 13, 10, 13]
    carry_out(state, Node("next_gain", (2, 1)), 3)  # the next two still in after seat 3
    assert state.money == [15, 14, 10, 13]


def test_choosing_who_gives_whom_leaves_you_out_only_under_never_target_yourself():
    state = new(3)
    pain = put(state, "circle", "Life of Pain")
    asked = carry_out(state, Node("give_between", (3,)), 0, pain, (1, 2))
    assert asked == [(0, "give_between", [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)])]
    assert state.money == [10, 7, 13]
    justice = put(state, "triangle", "Life of Justice")
    asked = carry_out(state, Node("give_between", (3,)), 0, justice, (2, 1))
    assert asked == [(0, "give_between", [(1, 2), (2, 1)])]
    assert state.money == [10, 10, 10]


def test_a_step_never_moves_its_own_register():
    state = new(2)
    own = put(state, "square", "Life of Control", 2)
    carry_out(state, Node("advance_all"), 0, own)
    assert [pos for r, pos in enumerate(state.reg_pos) if r != own] == [0] * 5  # titles show step (0)
    assert state.reg_pos[own] == DECK.strips[INDEX["Life of Control"]].index_of(2)


def test_set_all_other_registers_to_step_zero_shows_a_strip_without_one_its_first_step():
    state = new(2)
    own = put(state, "circle", "Life of Change", 3)
    royalty = put(state, "hexagon", "Life of Royalty", 4)
    joy = put(state, "pentagon", "Life of Joy", 6)
    carry_out(state, Node("set_others", (0,)), 0, own)
    assert state.reg_pos[joy] == 0 and state.reg_pos[royalty] == 0  # Royalty's first step is (1)
    assert state.strip_at(royalty).steps[0].number == 1
    assert state.reg_pos[own] == DECK.strips[INDEX["Life of Change"]].index_of(3)


def test_cents_put_on_your_space_stay_there_and_what_you_lack_moves_you_back():
    state = new(2)
    carry_out(state, Node("put_on_space", (2,)))  # at START: to the jar
    assert state.money[0] == 8 and state.space_coins == {}
    state.pos[0] = 5
    set_money(state, 0, 1)
    carry_out(state, Node("put_on_space", (3,)))
    assert state.space_coins == {5: 1} and state.money[0] == 0
    assert state.pos[0] == 3  # two cents short: two spaces back


def test_taking_time_tokens_takes_what_the_holder_has():
    state = new(3)
    for seat, tokens in ((1, 1), (2, 4)):
        state.time[seat] = tokens
        state.time_out += tokens
    asked = carry_out(state, Node("steal_time", (2,)), 0, 0, 1)
    assert asked == [(0, "steal_time", [1, 2])]
    assert state.time == [1, 0, 4]
    carry_out(state, Node("steal_time_each", (3,)))
    assert state.time == [4, 0, 1]
