"""The stop signals' handler itself (pipeline.job.runner.interrupt), in this process's main thread:
what defers a signal, what a second signal does, and what a signal ignored at start stays."""

from __future__ import annotations

import signal
import threading
import time

import pytest

from pipeline.job.runner.interrupt import Interrupted, signals_deferred, stop_on_signals


def _send(number: int) -> None:
    # To the main thread itself: sent to the process (os.kill), the signal may land on another
    # thread (an xdist worker has some), the main thread's sleep then runs its course, and the
    # handler waits for the next call, which is in the test's finally: the second signal's.
    signal.pthread_kill(threading.main_thread().ident or 0, number)
    time.sleep(0.05)  # the handler runs at the next bytecode; give delivery a moment


def test_a_signal_in_a_deferred_section_is_raised_when_the_section_ends() -> None:
    steps = []
    with pytest.raises(Interrupted) as stopped, stop_on_signals():
        with signals_deferred():
            _send(signal.SIGTERM)
            steps.append("the section went on to its end")
        steps.append("never reached")
    assert steps == ["the section went on to its end"]
    assert (stopped.value.signal_name, stopped.value.exit_code) == ("SIGTERM", 143)


def test_a_second_signal_is_ignored_while_the_first_unwinds() -> None:
    tidied = []
    with pytest.raises(Interrupted) as stopped, stop_on_signals():
        try:
            _send(signal.SIGINT)
        finally:
            _send(signal.SIGTERM)  # as a second Ctrl-C, or systemd's SIGTERM, would
            tidied.append(True)
    assert tidied == [True] and stopped.value.signal_name == "SIGINT"


def test_a_signal_ignored_at_start_stays_ignored_and_handlers_come_back() -> None:
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)  # a shell's `&` background job
    term_before = signal.getsignal(signal.SIGTERM)
    try:
        with stop_on_signals():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            _send(signal.SIGINT)  # nothing happens
        assert signal.getsignal(signal.SIGTERM) is term_before
    finally:
        signal.signal(signal.SIGINT, before)
