"""Hearing about a table's changes on a kernel's event loop, with any store.

A page shows a shared table, so it must redraw when another kernel changes it, within
the 200 ms a player notices.  The Voilà kernel runs an asyncio loop on its main thread
(widget callbacks run there too), so :func:`watch_async` runs there as a small task:

- with SQLite it reads :meth:`~incognito_nb.store.table_store.TableStore.version` every
  ``interval`` (100 ms): one primary-key read of a few microseconds, no thread;
- with Redis it subscribes to the table's pub/sub channel, so a change wakes it at
  once, and still reads the version every second in case a message was lost while the
  connection dropped.  Redis reads run in the loop's executor, so a slow network never
  freezes the kernel.

``on_change(version)`` is always called on the loop, never from another thread, and
only when the version differs from the last one seen: the page then reads the table
(:meth:`~incognito_nb.store.table_store.TableStore.read`) and renders its viewer's
``player_view``.  Pass ``since=`` the version the page last rendered, so a change made
between that read and the start of the watch is not missed.

A student's page also passes its seat's ``lease`` (:mod:`incognito_nb.store.leases`): each
read of the version then reads the seat's lease too (one more primary-key read, or ``HGET``,
in the same trip to the executor), and ``on_lease_lost()`` is called once, and the watch
ends, when another page has taken the seat.  Writing a lease wakes Redis watches at once.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Callable

from .errors import StoreError, UnknownTable
from .table_store import TableStore
from .tables import normalise_code

#: How often a polling watch reads the version, in seconds: half of it is the average
#: delay before a page hears of a change.
POLL_INTERVAL = 0.1
#: How often a watch that is pushed changes (Redis) still reads the version, in seconds.
PUSH_FALLBACK_INTERVAL = 1.0
#: The wait between reads while the store cannot be reached, in seconds.
RETRY_INTERVAL = 2.0

log = logging.getLogger(__name__)


class TableWatch:
    """A running watch of one table (see :func:`watch_async`); :meth:`stop` ends it."""

    def __init__(self, store: TableStore, code: str, on_change: Callable[[int], None], *,
                 since: int | None, interval: float,
                 on_error: Callable[[StoreError], None] | None, loop: asyncio.AbstractEventLoop,
                 on_recover: Callable[[], None] | None = None, lease: tuple[str, str] | None = None,
                 on_lease_lost: Callable[[], None] | None = None) -> None:
        self.store, self.code = store, normalise_code(code)
        self._lease, self._on_lease_lost = lease, on_lease_lost
        #: The last version seen (the one ``on_change`` was last called with).
        self.version = since
        self._on_change, self._on_error, self._on_recover = on_change, on_error, on_recover
        self._failing = False
        self._loop = loop
        self._wake = asyncio.Event()
        self._interval = interval
        self._pushed = False
        self._stopped = False
        if store.pushes_changes:
            store.watch(self.code, self._notice)
            self._pushed = True
            self._interval = max(interval, PUSH_FALLBACK_INTERVAL)
        self._task = loop.create_task(self._run(), name=f"watch table {self.code}")

    @property
    def running(self) -> bool:
        """Checks if the watch is still running."""
        return not self._stopped and not self._task.done()

    def stop(self) -> None:
        """Ends the watch; ``on_change`` is not called again."""
        self._stopped = True
        self._task.cancel()
        self._unsubscribe()

    def _unsubscribe(self) -> None:
        if self._pushed:
            self._pushed = False
            self.store.unwatch(self.code, self._notice)

    def _notice(self, version: int) -> None:
        """Called from the store's listener thread: wakes the task on the loop."""
        try:
            self._loop.call_soon_threadsafe(self._wake.set)
        except RuntimeError:  # the loop has closed
            pass

    def _read_now(self) -> tuple[int, bool]:
        """Returns the table's version, and whether this page still holds its seat's lease."""
        version = self.store.version(self.code)
        if self._lease is None:
            return version, True
        name, lease = self._lease
        held = self.store.seat_lease(self.code, name)
        return version, held is None or held == lease  # None: a store come back without leases

    async def _read(self) -> tuple[int, bool]:
        if self.store.is_local:
            return self._read_now()
        return await self._loop.run_in_executor(None, self._read_now)

    async def _run(self) -> None:
        try:
            wait = 0.0
            while True:
                if wait and not self._pushed:
                    await asyncio.sleep(wait)  # cheaper than wait_for: one timer, no task
                elif wait:
                    try:
                        await asyncio.wait_for(self._wake.wait(), timeout=wait)
                    except asyncio.TimeoutError:
                        pass
                self._wake.clear()
                wait = self._interval
                try:
                    current, leased = await self._read()
                except UnknownTable as error:
                    self._report(error)
                    return
                except StoreError as error:
                    self._failing = True
                    self._report(error)
                    wait = max(self._interval, RETRY_INTERVAL)
                    continue
                if not leased and not self._stopped:
                    self._stopped = True
                    self._call(self._on_lease_lost)
                    return
                if self._failing:
                    self._failing = False
                    self._call(self._on_recover)
                if self.version is None:
                    self.version = current
                elif current != self.version and not self._stopped:
                    self.version = current
                    try:
                        self._on_change(current)
                    except Exception:  # a page's bug must not end the watch
                        log.exception("on_change for table %s failed", self.code)
        finally:
            self._unsubscribe()

    def _call(self, callback: Callable[[], None] | None) -> None:
        if callback is None:
            return
        try:
            callback()
        except Exception:  # a page's bug must not end the watch
            log.exception("a callback of the watch of table %s failed", self.code)

    def _report(self, error: StoreError) -> None:
        if self._on_error is None:
            log.warning("watching table %s: %s", self.code, error)
            return
        try:
            self._on_error(error)
        except Exception:
            log.exception("on_error for table %s failed", self.code)


def watch_async(store: TableStore, code: str, on_change: Callable[[int], None], *,
                interval: float = POLL_INTERVAL, since: int | None = None,
                on_error: Callable[[StoreError], None] | None = None,
                on_recover: Callable[[], None] | None = None, lease: tuple[str, str] | None = None,
                on_lease_lost: Callable[[], None] | None = None) -> TableWatch:
    """Starts watching the table on the running event loop; returns the watch (``.stop()``).

    ``on_change(version)`` is called on the loop after every change seen; with
    ``since``, a table already past that version is reported at once.  ``on_error``
    is called with a :class:`~incognito_nb.store.errors.StoreError` while the store
    cannot be read (the watch keeps trying every two seconds), and for a table that no
    longer exists (the watch then ends); ``on_recover()`` once the store answers again
    (the page can clear its message, send what waited, and check that the store did not
    come back older than it left).  With ``lease`` (the seat's name and the lease this
    page took, :meth:`~incognito_nb.store.leases.SeatLeases.lease_seat`), ``on_lease_lost()``
    is called once another page has taken the seat, and the watch ends.

    :raises RuntimeError: if no event loop is running (call it from a cell or a callback
        in a kernel, or from a coroutine).
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        raise RuntimeError("watch_async needs a running asyncio loop: call it in a kernel "
                           "(a cell or a widget callback) or from a coroutine.") from None
    if not interval > 0:
        raise ValueError(f"interval is a positive number of seconds, not {interval!r}")
    return TableWatch(store, code, on_change, since=since, interval=interval, on_error=on_error, loop=loop,
                      on_recover=on_recover, lease=lease, on_lease_lost=on_lease_lost)
