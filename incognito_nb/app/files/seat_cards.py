"""Seat cards: a card per student with their name, their seat link as a QR code and their
table's join code, and a one-page join handout for the board.

:func:`seat_tables` makes the class's tables in the store (three to six students each,
as even as the class allows) and seats every student at theirs; each seat's link opens the
student page straight at that seat (``?code=…&token=…``), so a student scans their card
and plays under the name on it, with nothing to type.  The tokens are printed only on the
cards: the store keeps their digests.  A table nobody plays at for a day is removed
(:data:`~incognito_nb.store.IDLE_LIMIT`), so cards are printed on the day of the lesson.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Iterable, Sequence
from urllib.parse import urlencode

from ...engine import Deck, Rules
from ...engine.errors import N_, Explained
from ...engine.practice import Practice
from ...engine.rules import MAX_PLAYERS, MIN_PLAYERS
from ...store import Seat, TableStore
from ...store.class_book import ClassBook, ClassEntry
from incognito_nb.ui.i18n import Language
from .lines import two_lines, width_of, wrap
from .sheet import MARGIN, MUTED, PAGE_HEIGHT, PAGE_WIDTH, RULE, Sheet

STUDENT_PAGE = "voila/render/student.ipynb"
TEACHER_PAGE = "voila/render/teacher.ipynb"
COLUMNS, ROWS = 2, 4
QR_SIZE = 38.0
#: A student's name on their card: written across the card's width above the QR code at
#: NAME_SIZE, on two lines (at a space or a hyphen) when one is too short, and only then
#: smaller, down to NAME_SMALLEST for a name with nowhere to break (points).
NAME_SIZE, NAME_SMALLEST = 20.0, 9.0
#: How far apart the two lines of a name stand, per point of their size (mm).
NAME_LEADING = 0.42


@dataclass(frozen=True)
class SeatTable:
    """A table made for a class: its code, the teacher page's link, and each student's seat and seat link."""

    code: str
    teacher_url: str
    seats: tuple[Seat, ...]
    links: tuple[str, ...]
    join_url: str
    #: The first names the table seats (seated already when ``seats`` holds them).
    names: tuple[str, ...] = ()
    #: The table's teacher key (also in ``teacher_url``), for a server to keep in the teacher's browser.
    teacher_key: str = ""


def table_sizes(count: int) -> list[int]:
    """Returns how many students sit at each table: as few tables as six seats allow, as even as can be.

    >>> table_sizes(3), table_sizes(7), table_sizes(25)
    ([3], [4, 3], [5, 5, 5, 5, 5])

    :raises Explained: for fewer than three students.
    """
    if count < MIN_PLAYERS:
        raise Explained(N_("A table seats {low} to {high} players; this class has {count}."),
                        low=MIN_PLAYERS, high=MAX_PLAYERS, count=count)
    tables = math.ceil(count / MAX_PLAYERS)
    return [count // tables + (1 if i < count % tables else 0) for i in range(tables)]


def seat_tables(store: TableStore, entry: ClassEntry, deck: Deck, *, base_url: str,
                lang: Language, practice: Practice | None = None, seat: bool = True,
                rules: Rules | None = None) -> list[SeatTable]:
    """Makes the class's tables in ``store`` and seats each student (``seat=False``: leaves
    the seats for the students to take by tapping their name at the join door); returns them
    with their links.  ``practice`` (the class's due words) favours them in each table's deal;
    ``rules`` are the tables' (default: the standard rules)."""
    base = base_url.rstrip("/")
    made, start = [], 0
    for size in table_sizes(len(entry.students)):
        keys = store.create_table(deck, rules, language=lang.code if lang.code != "en-XA" else "en", practice=practice)
        names = entry.students[start:start + size]
        seats = tuple(store.join(keys.code, name) for name in names) if seat else ()
        start += size
        made.append(SeatTable(
            code=keys.code,
            teacher_url=f"{base}/{TEACHER_PAGE}?{urlencode({'code': keys.code, 'key': keys.teacher_key})}",
            seats=seats,
            links=tuple(f"{base}/{STUDENT_PAGE}?{urlencode({'code': s.code, 'token': s.token})}" for s in seats),
            join_url=f"{base}/{STUDENT_PAGE}",
            names=names,
            teacher_key=keys.teacher_key,
        ))
    return made


def class_tables(book: ClassBook, name: str, deck: Deck, *, base_url: str, lang: Language,
                 practice: bool = True, seat: bool = False, rules: Rules | None = None) -> list[SeatTable]:
    """Makes the tables of the class called ``name`` and notes them in its book (students tap
    their name at their join door; ``seat=True`` seats them for their seat cards): the one way
    ``incognito-nb class tables``/``seat-cards`` and the classroom's new-table form make them.
    With ``practice`` the deal favours the words the class keeps missing (its schedule's due
    words, :mod:`incognito_nb.engine.practice`; tables made on a day the class already
    played belong to that day's lesson, :meth:`ClassBook.practice`), else it is the plain deal.

    :raises UnknownClass: if there is no such class.
    :raises Explained: for a class of fewer than three students, or a deck too small.
    """
    entry = book.entry(name)
    due = book.practice(entry.name) if practice else None
    made = seat_tables(book.store, entry, deck, base_url=base_url, lang=lang, practice=due, seat=seat, rules=rules)
    book.add_tables(entry.name, {table.code: table.names for table in made})
    return made


def qr_png(text: str) -> io.BytesIO:
    """Returns a QR code of ``text`` as PNG (dark modules on white, a wide quiet zone)."""
    import segno

    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=8, border=4, dark="#000000", light="#ffffff")
    buffer.seek(0)
    return buffer


