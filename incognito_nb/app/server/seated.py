"""One seat per phone at a table: the seat a browser already holds there.

A join posted from the join form (:class:`~incognito_nb.app.server.doors.JoinDoor`) seats
whatever name it carries, and the device budget lets one phone post ten in a burst: a
curious student could fill a table of six with made-up names, and the class could not sit.
So the browser that takes a seat is given the seat's token in an HttpOnly, SameSite cookie,
``incognito_seat_CODE`` (the secret its seat link already carries, kept by the browser that
owns the seat, never shown in a page).  A later join for that table from that browser, while
the token still holds a seat (:meth:`~incognito_nb.store.TableStore.rejoin`, in the store
that every server behind a proxy shares):

- under the same name, goes back to its seat (the seat link again, no second seat);
- under another name, takes no seat: the join form says that this phone is seated as that
  name, links back to the seat, and says what to do if that is wrong (the teacher removes a
  seat, or gives a new link).

A seat the teacher removed, or whose link the teacher gave again, no longer holds: the cookie
is dropped and the phone may join.  The teacher's own browser (it holds the table's teacher
key) joins as often as it likes.

What this does not stop: a browser that sheds its cookies (a private window opened again, a
script).  The device budget slows it, and the teacher's Remove undoes it; a seat cap per
client address would refuse two phones behind one address (a hotspot, a school's NAT).
"""

from __future__ import annotations

from typing import Any

from ...engine.players import name_key
from ...store import NotAllowed, StoreError
from ...store.tables import Seat
from ...ui.i18n import Language

#: The seat token a browser holds at table CODE lives in the cookie ``incognito_seat_CODE``.
SEAT_COOKIE = "incognito_seat_"
#: How long a browser keeps its seat (a table idle for a day is removed).
SEAT_DAYS = 1
#: The longest token read from the cookie.
MAX_TOKEN = 64


def keep_seat(door: Any, seat: Seat) -> None:
    """Gives the browser of ``door`` (a :class:`~.doors.Doorway`) its new seat at table
    ``seat.code``, in an HttpOnly, SameSite cookie."""
    door.set_cookie(SEAT_COOKIE + seat.code, seat.token, httponly=True, samesite="Lax",
                    expires_days=SEAT_DAYS, path=door.base_url)


async def seat_held(door: Any, code: str, teacher_key: str | None) -> Seat | None:
    """Returns the seat the browser of ``door`` holds at table ``code`` (a code as the store
    writes it), or None: no seat cookie, a seat removed or given a new link (the cookie is
    dropped), or the teacher's browser (``teacher_key``: the key its cookie offers)."""
    token = (door.get_cookie(SEAT_COOKIE + code) or "")[:MAX_TOKEN]
    if not token:
        return None
    desk = door.desk
    try:
        seat = await desk.run(desk.store.rejoin, code, token)
    except NotAllowed:  # removed by the teacher, or its link given again: this phone may join
        door.clear_cookie(SEAT_COOKIE + code, path=door.base_url)
        return None
    except StoreError:  # no such table, a store down: the join itself says so
        return None
    if await door.teacher_problem(code, teacher_key) is None:  # the teacher seats whom they like
        return None
    return seat


def same_seat(seat: Seat, name: str) -> bool:
    """Checks if a join under ``name`` asks for ``seat`` again (names compare as the table's do)."""
    return name_key(name) == name_key(seat.name)


def already_seated(lang: Language, seat: Seat) -> tuple[str, str]:
    """Returns what the join form says to a phone seated at ``seat.code`` that asks for
    another name, and the words of its link back to its seat."""
    return (lang._("This phone is already seated at table {code} as {name}: one phone, one player. Go back to "
                   "your seat with the link below. If that is not you, ask the teacher, who can remove that seat "
                   "or give you a new link.", code=seat.code, name=seat.name),
            lang._("Back to your seat as {name}", name=seat.name))
