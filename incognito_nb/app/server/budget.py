"""Kernels are the classroom server's budget: who holds one, for how long, how many are warm.

Every page Voilà renders runs in a Python kernel of ~60 MB on the teacher's laptop.  The
classroom server spends them only on pages that play: a seat link with a valid token
(``student.ipynb?code=…&token=…``) or a teacher page opened by the browser that holds the
table's key.  A :class:`KernelBudget` keeps the books:

- **Pages** (:class:`Page`): which kernel serves which seat or teacher page, from which
  address, and whether its browser is still connected.  A seat holds one kernel: opening
  the seat link again (a reload, another device) ends the older page's kernel; a table
  holds at most two teacher pages.  A page whose browser went away ends after
  :attr:`~KernelBudget.alone_grace` seconds, one whose browser never connected after
  :attr:`~KernelBudget.first_grace`.
- **Caps**: at most :attr:`~KernelBudget.max_kernels` kernels in all (pages and warm ones),
  and :attr:`~KernelBudget.max_per_device` pages per client address, except for the
  server's own machine (the teacher's laptop), which is trusted.  :meth:`refusal` says,
  in words a student understands, why a page is refused.
- **Warm kernels** (Voilà's preheated pools), at most :attr:`~KernelBudget.max_warm` in all,
  and only for tables a teacher created: a table just created means up to six students
  are about to open their seat links, so :meth:`expect` raises the student pool by the
  table's size for :attr:`~KernelBudget.expect_for` seconds; every student who arrives
  lowers it by one, a game that starts with fewer players lowers it to them
  (:meth:`seated`), and nobody expected means an empty pool.  Likewise a teacher looking
  at the new-table form is about to need a teacher kernel.

The budget only decides; :mod:`incognito_nb.app.server` applies its decisions to Voilà's
kernel manager.  It holds nothing per request that a stranger could make grow: pages are
bounded by the kernel cap, expectations by :data:`MAX_EXPECTED`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from ...engine.errors import N_, Message

STUDENT = "student.ipynb"
TEACHER = "teacher.ipynb"
#: How many tables the budget keeps expecting arrivals for (the newest win).
MAX_EXPECTED = 64
#: How many pages one seat, and one table's teacher, may keep at once.
PAGES_PER_SEAT = 1
TEACHER_PAGES_PER_TABLE = 2


@dataclass(frozen=True)
class Claim:
    """What a request asks a kernel for: ``notebook`` for the seat ``holder`` at table
    ``code`` (``holder`` is ``""`` for the teacher's page), from ``address``; ``local``
    when the request comes from the server's own machine."""

    notebook: str
    code: str
    holder: str
    address: str
    local: bool = False


@dataclass
class Page:
    """A kernel that serves one page, and what is known about its browser."""

    kernel_id: str
    claim: Claim
    opened_at: float
    connections: int = 0
    ever_connected: bool = False
    alone_since: float | None = None


@dataclass
class Expectation:
    """Pages of ``notebook`` that a table is expected to open until ``until``: one for each
    of its ``seats`` whose holder has not arrived yet."""

    notebook: str
    seats: int
    until: float
    arrived: set[str] = field(default_factory=set)

    @property
    def remaining(self) -> int:
        return max(0, self.seats - len(self.arrived))


@dataclass
class KernelBudget:
    """The books of the classroom server's kernels (see the module's docstring).

    ``max_per_device`` of 0 means no per-device cap; ``max_warm`` caps the warm kernels of all
    notebooks together.  ``clock`` is seconds, monotonic.
    """

    max_kernels: int = 48
    max_per_device: int = 4
    max_warm: int = 30
    alone_grace: float = 20.0
    first_grace: float = 120.0
    expect_for: float = 1200.0
    clock: Callable[[], float] = time.monotonic
    pages: dict[str, Page] = field(default_factory=dict)
    expected: dict[str, Expectation] = field(default_factory=dict)

    # ------------------------------------------------------------ refusing
    def refusal(self, claim: Claim, *, kernels: int, warm: int) -> Message | None:
        """Returns why ``claim`` gets no kernel, in a student's words (a :class:`Message`, to be
        said in the page's language), or None if it may have one.

        ``kernels`` is how many kernels run now (pages and warm ones alike), ``warm`` how
        many of them wait in the pool for this notebook (taking one starts nothing).
        """
        freed = len(self.replaced(claim))
        if not claim.local and self.max_per_device:
            mine = sum(1 for page in self.pages.values() if page.claim.address == claim.address)
            if mine - freed >= self.max_per_device:
                return Message(N_("This device already has {count} Incognito pages open, the most one device may "
                                  "have. Close a page you are not using (or the other tab of this game), then open "
                                  "your link again."), count=mine)
        if warm == 0 and kernels - freed >= self.max_kernels:
            return Message(N_("The teacher's computer is running as many game pages as it can ({count}). "
                              "Wait a minute and try again, or ask your teacher."), count=self.max_kernels)
        return None

    def replaced(self, claim: Claim) -> list[str]:
        """Returns the kernels that a new page for ``claim`` takes the place of (oldest first):
        the seat's previous page, or the table's oldest teacher page beyond two."""
        keep = TEACHER_PAGES_PER_TABLE if not claim.holder else PAGES_PER_SEAT
        same = sorted((page for page in self.pages.values()
                       if (page.claim.notebook, page.claim.code, page.claim.holder)
                       == (claim.notebook, claim.code, claim.holder)), key=lambda page: page.opened_at)
        return [page.kernel_id for page in same[:max(0, len(same) - keep + 1)]]

    # ------------------------------------------------------------ the pages' lives
    def opened(self, kernel_id: str, claim: Claim) -> None:
        """Records that ``kernel_id`` now serves the page ``claim`` asked for."""
        self.pages[kernel_id] = Page(kernel_id, claim, opened_at=self.clock())

    def connected(self, kernel_id: str) -> bool:
        """Records a browser connection to the page's kernel; returns False for a kernel
        that serves no page (a warm kernel, or one already ended)."""
        page = self.pages.get(kernel_id)
        if page is None:
            return False
        page.connections += 1
        page.ever_connected = True
        page.alone_since = None
        return True

    def disconnected(self, kernel_id: str) -> None:
        """Records that one of the page's browser connections closed."""
        page = self.pages.get(kernel_id)
        if page is None:
            return
        page.connections = max(0, page.connections - 1)
        if page.connections == 0:
            page.alone_since = self.clock()

    def ended(self, kernel_id: str) -> None:
        """Forgets a kernel that has been shut down."""
        self.pages.pop(kernel_id, None)

    def orphans(self) -> list[str]:
        """Returns the page kernels whose browser is gone: disconnected for ``alone_grace``
        seconds, or never connected within ``first_grace`` seconds of the page."""
        now = self.clock()
        return [page.kernel_id for page in self.pages.values() if page.connections == 0 and (
            (page.ever_connected and page.alone_since is not None and now - page.alone_since >= self.alone_grace)
            or (not page.ever_connected and now - page.opened_at >= self.first_grace))]

    # ------------------------------------------------------------ warm kernels
    def expect(self, code: str, notebook: str, seats: int, seconds: float | None = None) -> None:
        """Expects a page of ``notebook`` for each of table ``code``'s ``seats`` within
        ``seconds`` (default :attr:`expect_for`): a table was created, or a teacher is
        filling in the new-table form (``code`` is ``""`` then)."""
        key = f"{notebook}:{code}"
        self.expected.pop(key, None)
        until = self.clock() + (self.expect_for if seconds is None else seconds)
        self.expected[key] = Expectation(notebook, max(0, seats), until)
        while len(self.expected) > MAX_EXPECTED:
            self.expected.pop(next(iter(self.expected)))

    def arrived(self, claim: Claim) -> None:
        """Counts the holder of ``claim`` as arrived at their table (once, however often
        they open their page)."""
        for key in (f"{claim.notebook}:{claim.code}", f"{claim.notebook}:"):
            expectation = self.expected.get(key)
            if expectation is not None and (claim.holder in expectation.arrived or expectation.remaining):
                expectation.arrived.add(claim.holder)
                return

    def seated(self, code: str, players: int) -> None:
        """Learns that table ``code``'s game has started with ``players``: no other seat will
        be taken, so only they are still expected."""
        expectation = self.expected.get(f"{STUDENT}:{code}")
        if expectation is not None:
            expectation.seats = players

    def forget(self, code: str) -> None:
        """Stops expecting pages for table ``code`` (it is gone)."""
        for key in [key for key in self.expected if key.endswith(f":{code}")]:
            del self.expected[key]

    def warm_targets(self, coming: int = 0) -> dict[str, int]:
        """Returns how many warm kernels each notebook's pool should hold now, leaving room for
        ``coming`` pages about to be opened (not yet entered in :attr:`pages`)."""
        now = self.clock()
        for key in [key for key, e in self.expected.items() if e.until <= now or e.remaining <= 0]:
            del self.expected[key]
        wanted = {STUDENT: 0, TEACHER: 0}
        for expectation in self.expected.values():
            wanted[expectation.notebook] = wanted.get(expectation.notebook, 0) + expectation.remaining
        room = max(0, min(self.max_kernels - len(self.pages) - coming, self.max_warm))
        targets = {}
        for notebook in (TEACHER, STUDENT, *sorted(set(wanted) - {TEACHER, STUDENT})):
            targets[notebook] = min(wanted.get(notebook, 0), room)
            room -= targets[notebook]
        return targets

    def expecting(self) -> list[str]:
        """Returns the codes of the tables whose students are still expected."""
        return sorted({key.split(":", 1)[1] for key, e in self.expected.items()
                       if e.notebook == STUDENT and key.split(":", 1)[1]})
