"""The classroom server's front desk: the store, the kernel budget and the warm kernels, in one place.

The pages that need no kernel (:mod:`incognito_nb.app.server.doors`) and the server around
Voilà (:mod:`incognito_nb.app.server`) share one :class:`FrontDesk`.  It

- reaches the table store from worker threads, so that a slow store (a busy SQLite lock,
  a distant Redis) never holds up the server's event loop;
- learns, on one of several servers sharing the store (``servers``), the tables created on
  the others, and keeps warm its share of their students (:meth:`FrontDesk.learn_new_tables`);
- applies the :class:`~incognito_nb.app.server.budget.KernelBudget`'s decisions to Voilà's kernel
  manager: ends the kernels of pages whose browser went away, and keeps each notebook's
  pool of preheated kernels at the size the budget wants — starting at most
  :data:`MAX_STARTING` warm kernels at a time, so that a class's worth of warming never
  starves a page that is being opened, and ending warm kernels nobody is expected for;
- holds the budget of each device (:mod:`.devices`: page loads, form posts, code look-ups,
  kernel sockets and their messages) and the marks that make a kernel its own page's
  (:mod:`.owners`).

Voilà's preheat mode keeps, per notebook, a list of tasks (``_pools``) that each start a
kernel and run the notebook up to its ``wait_for_request``; ``kernel_pools_config`` says
how many it refills to.  Both are read and written here, and only here (written for
Voilà 0.5.13; ``tests/test_classroom_server.py`` checks the behaviour end to end).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import math
import os
import secrets
import time
import weakref
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from functools import partial
from typing import Any, Callable

from tornado.ioloop import IOLoop, PeriodicCallback

from ...engine import Deck
from ...engine.decks import saved_decks
from ...store import StoreError, TableStore
from ...engine.rules import MAX_PLAYERS
from .budget import MAX_EXPECTED, STUDENT, TEACHER, Claim, KernelBudget
from .devices import DeviceBudget
from .owners import PageOwners
from .priority import Lowering
from .sockets import KernelSocket, QuerySocket

log = logging.getLogger(__name__)

#: How many warm kernels may be starting at once (one per core of a small laptop).
MAX_STARTING = 2
#: How often the desk looks after its kernels, in seconds; and checks expected tables.
TICK_SECONDS = 1.0
TABLE_CHECK_SECONDS = 10.0
#: The claim of the page request being served now (set around Voilà's handler).
CLAIM: contextvars.ContextVar[Claim | None] = contextvars.ContextVar("incognito_nb_claim", default=None)
#: What to call with the kernel id once the page request being served has its kernel (the
#: page's handler, which gives its browser the kernel's mark).
OWNER: contextvars.ContextVar[Callable[[str], None] | None] = contextvars.ContextVar("incognito_nb_owner",
                                                                                      default=None)
#: The page request being served, counted on its way to its kernel (see :meth:`FrontDesk.on_its_way`).
ON_ITS_WAY: contextvars.ContextVar["OnItsWay | None"] = contextvars.ContextVar("incognito_nb_on_its_way",
                                                                              default=None)


def rss_mb(pid: int) -> float:
    """Returns the resident memory of process ``pid`` in MB (``VmRSS``).

    :raises OSError: if there is no such process; :raises ValueError: without ``VmRSS``.
    """
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    raise ValueError(f"no VmRSS for process {pid}")


class QuietDrops(logging.Filter):
    """Keeps out of the server's log the errors Voilà and nbclient report when a warm kernel
    is ended on purpose (``Kernel died``): the desk logs why it ended it instead."""

    def __init__(self, desk: "FrontDesk") -> None:
        super().__init__()
        self.desk = desk

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.desk.dropping:
            return True
        died = record.exc_info and type(record.exc_info[1]).__name__ == "DeadKernelError"
        return not (died or "Kernel died while waiting" in record.getMessage())


class OnItsWay:
    """A page request between its arrival (counted by the budget) and the kernel it takes:
    :meth:`there` counts it off its notebook's pages on their way, once."""

    def __init__(self, counts: dict[str, int], notebook: str) -> None:
        self.counts, self.notebook, self.arrived = counts, notebook, False
        counts[notebook] = counts.get(notebook, 0) + 1

    def there(self) -> None:
        if not self.arrived:
            self.arrived = True
            self.counts[self.notebook] -= 1


