"""A student's kernel is put below the server on the laptop's cores: its threads and its session's
group (incognito_nb.app.server.priority), the group in turn when Linux says "not yet"."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from incognito_nb.app.server.priority import GROUP_ATTEMPTS, GROUP_RETRY_SECONDS, Lowering, group_nice

SLEEPER = [sys.executable, "-c", "import time; time.sleep(60)"]


@pytest.fixture
def kernel_like():
    """A process in a session of its own, as jupyter_client starts a kernel."""
    process = subprocess.Popen(SLEEPER, start_new_session=True)
    yield process.pid
    process.kill()
    process.wait()


class Later:
    """The server's IOLoop's call_later, run by hand."""

    def __init__(self) -> None:
        self.calls = []

    def __call__(self, seconds, callback) -> None:
        self.calls.append((seconds, callback))

    def run(self) -> None:
        calls, self.calls = self.calls, []
        for _, callback in calls:
            callback()


def _thread_nice(pid: int) -> int:
    return os.getpriority(os.PRIO_PROCESS, pid)


def test_a_kernel_in_a_session_of_its_own_is_lowered_with_its_group(kernel_like):
    lowering = Lowering(Later())
    lowering.lower(kernel_like, 5)
    assert _thread_nice(kernel_like) == min(19, _thread_nice(0) + 5)
    assert lowering.pending() == 0
    # Where Linux groups processes by session, the group carries the weight: it is lowered too.
    if lowering.grouped_by_session():
        assert group_nice(kernel_like) == min(19, group_nice() + 5)


def test_a_process_of_the_servers_own_session_never_lowers_the_servers_group():
    child = subprocess.Popen(SLEEPER)  # the server's session: lowering its group would lower the server
    try:
        written = []
        lowering = Lowering(Later(), write=lambda pid, nice: written.append(pid))
        lowering.lower(child.pid, 5)
        assert written == [] and lowering.pending() == 0
        assert _thread_nice(child.pid) == min(19, _thread_nice(0) + 5)
    finally:
        child.kill()
        child.wait()


def test_groups_are_lowered_in_turn_when_linux_says_not_yet(kernel_like, tmp_path):
    # Linux sets a group's nice value for a process without CAP_SYS_ADMIN (the teacher's account)
    # once in a tenth of a second, all processes together; a class's kernels start together.
    switch = tmp_path / "sched_autogroup_enabled"
    switch.write_text("1\n")
    answers, written, later = [errno.EAGAIN, errno.EAGAIN], [], Later()

    def write(pid, nice):
        if answers:
            raise OSError(answers.pop(0), "Resource temporarily unavailable")
        written.append((pid, nice))

    lowering = Lowering(later, switch=switch, write=write, own_group=lambda: 0)
    lowering.lower(kernel_like, 5)
    lowering.lower(kernel_like, 5)  # a second kernel waits behind the first
    assert written == [] and lowering.pending() == 2
    assert [seconds for seconds, _ in later.calls] == [GROUP_RETRY_SECONDS]
    later.run()
    assert written == [] and len(later.calls) == 1
    later.run()
    assert len(written) == 2 and lowering.pending() == 0 and later.calls == []


def test_a_group_linux_never_lets_change_is_left_as_it_is(kernel_like, tmp_path):
    switch = tmp_path / "sched_autogroup_enabled"
    switch.write_text("1\n")
    later = Later()

    def write(pid, nice):
        raise OSError(errno.EAGAIN, "Resource temporarily unavailable")

    lowering = Lowering(later, switch=switch, write=write, own_group=lambda: 0)
    lowering.lower(kernel_like, 5)
    for _ in range(GROUP_ATTEMPTS):
        later.run()
    assert lowering.pending() == 0 and later.calls == []


def test_no_group_is_written_where_linux_does_not_group_by_session(kernel_like, tmp_path):
    switch = tmp_path / "sched_autogroup_enabled"
    switch.write_text("0\n")
    written = []
    lowering = Lowering(Later(), switch=switch, write=lambda pid, nice: written.append(pid), own_group=lambda: 0)
    lowering.lower(kernel_like, 5)
    assert written == [] and not lowering.grouped_by_session()


def test_the_root_group_weighs_as_nice_0(tmp_path, monkeypatch):
    # A process that never left the session Linux started with (a container's test runner, as on
    # the project's CI machine) reads an empty /proc/self/autogroup: its group is the root one.
    sleeper = subprocess.Popen(SLEEPER)  # this process's session: the same group
    try:
        assert group_nice(sleeper.pid) == group_nice() is not None
    finally:
        sleeper.kill()
        sleeper.wait()
    root = tmp_path / "autogroup"
    root.write_text("")
    real = Path.read_text
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: real(root if self.name == "autogroup" else self, *a, **k))
    assert group_nice() == 0


def test_a_machine_that_shows_no_group_lowers_threads_only(kernel_like, tmp_path):
    # A machine may say "1" in the switch and show no groups: threads are lowered, no group.
    switch = tmp_path / "sched_autogroup_enabled"
    switch.write_text("1\n")
    written = []
    lowering = Lowering(Later(), switch=switch, write=lambda pid, nice: written.append(pid), own_group=lambda: None)
    lowering.lower(kernel_like, 5)
    assert written == [] and lowering.pending() == 0 and not lowering.grouped_by_session()
    assert _thread_nice(kernel_like) == min(19, _thread_nice(0) + 5)
