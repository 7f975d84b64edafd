"""What one device may ask of the classroom server: a budget per device, not per socket or page.

A student's device is its client address (the one thing a script cannot shed by dropping
cookies or opening another socket).  :class:`DeviceBudget` keeps, for each device and each
kind of request, a token bucket:

- ``page``: pages opened (each may cost a kernel);
- ``post``: forms posted (joining a table, creating one);
- ``lookup``: table codes looked up (a join form with a code, a seat link, a join post):
  a five-letter code cannot be guessed at a few look-ups a minute;
- ``socket``: kernel sockets opened (a page opens one, and again after a network blip);
- ``message``: messages on all of the device's kernel sockets together;
- ``bytes``: the bytes of those messages together: a socket keeps its own byte rate, and a
  device's pages and their sockets (up to nine) had nine times it between them, 37 MB a
  second, which a school's Wi-Fi shares with the whole class.

A device within its bucket goes on at once.  One whose bucket runs low (below
:data:`SLOW_BELOW` of it) is first *slowed* (its asks wait a growing delay,
:meth:`DeviceBudget.ask` says how long; a socket's messages are not delayed), and once the
bucket is empty it is *refused* for :attr:`Rate.pause` seconds, whatever it asks of that
kind: a flood costs its device its pages, and costs the others nothing.  The books hold at most
:data:`MAX_DEVICES` devices (the least recently seen are forgotten), so a stranger cannot
make them grow.  The server's own machine (the teacher's laptop) is never asked about
unless ``trust_this_machine`` is False.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable

#: The share of its bucket below which a device's asks are slowed (then, empty, refused).
SLOW_BELOW = 0.25
#: How long its successive slowed asks wait, in seconds.
DELAYS = (0.5, 1.0, 2.0)
#: How many devices the books remember.
MAX_DEVICES = 4096

GO, SLOW, REFUSED = "go", "slow", "refused"
#: The tornado setting under which the server puts its :class:`DeviceBudget`.
DEVICES_SETTING = "incognito_nb_devices"


@dataclass(frozen=True)
class Rate:
    """A kind's allowance: ``per_second`` on average, ``burst`` at once, then ``pause``
    seconds of refusal for a device that keeps asking past its slowed asks."""

    per_second: float
    burst: float
    pause: float = 60.0


#: The allowances of a student's device.  A page load opens a kernel socket (two with a
#: reconnection), and a drawing page sends a few dozen messages a second at most.
RATES: dict[str, Rate] = {
    "page": Rate(per_second=0.1, burst=6),
    "post": Rate(per_second=0.2, burst=10),
    "lookup": Rate(per_second=0.2, burst=20),
    "socket": Rate(per_second=0.2, burst=12),
    "message": Rate(per_second=200.0, burst=1000),
    "bytes": Rate(per_second=4e6, burst=20e6),  # one socket's own rate, shared by the device's sockets
}


@dataclass
class Allowance:
    """One device's bucket for one kind of request."""

    rate: Rate
    tokens: float
    at: float
    slowed: int = 0
    refused_until: float = 0.0

    def ask(self, now: float, amount: float) -> tuple[str, float]:
        if now < self.refused_until:
            return REFUSED, 0.0
        self.tokens = min(self.rate.burst, self.tokens + (now - self.at) * self.rate.per_second)
        self.at = now
        if self.tokens < amount:
            self.refused_until = now + self.rate.pause
            self.slowed = 0
            return REFUSED, 0.0
        self.tokens -= amount
        if self.tokens >= self.rate.burst * SLOW_BELOW:
            self.slowed = 0
            return GO, 0.0
        delay = DELAYS[min(self.slowed, len(DELAYS) - 1)]
        self.slowed += 1
        return SLOW, delay


@dataclass
class DeviceBudget:
    """The books of every device's requests (see the module's docstring)."""

    rates: dict[str, Rate] = field(default_factory=lambda: dict(RATES))
    clock: Callable[[], float] = time.monotonic
    _books: OrderedDict = field(default_factory=OrderedDict)
    #: How many asks were slowed and refused, by kind (for ``/classroom/status``).
    counted: dict[str, int] = field(default_factory=dict)

    def ask(self, device: str, kind: str, amount: float = 1.0) -> tuple[str, float]:
        """Takes ``amount`` of ``device``'s ``kind`` allowance; returns :data:`GO`, :data:`SLOW`
        with the seconds to wait first, or :data:`REFUSED`."""
        now = self.clock()
        allowances = self._books.pop(device, None) or {}
        self._books[device] = allowances
        while len(self._books) > MAX_DEVICES:
            self._books.popitem(last=False)
        allowance = allowances.get(kind)
        if allowance is None:
            rate = self.rates[kind]
            allowance = allowances[kind] = Allowance(rate, tokens=rate.burst, at=now)
        verdict, delay = allowance.ask(now, amount)
        if verdict != GO:
            key = f"{kind} {verdict}"
            self.counted[key] = self.counted.get(key, 0) + 1
        return verdict, delay

    def refused(self, device: str, kind: str) -> bool:
        """Checks if ``device`` is being refused ``kind`` now (without asking for any)."""
        allowance = self._books.get(device, {}).get(kind)
        return allowance is not None and self.clock() < allowance.refused_until

    def refuse(self, device: str, kind: str) -> None:
        """Refuses ``device`` any ``kind`` for that kind's pause (it broke a rule)."""
        self.ask(device, kind, 0.0)
        allowance = self._books[device][kind]
        allowance.refused_until = self.clock() + allowance.rate.pause