class FrontDesk:
    """The store, decks, budget and warm kernels of one classroom server (module docstring)."""

    def __init__(self, store: TableStore, budget: KernelBudget, decks: dict[str, Deck], *,
                 trust_this_machine: bool = True, secret: str = "", passphrase: str = "",
                 student_nice: int = 0, log: logging.Logger = log, servers: int = 1) -> None:
        self.store, self.budget, self.decks, self.log = store, budget, decks, log
        #: Pages from the server's own machine (the teacher's laptop) skip the per-device caps.
        self.trust_this_machine = trust_this_machine
        self.devices = DeviceBudget()
        self.owners = PageOwners(secret or secrets.token_urlsafe(32), trust_this_machine=trust_this_machine)
        #: What a teacher on another device types to create tables (printed at start).
        self.passphrase = passphrase
        #: The nice value a student page's kernel gets (:meth:`_lead_with_the_projector`).
        self.student_nice = max(0, min(19, student_nice))
        self._lowering = Lowering(lambda seconds, callback: IOLoop.current().call_later(seconds, callback))
        self.kernels: Any = None
        self._executor = ThreadPoolExecutor(max_workers=4, thread_name_prefix="incognito-store")
        self._warm: set[str] = set()
        self._lowered: weakref.WeakSet[asyncio.Future] = weakref.WeakSet()
        self._ticker: PeriodicCallback | None = None
        self._last_table_check = 0.0
        self._ending: set[str] = set()
        #: How many warm kernels are being ended now (see :class:`QuietDrops`).
        self.dropping = 0
        #: How many classroom servers share the store behind one proxy: each keeps warm its
        #: share of every new table's students, wherever the table was made (:meth:`expect_students`).
        self.servers = max(1, servers)
        self._tables_known: OrderedDict[str, None] = OrderedDict()
        #: Page requests counted as arrived that have not taken their kernel yet, by notebook.
        self._on_their_way: dict[str, int] = {}

    # ------------------------------------------------------------ the decks and the store
    def offered_decks(self) -> dict[str, Deck]:
        """Returns the decks the new-table form offers, by key: the server's ``--deck`` first
        (``own:0``), then the decks the teacher saved with the deck editor (``saved:FILE``, the
        folder read again at each form, so a deck saved during the lesson is there), then the
        built-in ones."""
        own = {key: deck for key, deck in self.decks.items() if key.startswith("own:")}
        saved = saved_decks(besides=os.environ.get("INCOGNITO_NB_DECK") or None)
        return {**own, **{f"saved:{name}": deck for name, deck in saved.items()}, **self.decks}

    async def run(self, function: Callable, *args: Any) -> Any:
        """Runs ``function(*args)`` (a store call) on a worker thread; returns its result."""
        return await IOLoop.current().run_in_executor(self._executor, function, *args)

    # ------------------------------------------------------------ Voilà's kernels
    def attach(self, kernels: Any) -> None:
        """Takes charge of Voilà's (preheating) kernel manager ``kernels``: every kernel it
        gives a page from now on is entered in the budget with the request's claim."""
        self.kernels = kernels
        take, start = kernels.get_rendered_notebook, kernels.start_kernel

        async def take_warm(notebook_name: str, extra_kernel_env_variables: dict | None = None, **kwargs):
            # The page takes its warm kernel now (Voilà pops it before its first await).
            self._there()
            # Voilà would put this request's URL (with its seat token) into the kernels it
            # warms next for other pages; they get none.
            render, cache, kernel_id = await take(notebook_name, extra_kernel_env_variables={}, **kwargs)
            self._warm.discard(kernel_id)
            self._opened(kernel_id)
            return render, cache, kernel_id

        async def start_cold(*args, **kwargs):
            self._there()  # no warm kernel was left for it
            kernel_id = await start(*args, **kwargs)
            self._opened(kernel_id)
            return kernel_id

        kernels.get_rendered_notebook, kernels.start_kernel = take_warm, start_cold

    @contextlib.contextmanager
    def on_its_way(self, notebook: str):
        """Counts the page request being served, just counted as arrived, on its way to a
        kernel of ``notebook`` until it takes one (warm or cold) or ends: meanwhile the pool
        keeps a warm kernel for it.

        A class opens its thirty pages at once.  Each page's arrival lowers the pool's target
        before the page takes its kernel, so without this count the pages still on their way
        had their warm kernels ended as unwanted and started cold ones instead (twelve seat
        links fetched at once: two warm, ten cold, the first byte of those after 6.8 s).
        """
        token = ON_ITS_WAY.set(OnItsWay(self._on_their_way, notebook))
        try:
            yield
        finally:
            self._there()
            ON_ITS_WAY.reset(token)

    def _there(self) -> None:
        way = ON_ITS_WAY.get()
        if way is not None:
            way.there()

    def _opened(self, kernel_id: str) -> None:
        claim, owner = CLAIM.get(), OWNER.get()
        if claim is not None:
            self.budget.opened(kernel_id, claim)
            if claim.notebook == STUDENT:
                self._lead_with_the_projector(kernel_id)
        if owner is not None:
            owner(kernel_id)

    def _lead_with_the_projector(self, kernel_id: str) -> None:
        """Schedules a student page's kernel :attr:`student_nice` below the server: every thread of
        it, and its session's group where Linux groups processes by session (:mod:`.priority`).

        At a phase change every kernel of a class works at once on the laptop's two cores;
        at equal priority the projector's kernel waits its turn among thirty. A student's
        kernel at nice 5 gets a third of a core's share while the teacher's pages want
        theirs, and all of it otherwise: the projector shows the new screen first and the
        phones follow (issue 16; the figures are in ``benchmarks.class_pace``). A page's script
        that keeps its own kernel busy takes a third of what the server and the projector's
        kernel take, not as much (``test_attacks``).
        """
        if not self.student_nice:
            return
        try:
            self._lowering.lower(self.kernels.get_kernel(kernel_id).provisioner.pid, self.student_nice)
        except (AttributeError, KeyError, TypeError, OSError) as error:  # not a local process; gone
            self.log.debug("Kernel %s keeps its priority: %s", kernel_id, error)

    def kernel_count(self) -> int:
        """Returns how many kernels run now, pages and warm ones."""
        return len(self.kernels.list_kernel_ids()) if self.kernels is not None else 0

    def warm_count(self, notebook: str) -> int:
        """Returns how many kernels the pool of ``notebook`` holds (warm or warming)."""
        return len(self.kernels._pools.get(notebook, ())) if self.kernels is not None else 0

    def waiting(self, kernel_id: str) -> None:
        """Notes that a warm kernel has run its notebook up to ``wait_for_request``."""
        self._warm.add(kernel_id)
        self.keep_pools()

    async def end(self, kernel_id: str, why: str) -> None:
        """Shuts a kernel down and forgets it."""
        if kernel_id in self._ending:
            return
        self._ending.add(kernel_id)
        self.budget.ended(kernel_id)
        QuerySocket.forget(kernel_id)
        KernelSocket.forget(kernel_id)
        try:
            if kernel_id in self.kernels:
                self.log.info("Ending kernel %s: %s.", kernel_id, why)
                await self.kernels.shutdown_kernel(kernel_id)
        except Exception:  # a kernel that died on its own meanwhile
            self.log.warning("Kernel %s could not be shut down.", kernel_id, exc_info=True)
        finally:
            self._ending.discard(kernel_id)

    # ------------------------------------------------------------ warm kernels
    def expect_students(self, code: str, seats: int, seconds: float | None = None) -> None:
        """Expects this server's share of the ``seats`` students of table ``code`` (all of them
        on a server of its own; a proxy spreads new browsers evenly over :attr:`servers`)."""
        self._know(code)
        self.budget.expect(code, STUDENT, math.ceil(max(0, seats) / self.servers), seconds)

    def _know(self, code: str) -> bool:
        """Notes table ``code`` as known; returns True if it was not known yet."""
        new = code not in self._tables_known
        self._tables_known[code] = None
        self._tables_known.move_to_end(code)
        while len(self._tables_known) > 2 * MAX_EXPECTED:
            self._tables_known.popitem(last=False)
        return new

    async def learn_new_tables(self) -> None:
        """On one of several servers sharing the store: expects this server's share of the
        students of each table created lately on any of them, learnt from the store (the
        teacher's browser reaches one server; its students, spread by the proxy, all of them)."""
        if self.servers <= 1:
            return
        expect_for = self.budget.expect_for
        codes = await self.run(partial(self.store.created_since, timedelta(seconds=expect_for), MAX_EXPECTED))
        for code in reversed(codes):  # the oldest first: the newest expectations are kept
            if not self._know(code):
                continue
            try:
                table = await self.run(self.store.read, code)
            except StoreError:
                continue
            left = expect_for - (time.time() - table.created_at.timestamp())
            if not table.started and left > 0:
                self.expect_students(code, min(MAX_PLAYERS, table.rules.lineup_size) - len(table.players), left)

    def keep_pools(self) -> None:
        """Resizes the pools to the budget's targets, beside a kernel for each page on its way
        to one (:meth:`on_its_way`: Voilà refills a pool after each take)."""
        if self.kernels is None:
            return
        # Pages about to take a kernel are not in the books yet: leave their room, or the pool
        # Voilà refills after a take would hold kernels beyond the cap.
        targets = self.budget.warm_targets(coming=sum(self._on_their_way.values()))
        pools = self.kernels._pools
        starting = sum(1 for pool in pools.values() for task in pool if not self._is_warm(task))
        for notebook in (TEACHER, STUDENT):
            pool = pools.setdefault(notebook, [])
            target = targets.get(notebook, 0)
            refills = min(len(pool), self._on_their_way.get(notebook, 0))  # each takes one, then Voilà refills
            size = len(pool) - refills
            while size > target:  # the youngest first: the least likely to be warm yet
                self._drop(pool.pop())
                size -= 1
            grow = max(0, min(target - size, MAX_STARTING - starting))
            starting += grow
            config = dict(self.kernels.kernel_pools_config.get(notebook) or {})
            config.update(pool_size=size + grow, kernel_env_variables=self.kernels.default_env_variables)
            self.kernels.kernel_pools_config[notebook] = config
            if grow and not refills:
                self.kernels.fill_if_needed(delay=0, notebook_name=notebook)
        self._warm_below_the_pages(pools.get(STUDENT, ()))

    def _warm_below_the_pages(self, pool: list[asyncio.Future]) -> None:
        """Lowers each warming student kernel to a student page's priority as soon as it has
        started (Voilà's refills included: they are seen here within a tick).

        A class's worth of warming (six kernels a new table, two at a time) otherwise claims the
        laptop's cores as much as a page being opened now, the teacher's own among them.  A
        student kernel gets :attr:`student_nice` when its page takes it anyway; it gets it while
        it warms too.  (Measured: the teacher page opened again while six students warmed took
        2.8-3.5 s either way on an idle two-core VM, and 3.2 s against 3.6-4.3 s with both
        cores busy.)
        """
        if not self.student_nice:
            return
        for task in pool:
            if task not in self._lowered:
                self._lowered.add(task)
                task.add_done_callback(self._lower_warm)

    def _lower_warm(self, task: asyncio.Future) -> None:
        if not task.cancelled() and task.exception() is None:
            self._lead_with_the_projector(task.result()["kernel_id"])

    def _is_warm(self, task: asyncio.Future) -> bool:
        if not task.done() or task.cancelled() or task.exception() is not None:
            return False
        return task.result().get("kernel_id") in self._warm

    def _drop(self, task: asyncio.Future) -> None:
        async def drop() -> None:
            try:
                content = await task
            except Exception:
                return
            self.dropping += 1
            try:
                self._warm.discard(content["kernel_id"])
                content["task"].cancel()  # its page will never come: stop rendering it
                await self.end(content["kernel_id"], "no page is expected for this warm kernel")
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(content["task"], 5)
                await asyncio.sleep(3)  # nbclient's liveness poll reports the death a little later
            finally:
                self.dropping -= 1

        asyncio.ensure_future(drop())

    def status(self) -> dict[str, Any]:
        """Returns the kernels' books in numbers: pages by notebook, warm and warming kernels
        by notebook, the pools' targets, the caps, and the devices' asks slowed and refused."""
        pools = self.kernels._pools if self.kernels is not None else {}
        pages: dict[str, int] = {}
        for page in self.budget.pages.values():
            pages[page.claim.notebook] = pages.get(page.claim.notebook, 0) + 1
        return {
            "kernels": self.kernel_count(),
            "pages": pages,
            "connected": sum(1 for page in self.budget.pages.values() if page.connections),
            "warm": {nb: sum(1 for task in pool if self._is_warm(task)) for nb, pool in pools.items()},
            "warming": {nb: sum(1 for task in pool if not self._is_warm(task)) for nb, pool in pools.items()},
            "targets": self.budget.warm_targets(),
            "max_kernels": self.budget.max_kernels,
            "max_pages_per_device": self.budget.max_per_device,
            "max_warm": self.budget.max_warm,
            "devices": dict(self.devices.counted),  # asks slowed and refused, by kind
        }

    def memory(self) -> dict[str, list[float]]:
        """Returns the resident memory (MB) of each kernel by role: ``student`` and ``teacher``
        pages, and ``warm`` kernels (waiting or warming in a pool).  Linux only (``/proc``)."""
        roles: dict[str, str] = {kid: "warm" for kid in self.kernels.list_kernel_ids()}
        for kernel_id, page in self.budget.pages.items():
            roles[kernel_id] = "student" if page.claim.notebook == STUDENT else "teacher"
        found: dict[str, list[float]] = {"student": [], "teacher": [], "warm": []}
        for kernel_id, role in roles.items():
            try:
                pid = self.kernels.get_kernel(kernel_id).provisioner.pid
                found[role].append(rss_mb(pid))
            except (KeyError, AttributeError, OSError, ValueError):
                continue
        return found

    # ------------------------------------------------------------ the rounds
    def start(self) -> None:
        """Starts looking after the kernels every :data:`TICK_SECONDS`."""
        self._ticker = PeriodicCallback(self.tick, TICK_SECONDS * 1000)
        self._ticker.start()

    def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.stop()
        self._executor.shutdown(wait=False, cancel_futures=True)

    async def tick(self) -> None:
        """Ends the pages whose browser went away, learns which tables have started (and with
        how many players), and keeps the pools at the budget's size."""
        if self.kernels is None:
            return
        alive = set(self.kernels.list_kernel_ids())
        for kernel_id in [k for k in self.budget.pages if k not in alive and k not in self._ending]:
            self.budget.ended(kernel_id)  # shut down elsewhere: the page's own request, the culler
            QuerySocket.forget(kernel_id)
            KernelSocket.forget(kernel_id)
        self._warm &= alive
        for kernel_id in self.budget.orphans():
            await self.end(kernel_id, "its page has been closed")
        now = time.monotonic()
        if now - self._last_table_check >= TABLE_CHECK_SECONDS:
            self._last_table_check = now
            with contextlib.suppress(StoreError):
                await self.learn_new_tables()
            for code in self.budget.expecting():
                try:
                    table = await self.run(self.store.read, code)
                except StoreError:
                    self.budget.forget(code)
                else:
                    if table.started:
                        self.budget.seated(code, len(table.players))
        self.keep_pools()
