"""Ctrl-C taken where cutsheet can stop cleanly, rather than inside a library's own code.

Python raises KeyboardInterrupt in whatever code the main thread is running when Ctrl-C
comes, and inside a library's machinery that can break the library. multiprocessing's pool,
interrupted while it waits on a condition for the next results, can be left with the
condition's lock held: its shutdown then waits for good on the thread that hands out
results, blocked on that lock. `cutsheet check --simulate N --jobs 2` stopped by Ctrl-C hung
so, about once in three hundred runs on a busy machine. In a finalizer or a garbage-collection
callback (Dask runs its own in this thread), the exception is printed and dropped, as if
Ctrl-C had not been pressed.

So while the main thread is in such code, a CtrlC holds Ctrl-C back, and hands it on to
whatever took it before (Python's handler raises KeyboardInterrupt) at a point its user
chooses: `check()`, between waits that therefore end every POLL seconds, or the end of its
`with` block. A second Ctrl-C while one is held is handed on at once: a person pressing
again wants out now, even from a shutdown that hangs. It holds SIGTERM alike where a command
takes SIGTERM as Ctrl-C (`build --watch`). A signal is held only in the main thread, which
alone takes signals, and only where Python code takes it: one ignored (SIG_IGN, as a worker
process has it) stays ignored, and one left to the system's default ends the process as
before. A CtrlC inside another hands its press on to the outer one, which holds it in turn.
"""

import signal
import threading
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Any, TypeVar

#: Seconds a wait lasts before looking whether Ctrl-C was pressed meanwhile.
POLL = 0.2
#: The signals a command may take as Ctrl-C.
STOPPING = (signal.SIGINT, signal.SIGTERM)

Handler = Callable[[int, FrameType | None], Any]
T = TypeVar("T")


class CtrlC:
    """Ctrl-C held from listen() (or the start of a `with` block) until stop() (or its end),
    and handed on by check() or as the block ends without an exception of its own."""

    def __init__(self) -> None:
        #: What took each held signal before listen(): what a press is handed on to.
        self._handlers: dict[int, Handler] = {}
        self._listening = False
        #: The first signal held since the last check, and the frame it came in.
        self._pressed: tuple[int, FrameType | None] | None = None

    def listen(self) -> None:
        """Hold Ctrl-C from now on."""
        if self._listening or threading.current_thread() is not threading.main_thread():
            return
        self._pressed = None
        taking = {number: signal.getsignal(number) for number in STOPPING}
        self._handlers = {n: handler for n, handler in taking.items() if callable(handler) and handler != self._note}
        self._listening = True
        for number in self._handlers:
            signal.signal(number, self._note)

    def _note(self, signum: int, frame: FrameType | None) -> None:
        """Hold a press; hand on at once one that comes while another is held, or once the
        CtrlC has stopped (a press between two of stop()'s swaps, or one raised there, can
        leave this installed: it then passes every press through)."""
        if self._listening and self._pressed is None:
            self._pressed = (signum, frame)
        else:
            self._handlers[signum](signum, frame)

    def check(self) -> None:
        """Hand on a Ctrl-C pressed since the last check: what took it before runs now
        (Python's own handler raises KeyboardInterrupt)."""
        if self._pressed is None:
            return
        (number, frame), self._pressed = self._pressed, None
        self._handlers[number](number, frame)

    def waited(self, wait: Callable[[float], T], timed_out: type[Exception] = TimeoutError) -> T:
        """What `wait(POLL)` returns, asked again each time it times out (raises `timed_out`);
        a Ctrl-C held meanwhile is handed on before each ask."""
        while True:
            self.check()
            try:
                return wait(POLL)
            except timed_out:
                continue

    def stop(self) -> None:
        """Let Ctrl-C reach what took it before listen() at once again."""
        if self._listening:
            self._listening = False
            for number, handler in self._handlers.items():
                signal.signal(number, handler)

    def __enter__(self) -> "CtrlC":
        self.listen()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.stop()
        if kind is None:
            self.check()
