"""A seat's one live page, kept in the store so that every server sharing it agrees.

A seat link opened again (a reload, another tab, another device) must close the older
page: two live pages of one seat would draw over each other and show two different
boards.  One classroom server can end the older page's kernel itself, but a school may run
several servers on one Redis (or several Voilà processes on one SQLite file), and the
older page may live on another one.  So the page that opens a seat writes a new *lease*
for it in the store (:meth:`SeatLeases.lease_seat`: a random id, one per seat), and every
page of that seat reads the seat's lease as it watches its table
(:func:`~incognito_nb.store.watch.watch_async` with ``lease=``): a page that finds
another lease than its own has been replaced, and closes itself saying so.

A lease is not a credential: it takes a valid seat token to write one, and moves are still
checked against the seat token, not the lease.  Reading one is as cheap as reading the
table's version (one primary-key read in SQLite, one ``HGET`` in Redis); writing one does
not change the table's version, so no other page reads the table again for it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from .errors import unknown_table
from .tables import Seat, new_secret, normalise_code


class SeatLeases(ABC):
    """The seat-lease calls of a :class:`~incognito_nb.store.table_store.TableStore`
    (see the module's docstring); the backends provide :meth:`_write_lease` and
    :meth:`_read_lease`."""

    def rejoin(self, code: str, token: str) -> Seat:  # pragma: no cover - TableStore's
        raise NotImplementedError

    def lease_seat(self, code: str, token: str) -> str:
        """Makes the page that calls it the one live page of the seat ``token`` holds:
        writes a new lease for the seat and returns it.  Older pages of the seat, on any
        server that shares this store, see another lease than theirs from now on.

        :raises UnknownTable: for a code no table has.
        :raises NotAllowed: if the token holds no seat at this table.
        """
        seat = self.rejoin(code, token)
        lease = new_secret()
        if not self._write_lease(seat.code, seat.name, lease):
            raise unknown_table(seat.code)
        return lease

    def seat_lease(self, code: str, name: str) -> str | None:
        """Returns the lease of ``name``'s seat at table ``code`` (the newest page's), or
        None if no page has taken one (or the table is gone)."""
        return self._read_lease(normalise_code(code), str(name))

    @abstractmethod
    def _write_lease(self, code: str, name: str, lease: str) -> bool:
        """Writes ``lease`` as the seat's lease, leaving the table's version as it is, and
        wakes the table's watchers where the store pushes changes; returns False (writing
        nothing) if there is no such table."""

    @abstractmethod
    def _read_lease(self, code: str, name: str) -> str | None:
        """Returns the seat's lease, or None."""