def seat_cards_pdf(class_name: str, tables: Sequence[SeatTable], *, lang: Language) -> bytes:
    """Returns the seat cards (eight to an A4 page, to cut along the lines) and, last, the join handout."""
    pdf = Sheet()
    pdf.set_title(pdf.say(class_name))
    cards = [(table, seat, link) for table in tables for seat, link in zip(table.seats, table.links)]
    width = (PAGE_WIDTH - 2 * MARGIN) / COLUMNS
    height = (PAGE_HEIGHT - 2 * MARGIN) / ROWS
    for index, (table, seat, link) in enumerate(cards):
        if index % (COLUMNS * ROWS) == 0:
            pdf.add_page()
        place = index % (COLUMNS * ROWS)
        x, y = MARGIN + (place % COLUMNS) * width, MARGIN + (place // COLUMNS) * height
        pdf.set_draw_color(*RULE)
        pdf.set_dash_pattern(dash=1.5, gap=1.5)
        pdf.rect(x, y, width, height)
        pdf.set_dash_pattern()
        lines, size = _name_lines(pdf, seat.name, width - 10)
        for number, line in enumerate(lines):
            pdf.text_at(x + 5, y + 6 + number * size * NAME_LEADING, line, size=size, bold=True, width=width - 10)
        below = (len(lines) - 1) * size * NAME_LEADING  # a name on two lines moves what is under it down
        pdf.text_at(x + 5, y + 20 + below, lang._("Table {code}", code=table.code), size=13,
                    width=width - QR_SIZE - 12)
        pdf.text_at(x + 5, y + 29 + below, class_name, size=9.5, color=MUTED, width=width - QR_SIZE - 12)
        # Beside the QR code, what to do with it takes the lines it needs (German was cut at 6 pt).
        scan = wrap(pdf, lang._("Scan to sit at your seat."), width - QR_SIZE - 12, size=9)
        for number, line in enumerate(scan):
            pdf.text_at(x + 5, y + height - 12 - 4.2 * (len(scan) - 1 - number), line, size=9, color=MUTED,
                        width=width - QR_SIZE - 12)
        qr_top = min(max(y + (height - QR_SIZE) / 2, y + 15 + below), y + height - QR_SIZE - 3)
        pdf.image(qr_png(link), x=x + width - QR_SIZE - 5, y=qr_top, w=QR_SIZE, h=QR_SIZE)
    _handout(pdf, class_name, tables, lang)
    return bytes(pdf.output())


def _name_lines(pdf: Sheet, name: str, width: float) -> tuple[list[str], float]:
    """Returns a student's name as the lines to write it in, ``width`` wide, and their size:
    on one line at NAME_SIZE if it fits, else on two, else smaller (one line, then two)."""
    size = NAME_SIZE
    while True:
        if width_of(pdf, name, size=size, bold=True) <= width:
            return [name], size
        lines = two_lines(pdf, name, width, size=size, bold=True)
        if lines is not None or size <= NAME_SMALLEST:
            return lines or [name], size
        size -= 0.5


def _handout(pdf: Sheet, class_name: str, tables: Sequence[SeatTable], lang: Language) -> None:
    pdf.add_page()
    width = PAGE_WIDTH - 2 * MARGIN
    join = tables[0].join_url if tables else ""
    pdf.text_at(MARGIN, MARGIN, lang._("{name}: join the game", name=class_name), size=22, bold=True, width=width)
    pdf.text_at(MARGIN, MARGIN + 14, lang._("Scan the code on your seat card. No card? Open this page and type "
                                            "your table's code:"), size=11, width=width)
    pdf.text_at(MARGIN, MARGIN + 22, join, size=12, bold=True, width=width)
    pdf.image(qr_png(join), x=(PAGE_WIDTH - 60) / 2, y=MARGIN + 32, w=60, h=60)
    y = MARGIN + 100
    for table in tables:
        # A table's names take the lines they need (six long names shrank to 7 pt on one line).
        names = wrap(pdf, lang.names(table.names), width - 58, size=12)
        if y + 5.5 * len(names) > PAGE_HEIGHT - MARGIN:
            pdf.add_page()
            y = MARGIN
        pdf.text_at(MARGIN, y, lang._("Table {code}", code=table.code), size=16, bold=True, width=55)
        for number, line in enumerate(names):
            pdf.text_at(MARGIN + 58, y + 1 + 5.5 * number, line, size=12, width=width - 58)
        y += max(11.0, 5.5 * len(names) + 5.5)


def names_on(tables: Iterable[SeatTable]) -> list[str]:
    """Returns every student's name on the cards, in card order."""
    return [seat.name for table in tables for seat in table.seats]
