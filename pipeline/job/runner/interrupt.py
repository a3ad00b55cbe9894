"""SIGTERM, SIGINT and SIGHUP stop a run cleanly: what cron wrappers, ``timeout``, systemd,
Ctrl-C and a closing terminal or ssh session send.

Within :func:`stop_on_signals` the first SIGTERM, SIGINT or SIGHUP raises :class:`Interrupted`
in the main thread, wherever it is: the work in flight unwinds through its own ``finally``
blocks (a capped child's group is killed, temporary files are removed) and the runner tidies
the output folder and keeps the manifest entries of the inputs that finished.  Later signals
are ignored while it tidies (SIGKILL still works; the next run removes what a killed run
left).  A signal that arrives inside :func:`signals_deferred` (a child being started or
ended, a manifest entry being written) waits for the end of that section.  A signal the
process was started with ignored (SIGINT in a shell's ``&`` background job) stays ignored.

>>> import os, time
>>> with stop_on_signals():
...     os.kill(os.getpid(), signal.SIGTERM)
...     time.sleep(5)  # never reached: the handler raises
Traceback (most recent call last):
    ...
pipeline.job.runner.interrupt.Interrupted: interrupted by SIGTERM
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

# SIGHUP: the terminal or ssh session a run was started from closed.  Its default (die at once)
# left ``.showdown.tmp-*`` files and said nothing; it is tidied like SIGTERM (exit 129).
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


class Interrupted(BaseException):
    """The run was asked to stop by a signal.  A ``BaseException``, as ``KeyboardInterrupt``
    is, so that no ``except Exception`` on the way treats it as one input's failure."""

    def __init__(self, signal_number: int) -> None:
        self.signal_number = signal_number
        super().__init__(f"interrupted by {self.signal_name}")

    @property
    def signal_name(self) -> str:
        return signal.Signals(self.signal_number).name

    @property
    def exit_code(self) -> int:
        """128 + the signal's number, as a shell reports a process stopped by it."""
        return 128 + self.signal_number


class _State:
    """What the handler knows: whether a signal came already, and how deep the sections are
    that defer it."""

    def __init__(self) -> None:
        self.received: int | None = None
        self.deferring = 0
        self.pending = False


_state = _State()


def _handle(signal_number: int, _frame: FrameType | None) -> None:
    if _state.received is not None:
        return  # stopping already: let the tidying finish
    _state.received = signal_number
    if _state.deferring:
        _state.pending = True
        return
    raise Interrupted(signal_number)


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """SIGTERM, SIGINT and SIGHUP raise :class:`Interrupted` within; the former handlers after.
    Only the main thread can have signal handlers: elsewhere this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.getsignal(number) for number in STOP_SIGNALS}
    _state.received, _state.deferring, _state.pending = None, 0, False
    for number, handler in previous.items():
        if handler is not signal.SIG_IGN:
            signal.signal(number, _handle)
    try:
        yield
    finally:
        for number, handler in previous.items():
            if handler is not None:
                signal.signal(number, handler)
        _state.received = None


@contextlib.contextmanager
def signals_deferred() -> Iterator[None]:
    """A stop signal that arrives within is raised when the section ends (never inside it): for
    steps that must not be cut in two, such as starting a child and knowing its id."""
    _state.deferring += 1
    try:
        yield
    finally:
        _state.deferring -= 1
        if not _state.deferring and _state.pending and _state.received is not None:
            _state.pending = False
            raise Interrupted(_state.received)
