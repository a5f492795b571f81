"""How a cutsheet command's process ends: at once, without freeing its objects one by one.

As a Python process exits it frees every object it still holds: the frames the command ran
in, the caches, each module's globals, after one more garbage collection over the whole
heap. After a 10,000-card build that is hundreds of megabytes of small objects and about
0.3 s of CPU, a tenth of a rebuild after one card's edit, spent on memory the operating
system takes back whole a moment later. So once a command is done, `end` runs what was
registered to run at exit (atexit), flushes the standard streams and ends the process
(os._exit) with the command's status.

Nothing is lost by it: every file cutsheet writes is closed (and renamed into place) before
its command returns. A thread that is not a daemon is what Python waits for at exit, and
would be cut short, and a profiler or a tracer (cProfile, a coverage run) saves what it found
after the command returns: while either is so, the process exits as Python does.
"""

import atexit
import os
import sys
import threading
from typing import NoReturn

#: Python's own status when the standard streams cannot be flushed at exit (a closed pipe).
UNFLUSHED = 120
#: The status of a command stopped by Ctrl-C (128 + SIGINT, as a shell reports it).
INTERRUPTED = 130


def end(code: str | int | None) -> NoReturn:
    """End the process as sys.exit(code) would, but without tearing it down: `code` is a
    SystemExit's (None or 0 success, an int that status, anything else printed on stderr and 1)."""
    if _waited_for():
        sys.exit(code)
    status = _status(code)
    atexit._run_exitfuncs()  # the handlers Python's own exit runs (no public name calls them)
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:  # None: its file descriptor was closed before Python started
                stream.flush()
        except (OSError, ValueError):  # a reader that went away, a stream already closed
            status = status or UNFLUSHED
    os._exit(status)


def _waited_for() -> bool:
    """Whether Python's own exit must run: a thread it waits for still runs, or a profiler or
    a tracer (a coverage run) saves what it found once the command returns."""
    main = threading.main_thread()
    running = any(thread.is_alive() and not thread.daemon for thread in threading.enumerate() if thread is not main)
    return running or sys.getprofile() is not None or sys.gettrace() is not None


def _status(code: str | int | None) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1
