"""generator/ctrl_c.py: Ctrl-C held while inside, handed on where the caller chooses.

Ctrl-C is a real SIGINT sent to this process (os.kill), taken by Python at its next
instruction, as a terminal's would be."""

import os
import signal
import threading

import pytest

from generator.ctrl_c import POLL, CtrlC


def press_ctrl_c() -> None:
    os.kill(os.getpid(), signal.SIGINT)


pytestmark = pytest.mark.usefixtures("python_takes_ctrl_c")


def test_ctrl_c_inside_is_raised_as_the_block_ends_and_not_before():
    after = []
    with pytest.raises(KeyboardInterrupt):
        with CtrlC():
            press_ctrl_c()
            after.append("still running")  # held, not raised
    assert after == ["still running"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_check_raises_a_held_ctrl_c_once():
    with CtrlC() as ctrl_c:
        ctrl_c.check()  # nothing pressed: nothing happens
        press_ctrl_c()
        with pytest.raises(KeyboardInterrupt):
            ctrl_c.check()
        ctrl_c.check()  # handed on once: nothing more


def test_a_held_ctrl_c_goes_to_the_handler_there_was_before():
    taken = []

    def handler(signum, frame):
        taken.append(signum)

    signal.signal(signal.SIGINT, handler)
    with CtrlC():
        press_ctrl_c()
        assert taken == []
    assert taken == [signal.SIGINT]
    assert signal.getsignal(signal.SIGINT) is handler


def test_an_exception_inside_leaves_with_its_own_error_and_the_handler_back():
    with pytest.raises(ValueError):
        with CtrlC():
            press_ctrl_c()
            raise ValueError("the block's own")
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_an_ignored_ctrl_c_stays_ignored():
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with CtrlC() as ctrl_c:
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        press_ctrl_c()
        ctrl_c.check()
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def test_sigterm_taken_as_ctrl_c_is_held_too_and_left_alone_otherwise():
    """`build --watch` takes SIGTERM as Ctrl-C: held alike. Elsewhere SIGTERM keeps the
    system's default (it ends the process), which a CtrlC leaves as it is."""
    before = signal.getsignal(signal.SIGTERM)
    after = []
    try:
        signal.signal(signal.SIGTERM, signal.default_int_handler)
        with pytest.raises(KeyboardInterrupt):
            with CtrlC():
                os.kill(os.getpid(), signal.SIGTERM)
                after.append("still running")  # held, not raised
        assert after == ["still running"]
        assert signal.getsignal(signal.SIGTERM) is signal.default_int_handler
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        with CtrlC():
            assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    finally:
        signal.signal(signal.SIGTERM, before)


class Late(Exception):
    """A wait's own time-out."""


def test_waited_asks_again_after_each_time_out():
    asked: list[float] = []

    def wait(seconds: float) -> str:
        asked.append(seconds)
        if len(asked) < 3:
            raise Late
        return "done"

    with CtrlC() as ctrl_c:
        assert ctrl_c.waited(wait, Late) == "done"
    assert asked == [POLL] * 3


def test_waited_hands_on_a_ctrl_c_pressed_during_a_wait_before_asking_again():
    asked: list[float] = []

    def pressed_while_waiting(seconds: float) -> None:
        asked.append(seconds)
        press_ctrl_c()
        raise TimeoutError

    with pytest.raises(KeyboardInterrupt):
        with CtrlC() as ctrl_c:
            ctrl_c.waited(pressed_while_waiting)
    assert asked == [POLL]


def test_a_second_press_while_one_is_held_is_handed_on_at_once():
    """A person pressing Ctrl-C again wants out now, even from a shutdown that hangs."""
    reached = []
    with pytest.raises(KeyboardInterrupt):
        with CtrlC():
            press_ctrl_c()
            reached.append("first held")
            press_ctrl_c()
            reached.append("second held")
    assert reached == ["first held"]


def test_a_note_left_installed_after_stop_passes_every_press_through():
    """A press raised between two of stop()'s swaps can leave the CtrlC's own handler
    installed: it then hands each press on at once, as what it replaced would."""
    ctrl_c = CtrlC()
    ctrl_c.listen()
    left = signal.getsignal(signal.SIGINT)
    ctrl_c.stop()
    signal.signal(signal.SIGINT, left)
    reached = []
    with pytest.raises(KeyboardInterrupt):
        press_ctrl_c()
        reached.append("held")
    assert reached == []


def test_listen_and_stop_hold_it_across_calls_as_a_cluster_does():
    ctrl_c = CtrlC()
    ctrl_c.listen()
    ctrl_c.listen()  # listening twice keeps the first handler to go back to
    press_ctrl_c()
    ctrl_c.stop()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    with pytest.raises(KeyboardInterrupt):
        ctrl_c.check()


def test_outside_the_main_thread_nothing_changes():
    seen = []

    def run() -> None:
        with CtrlC():
            seen.append(signal.getsignal(signal.SIGINT))

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert seen == [signal.default_int_handler]
