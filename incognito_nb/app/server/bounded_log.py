"""A bounded log: nothing a browser sends makes the classroom server's log grow without end.

Most of what the server logs is said once per event it causes itself (a kernel started or
ended).  What a browser can repeat at will — a refused frame, a request answered 4xx, a
kernel's output sent back on its socket — is logged through :class:`RepeatsCounted`: each
kind of line (its logger, level and message template) may be written
:data:`LINES_PER_KIND` times at once and then one a second, and all kinds together
:data:`LINES_AT_ONCE` at once and then :data:`LINES_IN_ALL_PER_SECOND` a second (a browser
that varies a line's template gains nothing); the rest are counted, and
:meth:`RepeatsCounted.summary` (called by the server every minute) writes one line per kind
that says how many were left out.  :func:`log_to_file` adds a file that rotates at
:data:`FILE_BYTES` with :data:`FILE_BACKUPS` old files kept: the log takes at most
``FILE_BYTES × (FILE_BACKUPS + 1)`` on disk.
"""

from __future__ import annotations

import logging
import logging.handlers
import time
from collections import OrderedDict
from typing import Callable, Iterable

#: How many lines of one kind may be written at once, and how many a second after that.
LINES_PER_KIND = 10
LINES_PER_SECOND = 1.0
#: How many kinds of line are remembered (the least recent are forgotten).
MAX_KINDS = 512
#: How many such lines of all kinds together may be written at once, and how many a second after that.
LINES_AT_ONCE, LINES_IN_ALL_PER_SECOND = 200.0, 20.0
#: The log file's size before it rotates, and how many rotated files are kept.
FILE_BYTES = 5 << 20
FILE_BACKUPS = 2
#: The loggers that log what a browser's requests cause (beyond the server's own).
REQUEST_LOGGERS = ("tornado.access", "tornado.application", "tornado.general", "tornado.websocket")
_VERDICT = "_incognito_nb_logged"


class RepeatsCounted(logging.Filter):
    """Lets each kind of line through :data:`LINES_PER_KIND` times at once and then one a second;
    counts the others.  A record is judged once, however many handlers it passes."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        self._kinds: OrderedDict[tuple, list[float]] = OrderedDict()  # kind -> [tokens, at, left out]
        self._all = [LINES_AT_ONCE, clock()]  # tokens and time for all kinds together
        self.left_out = 0

    def filter(self, record: logging.LogRecord) -> bool:
        verdict = getattr(record, _VERDICT, None)
        if verdict is None:
            verdict = self._judge(record)
            setattr(record, _VERDICT, verdict)
        return verdict

    def _judge(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING and not record.name.startswith("tornado."):
            return True
        kind = (record.name, record.levelno, str(record.msg)[:200])
        now = self.clock()
        books = self._kinds.pop(kind, None) or [float(LINES_PER_KIND), now, 0]
        self._kinds[kind] = books
        while len(self._kinds) > MAX_KINDS:
            self._kinds.popitem(last=False)
        books[0] = min(LINES_PER_KIND, books[0] + (now - books[1]) * LINES_PER_SECOND)
        books[1] = now
        self._all[0] = min(LINES_AT_ONCE, self._all[0] + (now - self._all[1]) * LINES_IN_ALL_PER_SECOND)
        self._all[1] = now
        if books[0] >= 1 and self._all[0] >= 1:
            books[0] -= 1
            self._all[0] -= 1
            return True
        books[2] += 1
        self.left_out += 1
        return False

    def summary(self, log: logging.Logger) -> None:
        """Writes one line for each kind of line left out since the last summary."""
        for (name, _, template), books in list(self._kinds.items()):
            if books[2]:
                log.warning("%d more log lines like this were left out (%s): %s", books[2], name, template[:120])
                books[2] = 0


def install(repeats: RepeatsCounted, loggers: Iterable[logging.Logger]) -> None:
    """Puts ``repeats`` on every handler that ``loggers`` write to, and on Python's last-resort
    handler (where a logger without handlers writes)."""
    handlers = {id(logging.lastResort): logging.lastResort} if logging.lastResort else {}
    for logger in (logging.getLogger(), *loggers):
        for handler in logger.handlers:
            handlers[id(handler)] = handler
    for handler in handlers.values():
        if repeats not in handler.filters:
            handler.addFilter(repeats)


def log_to_file(path: str, repeats: RepeatsCounted, loggers: Iterable[logging.Logger],
                formatter: logging.Formatter | None = None, level: int | str = logging.INFO) -> logging.Handler:
    """Adds a rotating log file at ``path`` to ``loggers`` (see the module's docstring) that
    keeps the lines of ``level`` and above, as the terminal does: Voilà's logger lets its debug
    lines through to every handler (its terminal's handler drops them), and those lines hold
    every message a page's kernel sends while the page renders — the students' names, a
    student's secret object, the words on the board."""
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=FILE_BYTES, backupCount=FILE_BACKUPS,
                                                   encoding="utf-8")
    handler.setLevel(level)
    handler.setFormatter(formatter or logging.Formatter("[%(levelname)1.1s %(asctime)s %(name)s] %(message)s"))
    handler.addFilter(repeats)
    for logger in loggers:
        logger.addHandler(handler)
    return handler
