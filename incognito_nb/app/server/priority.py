"""How a student page's kernel is put below the server on the laptop's cores.

Linux weighs a nice value only against the threads it shares a scheduling group with.  Where it
groups processes by session (``autogroup``: ``/proc/sys/kernel/sched_autogroup_enabled``, on by
default in Debian's and Ubuntu's kernels, for processes in no CPU cgroup of their own, as on this
project's VM) every session is one group, weighed against the others by the group's own nice
value; and jupyter_client starts each kernel in a session of its own (``start_new_session``).
A kernel whose threads alone were lowered to nice 5 therefore still claimed a core as the server
does: two busy loops, each in a session of its own, pinned to one core, shared it 0.99 : 1 with
one loop's threads at nice 5, and 0.33 : 1 with its group's nice at 5 as well
(docs/platform-notes.md).  So :func:`Lowering.lower` sets both: every thread's nice value (what
counts where the server and its kernels share one group, as in a systemd scope with the CPU
controller on), and the group's, when the kernel leads a session of its own (never the
server's group).

Linux lets a process that may not change priorities freely (the teacher's account, not root)
set a group's nice value only once in a tenth of a second, all processes together: a class's
kernels starting together are lowered in turn (:class:`Lowering`).
"""

from __future__ import annotations

import errno
import logging
import os
from collections import deque
from pathlib import Path
from typing import Callable

log = logging.getLogger(__name__)

#: Where Linux says whether it groups processes by session.
AUTOGROUP_SWITCH = Path("/proc/sys/kernel/sched_autogroup_enabled")
#: How long to wait before setting another group's nice value after Linux said "not yet" (EAGAIN).
GROUP_RETRY_SECONDS = 0.11
#: How many times one group is tried before it is left as it is.
GROUP_ATTEMPTS = 100


def group_nice(pid: int | None = None) -> int | None:
    """Returns the nice value of the session group of process ``pid``, this process by default
    (None where Linux shows no groups).

    A process of the session Linux started with (one that never left it with ``setsid``, as a
    container's first programs) is in the root group, which weighs as nice 0: Linux then shows an
    empty ``/proc/<pid>/autogroup``, and this returns 0.  Measured: ``/proc/1/autogroup`` reads ""
    on this project's VM, and the CI machine's test runner read "" for itself while the server it
    started in a session of its own read "/autogroup-… nice 0".
    """
    try:
        text = Path(f"/proc/{pid or os.getpid()}/autogroup").read_text()
    except OSError:
        return None
    if not text.strip():
        return 0
    try:
        return int(text.rsplit("nice", 1)[1])
    except (IndexError, ValueError):
        return None


def set_group_nice(pid: int, nice: int) -> None:
    """Sets the nice value of the session group of process ``pid``.

    :raises OSError: EAGAIN if Linux set a group's value less than a tenth of a second ago (for a
        process without CAP_SYS_ADMIN), or if the process is gone or may not be changed.
    """
    with open(f"/proc/{pid}/autogroup", "w") as group:
        group.write(str(nice))


def lower_threads(pid: int, nice: int) -> None:
    """Sets every thread of process ``pid`` to ``nice`` (Linux keeps a nice value per thread;
    threads started later inherit the starter's).

    :raises OSError: if the process is gone or may not be changed.
    """
    task = Path(f"/proc/{pid}/task")
    threads = [int(tid) for tid in os.listdir(task)] if task.is_dir() else [pid]
    for tid in threads:
        try:
            os.setpriority(os.PRIO_PROCESS, tid, nice)
        except ProcessLookupError:
            if tid == pid:
                raise  # the process itself is gone; a thread that ended meanwhile is not a problem


def has_own_group(pid: int) -> bool:
    """Checks if process ``pid`` leads a session other than this process's: its group is its own."""
    try:
        return os.getsid(pid) == pid and os.getsid(pid) != os.getsid(0)
    except OSError:
        return False


class Lowering:
    """Lowers kernels below this process: :meth:`lower` sets a kernel's threads at once and queues
    its session group, set in turn by ``call_later(seconds, callback)`` (the server's IOLoop)."""

    def __init__(self, call_later: Callable[[float, Callable[[], None]], object], *,
                 switch: Path = AUTOGROUP_SWITCH, write: Callable[[int, int], None] | None = None,
                 own_group: Callable[[], int | None] = group_nice) -> None:
        self.call_later = call_later
        self.switch = switch
        self.write = write or set_group_nice
        self.own_group = own_group
        self._groups: deque[list] = deque()  # [pid, nice, attempts left]
        self._waiting = False

    def grouped_by_session(self) -> bool:
        """Checks if Linux weighs each session as one group here and shows this process's group
        (a machine that says "1" in the switch and shows no groups lowers threads only)."""
        return self._switch_on() and self.own_group() is not None

    def _switch_on(self) -> bool:
        try:
            return self.switch.read_text().strip() == "1"
        except OSError:
            return False

    def lower(self, pid: int, by: int) -> None:
        """Puts process ``pid`` ``by`` nice levels below this process: its threads now, its session
        group as soon as Linux allows.

        :raises OSError: if the process is gone or may not be changed.
        """
        lower_threads(pid, min(19, os.getpriority(os.PRIO_PROCESS, 0) + by))
        own = self.own_group()  # read once: grouped_by_session() would read it again
        if own is not None and self._switch_on() and has_own_group(pid):
            self._groups.append([pid, min(19, own + by), GROUP_ATTEMPTS])
            if not self._waiting:
                self._set_groups()

    def pending(self) -> int:
        """Returns how many groups wait for their nice value."""
        return len(self._groups)

    def _set_groups(self) -> None:
        self._waiting = False
        while self._groups:
            pid, nice, attempts = self._groups[0]
            try:
                self.write(pid, nice)
            except OSError as error:
                if error.errno == errno.EAGAIN and attempts > 1:  # once in a tenth of a second
                    self._groups[0][2] -= 1
                    self._waiting = True
                    self.call_later(GROUP_RETRY_SECONDS, self._set_groups)
                    return
                log.debug("Process %s keeps its group's priority: %s", pid, error)
            self._groups.popleft()
